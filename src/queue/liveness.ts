import os from 'node:os';
import type { Pool } from 'pg';

/**
 * Who is alive among the queue runners, so that the jobs of one that died are taken over within
 * seconds. graphile-worker 0.17 has no heartbeat of its own: a job stays locked by its runner
 * (`locked_by` = the runner's pool id) until that runner finishes it, or until the stale-lock
 * timeout. So every live runner's pool id is written to `queue_workers` every beat; a runner whose
 * beat is older than `deadAfterMs` is dead, and any worker process releases its jobs
 * (graphile_worker.force_unlock_workers) so another runner picks them up at once.
 * A lock held by a runner that never beat (it died before its first beat, or runs an older
 * version) is released after `staleLockMs` instead, as before. See docs/queue-and-delivery.md.
 */
export async function beat(pool: Pick<Pool, 'query'>, poolIds: readonly string[]): Promise<void> {
  if (poolIds.length === 0) return;
  await pool.query(
    `insert into queue_workers (pool_id, host, pid, heartbeat_at) select unnest($1::text[]), $2, $3, now()
     on conflict (pool_id) do update set heartbeat_at = now()`,
    [poolIds, os.hostname(), process.pid],
  );
}

/** A runner that stopped for good: forget it and release whatever it still held, at once. */
export async function retire(pool: Pick<Pool, 'query'>, poolIds: readonly string[]): Promise<void> {
  if (poolIds.length === 0) return;
  await pool.query(
    `with gone as (delete from queue_workers where pool_id = any($1::text[]))
     select graphile_worker.force_unlock_workers($1::text[])`,
    [poolIds],
  );
}

/** Releases the jobs of runners that stopped beating; returns their pool ids. */
export async function releaseDeadRunners(pool: Pick<Pool, 'query'>, opts: { deadAfterMs: number; staleLockMs: number }): Promise<string[]> {
  const { rows } = await pool.query<{ dead: string[] }>(
    `with dead as (
       select distinct j.locked_by as pool_id
         from graphile_worker._private_jobs j
         left join queue_workers w on w.pool_id = j.locked_by
        where j.locked_by is not null
          and case when w.pool_id is null then j.locked_at < now() - ($2::int * interval '1 millisecond')
                   else w.heartbeat_at < now() - ($1::int * interval '1 millisecond') end
     ), released as (
       select graphile_worker.force_unlock_workers(array_agg(pool_id)) from dead having count(*) > 0
     ), forgotten as (
       delete from queue_workers where heartbeat_at < now() - ($1::int * interval '1 millisecond') - interval '1 hour'
     )
     select coalesce((select array_agg(pool_id) from dead), '{}') as dead, (select count(*) from released) as n`,
    [opts.deadAfterMs, opts.staleLockMs],
  );
  return rows[0]?.dead ?? [];
}
