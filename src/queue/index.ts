/**
 * The queue: the one place that knows graphile-worker (its schema, task names, job keys, attempts,
 * NOTIFY channel and runner). Features add jobs through `job()` + `addJobs()`, or, inside a
 * one-statement hot path, through `insertJobsSql()` / `addJobsSql()`. See docs/queue-and-delivery.md.
 */
export { job, JOB_KINDS, MAX_ATTEMPTS, RETRY_PRIORITY, TASKS, type DeliveryTrigger, type Job, type JobKind, type TaskKey, type TaskPayloads } from './jobs';
export { addJobs, type SqlExecutor } from './add';
export { addJobsSql, insertJobsSql, keyedJobExistsSql, keyedJobNoLaterThanSql, lateJobsJson, moveLateJobs, takeDueJobsSql, type JobRows } from './sql';
export { createJobWaker, type JobWaker } from './waker';
export { migrateQueue, QUEUE_DEPTH_SQL } from './schema';
export { isReleasedRunnerError, startQueueRunner, type JobFinished, type QueueRunner, type TaskHandlers } from './runner';
export { measureNoopDrain } from './noop-ceiling';
export { startJobTableUpkeep } from './upkeep';
export { beat, releaseDeadRunners, releaseRunnersFromBeforeStart, retire, type DeadRunners } from './liveness';
