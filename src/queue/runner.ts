import { EventEmitter } from 'node:events';
import { Logger as GraphileLogger, run, type Runner, type Task, type TaskList, type WorkerEvents } from 'graphile-worker';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { TASKS, type TaskKey, type TaskPayloads } from './jobs';
import { beat } from './liveness';

/** A handler per task; a thrown error makes the queue retry the job with back-off. */
export type TaskHandlers = { [T in TaskKey]: (payload: TaskPayloads[T]) => Promise<void> };

export interface JobFinished {
  task: string;
  failed: boolean;
  seconds: number;
  willRetry: boolean;
}

export interface QueueRunner {
  /** The id graphile-worker locks this runner's jobs with (`locked_by`). */
  readonly poolId: string;
  /** Settles when the runner has stopped, whether asked to or not. */
  readonly done: Promise<void>;
  /** Called once if the runner gives up by itself (e.g. it cannot write job completions back). */
  onGiveUp(fn: (reason: string) => void): void;
  stop(): Promise<void>;
}

const LOCAL_QUEUE_SIZE = 32;

/**
 * graphile-worker's settings for our runners (also those of the bench's no-op ceiling, see
 * noop-ceiling.ts, so that both are the same runner).
 */
export function runnerOptions(concurrency: number) {
  return {
    concurrency,
    noHandleSignals: true,
    // With a local queue one fetcher polls for the whole pool, where each of the `concurrency`
    // workers used to poll once a second on its own: polling that often keeps jobs due in the
    // future (carrier reports, retries) picked up as promptly as before, at the same idle load.
    pollInterval: Math.max(50, Math.round(1000 / concurrency)),
    preset: {
      worker: {
        // Completions and failures that land in the same tick are written in one statement.
        completeJobBatchDelay: 0,
        failJobBatchDelay: 0,
        gracefulShutdownAbortTimeout: 8000,
        // Fetch (and lock) up to LOCAL_QUEUE_SIZE jobs per query instead of one query per job
        // (bench/: most of the difference between ~600 and ~1,000 deliveries/s on 2 cores). Jobs
        // still waiting locally are returned on graceful shutdown; after a crash or a lost
        // database they are released by the liveness check (see liveness.ts).
        localQueue: { size: Math.max(LOCAL_QUEUE_SIZE, concurrency) },
      },
    },
  };
}

/**
 * One graphile-worker runner over the pool: jobs are locked per job by PostgreSQL (SKIP LOCKED),
 * so any number of runners, in any number of processes, share one database.
 */
export async function startQueueRunner(opts: {
  pool: Pool;
  concurrency: number;
  handlers: TaskHandlers;
  log: Logger;
  onJobFinished?: (j: JobFinished) => void;
}): Promise<QueueRunner> {
  const { log } = opts;
  const logger = new GraphileLogger(() => (level, message, meta) => {
    const fn = level === 'error' ? log.error.bind(log) : level === 'warning' ? log.warn.bind(log) : log.debug.bind(log);
    // graphile-worker appends the error text to its messages ("Failed task … with error '…'"), and
    // a driver error's text embeds SQL with its values: keep the message up to there and log the
    // error through the logger's sanitizing serializer instead.
    const error = meta && typeof meta === 'object' ? (meta as { error?: unknown }).error : undefined;
    fn(error ? { err: error } : {}, message.split(' with error')[0]!);
  });
  const taskList: TaskList = {};
  for (const [key, handler] of Object.entries(opts.handlers) as Array<[TaskKey, (p: unknown) => Promise<void>]>) {
    taskList[TASKS[key]] = (async (payload: unknown) => handler(payload)) as Task;
  }

  const events = new EventEmitter() as WorkerEvents;
  let poolId: string | undefined;
  events.on('pool:create', ({ workerPool }) => {
    poolId ??= workerPool.id;
    // The first heartbeat goes out now, as the pool starts fetching, rather than after run() has
    // returned: a runner killed within its first moments has then (nearly always) beaten, and its
    // locks are judged by the heartbeat rather than by STALE_JOB_LOCK (liveness.ts).
    void beat(opts.pool, [workerPool.id]).catch(() => undefined);
  });
  let giveUp: ((reason: string) => void) | undefined;
  let gaveUp: string | undefined;
  let asked = false;
  const stoppedBy = (reason: string) => {
    if (gaveUp !== undefined || asked) return;
    gaveUp = reason;
    giveUp?.(reason);
  };
  // A pool that gives up (e.g. "Could not completeJobs ... aborting") starts a graceful shutdown
  // that may itself wait on the database for a long time: report it at once.
  let runner: Runner | undefined;
  events.on('pool:gracefulShutdown', ({ message }) => {
    if (gaveUp !== undefined || asked) return;
    stoppedBy(message);
    // ...and stop the rest of the runner (its cron loop) ourselves. graphile-worker stops it only
    // once the pool's promise settles, and in 0.17.3 that can never happen: after a failed
    // completeJobs/failJobs batch, the batcher's count of pending batches goes wrong and its
    // release() never resolves, so the pool never finishes terminating. The cron loop, with no
    // crontab, still re-arms a ref'd one-minute timer forever: a process whose database went away
    // once could not exit by itself after shutdown. On the next turn, once the pool has
    // deactivated (stop() then leaves the pool's own shutdown alone).
    setImmediate(() => void runner?.stop().catch(() => undefined));
  });
  const startedAt = new WeakMap<object, bigint>();
  events.on('job:start', ({ job }) => startedAt.set(job, process.hrtime.bigint()));
  events.on('job:complete', ({ job, error }) => {
    const began = startedAt.get(job);
    const failed = error !== null && error !== undefined;
    opts.onJobFinished?.({
      task: job.task_identifier,
      failed,
      seconds: began === undefined ? 0 : Number(process.hrtime.bigint() - began) / 1e9,
      willRetry: failed && job.attempts < job.max_attempts,
    });
  });

  runner = await run({ pgPool: opts.pool, taskList, events, logger, ...runnerOptions(opts.concurrency) });
  if (!poolId) throw new Error('graphile-worker did not report its pool');
  const started = runner;
  // Gave up before run() returned: the handler above had no runner to stop yet.
  if (gaveUp !== undefined) void started.stop().catch(() => undefined);
  // Whatever way the runner ends, its promise must never become an unhandled rejection.
  const done = started.promise.then(
    () => stoppedBy('the queue runner exited'),
    (err: unknown) => stoppedBy(err instanceof Error ? err.message : String(err)),
  );
  return {
    poolId,
    done,
    onGiveUp(fn) {
      giveUp = fn;
      // Gave up before anyone listened: tell the listener once it has taken this runner on.
      if (gaveUp !== undefined) setImmediate(() => fn(gaveUp!));
    },
    async stop() {
      asked = true; // not a give-up
      // A runner that already stopped by itself rejects stop(); there is nothing left to stop.
      await started.stop().catch(() => undefined);
    },
  };
}

/**
 * graphile-worker 0.17's local queue can reject in the background after its pool was released: a
 * "return jobs to the database" that failed for a lost connection is retried after a delay, and
 * when the retry fails too the queue throws "Cannot background something when the queue is already
 * released" from a promise nobody awaits. That runner is already gone and being replaced; its jobs
 * are released by the liveness check (liveness.ts). It is not a reason to end the process.
 */
export function isReleasedRunnerError(err: unknown): boolean {
  return err instanceof Error && err.message.startsWith('Cannot background something when the queue is already released');
}
