import { distance } from 'fastest-levenshtein';

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Two words are the same when at most one letter in four differs ("tuesday" / "tusday", "three" / "tree"). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const longest = Math.max(a.length, b.length);
  return longest >= 4 && distance(a, b) <= Math.floor(longest / 4);
}

/** Share of the evidence's words that must be found, in order, in one thing the callee said. */
export const EVIDENCE_MATCH = 0.75;

/**
 * Whether `evidence` (the words the model quotes for an answer) is supported by what the callee
 * was heard to say: at least EVIDENCE_MATCH of its words appear in one of the callee's utterances
 * in the same order, each word matched loosely (recognition and the model both misspell). A quote
 * the callee never said (the model inventing, or quoting itself) does not pass.
 */
export function supportedBy(evidence: string, said: readonly string[]): boolean {
  const quote = words(evidence);
  if (!quote.length) return false;
  return said.some((utterance) => {
    const heard = words(utterance);
    let found = 0;
    let from = 0;
    for (const w of quote) {
      const at = heard.findIndex((h, i) => i >= from && sameWord(w, h));
      if (at >= 0) {
        found++;
        from = at + 1;
      }
    }
    return found / quote.length >= EVIDENCE_MATCH;
  });
}
