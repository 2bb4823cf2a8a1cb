import type { Pool } from 'pg';

/**
 * NOTIFYs raised in one event-loop turn, sent together in one statement, in the order raised,
 * outside any transaction (a NOTIFY in a writing transaction takes PostgreSQL's global notify lock
 * until its commit is flushed, serializing every such commit). One batch per process carries both
 * the queue's wake-ups and the live updates: a worker that changes a call and adds its jobs sends
 * one statement for both, not one each. Best effort: a notification lost with a connection is lost.
 */
export class NotifyBatch {
  private pending: Array<[channel: string, payload: string]> = [];

  constructor(private readonly pool: Pick<Pool, 'query'>) {}

  push(channel: string, payload: string): void {
    if (this.pending.length === 0) setImmediate(() => this.flush());
    this.pending.push([channel, payload]);
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    // WITH ORDINALITY keeps the order: PostgreSQL delivers one transaction's notifications in order.
    // One JSON parameter rather than two text[]: pg escapes array elements with a regular
    // expression each (the payloads are JSON, full of quotes), JSON.stringify does it natively.
    this.pool
      .query({
        name: 'voicegate_notify_batch_v2',
        text: 'select pg_notify(n->>0, n->>1) from json_array_elements($1::json) with ordinality as t(n, i) order by i',
        values: [JSON.stringify(batch)],
      })
      .catch(() => undefined);
  }
}
