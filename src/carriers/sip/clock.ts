/** A timer that can be cancelled (and never fires after that). */
export interface Timer {
  cancel(): void;
}

/**
 * Time as the SIP and RTP layers see it: one small interface so that tests drive every timer
 * (RFC 3261 timers, ring timeout, RTCP interval) with a fake clock instead of waiting.
 */
export interface Clock {
  /** Milliseconds on a monotonic scale (only differences mean anything). */
  now(): number;
  /** Runs `fn` once after `ms`; `unref`: the timer alone does not keep the process alive. */
  after(ms: number, fn: () => void, opts?: { unref?: boolean }): Timer;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  after(ms, fn, opts) {
    const t = setTimeout(fn, ms);
    if (opts?.unref) t.unref();
    return { cancel: () => clearTimeout(t) };
  },
};
