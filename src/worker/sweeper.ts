import { deliveryLeaseMs } from '../features/webhooks/webhook-deliverer';
import { ensureReleaseJobs } from '../features/webhooks/parking';
import { addJobsSql, keyedJobExistsSql, RETRY_PRIORITY } from '../queue';
import type { Services } from '../services';
import { abandonDial } from '../features/calls/carrier-port';
import { foldAnalyticsShards } from '../features/analytics/analytics-fold';

/**
 * Periodic repair, so nothing stays stuck whatever crashed (jobs of dead queue runners are released
 * by the worker's heartbeat, see src/queue/liveness.ts):
 * - calls open past max_duration_seconds + STUCK_CALL_MARGIN end as failed/carrier_error;
 * - pending deliveries whose attempt is overdue and not leased get their job re-queued (a worker
 *   killed mid-attempt leaves a job locked for hours; the lease has long expired by then), unless
 *   they are parked: a destination with parked deliveries due gets its release job if it has none.
 *   One due with no job of its own at all is re-queued at the next sweep, without waiting out the
 *   lease's grace: after a whole host died under load, two calls of the host-crash test had such a
 *   delivery and got their event only 25 s later (its jobs are added in the delivery's own
 *   transaction, so how it lost its job is not known yet);
 * - idempotency keys older than 24 h are deleted;
 * - the analytics roll-ups' shards of days before yesterday are folded into one row (a batch per sweep).
 * Every step is idempotent, so several workers may sweep at once.
 */
export class Sweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly s: Services) {}

  start(): void {
    const tick = () => {
      this.running = this.sweep()
        .catch((err) => this.s.log.warn({ err: (err as Error).message }, 'sweep failed; will retry'))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(tick, this.s.config.sweepIntervalMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async sweep(): Promise<{ stuckCalls: number; requeued: number }> {
    const { pool } = this.s.db;
    const stuck = await pool.query<{ id: string }>(
      `select id from calls
        where status in ('queued', 'ringing', 'in_progress')
          and created_at < now() - (max_duration_seconds * interval '1 second') - ($1::int * interval '1 millisecond')
        order by created_at limit 200`,
      [this.s.config.stuckCallMarginMs],
    );
    for (const { id } of stuck.rows) {
      await this.s.lifecycle.applyReport(this.s.db.orm.em.fork(), { callId: id, status: 'failed', disposition: 'carrier_error', durationSeconds: 0 });
    }
    // Calls a worker held live (SIP) whose lease ran out: that worker died mid-call. They end as
    // carrier errors; the INVITE may have rung a phone, so they are never dialed again.
    const orphaned = await pool.query<{ id: string }>(
      `select id from calls where live_until < now() and status in ('queued', 'ringing', 'in_progress') order by live_until limit 200`,
    );
    for (const { id } of orphaned.rows) await abandonDial({ em: () => this.s.db.orm.em.fork(), lifecycle: this.s.lifecycle }, id);
    const graceMs = deliveryLeaseMs(this.s.config);
    const requeued = await pool.query(
      addJobsSql('deliver', {
        from: `(select id from webhook_deliveries
                 where state = 'pending'
                   and next_attempt_at <= now()
                   and (next_attempt_at < now() - ($1::int * interval '1 millisecond') or not ${keyedJobExistsSql('deliver', 'webhook_deliveries.id')})
                   and (lease_until is null or lease_until < now())
                   and not exists (select 1 from webhook_parked p where p.delivery_id = webhook_deliveries.id)
                 order by next_attempt_at limit 500) overdue`,
        fields: { deliveryId: 'overdue.id' },
        priority: String(RETRY_PRIORITY),
      }),
      [graceMs],
    );
    const releases = await ensureReleaseJobs(pool);
    await pool.query(
      `delete from idempotency_keys where (org_id, key) in (
         select org_id, key from idempotency_keys where created_at < now() - interval '24 hours' limit 1000)`,
    );
    // Housekeeping, not repair: its failure must not stop the sweep's report.
    const folded = await foldAnalyticsShards(pool).catch((err: unknown) => {
      this.s.log.warn({ err: (err as Error).message }, 'could not fold analytics shards; will retry');
      return 0;
    });
    if (folded) this.s.log.debug({ roll_up_days: folded }, 'analytics shards folded');
    if (stuck.rowCount || requeued.rowCount || releases) {
      this.s.log.info({ stuck_calls: stuck.rowCount, requeued_deliveries: requeued.rowCount, release_jobs: releases }, 'sweeper repaired state');
    }
    return { stuckCalls: stuck.rowCount ?? 0, requeued: requeued.rowCount ?? 0 };
  }
}
