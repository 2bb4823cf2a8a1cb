import { MikroORM } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import { createJobWaker, migrateQueue } from '../queue';
import { NotifyBatch } from '../common/notify-batch';
import type { Logger } from 'pino';
import { ormConfig, type EntityList } from './mikro-orm.config';

/**
 * The database handles the process needs: MikroORM for the domain, and one small pg Pool for the
 * queue (src/queue), rate limiting and LISTEN/NOTIFY, which want a plain driver.
 */
export interface Database {
  orm: MikroORM;
  pool: Pool;
  url: string;
  /**
   * Wakes the queue's workers after jobs were committed without a notification (see
   * insertJobsSql in src/queue). Coalesced: one NOTIFY per event-loop turn, outside any transaction.
   */
  jobsAdded(count: number): void;
  /** This process's NOTIFYs, one statement per event-loop turn (the queue's wake-ups and the live updates together). */
  notifications: NotifyBatch;
  close(): Promise<void>;
}

export async function openDatabase(opts: {
  url: string;
  /** The features' entities (src/entities.ts): the database layer knows none of them. */
  entities: EntityList;
  poolSize: number;
  queuePoolSize?: number;
  /**
   * Open every connection of the queue pool at start and keep them open when idle. A new
   * connection costs PostgreSQL a process, an authentication and cold catalog caches, and the
   * process its own half of the authentication: paid during the first burst of work, that is
   * the first second of load queueing behind it (bench/README.md, "Stalls"). Also keeps the
   * pool's prepared statements.
   */
  keepQueuePoolOpen?: boolean;
  log?: Logger;
}): Promise<Database> {
  const orm = await MikroORM.init(ormConfig({ url: opts.url, poolSize: opts.poolSize, entities: opts.entities, log: opts.log }));
  const max = opts.queuePoolSize ?? 8;
  const pool = new Pool({
    connectionString: opts.url,
    // The queue needs one connection per concurrent job plus a few for LISTEN and bookkeeping.
    max,
    min: opts.keepQueuePoolOpen ? max : 0,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  if (opts.keepQueuePoolOpen) {
    const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
    for (const c of clients) c.release();
  }
  const notifications = new NotifyBatch(pool);
  const waker = createJobWaker((channel, payload) => notifications.push(channel, payload));
  return {
    orm,
    pool,
    url: opts.url,
    jobsAdded: (count) => waker.jobsAdded(count),
    notifications,
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
    await migrateQueue(db.pool);
    await db.orm.getMigrator().up();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
