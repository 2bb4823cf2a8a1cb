/**
 * The events waiting for one subscriber, as an async iterator that graphql-ws pulls from. Bounded:
 * an event for an object that already waits replaces the older one (the newest state is what
 * matters), and a subscriber with `capacity` distinct objects still waiting is too slow: it is
 * ended through `onOverflow` instead of holding more memory.
 */
export class SubscriberQueue<T> implements AsyncIterableIterator<T> {
  private readonly items: Array<{ key: string; value: T }> = [];
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

  push(key: string, value: T): void {
    if (this.closed) return;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w({ value, done: false });
      return;
    }
    const waiting = this.items.find((i) => i.key === key);
    if (waiting) {
      waiting.value = value;
    } else if (this.items.length >= this.capacity) {
      this.close();
      this.onOverflow();
    } else {
      this.items.push({ key, value });
    }
  }

  next(): Promise<IteratorResult<T>> {
    const item = this.items.shift();
    if (item) return Promise.resolve({ value: item.value, done: false });
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
