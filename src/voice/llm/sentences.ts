/** Words whose trailing period ends no sentence ("Dr. Rivera", "3 p.m. on Tuesday"). */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'vs', 'etc', 'e.g', 'i.e', 'a.m', 'p.m', 'no', 'approx', 'dept', 'inc', 'ltd', 'co']);
/** A sentence shorter than this is held and joined to the next ("Yes." then "Tuesday works."): one synthesis, no gap. */
const MIN_SENTENCE_CHARS = 12;
/**
 * The first piece of a reply may end at a clause (a comma, semicolon, colon or dash followed by a
 * space) once it has this many words: the callee hears the reply start while the model still
 * writes the end of its first sentence. Fewer words would be cut off too early ("Yes, …",
 * "Thanks, …") and sound chopped; later pieces wait for whole sentences, which sound better.
 */
const MIN_CLAUSE_WORDS = 4;

/**
 * Cuts a model's text, arriving token by token, into sentences to synthesize one by one: each is
 * handed on as soon as it is complete (its end mark followed by a space or a line break), so the
 * first one is spoken while the model still writes the rest. The reply's first piece is cut
 * sooner, at its first clause of MIN_CLAUSE_WORDS words or more. Decimal points, abbreviations and
 * initials do not cut; markdown the model should not have written (`*`, `#`, backticks) is dropped.
 */
export class SentenceSplitter {
  private buffer = '';
  /** Nothing handed on yet: the next cut may be a clause. */
  private first = true;

  /** New text in; the sentences it completed out. */
  push(text: string): string[] {
    this.buffer += text.replace(/[*#`_]+/g, '');
    const out: string[] = [];
    for (;;) {
      const cut = this.nextCut();
      if (cut < 0) break;
      const sentence = this.buffer.slice(0, cut).trim();
      this.buffer = this.buffer.slice(cut);
      if (sentence) {
        out.push(sentence);
        this.first = false;
      }
    }
    return out;
  }

  /** The end of the reply: what is left, as one sentence (or none). */
  flush(): string[] {
    const rest = this.buffer.replace(/\s+/g, ' ').trim();
    this.buffer = '';
    return rest ? [rest] : [];
  }

  /** Index just after the first piece to hand on: the first clause of a reply, else a complete sentence; -1 when none is complete. */
  private nextCut(): number {
    const sentence = this.sentenceCut();
    if (!this.first) return sentence;
    const clause = this.clauseCut();
    return clause >= 0 && (sentence < 0 || clause < sentence) ? clause : sentence;
  }

  /** Index just after the first clause mark (followed by a space) with at least MIN_CLAUSE_WORDS words before it, or -1. */
  private clauseCut(): number {
    // "1,000" and "3:30" have no space after the mark; a hyphen cuts only as a dash (spaces around it).
    const re = /([,;:]|\s[-–—]+)(\s+)/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(this.buffer))) {
      const before = this.buffer.slice(0, m.index);
      // A comma after a colon is inside a list ("which day: Monday, Tuesday or Wednesday?"): cutting there breaks its tune.
      if (m[1] === ',' && before.includes(':')) continue;
      const words = before.trim().split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w));
      if (words.length >= MIN_CLAUSE_WORDS) return m.index + m[0].length;
    }
    return -1;
  }

  /** Index just after the first complete sentence of at least MIN_SENTENCE_CHARS, or -1. */
  private sentenceCut(): number {
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
