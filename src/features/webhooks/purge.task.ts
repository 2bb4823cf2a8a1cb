import type { Pool } from 'pg';
import { addJobs, job, type TaskPayloads } from '../../queue';

export interface PurgeSettings {
  /** Age after which attempts are deleted and finished deliveries lose their payload (0: never). */
  retentionMs: number;
  intervalMs: number;
  /** Rows one statement touches at most: each statement is its own short transaction. */
  batch: number;
}

/** At most this many statements per run, so one run never occupies a job slot for long. */
const MAX_BATCHES_PER_RUN = 50;

/**
 * One batch of the retention purge. Attempts older than the retention are deleted; deliveries
 * older than it that are finished (not pending) keep their row, state and dates but lose their
 * payload (`payload_purged_at` set, the body replaced by JSON null). Rows locked by someone else
 * are skipped, not waited for.
 */
export async function purgeOnce(pool: Pick<Pool, 'query'>, s: PurgeSettings): Promise<{ attempts: number; payloads: number }> {
  const attempts = await pool.query(
    `delete from webhook_attempts where id in (
       select id from webhook_attempts where attempted_at < now() - ($1::bigint * interval '1 millisecond')
        limit $2 for update skip locked)`,
    [s.retentionMs, s.batch],
  );
  const payloads = await pool.query(
    `update webhook_deliveries set payload = 'null', payload_purged_at = now() where id in (
       select id from webhook_deliveries
        where payload_purged_at is null and state <> 'pending' and created_at < now() - ($1::bigint * interval '1 millisecond')
        limit $2 for update skip locked)`,
    [s.retentionMs, s.batch],
  );
  return { attempts: attempts.rowCount ?? 0, payloads: payloads.rowCount ?? 0 };
}

/** The periodic purge job: batches until nothing is left (or a run's cap), then queues its next run. */
export function purgeTask(deps: { pool: Pool; settings: PurgeSettings; log: { info(obj: object, msg: string): void } }) {
  return async (_payload: TaskPayloads['purge']): Promise<void> => {
    const { settings } = deps;
    let attempts = 0;
    let payloads = 0;
    if (settings.retentionMs > 0) {
      for (let i = 0; i < MAX_BATCHES_PER_RUN; i++) {
        const r = await purgeOnce(deps.pool, settings);
        attempts += r.attempts;
        payloads += r.payloads;
        if (r.attempts < settings.batch && r.payloads < settings.batch) break;
      }
      if (attempts || payloads) deps.log.info({ attempts, payloads }, 'purged webhook history past its retention');
    }
    await schedulePurge(deps.pool, settings.intervalMs);
  };
}

/** Queues the next purge run (replacing a waiting one: there is one at most). */
export function schedulePurge(pool: Pool, inMs: number): Promise<void> {
  return addJobs(pool, job('purge', { scope: 'webhooks' }, { runAt: new Date(Date.now() + inMs) }));
}
