import { run } from 'graphile-worker';
import type { Pool } from 'pg';
import { runnerOptions } from './runner';

/** A task that does nothing, known only here: the bench's measure of the queue's own ceiling. */
const NOOP_TASK = 'bench_noop';

/**
 * The bench's reference for the delivery drain: how fast one of our runners (the same settings as
 * the worker's, runner.ts) drains `jobs` jobs that do nothing, on the same database. A delivery
 * costs its job plus the attempt's own work, so the drain of deliveries is read as a share of this.
 * Not used by the service.
 */
export async function measureNoopDrain(pool: Pool, opts: { jobs: number; concurrency: number }): Promise<{ jobs: number; seconds: number; perSec: number }> {
  await pool.query(`insert into graphile_worker._private_tasks (identifier) values ($1) on conflict (identifier) do nothing`, [NOOP_TASK]);
  await pool.query(
    `insert into graphile_worker._private_jobs (task_id, payload, run_at, max_attempts)
     select (select id from graphile_worker._private_tasks where identifier = $1), json_build_object('n', g), now(), 1 from generate_series(1, $2) g`,
    [NOOP_TASK, opts.jobs],
  );
  let done = 0;
  let first = 0;
  let last = 0;
  let finished!: () => void;
  const all = new Promise<void>((r) => (finished = r));
  const runner = await run({
    pgPool: pool,
    taskList: {
      [NOOP_TASK]: async () => {
        const now = performance.now();
        if (done === 0) first = now;
        last = now;
        if (++done >= opts.jobs) finished();
      },
    },
    ...runnerOptions(opts.concurrency),
  });
  await all;
  await runner.stop();
  const seconds = (last - first) / 1000;
  return { jobs: done, seconds, perSec: done > 1 ? (done - 1) / seconds : 0 };
}
