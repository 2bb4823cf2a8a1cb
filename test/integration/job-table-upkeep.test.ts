import { eventually } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The worker vacuums graphile-worker's job table every QUEUE_VACUUM_INTERVAL, so that the rows
// every job leaves behind do not pile up between two passes of autovacuum (src/queue/upkeep.ts).
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ QUEUE_VACUUM_INTERVAL: '200ms' }, { worker: true });
});
afterAll(() => app.close());

const stats = async () =>
  (
    await app.db.pool.query<{ dead: string; vacuums: string }>(
      `select n_dead_tup as dead, vacuum_count as vacuums from pg_stat_user_tables where relid = 'graphile_worker._private_jobs'::regclass`,
    )
  ).rows[0]!;

test('the rows 5,000 finished jobs leave behind are vacuumed away by the worker, not left to autovacuum', async () => {
  // Jobs of a task no runner knows (never taken), then deleted as finished jobs are: 5,000 dead rows.
  await app.db.pool.query(`select graphile_worker.add_jobs(array(select row('upkeep_probe', '{}'::json, null, now() + interval '1 day', 1, null, 0, null)::graphile_worker.job_spec from generate_series(1, 5000)))`);
  const vacuumsBefore = Number((await stats()).vacuums);
  const client = await app.db.pool.connect();
  try {
    await client.query(`delete from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = 'upkeep_probe')`);
    await client.query('select pg_stat_force_next_flush()');
  } finally {
    client.release();
  }
  await eventually(async () => {
    const s = await stats();
    // vacuum_count counts the VACUUM statements only (autovacuum has a count of its own).
    return Number(s.vacuums) > vacuumsBefore && Number(s.dead) < 5000;
  }, { what: 'the job table vacuumed by the worker' });
});
