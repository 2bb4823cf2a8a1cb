/**
 * The events waiting for one subscriber, as an async iterator that graphql-ws pulls from (it pulls
 * the next one once the previous was written to the socket). Bounded: a subscriber with `capacity`
 * events still waiting is too slow, and is ended through `onOverflow` instead of holding more.
 */
export class SubscriberQueue<T> implements AsyncIterableIterator<T> {
  private readonly items: T[] = [];
  private waiter: ((r: IteratorResult<T>) => void) | undefined;
  private closed = false;

  constructor(
    private readonly capacity: number,
    private readonly onOverflow: () => void,
    private readonly onClose: () => void,
  ) {}

  get size(): number {
    return this.items.length;
  }

  push(value: T): void {
    if (this.closed) return;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w({ value, done: false });
      return;
    }
    if (this.items.length >= this.capacity) {
      this.close();
      this.onOverflow();
    } else {
      this.items.push(value);
    }
  }

  next(): Promise<IteratorResult<T>> {
    if (this.items.length > 0) return Promise.resolve({ value: this.items.shift()!, done: false });
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiter = resolve));
  }

  return(): Promise<IteratorResult<T>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(err?: unknown): Promise<IteratorResult<T>> {
    this.close();
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.items.length = 0;
    const w = this.waiter;
    this.waiter = undefined;
    w?.({ value: undefined, done: true });
    this.onClose();
  }
}
