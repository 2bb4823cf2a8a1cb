import { MikroORM } from '@mikro-orm/postgresql';
import { runMigrations } from 'graphile-worker';
import { Pool } from 'pg';
import type { Logger } from '../shared/logger';
import { ormConfig } from './mikro-orm.config';

/**
 * The database handles the process needs: MikroORM for the domain, and one small pg Pool for the
 * queue (graphile-worker), rate limiting and LISTEN/NOTIFY, which want a plain driver.
 */
export interface Database {
  orm: MikroORM;
  pool: Pool;
  url: string;
  /**
   * Wakes graphile-worker listeners after jobs were committed without `add_job` (see
   * DIRECT_JOB_INSERT). Coalesced: one NOTIFY per event-loop turn, outside any transaction.
   */
  jobsAdded(count: number): void;
  close(): Promise<void>;
}

/**
 * Every task name a job may be inserted for directly. Their rows in graphile_worker._private_tasks
 * are created at migration time, so a direct insert never meets a missing task.
 */
export const TASK_NAMES = ['deliver_webhook', 'dial_call', 'carrier_report', 'analyze_call', 'replay_webhooks'] as const;

/**
 * A graphile-worker job inserted as a plain row inside the caller's statement/transaction, i.e.
 * what `graphile_worker.add_job(task, payload, job_key => key, max_attempts => n)` does for a key
 * that cannot exist yet (keys here embed a fresh UUIDv7), minus its `pg_notify`. Why: a NOTIFY
 * inside a writing transaction takes PostgreSQL's global notify lock from pre-commit until the
 * commit record is flushed, so every such commit in the cluster is serialized behind the WAL
 * flush (measured here: ~500 vs ~1,500 placements/s). The wake-up is sent after commit instead
 * (`Database.jobsAdded`); if it is lost, the worker's poll (1 s) still finds the job.
 * Schema of graphile-worker 0.17 (pinned exactly in package.json); the integration tests that
 * place calls and receive their webhooks exercise it.
 */
export const DIRECT_JOB_INSERT = `insert into graphile_worker._private_jobs (task_id, payload, run_at, max_attempts, key)`;
export const directJobTaskId = (task: (typeof TASK_NAMES)[number]): string =>
  `(select id from graphile_worker._private_tasks where identifier = '${task}')`;

export async function openDatabase(opts: { url: string; poolSize: number; queuePoolSize?: number; log?: Logger }): Promise<Database> {
  const orm = await MikroORM.init(ormConfig({ url: opts.url, poolSize: opts.poolSize, log: opts.log }));
  const pool = new Pool({
    connectionString: opts.url,
    // The queue needs one connection per concurrent job plus a few for LISTEN and bookkeeping.
    max: opts.queuePoolSize ?? 8,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  let pendingJobs = 0;
  const wake = () => {
    const count = pendingJobs;
    pendingJobs = 0;
    // Same payload shape as add_job's own notification (graphile-worker nudges `count` workers).
    pool.query(`select pg_notify('jobs:insert', $1)`, [JSON.stringify({ r: Math.random(), count })]).catch(() => undefined);
  };
  return {
    orm,
    pool,
    url: opts.url,
    jobsAdded(count) {
      if (count <= 0) return;
      if (pendingJobs === 0) setImmediate(wake);
      pendingJobs += count;
    },
    async close() {
      await Promise.allSettled([orm.close(true), pool.end()]);
    },
  };
}

const MIGRATION_LOCK = 7_263_540_001;

/**
 * Queue schema first (the domain migrations do not touch it), then the domain schema. An advisory
 * lock makes several processes starting at once against one database take turns.
 */
export async function migrate(db: Database): Promise<void> {
  const client = await db.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await runMigrations({ pgPool: db.pool });
    await db.pool.query(
      `insert into graphile_worker._private_tasks (identifier) select unnest($1::text[]) on conflict (identifier) do nothing`,
      [TASK_NAMES],
    );
    await db.orm.getMigrator().up();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
