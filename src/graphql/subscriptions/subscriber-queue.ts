/** Where a queue reports the bytes it holds: the socket its subscriber belongs to (./live-socket.ts). */
export interface ByteBudget {
  /** Counts bytes now waiting; may end this queue (and its socket's others) when over the cap. */
  hold(bytes: number): void;
  release(bytes: number): void;
}

interface Item<T> {
  value: T;
  bytes: number;
}

/**
 * The events waiting for one subscriber, as an async iterator that graphql-ws pulls from (it pulls
 * the next one once the previous was written to the socket). Bounded twice: a subscriber with
 * `capacity` events still waiting is too slow, and is ended through `onOverflow` instead of holding
 * more; and the bytes it holds count against its socket's budget, which ends the socket's
 * subscribers when the socket as a whole holds too much.
 */
export class SubscriberQueue<T> implements AsyncIterableIterator<T> {
  private readonly items: Item<T>[] = [];
  private waiter: ((r: IteratorResult<T>) => void) | undefined;
  private closed = false;

  constructor(
    private readonly capacity: number,
    private readonly onOverflow: () => void,
    private readonly onClose: () => void,
    private readonly budget?: ByteBudget,
  ) {}

  get size(): number {
    return this.items.length;
  }

  /** `bytes`: the event's size, counted against the budget while it waits here. */
  push(value: T, bytes = 0): void {
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
      return;
    }
    this.items.push({ value, bytes });
    this.budget?.hold(bytes);
  }

  next(): Promise<IteratorResult<T>> {
    const item = this.items.shift();
    if (item) {
      this.budget?.release(item.bytes);
      return Promise.resolve({ value: item.value, done: false });
    }
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
    const held = this.items.reduce((n, i) => n + i.bytes, 0);
    this.items.length = 0;
    if (held) this.budget?.release(held);
    const w = this.waiter;
    this.waiter = undefined;
    w?.({ value: undefined, done: true });
    this.onClose();
  }
}
