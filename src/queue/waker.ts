/**
 * Wakes the workers after jobs were committed without `add_job` (see insertJobsSql). Coalesced:
 * one NOTIFY per event-loop turn, outside any transaction, on graphile-worker's own channel, sent
 * by `notify` (the process's NotifyBatch: with the turn's other notifications, one statement).
 */
export interface JobWaker {
  jobsAdded(count: number): void;
}

export function createJobWaker(notify: (channel: string, payload: string) => void): JobWaker {
  let pending = 0;
  const wake = () => {
    const count = pending;
    pending = 0;
    // Same payload shape as add_job's own notification (graphile-worker nudges `count` workers).
    notify('jobs:insert', JSON.stringify({ r: Math.random(), count }));
  };
  return {
    jobsAdded(count) {
      if (count <= 0) return;
      if (pending === 0) setImmediate(wake);
      pending += count;
    },
  };
}
