import { TASKS, type Job } from './jobs';

/** Anything that runs SQL: a MikroORM EntityManager (`?` placeholders) or a pg Pool/Client (`$n`). */
export type SqlExecutor = { execute(sql: string, params: unknown[]): Promise<unknown> } | { query(sql: string, params: unknown[]): Promise<unknown> };

/**
 * Adds jobs through graphile-worker's `add_jobs` (which replaces a waiting job with the same key
 * and notifies the workers), all in one call. Through an EntityManager inside
 * `em.transactional(...)`, the jobs commit or roll back with the rows that caused them. One
 * statement whatever the number of jobs.
 */
export async function addJobs(ex: SqlExecutor, ...jobs: Job[]): Promise<void> {
  if (jobs.length === 0) return;
  // One JSON parameter rather than arrays: knex (under MikroORM) would expand an array binding.
  const rows = JSON.stringify(
    onePerKey(jobs).map((j) => ({ task: TASKS[j.task], payload: j.payload, run_at: j.runAt?.toISOString() ?? null, key: j.key, key_mode: j.keyMode, max_attempts: j.maxAttempts, priority: j.priority })),
  );
  // `earliest`: a waiting (unlocked) job with the key is only ever moved earlier; without one,
  // add_jobs adds it (replacing a locked one's key: the running job is not touched).
  const sql = (p: string) =>
    `with t as (
       select * from json_to_recordset(${p}::json) as t(task text, payload json, run_at timestamptz, key text, key_mode text, max_attempts int, priority int)
     ), moved as (
       update graphile_worker._private_jobs j set run_at = least(j.run_at, coalesce(t.run_at, now()))
         from t where t.key_mode = 'earliest' and j.key = t.key and j.locked_at is null
       returning j.key
     ), specs as (
       select array(
         select row(t.task, t.payload, null, coalesce(t.run_at, now()), t.max_attempts, t.key, coalesce(t.priority, 0), null)::graphile_worker.job_spec
           from t where t.key_mode is distinct from 'earliest' or t.key is null or t.key not in (select key from moved)
       ) as specs
     )
     select count(*) from specs s cross join lateral graphile_worker.add_jobs(s.specs, false) where cardinality(s.specs) > 0`;
  if ('execute' in ex) await ex.execute(sql('?'), [rows]);
  else await ex.query(sql('$1'), [rows]);
}

/**
 * One job per key, as adding them one after the other would leave: the last one (`replace`), or
 * the one due first (`earliest`). One `add_jobs` call cannot take a key twice.
 */
function onePerKey(jobs: readonly Job[]): Job[] {
  const byKey = new Map<string, Job>();
  const out: Job[] = [];
  for (const j of jobs) {
    if (j.key === null) {
      out.push(j);
      continue;
    }
    const earlier = byKey.get(j.key);
    const due = (x: Job) => x.runAt?.getTime() ?? Date.now();
    if (earlier && j.keyMode === 'earliest' && due(earlier) <= due(j)) continue;
    byKey.set(j.key, j);
  }
  return [...out, ...byKey.values()];
}
