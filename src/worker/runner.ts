import { Logger as GraphileLogger, run, type Runner } from 'graphile-worker';
import type { Services } from '../services';
import { Sweeper } from './sweeper';
import { buildTaskList } from './tasks';

export interface WorkerHandle {
  runner: Runner;
  sweeper: Sweeper;
  stop(): Promise<void>;
}

/**
 * The background worker: graphile-worker over the same PostgreSQL, plus the sweeper. Jobs are
 * locked per job by PostgreSQL (SKIP LOCKED), so any number of workers can share one database;
 * deliveries additionally hold a row lease so one attempt is never sent twice at once.
 */
export async function startWorker(s: Services): Promise<WorkerHandle> {
  const log = s.log.child({ component: 'worker' });
  const logger = new GraphileLogger(() => (level, message, meta) => {
    const fn = level === 'error' ? log.error.bind(log) : level === 'warning' ? log.warn.bind(log) : log.debug.bind(log);
    fn({ meta: meta && typeof meta === 'object' ? Object.keys(meta) : undefined }, message);
  });
  const runner = await run({
    pgPool: s.db.pool,
    concurrency: s.config.workerConcurrency,
    taskList: buildTaskList(s),
    noHandleSignals: true,
    pollInterval: 1000,
    logger,
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0, gracefulShutdownAbortTimeout: 8000 } },
  });
  const sweeper = new Sweeper(s);
  sweeper.start();
  return {
    runner,
    sweeper,
    async stop() {
      await sweeper.stop();
      await runner.stop();
    },
  };
}
