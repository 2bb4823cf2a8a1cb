import { JOB_KINDS, MAX_ATTEMPTS, TASKS, type JobInputs, type JobKind } from './jobs';

/**
 * SQL fragments that write jobs inside a caller's statement, for the paths where the state change
 * and its jobs must be one statement (atomic, one round trip). Each takes SQL expressions over the
 * caller's rows (`from`), one per payload field; the kind supplies the task, key, attempts and
 * constant fields. Expressions are the caller's SQL text, never user input.
 */
export interface JobRows<K extends JobKind> {
  /** The FROM clause (and WHERE) the rows come from, e.g. `d where d.url is not null`. */
  from: string;
  /** One SQL expression per payload field, or (carrierReport) one json expression for the whole payload. */
  fields: K extends 'carrierReport' ? { payload: string } : { [F in keyof JobInputs[K]]: string };
  /** When the job is due (default: now). */
  runAt?: string;
  /** Among due jobs, lower numbers run first (default 0; RETRY_PRIORITY for retries). */
  priority?: string;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

function parts<K extends JobKind>(kind: K, rows: JobRows<K>): { task: string; payload: string; key: string } {
  const def = JOB_KINDS[kind];
  const fields = rows.fields as Record<string, string>;
  const payload =
    kind === 'carrierReport'
      ? `(${fields.payload})::json`
      : `json_build_object(${[...Object.entries(fields), ...Object.entries(def.fixed).map(([k, v]) => [k, quote(v)] as const)]
          .map(([k, v]) => `${quote(k)}, ${v}`)
          .join(', ')})`;
  const key = def.key ? `${quote(def.key.prefix)} || (${fields[def.key.field]})::text` : 'null';
  return { task: TASKS[def.task], payload, key };
}

/**
 * `insert … select` of job rows, without graphile-worker's `add_job`: the row add_job would write
 * for a key that cannot exist yet (keys here embed a fresh UUIDv7), minus its `pg_notify`. Why: a
 * NOTIFY inside a writing transaction takes PostgreSQL's global notify lock from pre-commit until
 * the commit record is flushed, so every such commit in the cluster is serialized behind the WAL
 * flush (measured: ~500 vs ~1,500 placements/s). Wake the worker after commit instead
 * (`JobWaker.jobsAdded`); if the wake-up is lost, the worker's poll still finds the job.
 * Tied to graphile-worker 0.17's schema (pinned exactly in package.json); the tests that place
 * calls and receive their webhooks exercise it. Append `returning 1` to count the rows.
 */
export function insertJobsSql<K extends JobKind>(kind: K, rows: JobRows<K>): string {
  const p = parts(kind, rows);
  return `insert into graphile_worker._private_jobs (task_id, payload, run_at, max_attempts, key)
  select (select id from graphile_worker._private_tasks where identifier = ${quote(p.task)}), ${p.payload}, ${rows.runAt ?? 'now()'}, ${MAX_ATTEMPTS}, ${p.key}
    from ${rows.from}`;
}

/**
 * A `select` that adds one job per row through graphile-worker's `add_job` (which replaces a
 * waiting job with the same key and notifies the workers). Each row yields a column `job`.
 */
export function addJobsSql<K extends JobKind>(kind: K, rows: JobRows<K>): string {
  const p = parts(kind, rows);
  return `select graphile_worker.add_job(${quote(p.task)}, ${p.payload}, run_at => ${rows.runAt ?? 'now()'}, job_key => ${p.key}, max_attempts => ${MAX_ATTEMPTS}, priority => ${rows.priority ?? '0'}) as job
    from ${rows.from}`;
}
