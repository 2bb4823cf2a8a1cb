import type { CancelTimer, Clock } from '../turns/clock';

/** A clock that moves only when told: `advance(ms)` fires the timers due, in order. */
export class FakeClock implements Clock {
  private time = 0;
  private nextId = 0;
  private readonly timers = new Map<number, { at: number; fire: () => void }>();

  now(): number {
    return this.time;
  }

  setTimer(ms: number, fire: () => void): CancelTimer {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fire });
    return () => this.timers.delete(id);
  }

  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].fire();
    }
    this.time = until;
  }

  get pendingTimers(): number {
    return this.timers.size;
  }
}
