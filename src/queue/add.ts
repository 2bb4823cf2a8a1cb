import { TASKS, type Job } from './jobs';

/** Anything that runs SQL: a MikroORM EntityManager (`?` placeholders) or a pg Pool/Client (`$n`). */
export type SqlExecutor = { execute(sql: string, params: unknown[]): Promise<unknown> } | { query(sql: string, params: unknown[]): Promise<unknown> };

/**
 * Adds jobs through graphile-worker's `add_job` (which replaces a waiting job with the same key
 * and notifies the workers). Through an EntityManager inside `em.transactional(...)`, the jobs
 * commit or roll back with the rows that caused them. One statement whatever the number of jobs.
 */
export async function addJobs(ex: SqlExecutor, ...jobs: Job[]): Promise<void> {
  if (jobs.length === 0) return;
  // One JSON parameter rather than arrays: knex (under MikroORM) would expand an array binding.
  const rows = JSON.stringify(
    jobs.map((j) => ({ task: TASKS[j.task], payload: j.payload, run_at: j.runAt?.toISOString() ?? null, key: j.key, key_mode: j.keyMode, max_attempts: j.maxAttempts, priority: j.priority })),
  );
  // `earliest`: a waiting (unlocked) job with the key is only ever moved earlier; without one,
  // add_job adds it (replacing a locked one's key: the running job is not touched).
  const sql = (p: string) =>
    `with t as (
       select * from json_to_recordset(${p}::json) as t(task text, payload json, run_at timestamptz, key text, key_mode text, max_attempts int, priority int)
     ), moved as (
       update graphile_worker._private_jobs j set run_at = least(j.run_at, coalesce(t.run_at, now()))
         from t where t.key_mode = 'earliest' and j.key = t.key and j.locked_at is null
       returning j.key
     )
     select graphile_worker.add_job(t.task, t.payload, run_at => coalesce(t.run_at, now()), job_key => t.key, max_attempts => t.max_attempts, priority => coalesce(t.priority, 0))
       from t where t.key_mode is distinct from 'earliest' or t.key not in (select key from moved)`;
  if ('execute' in ex) await ex.execute(sql('?'), [rows]);
  else await ex.query(sql('$1'), [rows]);
}
