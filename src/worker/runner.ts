import { Logger as GraphileLogger, run, type Runner } from 'graphile-worker';
import type { Services } from '../services';
import { Sweeper } from './sweeper';
import { buildTaskList } from './tasks';

const LOCAL_QUEUE_SIZE = 32;

export interface WorkerHandle {
  /** The graphile-worker runner currently running (a new one after a restart). */
  readonly runner: Runner;
  sweeper: Sweeper;
  /** False between an unexpected stop of the queue runner and its successful restart. */
  running(): boolean;
  stop(): Promise<void>;
}

const RESTART_FIRST_DELAY_MS = 500;
const RESTART_MAX_DELAY_MS = 15_000;

/**
 * The background worker: graphile-worker over the same PostgreSQL, plus the sweeper. Jobs are
 * locked per job by PostgreSQL (SKIP LOCKED), so any number of workers can share one database;
 * deliveries additionally hold a row lease so one attempt is never sent twice at once.
 *
 * Supervised: graphile-worker shuts its pool down when it cannot write job completions back (a
 * database outage longer than its own retries: "queue is in an inconsistent state; aborting").
 * Such a stop, or any other stop we did not ask for, starts a new runner after a back-off, until
 * the database answers again. Jobs the old runner held stay locked until graphile-worker's lock
 * timeout; deliveries among them are re-queued earlier by the sweeper.
 */
export async function startWorker(s: Services): Promise<WorkerHandle> {
  const log = s.log.child({ component: 'worker' });
  const logger = new GraphileLogger(() => (level, message, meta) => {
    const fn = level === 'error' ? log.error.bind(log) : level === 'warning' ? log.warn.bind(log) : log.debug.bind(log);
    // graphile-worker appends the error text to its messages ("Failed task … with error '…'"), and
    // a driver error's text embeds SQL with its values: keep the message up to there and log the
    // error through the logger's sanitizing serializer instead.
    const error = meta && typeof meta === 'object' ? (meta as { error?: unknown }).error : undefined;
    fn(error ? { err: error } : {}, message.split(' with error')[0]!);
  });
  // Metrics: every delivery attempt (scheduled or manual) and every job this process runs.
  s.deliverer.listener = s.metrics.deliveryListener;
  const taskList = buildTaskList(s);

  let stopping = false;
  let alive = false;
  let current: Runner;
  let restartTimer: NodeJS.Timeout | undefined;

  const launch = async (): Promise<Runner> => {
    const runner = await run({
      pgPool: s.db.pool,
      concurrency: s.config.workerConcurrency,
      taskList,
      noHandleSignals: true,
      // With a local queue one fetcher polls for the whole pool, where each of the `concurrency`
      // workers used to poll once a second on its own: polling that often keeps jobs due in the
      // future (carrier reports, retries) picked up as promptly as before, at the same idle load.
      pollInterval: Math.max(50, Math.round(1000 / s.config.workerConcurrency)),
      logger,
      preset: {
        worker: {
          // Completions and failures that land in the same tick are written in one statement.
          completeJobBatchDelay: 0,
          failJobBatchDelay: 0,
          gracefulShutdownAbortTimeout: 8000,
          // Fetch (and lock) up to LOCAL_QUEUE_SIZE jobs per query instead of one query per job
          // (bench/: most of the difference between ~600 and ~1,000 deliveries/s on 2 cores). Jobs
          // still waiting locally are returned on graceful shutdown; a crash leaves them locked until
          // graphile-worker's lock timeout, and the sweeper re-queues their deliveries long before that.
          localQueue: { size: Math.max(LOCAL_QUEUE_SIZE, s.config.workerConcurrency) },
        },
      },
    });
    const startedAt = new WeakMap<object, bigint>();
    runner.events.on('job:start', ({ job }) => startedAt.set(job, process.hrtime.bigint()));
    runner.events.on('job:complete', ({ job, error }) => {
      const began = startedAt.get(job);
      const seconds = began === undefined ? 0 : Number(process.hrtime.bigint() - began) / 1e9;
      const failed = error !== null && error !== undefined;
      s.metrics.jobFinished(job.task_identifier, failed ? 'failure' : 'success', seconds, failed && job.attempts < job.max_attempts);
    });
    // A pool that gives up (e.g. "Could not completeJobs ... aborting") starts a graceful shutdown
    // that may itself wait on the database for a long time: replace it at once, let it wind down.
    runner.events.on('pool:gracefulShutdown', ({ message }) => onStopped(runner, message));
    runner.promise.then(
      () => onStopped(runner, 'the queue runner exited'),
      (err: unknown) => onStopped(runner, err),
    );
    return runner;
  };

  const retiring = new Set<Runner>();
  const onStopped = (runner: Runner, reason: unknown) => {
    if (stopping || runner !== current || retiring.has(runner)) return;
    retiring.add(runner);
    runner.promise.then(
      () => retiring.delete(runner),
      () => retiring.delete(runner),
    );
    alive = false;
    log.error({ reason: reason instanceof Error ? reason.message : String(reason) }, 'the queue runner stopped unexpectedly; starting a new one');
    scheduleRestart(RESTART_FIRST_DELAY_MS);
  };

  const scheduleRestart = (delayMs: number) => {
    restartTimer = setTimeout(() => {
      if (stopping) return;
      launch().then(
        (runner) => {
          if (stopping) {
            void runner.stop().catch(() => undefined);
            return;
          }
          current = runner;
          alive = true;
          log.warn('the queue runner is running again');
        },
        () => scheduleRestart(Math.min(delayMs * 2, RESTART_MAX_DELAY_MS)),
      );
    }, delayMs);
  };

  current = await launch();
  alive = true;
  const sweeper = new Sweeper(s);
  sweeper.start();
  return {
    get runner() {
      return current;
    },
    sweeper,
    running: () => alive,
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      await sweeper.stop();
      // Live calls (SIP dialogs) end with this process: hang them up and close the sockets.
      await s.liveCarrier?.close();
      // A runner that already stopped by itself rejects stop(); there is nothing left to stop.
      if (alive) await current.stop();
      alive = false;
      // Replaced runners still winding down: give them the abort timeout, then leave them.
      const winding = [...retiring].map((r) => r.promise.catch(() => undefined));
      if (winding.length) await Promise.race([Promise.all(winding), new Promise((r) => setTimeout(r, 10_000).unref())]);
    },
  };
}
