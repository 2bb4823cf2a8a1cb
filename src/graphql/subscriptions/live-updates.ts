import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PgNotifier } from '../../db/notifier';
import { Call } from '../../features/calls/call.entity';
import { WebhookDelivery } from '../../features/webhooks/webhook-delivery.entity';
import { LIVE_CHANNELS, type CallChange, type CampaignChange, type DeliveryChange } from '../../common/live-events';
import type { Logger } from '../../common/logger';
import type { LiveSocket } from './live-socket';
import { SubscriberQueue } from './subscriber-queue';

/** Events a subscriber may have waiting before it counts as too slow and is dropped. */
export const SUBSCRIBER_CAPACITY = 256;
/** Changes read from the database together when many arrive at once. */
const LOAD_BATCH = 500;
/** Changes heard but not yet read, per process; past this the oldest are dropped (and logged). */
const PENDING_LIMIT = 20_000;

export type LiveKind = 'call' | 'delivery' | 'campaign';

interface Subscriber {
  kind: LiveKind;
  orgId: string;
  /** callUpdated: that call only; webhookDeliveryUpdated: that call's deliveries only; campaignUpdated: that campaign only. */
  callId: string | null;
  queue: SubscriberQueue<object>;
  socket: LiveSocket;
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
  /** The campaign as it is now (null: gone); read once per batch of changes, whatever their number. */
  campaign(em: EntityManager, campaignId: string): Promise<{ orgId: string; value: object } | null>;
}

type Heard = { kind: 'call'; change: CallChange } | { kind: 'delivery'; change: DeliveryChange } | { kind: 'campaign'; change: CampaignChange };

const date = (msOrNull: number | null): Date | null => (msOrNull === null ? null : new Date(msOrNull));

/**
 * The subscriber side of live updates, one per API process. A notification carries the ids and
 * the fields that changed, as of its commit; the rest of the object (fixed since it was created)
 * is read from the database, once per batch of notifications for all local subscribers. Batches
 * are handled one at a time, in the order heard, so a subscriber sees every change in order.
 * Subscribers get objects of their own organization only, as stored in the database (never as
 * claimed by a payload).
 */
export class LiveUpdates {
  private readonly subscribers = new Set<Subscriber>();
  private readonly connections = new Set<LiveConnection>();
  private pending: Heard[] = [];
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
    notifier.on(LIVE_CHANNELS.campaign, (p) => this.heardCampaign(p));
  }

  /** Subscribers currently registered in this process. */
  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /**
   * A subscription of one WebSocket. Its waiting events count against the socket's byte budget;
   * falling SUBSCRIBER_CAPACITY events behind, or the socket holding too many bytes, drops the
   * whole socket as a slow consumer.
   */
  subscribe(kind: LiveKind, orgId: string, callId: string | null, socket: LiveSocket): AsyncIterableIterator<object> {
    let untrack = (): unknown => undefined;
    const queue = new SubscriberQueue<object>(
      SUBSCRIBER_CAPACITY,
      () => socket.tooSlow(),
      () => {
        this.subscribers.delete(sub);
        untrack();
      },
      socket,
    );
    const sub: Subscriber = { kind, orgId, callId, queue, socket };
    this.subscribers.add(sub);
    untrack = socket.track(queue); // ends the queue at once if the socket was already dropped
    return queue;
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
    let change: CallChange | DeliveryChange;
    try {
      change = JSON.parse(payload) as CallChange | DeliveryChange;
    } catch {
      return;
    }
    if (typeof change?.o !== 'string' || typeof change.c !== 'string') return;
    if (!this.interested(kind, change.o, change.c)) return; // nobody here listens: not even a read
    this.enqueue(kind === 'call' ? { kind, change: change as CallChange } : { kind: 'delivery', change: change as DeliveryChange });
  }

  private heardCampaign(payload: string): void {
    let change: CampaignChange;
    try {
      change = JSON.parse(payload) as CampaignChange;
    } catch {
      return;
    }
    if (typeof change?.o !== 'string' || typeof change.cp !== 'string') return;
    if (!this.interested('campaign', change.o, change.cp)) return;
    this.enqueue({ kind: 'campaign', change });
  }

  private enqueue(h: Heard): void {
    if (this.pending.length >= PENDING_LIMIT) {
      this.pending.shift();
      this.log.warn('live updates are falling behind; the oldest change was dropped');
    }
    this.pending.push(h);
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
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, LOAD_BATCH);
        try {
          await this.deliver(batch);
        } catch (err) {
          // Best effort: the state stays readable through queries.
          this.log.warn({ err }, 'live updates could not be read');
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async deliver(batch: Heard[]): Promise<void> {
    const callIds = new Set<string>();
    const deliveryIds = new Set<string>();
    // A campaign heard of several times in a batch is read and sent once, as it is now.
    const campaigns = new Map<string, string>();
    for (const h of batch) {
      if (h.kind === 'call') callIds.add(h.change.c);
      else if (h.kind === 'delivery') deliveryIds.add(h.change.d);
      else campaigns.set(h.change.cp, h.change.o);
    }
    const em = this.orm.em.fork();
    const calls = new Map((callIds.size ? await em.find(Call, { id: { $in: [...callIds] } }) : []).map((c) => [c.id, c]));
    const deliveries = new Map((deliveryIds.size ? await em.find(WebhookDelivery, { id: { $in: [...deliveryIds] } }) : []).map((d) => [d.id, d]));
    for (const h of batch) {
      if (h.kind === 'call') {
        const row = calls.get(h.change.c);
        if (row) this.fanOut('call', row.orgId, row.id, () => this.present.call(asOf(row, h.change)));
      } else if (h.kind === 'delivery') {
        const row = deliveries.get(h.change.d);
        if (row?.callId) this.fanOut('delivery', row.orgId, row.callId, () => this.present.delivery(deliveryAsOf(row, h.change)));
      }
    }
    for (const [campaignId, orgId] of campaigns) {
      const read = await this.present.campaign(em, campaignId);
      // The organization is the stored one: a payload naming another organization reaches nobody.
      if (read && read.orgId === orgId) this.fanOut('campaign', orgId, campaignId, () => read.value);
    }
  }

  private fanOut(kind: LiveKind, orgId: string, callId: string, present: () => object): void {
    let value: object | undefined;
    let bytes: number | undefined;
    for (const s of this.subscribers) {
      if (s.kind !== kind || s.orgId !== orgId || (s.callId !== null && s.callId !== callId)) continue;
      value ??= present();
      // What the event weighs while it waits: the whole object as JSON, measured once for all
      // subscribers (a subscriber selecting fewer fields is charged the same, an upper bound).
      bytes ??= Buffer.byteLength(JSON.stringify(value));
      // A socket with many subscriptions to the same changes sends them all in one write.
      s.socket.coalesceWrites();
      s.queue.push(value, bytes);
    }
  }
}

/** The call as it was right after the change: fixed fields from the row, lifecycle fields from the change. */
function asOf(row: Call, c: CallChange): Call {
  const analyzed = c.at !== null;
  return Object.assign(Object.create(Object.getPrototypeOf(row) as object) as Call, row, {
    status: c.s,
    disposition: c.d,
    durationSeconds: c.n,
    startedAt: date(c.st),
    endedAt: date(c.et),
    analyzedAt: date(c.at),
    // The analysis is the last change a call sees: once analyzed, the row holds its final values.
    transcript: analyzed ? row.transcript : null,
    structuredAnswers: analyzed ? row.structuredAnswers : null,
    recordingSeconds: analyzed ? row.recordingSeconds : null,
  });
}

function deliveryAsOf(row: WebhookDelivery, c: DeliveryChange): WebhookDelivery {
  return Object.assign(Object.create(Object.getPrototypeOf(row) as object) as WebhookDelivery, row, {
    state: c.s ?? row.state,
    attempts: c.a,
    delivered: row.delivered || c.ok,
    responseCode: c.rc,
    lastError: c.e,
  });
}
