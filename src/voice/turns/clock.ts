/** Cancels a timer; calling it again, or after the timer fired, does nothing. */
export type CancelTimer = () => void;

/**
 * Time as the voice stages see it: frames pace listening, and these timers only back it up (a
 * key-press pause, a far end that sends no audio). Injected, so tests drive time by hand.
 */
export interface Clock {
  now(): number;
  setTimer(ms: number, fire: () => void): CancelTimer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fire) {
    const t = setTimeout(fire, ms);
    return () => clearTimeout(t);
  },
};
