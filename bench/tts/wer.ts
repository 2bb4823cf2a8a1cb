const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** Words as a recognizer writes them: lower case, no punctuation, a lone digit as its word ("press 1"). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (/^[0-9]$/.test(w) ? DIGITS[Number(w)]! : w));
}

/** Word edit distance (substitutions, insertions, deletions) between what was said and what was heard. */
export function wordErrors(reference: string[], hypothesis: string[]): number {
  let prev = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[hypothesis.length]!;
}
