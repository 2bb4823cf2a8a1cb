import os from 'node:os';
import type { Pool } from 'pg';
import { PROCESS_ID } from '../common/process-id';

/**
 * Who is alive among the queue runners, so that the jobs of one that died are taken over within
 * seconds. graphile-worker 0.17 has no heartbeat of its own: a job stays locked by its runner
 * (`locked_by` = the runner's pool id) until that runner finishes it, or until the stale-lock
 * timeout. So every live runner's pool id is written to `queue_workers` every beat (a logged table:
 * it must outlive a crash of PostgreSQL, which is when its rows matter most); a runner whose beat
 * is older than `deadAfterMs` is dead, and any worker process releases its jobs
 * (graphile_worker.force_unlock_workers) so another runner picks them up at once.
 *
 * PostgreSQL's own start time (pg_postmaster_start_time()) tells more: a runner that has not beaten
 * since the server started, once the server has been up for `deadAfterMs`, is dead, with or without
 * a row (every survivor of the restart has had that long to beat again). A lock held by a runner
 * that never beat and that predates nothing is released after `staleLockMs`, as before.
 * See docs/queue-and-delivery.md.
 */
export async function beat(pool: Pick<Pool, 'query'>, poolIds: readonly string[]): Promise<void> {
  if (poolIds.length === 0) return;
  await pool.query(
    `insert into queue_workers (pool_id, host, pid, process, heartbeat_at) select unnest($1::text[]), $2, $3, $4, now()
     on conflict (pool_id) do update set heartbeat_at = now()`,
    [poolIds, os.hostname(), process.pid, PROCESS_ID],
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

/**
 * Runners found dead, and the worker processes (PROCESS_ID) that died with them: processes none of
 * whose runners beats any more, whose other holdings (webhook delivery leases) the caller takes over.
 */
export interface DeadRunners {
  runners: string[];
  processes: string[];
}

const DEAD_RESULT = `
select coalesce((select array_agg(pool_id) from dead), '{}') as runners,
       coalesce((select array_agg(distinct f.process) from forgotten f
                  where f.process is not null
                    and not exists (select 1 from queue_workers w where w.process = f.process and w.pool_id not in (select pool_id from forgotten))), '{}') as processes,
       (select count(*) from released) as n`;

/**
 * Releases the jobs of runners that stopped beating and forgets them. `judgeHeartbeats`: this
 * process's own beats have succeeded for a whole `deadAfterMs`, so a silent runner is dead rather
 * than still reconnecting after a database outage; without it only the server-restart rule applies.
 */
export async function releaseDeadRunners(
  pool: Pick<Pool, 'query'>,
  opts: { deadAfterMs: number; staleLockMs: number; judgeHeartbeats: boolean },
): Promise<DeadRunners> {
  const { rows } = await pool.query<DeadRunners>(
    `with params as (
       select now() - ($1::int * interval '1 millisecond') as silent_since,
              pg_postmaster_start_time() as started,
              now() - pg_postmaster_start_time() >= ($1::int * interval '1 millisecond') as settled
     ), dead_rows as (
       select w.pool_id, w.process from queue_workers w, params p
        where w.heartbeat_at < p.silent_since and ($3::boolean or (p.settled and w.heartbeat_at < p.started))
     ), dead as (
       select pool_id from dead_rows
       union
       select distinct j.locked_by from graphile_worker._private_jobs j, params p
        where j.locked_by is not null
          and not exists (select 1 from queue_workers w where w.pool_id = j.locked_by)
          and (j.locked_at < now() - ($2::int * interval '1 millisecond') or (p.settled and j.locked_at < p.started))
     ), released as (
       select graphile_worker.force_unlock_workers(array_agg(pool_id)) from dead having count(*) > 0
     ), forgotten as (
       delete from queue_workers w using dead_rows d where w.pool_id = d.pool_id returning w.pool_id, w.process
     )${DEAD_RESULT}`,
    [opts.deadAfterMs, opts.staleLockMs, opts.judgeHeartbeats],
  );
  return rows[0] ?? { runners: [], processes: [] };
}

/**
 * For a server that this process started itself and that no one else has used since (the embedded
 * PostgreSQL, before this process's first runner starts): every runner that locked a job or beat
 * before the server's start is gone with the run that started it, so its jobs are released at once.
 */
export async function releaseRunnersFromBeforeStart(pool: Pick<Pool, 'query'>): Promise<DeadRunners> {
  const { rows } = await pool.query<DeadRunners>(
    `with dead as (
       select distinct locked_by as pool_id from graphile_worker._private_jobs where locked_by is not null and locked_at < pg_postmaster_start_time()
       union
       select pool_id from queue_workers where heartbeat_at < pg_postmaster_start_time()
     ), released as (
       select graphile_worker.force_unlock_workers(array_agg(pool_id)) from dead having count(*) > 0
     ), forgotten as (
       delete from queue_workers where heartbeat_at < pg_postmaster_start_time() returning pool_id, process
     )${DEAD_RESULT}`,
  );
  return rows[0] ?? { runners: [], processes: [] };
}
