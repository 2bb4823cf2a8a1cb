import type { Page } from './types';

/**
 * A cursor list: `for await (const item of list)` walks every page, following `next_cursor`
 * until it is null, fetching each page only when the previous one is used up.
 */
export class AutoPaginator<T> implements AsyncIterable<T> {
  constructor(
    private readonly fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
    private readonly startCursor?: string,
  ) {}

  /** Only the first page (or the page at the cursor given to `list`). */
  firstPage(): Promise<Page<T>> {
    return this.fetchPage(this.startCursor);
  }

  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let cursor = this.startCursor;
    do {
      const page = await this.fetchPage(cursor);
      yield page;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Collects items, stopping after `max` (a guard against loading a huge list by accident). */
  async toArray(max = 10_000): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this) {
      if (out.length >= max) break;
      out.push(item);
    }
    return out;
  }
}
