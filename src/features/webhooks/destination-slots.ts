/**
 * Attempts in flight per destination (a receiver's origin) and in total, in this process. A
 * destination at its limit gets no more attempts until one of its own finishes: a slow or failing
 * receiver holds at most `perDestination` of this worker's attempts, never all of them. A delivery
 * that finds its destination full is parked for later (see WebhookDeliverer, parking.ts), so it
 * holds no job slot while it waits. See docs/queue-and-delivery.md.
 */
export class DestinationSlots {
  private readonly inUse = new Map<string, number>();
  /** Mean duration of recent attempts per destination (ms): how soon its next slot is expected. */
  private readonly meanMs = new Map<string, number>();
  /**
   * When each busy destination last showed progress: its first attempt in flight started, or an
   * attempt of it finished. A destination at its limit that has shown none for longer than a
   * waiter may wait is slow, whether or not any attempt of it has finished yet.
   */
  private readonly progressAt = new Map<string, number>();
  private total = 0;
  private readonly waiters: Array<() => void> = [];
  /** Deliveries waiting in this process for a slot of their destination, first come first served. */
  private readonly queued = new Map<string, Array<(got: boolean) => void>>();

  constructor(
    readonly perDestination: number,
    readonly maxInFlight: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A slot for `dest` if it has one free (and the process is under its total), else false. */
  tryAcquire(dest: string): boolean {
    const n = this.inUse.get(dest) ?? 0;
    if (n >= this.perDestination || this.total >= this.maxInFlight) return false;
    if (n === 0) this.progressAt.set(dest, this.now());
    this.inUse.set(dest, n + 1);
    this.total++;
    return true;
  }

  /** True when the process as a whole is at its limit (as opposed to one destination). */
  full(): boolean {
    return this.total >= this.maxInFlight;
  }

  /** Resolves once some slot was released (the process was at its total). */
  whenAnyReleased(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * For a destination at its limit: a promise of its next free slot, if that is expected within
   * `maxWaitMs` and fewer than `maxQueued` wait; else null, and the caller parks the delivery. The
   * promise resolves true with the slot, or false (no slot) once the first delivery waiting for the
   * destination has waited `giveUpMs` (then all its waiters are told at once): a destination that
   * stopped answering while deliveries waited for it gets them parked together, a second after it
   * is known slow, rather than when its attempts time out.
   *
   * Expected: from the destination's recent attempt durations and the deliveries already waiting
   * here. A destination with no finished attempt yet (a worker's first moments) is not assumed
   * slow, unless it has shown no progress (no attempt finished) for `maxWaitMs`: a receiver that
   * hangs is known slow after a second, not after its first timeout.
   */
  waitForSlot(dest: string, maxWaitMs: number, maxQueued: number, giveUpMs = 2 * maxWaitMs): Promise<boolean> | null {
    const stalledMs = this.now() - (this.progressAt.get(dest) ?? this.now());
    if (stalledMs > maxWaitMs) {
      // Those already waiting would wait as long: they are parked together, in one go.
      this.giveUpAll(dest);
      return null;
    }
    const q = this.queued.get(dest) ?? [];
    const mean = this.meanMs.get(dest);
    if (q.length >= maxQueued || (mean !== undefined && ((q.length + 1) * mean) / this.perDestination > maxWaitMs)) return null;
    this.queued.set(dest, q);
    return new Promise<boolean>((resolve) => {
      // The first waiter to run out of time is the one at the head: no slot came for any of them.
      const timer = setTimeout(() => this.giveUpAll(dest), giveUpMs);
      timer.unref();
      const take = (got: boolean) => {
        clearTimeout(timer);
        resolve(got);
      };
      q.push(take);
    });
  }

  /** Every delivery waiting for `dest` is told it gets no slot (and is parked by its caller). */
  private giveUpAll(dest: string): void {
    const q = this.queued.get(dest);
    if (!q) return;
    this.queued.delete(dest);
    for (const take of q) take(false);
  }

  release(dest: string, durationMs: number | null): void {
    this.progressAt.set(dest, this.now());
    if (durationMs !== null) {
      const prev = this.meanMs.get(dest);
      this.meanMs.set(dest, prev === undefined ? durationMs : prev * 0.8 + durationMs * 0.2);
      if (this.meanMs.size > 10_000) this.meanMs.clear();
    }
    const q = this.queued.get(dest);
    if (q?.length) {
      // The slot goes straight to the next delivery waiting for this destination (counts unchanged).
      const next = q.shift()!;
      if (!q.length) this.queued.delete(dest);
      next(true);
      return;
    }
    const n = (this.inUse.get(dest) ?? 1) - 1;
    if (n <= 0) {
      this.inUse.delete(dest);
      this.progressAt.delete(dest);
    } else {
      this.inUse.set(dest, n);
    }
    this.total--;
    this.waiters.shift()?.();
  }

  inFlight(dest?: string): number {
    return dest === undefined ? this.total : (this.inUse.get(dest) ?? 0);
  }

  /** Attempts `dest` could start now in this process (its own limit and the process's total). */
  free(dest: string): number {
    return Math.max(0, Math.min(this.perDestination - (this.inUse.get(dest) ?? 0), this.maxInFlight - this.total));
  }

  /** Mean duration of the destination's recent attempts, if one has finished. */
  meanDurationMs(dest: string): number | undefined {
    return this.meanMs.get(dest);
  }
}

/** The destination key of a URL: its origin (scheme, host, port). */
export function destinationOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
