import llama from 'llama-tokenizer-js';

/**
 * Moonshine's text tokens are LLaMA's SentencePiece vocabulary (32,000 pieces; the model's own
 * JavaScript package decodes with the same library). Words are encoded one phrase at a time: a
 * piece never spans two words, so a phrase's tokens are the same alone as inside a sentence.
 */
export function encodePhrase(text: string): number[] {
  return llama.encode(text, false, true);
}

/** The id of one piece ("," or "."), as the model writes punctuation after a word. */
export function pieceId(piece: string): number {
  const id = llama.vocabByString.get(piece);
  if (id === undefined) throw new Error(`no token ${JSON.stringify(piece)}`);
  return id;
}
