import type { ByteBudget } from './subscriber-queue';

/** What a WebSocket's subscriptions need from it (the resolver reaches it through the GraphQL context). */
export interface LiveSocket extends ByteBudget {
  /** Registers a subscription's queue, to be ended with the others when the socket is dropped. */
  track(queue: { close(): void }): () => void;
  /** Ends every subscription of the socket and closes it as a slow consumer (4008). */
  tooSlow(): void;
  /** Checks the socket's unsent bytes against the cap; false once it was dropped. */
  check(): boolean;
  /**
   * An event is about to be handed to this socket's subscriptions: what they send until the event
   * loop's next turn leaves in one write instead of one per message.
   */
  coalesceWrites(): void;
}

/**
 * One WebSocket's unsent bytes: what `ws` holds in its send buffer (`bufferedAmount`) plus the
 * events waiting in its subscriptions' queues. Over `maxBytes`, the socket is a slow consumer:
 * its subscriptions end at once (nothing more is held for it) and it is closed with 4008. The
 * close frame queues behind the unsent data, so a client that reads again still learns why.
 */
export class SocketBudget implements LiveSocket {
  private queued = 0;
  private dropped = false;
  private readonly queues = new Set<{ close(): void }>();

  private coalescing = false;

  constructor(
    private readonly maxBytes: number,
    private readonly bufferedAmount: () => number,
    private readonly close: () => void,
    /** The connection under the WebSocket (Node's `socket.cork()`/`uncork()`); absent in tests of the budget alone. */
    private readonly transport?: { cork(): void; uncork(): void },
  ) {}

  coalesceWrites(): void {
    const t = this.transport;
    if (this.coalescing || !t) return;
    this.coalescing = true;
    t.cork();
    // After the microtasks that execute and send this event for every subscription of the socket.
    setImmediate(() => {
      this.coalescing = false;
      t.uncork();
    });
  }

  track(queue: { close(): void }): () => void {
    if (this.dropped) queue.close();
    else this.queues.add(queue);
    return () => this.queues.delete(queue);
  }

  hold(bytes: number): void {
    this.queued += bytes;
    this.check();
  }

  release(bytes: number): void {
    this.queued -= bytes;
  }

  check(): boolean {
    if (this.dropped) return false;
    if (this.queued + this.bufferedAmount() <= this.maxBytes) return true;
    this.tooSlow();
    return false;
  }

  tooSlow(): void {
    if (this.dropped) return;
    this.dropped = true;
    const queues = [...this.queues];
    this.queues.clear();
    for (const q of queues) q.close();
    this.close();
  }
}

/**
 * Open sockets per user and per organization in this process. `acquire` and the release it
 * returns are synchronous, so concurrent connection_inits cannot overshoot a cap.
 */
export class SocketCounts {
  private readonly byUser = new Map<string, number>();
  private readonly byOrg = new Map<string, number>();

  constructor(private readonly caps: { perUser: number; perOrg: number }) {}

  /** Which cap a new socket of this user would exceed now, if any. */
  full(userId: string, orgId: string): 'user' | 'organization' | null {
    if ((this.byUser.get(userId) ?? 0) >= this.caps.perUser) return 'user';
    if ((this.byOrg.get(orgId) ?? 0) >= this.caps.perOrg) return 'organization';
    return null;
  }

  /** A release function, or which cap is full. */
  acquire(userId: string, orgId: string): (() => void) | 'user' | 'organization' {
    const full = this.full(userId, orgId);
    if (full) return full;
    bump(this.byUser, userId, 1);
    bump(this.byOrg, orgId, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      bump(this.byUser, userId, -1);
      bump(this.byOrg, orgId, -1);
    };
  }
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}
