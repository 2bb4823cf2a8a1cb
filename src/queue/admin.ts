import type { Pool } from 'pg';
import { JOB_KINDS, TASKS, type JobKind, type TaskKey } from './jobs';

export { keyedJobExistsSql } from './sql';

/**
 * Housekeeping for tools (the bench): not used by the service. Deletes waiting jobs, all of them or
 * those of some kinds.
 */
export async function deleteJobs(pool: Pick<Pool, 'query'>, kinds?: readonly JobKind[]): Promise<void> {
  if (!kinds) {
    await pool.query('delete from graphile_worker._private_jobs');
    return;
  }
  await pool.query(
    `delete from graphile_worker._private_jobs j using graphile_worker._private_tasks t where t.id = j.task_id and t.identifier = any($1::text[])`,
    [kinds.map((k) => TASKS[JOB_KINDS[k].task])],
  );
}

/** Jobs due and not yet taken (`ready`) and jobs being run (`running`), for the bench's backlog samples. */
export async function queueBacklog(pool: Pick<Pool, 'query'>): Promise<{ ready: number; running: number }> {
  const { rows } = await pool.query<{ ready: number; running: number }>(
    `select count(*) filter (where locked_at is null and run_at <= now())::int as ready,
            count(*) filter (where locked_at is not null)::int as running
       from graphile_worker._private_jobs`,
  );
  return rows[0]!;
}

/** Jobs in the queue (waiting or running) per task, by the task's key (tests, the bench). */
export async function jobCounts(pool: Pick<Pool, 'query'>): Promise<Partial<Record<TaskKey, number>>> {
  const { rows } = await pool.query<{ identifier: string; n: number }>(
    `select t.identifier, count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id group by 1`,
  );
  const byName = new Map(Object.entries(TASKS).map(([k, v]) => [v as string, k as TaskKey]));
  return Object.fromEntries(rows.flatMap((r) => (byName.has(r.identifier) ? [[byName.get(r.identifier)!, r.n]] : [])));
}
