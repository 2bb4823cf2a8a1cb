import type { MikroORM } from '@mikro-orm/postgresql';
import type { PgNotifier } from '../../db/notifier';
import { Call } from '../../features/calls/call.entity';
import { WebhookDelivery } from '../../features/webhooks/webhook-delivery.entity';
import { LIVE_CHANNELS } from '../../shared/live-events';
import type { Logger } from '../../shared/logger';
import { SubscriberQueue } from './subscriber-queue';

/** Distinct objects a subscriber may have waiting before it counts as too slow and is dropped. */
export const SUBSCRIBER_CAPACITY = 256;
/** Ids loaded per query when many changes arrive at once. */
const LOAD_BATCH = 500;
/** Per subscriber, how many objects' last sent state is remembered to skip repeats. */
const SEEN_LIMIT = 1000;

export type LiveKind = 'call' | 'delivery';

interface Subscriber {
  kind: LiveKind;
  orgId: string;
  /** callUpdated: that call only; webhookDeliveryUpdated: that call's deliveries only. */
  callId: string | null;
  queue: SubscriberQueue<object>;
  seen: Map<string, string>;
}

/** A live WebSocket connection, re-checked when its user's or organization's standing changes. */
export interface LiveConnection {
  userId: string;
  orgId: string;
  recheck(): void;
}

export interface LivePresenters {
  call(c: Call): object;
  delivery(d: WebhookDelivery): object;
}

/**
 * The subscriber side of live updates, one per API process. NOTIFY payloads carry ids only; the
 * objects are read from the database here (once per change for all local subscribers, batched
 * when many arrive together, one batch at a time so a subscriber never sees an older state after
 * a newer one) and handed to the subscribers of the object's organization, as read from the
 * database, never as claimed by the payload.
 */
export class LiveUpdates {
  private readonly subscribers = new Set<Subscriber>();
  private readonly connections = new Set<LiveConnection>();
  private readonly pending: Record<LiveKind, Set<string>> = { call: new Set(), delivery: new Set() };
  private draining = false;

  constructor(
    notifier: PgNotifier,
    private readonly orm: MikroORM,
    private readonly present: LivePresenters,
    private readonly log: Logger,
  ) {
    notifier.on(LIVE_CHANNELS.call, (p) => this.heard('call', p));
    notifier.on(LIVE_CHANNELS.delivery, (p) => this.heard('delivery', p));
    notifier.on(LIVE_CHANNELS.access, (p) => this.accessChanged(p));
  }

  /** Subscribers currently registered in this process (for tests and metrics). */
  get subscriberCount(): number {
    return this.subscribers.size;
  }

  subscribe(kind: LiveKind, orgId: string, callId: string | null, onOverflow: () => void): AsyncIterableIterator<object> {
    const sub: Subscriber = {
      kind,
      orgId,
      callId,
      seen: new Map(),
      queue: new SubscriberQueue<object>(SUBSCRIBER_CAPACITY, onOverflow, () => this.subscribers.delete(sub)),
    };
    this.subscribers.add(sub);
    return sub.queue;
  }

  addConnection(conn: LiveConnection): () => void {
    this.connections.add(conn);
    return () => this.connections.delete(conn);
  }

  private accessChanged(payload: string): void {
    for (const conn of this.connections) {
      if (payload === `user:${conn.userId}` || payload === `org:${conn.orgId}`) conn.recheck();
    }
  }

  private heard(kind: LiveKind, payload: string): void {
    let parsed: { o?: unknown; c?: unknown; d?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    const orgId = parsed.o;
    const callId = parsed.c;
    const id = kind === 'call' ? callId : parsed.d;
    if (typeof orgId !== 'string' || typeof callId !== 'string' || typeof id !== 'string') return;
    if (!this.interested(kind, orgId, callId)) return; // nobody here listens: not even a read
    this.pending[kind].add(id);
    void this.drain();
  }

  private interested(kind: LiveKind, orgId: string, callId: string): boolean {
    for (const s of this.subscribers) if (s.kind === kind && s.orgId === orgId && (s.callId === null || s.callId === callId)) return true;
    return false;
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.pending.call.size > 0 || this.pending.delivery.size > 0) {
        const calls = this.take('call');
        const deliveries = this.take('delivery');
        const em = this.orm.em.fork();
        try {
          if (calls.length) {
            for (const c of await em.find(Call, { id: { $in: calls } })) {
              this.fanOut('call', c.orgId, c.id, c.id, `${c.status}|${c.analyzedAt?.getTime()}|${c.updatedAt.getTime()}`, () => this.present.call(c));
            }
          }
          if (deliveries.length) {
            for (const d of await em.find(WebhookDelivery, { id: { $in: deliveries } })) {
              this.fanOut('delivery', d.orgId, d.callId, d.id, `${d.state}|${d.attempts}`, () => this.present.delivery(d));
            }
          }
        } catch (err) {
          // Best effort: the state stays readable through queries; the next change is sent again.
          this.log.warn({ err }, 'live update could not be read');
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private take(kind: LiveKind): string[] {
    const ids: string[] = [];
    for (const id of this.pending[kind]) {
      if (ids.length >= LOAD_BATCH) break;
      ids.push(id);
    }
    for (const id of ids) this.pending[kind].delete(id);
    return ids;
  }

  private fanOut(kind: LiveKind, orgId: string, callId: string, key: string, fingerprint: string, present: () => object): void {
    let value: object | undefined;
    for (const s of this.subscribers) {
      if (s.kind !== kind || s.orgId !== orgId || (s.callId !== null && s.callId !== callId)) continue;
      if (s.seen.get(key) === fingerprint) continue;
      s.seen.delete(key);
      s.seen.set(key, fingerprint);
      if (s.seen.size > SEEN_LIMIT) s.seen.delete(s.seen.keys().next().value!);
      s.queue.push(key, (value ??= present()));
    }
  }
}
