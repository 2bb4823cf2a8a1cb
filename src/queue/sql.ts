import type { Pool } from 'pg';
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
  /**
   * addJobsSql only: a waiting job with the key keeps its own run_at instead of taking this one
   * ("make sure one exists"); a running one is left alone and a new one added, as always.
   */
  preserveRunAt?: boolean;
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
 * A `select` that adds one job per row through graphile-worker's `add_jobs` (which replaces a
 * waiting job with the same key and notifies the workers), all rows in one call: `add_job` per
 * row ran that function's four statements and a NOTIFY once per row, which made handing back a
 * few thousand deliveries (a full destination) the worker's main database cost (bench/README.md).
 * Yields one row (column `job`) per job added or moved. Keys must differ between the rows, as in
 * one `insert … on conflict`; no call is made when there are no rows.
 */
export function addJobsSql<K extends JobKind>(kind: K, rows: JobRows<K>): string {
  const p = parts(kind, rows);
  const spec = `row(${quote(p.task)}, ${p.payload}, null, ${rows.runAt ?? 'now()'}, ${MAX_ATTEMPTS}, ${p.key}, ${rows.priority ?? '0'}, null)::graphile_worker.job_spec`;
  return `select added as job
    from (select array(select ${spec} from ${rows.from}) as specs) s
    cross join lateral graphile_worker.add_jobs(s.specs, ${rows.preserveRunAt ? 'true' : 'false'}) added
   where cardinality(s.specs) > 0`;
}

/**
 * A `delete` of the waiting jobs of a keyed kind that are due, one per caller's row (`id`: the SQL
 * expression of the key's field over `from`), skipping jobs a runner has locked or another
 * statement holds. Returns per job `subject` (that expression), `priority` and `run_at`: the caller
 * takes the work over (e.g. parks it elsewhere) in the same statement, so it is never lost.
 */
export function takeDueJobsSql(kind: JobKind, rows: { from: string; id: string }): string {
  const def = JOB_KINDS[kind];
  if (!def.key) throw new Error(`${kind} jobs have no key`);
  return `delete from graphile_worker._private_jobs j
   using (select j2.id as job_id, (${rows.id}) as subject
            from ${rows.from}
            join graphile_worker._private_jobs j2 on j2.key = ${quote(def.key.prefix)} || (${rows.id})::text
           where j2.locked_at is null and j2.run_at <= now()
           for update of j2 skip locked) t
   where j.id = t.job_id
   returning t.subject, j.priority, j.run_at`;
}

/** An SQL condition: the keyed job of `kind` for the id expression exists (waiting or running). */
export function keyedJobExistsSql(kind: JobKind, idExpr: string): string {
  // A job that has used up its attempts keeps its key but will never run again: it does not count.
  return `exists (select 1 from graphile_worker._private_jobs j where ${jobKeyIs(kind, idExpr)} and j.attempts < j.max_attempts)`;
}

/** `j.key` is the key of the job of `kind` for the id expression. */
function jobKeyIs(kind: JobKind, idExpr: string): string {
  const key = JOB_KINDS[kind].key;
  if (!key) throw new Error(`${kind} jobs have no key`);
  return `j.key = ${quote(key.prefix)} || (${idExpr})::text`;
}

/**
 * An SQL condition: the keyed job of `kind` for the id expression is waiting (no runner holds it),
 * and stays so until the caller's transaction ends: its row is locked, so a runner cannot take it
 * meanwhile (graphile-worker's fetch skips locked rows). For "make sure one will run after this
 * commits" without rewriting a job that already will (add_jobs with preserveRunAt writes a new
 * version of its row, and every such statement queues on that row).
 */
export function waitingKeyedJobSql(kind: JobKind, idExpr: string): string {
  return `exists (select 1 from graphile_worker._private_jobs j where ${jobKeyIs(kind, idExpr)} and j.locked_at is null and j.attempts < j.max_attempts for no key update)`;
}

/**
 * Two CTEs (`<name>_moved`, `<name>_added`, for a statement's top-level WITH) that make sure each
 * id of `from` (columns `id`, the key's field, and `run_at`; several rows per id allowed, the
 * earliest counts) has its keyed job of `kind` due no later than that time: a waiting job due
 * later is moved earlier, one due sooner is left untouched (so statements that want no change do
 * not queue on its row), and an id with no waiting job gets one (a running one gets a successor).
 * For jobs that wake something at the earliest of many times, such as a destination's release
 * job for its parked deliveries: a retry due in an hour must not postpone one due now.
 * The statement must read `<name>_added` (e.g. `select count(*) from <name>_added`): a CTE that
 * only selects (add_jobs is called in one) runs only when read; the update runs regardless.
 *
 * A third CTE, `<name>_late` (`id`, `run_at`), holds the ids whose job is still due later than
 * wanted: two statements that each found no job and added one at once leave it at the time of
 * the first to commit (add_jobs, preserving the run_at, returns that row to the second). Neither
 * statement can see the other's row before it ends, so the caller moves those in a statement of
 * their own (`moveLateJobs`); it is rare, and only then costs a second statement.
 */
export function keyedJobNoLaterThanSql(kind: JobKind, from: string, name: string): string {
  const key = JOB_KINDS[kind].key;
  if (!key) throw new Error(`${kind} jobs have no key`);
  // Ordered: the jobs' rows are locked in one order by every statement, so two cannot deadlock.
  const wanted = `(select id, min(run_at) as run_at from (${from}) f group by id order by id)`;
  return `${name}_moved as (
       update graphile_worker._private_jobs j set run_at = w.run_at
         from ${wanted} w
        where ${jobKeyIs(kind, 'w.id')} and j.locked_at is null and j.attempts < j.max_attempts and j.run_at > w.run_at
       returning j.id
     ), ${name}_added as (
       ${addJobsSql(kind, { from: `${wanted} w where not ${waitingKeyedJobSql(kind, 'w.id')}`, fields: { [key.field]: 'w.id' } as JobRows<typeof kind>['fields'], runAt: 'w.run_at', preserveRunAt: true })}
     ), ${name}_late as (
       select w.id, w.run_at from ${name}_added a join ${wanted} w on (a.job).key = ${quote(key.prefix)} || (w.id)::text
        where (a.job).run_at > w.run_at
     )`;
}

/** The late ids of keyedJobNoLaterThanSql's `<name>_late`, as one JSON value for the statement's result. */
export const lateJobsJson = (name: string): string => `(select coalesce(json_agg(l), '[]'::json) from ${name}_late l)`;

/**
 * Moves the keyed jobs that a statement's `<name>_late` reported (see keyedJobNoLaterThanSql)
 * earlier, now that the row that kept them late is committed. Nothing to do for none.
 */
export async function moveLateJobs(pool: Pick<Pool, 'query'>, kind: JobKind, late: ReadonlyArray<{ id: string; run_at: string | Date }>): Promise<void> {
  if (late.length === 0) return;
  await pool.query(
    `with ${keyedJobNoLaterThanSql(kind, `select id, run_at from json_to_recordset($1::json) as t(id text, run_at timestamptz)`, 'again')} select count(*) from again_added`,
    [JSON.stringify(late)],
  );
}
