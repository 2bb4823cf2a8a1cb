import { systemClock, type Clock, type Timer } from '../clock';

export interface SendStats {
  framesSent: number;
  /** How late each frame left compared to its schedule, in ms (max, and frames over 5 ms). */
  maxLatenessMs: number;
  lateFrames: number;
  /** Frames more than a whole frame (20 ms) late: what a far end's smallest jitter buffer cannot hide. */
  veryLateFrames: number;
  /** Times the sender had to catch up more than one frame at once (a gap the far end hears). */
  gaps: number;
}

/**
 * Paces frames every `frameMs` with a self-correcting timer: each tick aims at start + n*frameMs,
 * so timer drift never accumulates; a tick that finds several frames due sends them all (and
 * counts a gap).
 */
export class SendClock {
  private startedAt = 0;
  private frameNo = 0;
  private timer: Timer | undefined;
  private running = false;

  constructor(
    private readonly frameMs: number,
    /** Sends frame number n (0, 1, 2…). */
    private readonly sendFrame: (frameNo: number) => void,
    /** Runs once per tick after the due frames (the jitter buffer's playout check). */
    private readonly afterTick: (now: number) => void = () => undefined,
    private readonly clock: Clock = systemClock,
    readonly stats: SendStats = { framesSent: 0, maxLatenessMs: 0, lateFrames: 0, veryLateFrames: 0, gaps: 0 },
  ) {}

  get started(): boolean {
    return this.running;
  }

  /** Frames sent so far. */
  get frames(): number {
    return this.frameNo;
  }

  /**
   * Milliseconds since the first frame's schedule; 0 before it (audio can arrive first: early
   * media, or a far end that sends as soon as it answers).
   */
  elapsedMs(now = this.clock.now()): number {
    return this.running || this.frameNo > 0 ? now - this.startedAt : 0;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.startedAt = this.clock.now();
    this.tick();
  }

  stop(): void {
    this.running = false;
    this.timer?.cancel();
  }

  private tick = (): void => {
    if (!this.running) return;
    const now = this.clock.now();
    let sentNow = 0;
    while (this.startedAt + this.frameNo * this.frameMs <= now) {
      const lateness = now - (this.startedAt + this.frameNo * this.frameMs);
      if (lateness > this.stats.maxLatenessMs) this.stats.maxLatenessMs = lateness;
      if (lateness > 5) this.stats.lateFrames++;
      if (lateness > this.frameMs) this.stats.veryLateFrames++;
      this.sendFrame(this.frameNo);
      this.frameNo++;
      this.stats.framesSent++;
      sentNow++;
    }
    if (sentNow > 1) this.stats.gaps++;
    this.afterTick(now);
    if (!this.running) return;
    const next = this.startedAt + this.frameNo * this.frameMs;
    this.timer = this.clock.after(Math.max(0, next - this.clock.now()), this.tick);
  };
}
