import type { CallQuestion } from '../../features/calls/ports';
import { extractAnswer } from '../dialog/answers';
import { confirmationAnswer, readConfirmation } from '../dialog/confirmation';
import { detectIntent } from '../dialog/intents';
import { grammarFor, withIntents } from './grammar';
import type { SphinxDecoder, SphinxResult } from './sphinx-decoder';

/** What an utterance was heard as, and by how much it beat everything else the grammar allows. */
export interface Verified {
  text: string;
  /**
   * The best path's score minus the best score of a path meaning something else (another
   * answer, or a non-answer), in the decoder's log units; Infinity when nothing else was possible.
   */
  margin: number;
  /** The best rival's text (absent when nothing else was possible, or nothing was decoded again). */
  rival?: string;
}

/**
 * Decodes the utterance just ended again under the grammar of everything that competes with
 * what was heard (every other answer and the non-answers; for a non-answer or an intent, the
 * answers), and measures the margin between the two best paths: roughly the log-likelihood
 * ratio of what was heard against its best rival, which tells right answers from wrong ones far
 * better than the word posteriors of one decoding (docs/voice.md, "Confidence").
 *
 * The rival may even score higher (the first decoding lost that path to its beams, or the two
 * grammars weigh their branches differently): the margin is then negative, and the answer is
 * not trusted. The rival is never taken instead: measured, that was right less often than the
 * first decoding.
 */
export async function verify(decoder: SphinxDecoder, question: CallQuestion, intents: readonly string[] | undefined, first: SphinxResult, confirming?: { value: unknown }, yesOrNo?: boolean): Promise<Verified> {
  const known = (w: string) => decoder.knows(w);
  // A reply to a confirmation competes as a reply: a yes against the no and the corrections, a correction against the others.
  const answer = confirming ? confirmationAnswer(readConfirmation(question, first.text)) : extractAnswer(question, first.text);
  // Neither an answer nor an intent: the question is asked again whatever the margin, so the
  // second decoding (as much CPU as the first) would change nothing.
  if (answer === null && !detectIntent(first.text)) return { text: first.text, margin: Infinity };
  const competing = grammarFor(question, known, { answer: answer ?? null }, confirming, yesOrNo);
  const grammar = answer === null ? competing : withIntents(competing, intents, known, !confirming && !yesOrNo);
  if (!grammar) return { text: first.text, margin: Infinity };
  const rival = await decoder.decodeAgain(grammar);
  return rival.text ? { text: first.text, margin: first.score - rival.score, rival: rival.text } : { text: first.text, margin: Infinity };
}
