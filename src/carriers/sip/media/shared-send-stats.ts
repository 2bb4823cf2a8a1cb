import type { SendStats } from './send-clock';

const FIELDS = 5;

/**
 * A send clock's counters in shared memory: the media thread writes them as frames leave, the
 * main thread reads them at any time without asking (a call's position in its recording, the
 * capacity bench). Each field is written by one thread only.
 */
export class SharedSendStats implements SendStats {
  private readonly f: Float64Array;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(FIELDS * Float64Array.BYTES_PER_ELEMENT)) {
    this.f = new Float64Array(buffer);
  }

  get framesSent(): number {
    return this.f[0]!;
  }
  set framesSent(v: number) {
    this.f[0] = v;
  }
  get maxLatenessMs(): number {
    return this.f[1]!;
  }
  set maxLatenessMs(v: number) {
    this.f[1] = v;
  }
  get lateFrames(): number {
    return this.f[2]!;
  }
  set lateFrames(v: number) {
    this.f[2] = v;
  }
  get veryLateFrames(): number {
    return this.f[4]!;
  }
  set veryLateFrames(v: number) {
    this.f[4] = v;
  }
  get gaps(): number {
    return this.f[3]!;
  }
  set gaps(v: number) {
    this.f[3] = v;
  }

  /** A plain copy (what a reader keeps to take differences later). */
  snapshot(): SendStats {
    return { framesSent: this.framesSent, maxLatenessMs: this.maxLatenessMs, lateFrames: this.lateFrames, veryLateFrames: this.veryLateFrames, gaps: this.gaps };
  }
}
