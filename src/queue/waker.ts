import type { Pool } from 'pg';

/**
 * Wakes the workers after jobs were committed without `add_job` (see insertJobsSql). Coalesced:
 * one NOTIFY per event-loop turn, outside any transaction, on graphile-worker's own channel.
 */
export interface JobWaker {
  jobsAdded(count: number): void;
}

export function createJobWaker(pool: Pick<Pool, 'query'>): JobWaker {
  let pending = 0;
  const wake = () => {
    const count = pending;
    pending = 0;
    // Same payload shape as add_job's own notification (graphile-worker nudges `count` workers).
    pool.query(`select pg_notify('jobs:insert', $1)`, [JSON.stringify({ r: Math.random(), count })]).catch(() => undefined);
  };
  return {
    jobsAdded(count) {
      if (count <= 0) return;
      if (pending === 0) setImmediate(wake);
      pending += count;
    },
  };
}
