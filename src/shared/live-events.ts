import type { Pool } from 'pg';

/** PostgreSQL channels of the live updates (GraphQL subscriptions); payloads carry ids only. */
export const LIVE_CHANNELS = {
  call: 'voicegate_call_updated',
  delivery: 'voicegate_delivery_updated',
  access: 'voicegate_access_changed',
} as const;

export interface CallChanged {
  orgId: string;
  callId: string;
}
export interface DeliveryChanged {
  orgId: string;
  deliveryId: string;
  callId: string;
}
/** A user or a whole organization whose standing changed: live sockets of it are re-checked. */
export type AccessChanged = { userId: string } | { orgId: string };

/**
 * Announces committed changes to every process (LISTEN/NOTIFY), so a subscriber connected to any
 * API process hears about a call that a worker in another process moved on.
 *
 * Called after the change has committed, never inside the writing transaction: a NOTIFY in a
 * transaction takes PostgreSQL's global notify lock until the commit is flushed and so serializes
 * every such commit (see DIRECT_JOB_INSERT in src/db/database.ts). Notifications raised in one
 * event-loop turn go out in one statement. A notification lost with a dropped connection is lost
 * (live updates are best effort; the state itself is always readable through queries).
 */
export class LiveEventsPublisher {
  private pending: Array<[channel: string, payload: string]> = [];

  constructor(private readonly pool: Pick<Pool, 'query'>) {}

  callChanged(e: CallChanged): void {
    this.push(LIVE_CHANNELS.call, JSON.stringify({ o: e.orgId, c: e.callId }));
  }

  deliveryChanged(e: DeliveryChanged): void {
    this.push(LIVE_CHANNELS.delivery, JSON.stringify({ o: e.orgId, d: e.deliveryId, c: e.callId }));
  }

  accessChanged(e: AccessChanged): void {
    this.push(LIVE_CHANNELS.access, 'userId' in e ? `user:${e.userId}` : `org:${e.orgId}`);
  }

  private push(channel: string, payload: string): void {
    if (this.pending.length === 0) setImmediate(() => this.flush());
    this.pending.push([channel, payload]);
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    this.pool
      .query('select pg_notify(c, p) from unnest($1::text[], $2::text[]) as t(c, p)', [batch.map((b) => b[0]), batch.map((b) => b[1])])
      .catch(() => undefined);
  }
}
