import type { Pool } from 'pg';

/**
 * graphile-worker's job table holds only the jobs waiting or running (a few hundred), but every
 * job leaves dead rows behind it: inserted, locked, deleted, hundreds a second under load. Between
 * two passes of autovacuum (a minute apart by default: `autovacuum_naptime`) the table grows to
 * tens of thousands of dead rows and hundreds of pages, and PostgreSQL reads them all on every
 * job fetch (it scans a table it believes small): measured at 50 calls/s, the fetch took 3–12 ms
 * and a third of PostgreSQL's statement time (bench/README.md, "The job table kept small"). Space
 * freed by a vacuum is reused, so vacuuming the table every few seconds stops it growing.
 * `skip_locked`: a vacuum another worker is running is not waited for.
 */
const VACUUM_JOBS_SQL = 'vacuum (skip_locked) graphile_worker._private_jobs';

/**
 * Dead rows worth a vacuum. Each vacuum rewrites the table's size in the catalog, which makes every
 * connection plan its statements on the table again (the placement statement among them, ~1.5 ms
 * of planning): a table that barely churns is left to autovacuum.
 */
const VACUUM_MIN_DEAD_ROWS = 1000;

const DEAD_ROWS_SQL = `select n_dead_tup as dead from pg_stat_user_tables where relid = 'graphile_worker._private_jobs'::regclass`;

/** Vacuums the job table once it holds VACUUM_MIN_DEAD_ROWS dead rows, looking every `intervalMs` (0: never), until stopped. */
export function startJobTableUpkeep(pool: Pick<Pool, 'query'>, intervalMs: number, onError: (err: unknown) => void): { stop(): Promise<void> } {
  if (intervalMs <= 0) return { stop: async () => undefined };
  let running: Promise<unknown> | undefined;
  const turn = async () => {
    const { rows } = await pool.query<{ dead: string }>(DEAD_ROWS_SQL);
    if (Number(rows[0]?.dead ?? 0) >= VACUUM_MIN_DEAD_ROWS) await pool.query(VACUUM_JOBS_SQL);
  };
  const timer = setInterval(() => {
    running ??= turn()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
