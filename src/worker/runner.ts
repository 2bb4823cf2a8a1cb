import { Logger as GraphileLogger, run, type Runner } from 'graphile-worker';
import type { Services } from '../services';
import { Sweeper } from './sweeper';
import { buildTaskList } from './tasks';

const LOCAL_QUEUE_SIZE = 32;

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
    preset: {
      worker: {
        // Completions and failures that land in the same tick are written in one statement.
        completeJobBatchDelay: 0,
        failJobBatchDelay: 0,
        gracefulShutdownAbortTimeout: 8000,
        // Fetch (and lock) up to LOCAL_QUEUE_SIZE jobs per query instead of one query per job; on
        // this 2-core machine that is most of the difference between ~200 and ~1,000 jobs/s
        // (bench/). Jobs still waiting locally are returned on graceful shutdown; a crash leaves
        // them locked until graphile-worker's lock timeout, and the sweeper re-queues their
        // deliveries long before that.
        localQueue: { size: Math.max(LOCAL_QUEUE_SIZE, s.config.workerConcurrency) },
      },
    },
  });
  // Metrics: every delivery attempt (scheduled or manual) and every job this process runs.
  s.deliverer.listener = s.metrics.deliveryListener;
  const startedAt = new WeakMap<object, bigint>();
  runner.events.on('job:start', ({ job }) => startedAt.set(job, process.hrtime.bigint()));
  runner.events.on('job:complete', ({ job, error }) => {
    const began = startedAt.get(job);
    const seconds = began === undefined ? 0 : Number(process.hrtime.bigint() - began) / 1e9;
    const failed = error !== null && error !== undefined;
    s.metrics.jobFinished(job.task_identifier, failed ? 'failure' : 'success', seconds, failed && job.attempts < job.max_attempts);
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
