/**
 * Delay before the next scheduled attempt, or null when the schedule is exhausted.
 * Default schedule (docs/webhooks.md, "Delivery and retries"): 5s, 5m, 30m, 2h, 5h, 10h, 10h = 8 attempts in all, each delay
 * with ±20 % jitter so that a receiver's outage does not turn into a synchronized stampede.
 * After a 429 or a timeout the wait is at least `floorMs`.
 */
export function nextRetryDelayMs(opts: {
  scheduleMs: readonly number[];
  scheduledAttemptsMade: number;
  slowDown: boolean;
  floorMs: number;
  random?: () => number;
}): number | null {
  const base = opts.scheduleMs[opts.scheduledAttemptsMade - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (0.8 + 0.4 * (opts.random ?? Math.random)()));
  return opts.slowDown ? Math.max(jittered, opts.floorMs) : jittered;
}
