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
  private total = 0;
  private readonly waiters: Array<() => void> = [];
  /** Deliveries waiting in this process for a slot of their destination, first come first served. */
  private readonly queued = new Map<string, Array<() => void>>();

  constructor(
    readonly perDestination: number,
    readonly maxInFlight: number,
  ) {}

  /** A slot for `dest` if it has one free (and the process is under its total), else false. */
  tryAcquire(dest: string): boolean {
    const n = this.inUse.get(dest) ?? 0;
    if (n >= this.perDestination || this.total >= this.maxInFlight) return false;
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
   * `maxWaitMs` (from the destination's recent attempt durations and the deliveries already
   * waiting here) and fewer than `maxQueued` wait; else null, and the caller hands the delivery
   * back to the queue. A fast receiver briefly at its limit is served in order from here, without
   * a trip through the database; a slow or failing one gets only as many waiters as it can serve
   * in that time, the rest are parked.
   */
  waitForSlot(dest: string, maxWaitMs: number, maxQueued: number): Promise<void> | null {
    const q = this.queued.get(dest) ?? [];
    // No attempt to this destination has finished yet (a worker's first moments): nothing says it
    // is slow, so deliveries wait here up to `maxQueued` rather than being handed back for a guessed
    // second or more; a wait that runs long is handed back by the caller all the same.
    const mean = this.meanMs.get(dest);
    if (q.length >= maxQueued || (mean !== undefined && ((q.length + 1) * mean) / this.perDestination > maxWaitMs)) return null;
    this.queued.set(dest, q);
    return new Promise((resolve) => q.push(resolve));
  }

  release(dest: string, durationMs: number | null): void {
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
      next();
      return;
    }
    const n = (this.inUse.get(dest) ?? 1) - 1;
    if (n <= 0) this.inUse.delete(dest);
    else this.inUse.set(dest, n);
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
