/**
 * Prompts repeat across calls (greetings, goodbyes, the same questions) and every prompt of a call
 * is synthesized while its phone rings: the recent ones are kept, a failed one is forgotten so the
 * next call tries again.
 */
export class PromptCache {
  private readonly entries = new Map<string, Promise<Int16Array>>();

  constructor(private readonly size = 200) {}

  get(key: string, make: () => Promise<Int16Array>): Promise<Int16Array> {
    const cached = this.entries.get(key);
    if (cached) return cached;
    const result = make();
    this.set(key, result);
    return result;
  }

  /** The finished audio, if it is here and done. */
  peek(key: string): Promise<Int16Array> | undefined {
    return this.entries.get(key);
  }

  set(key: string, result: Promise<Int16Array>): void {
    this.entries.set(key, result);
    result.catch(() => {
      if (this.entries.get(key) === result) this.entries.delete(key);
    });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }
}
