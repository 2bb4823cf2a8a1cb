/** Words whose trailing period ends no sentence ("Dr. Rivera", "3 p.m. on Tuesday"). */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'vs', 'etc', 'e.g', 'i.e', 'a.m', 'p.m', 'no', 'approx', 'dept', 'inc', 'ltd', 'co']);
/** A sentence shorter than this is held and joined to the next ("Yes." then "Tuesday works."): one synthesis, no gap. */
const MIN_SENTENCE_CHARS = 12;

/**
 * Cuts a model's text, arriving token by token, into sentences to synthesize one by one: each is
 * handed on as soon as it is complete (its end mark followed by a space or a line break), so the
 * first one is spoken while the model still writes the rest. Decimal points, abbreviations and
 * initials do not cut; markdown the model should not have written (`*`, `#`, backticks) is dropped.
 */
export class SentenceSplitter {
  private buffer = '';

  /** New text in; the sentences it completed out. */
  push(text: string): string[] {
    this.buffer += text.replace(/[*#`_]+/g, '');
    const out: string[] = [];
    for (;;) {
      const cut = this.nextCut();
      if (cut < 0) break;
      const sentence = this.buffer.slice(0, cut).trim();
      this.buffer = this.buffer.slice(cut);
      if (sentence) out.push(sentence);
    }
    return out;
  }

  /** The end of the reply: what is left, as one sentence (or none). */
  flush(): string[] {
    const rest = this.buffer.replace(/\s+/g, ' ').trim();
    this.buffer = '';
    return rest ? [rest] : [];
  }

  /** Index just after the first complete sentence of at least MIN_SENTENCE_CHARS, or -1. */
  private nextCut(): number {
    const re = /([.!?…]+["')\]]*)(\s+)|\n\s*/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(this.buffer))) {
      const end = m.index + (m[1]?.length ?? 0);
      const cut = m.index + m[0].length;
      if (m[1] === undefined) {
        if (this.buffer.slice(0, m.index).trim().length) return cut;
        continue;
      }
      if (m[1] === '.' && this.isAbbreviation(m.index)) continue;
      if (this.buffer.slice(0, end).trim().length < MIN_SENTENCE_CHARS) continue;
      return cut;
    }
    return -1;
  }

  /** "Dr." or "p.m." or a single initial ("J. Smith") before the period at `at`. */
  private isAbbreviation(at: number): boolean {
    const word = /([A-Za-z.]+)$/.exec(this.buffer.slice(0, at))?.[1]?.toLowerCase() ?? '';
    return ABBREVIATIONS.has(word) || /^[a-z]$/.test(word);
  }
}
