import type { AgentMedia } from '../agent/agent-media';
import type { ListenFor } from '../dialog/dialog-policy';
import { FRAME_MS } from '../turns/endpointer';
import type { FakeClock } from './fake-clock';

const FRAME_SAMPLES = (8000 * FRAME_MS) / 1000;

export type MediaEvent = { type: 'play'; pcm: Int16Array } | { type: 'listen'; listen: ListenFor };

/**
 * The far end of a call in memory: what the agent plays and when it starts listening arrive as
 * events (`next()` waits for the next one), and the test answers with frames and keys. Each frame
 * moves the clock by 20 ms, as real audio would. Plays finish at once unless `holdPlays`.
 */
export class FakeMedia implements AgentMedia {
  onFrame: (pcm: Int16Array) => void = () => undefined;
  onDtmf: (digit: string) => void = () => undefined;
  readonly played: Int16Array[] = [];
  holdPlays = false;
  private readonly heldPlays: Array<() => void> = [];
  private readonly queue: MediaEvent[] = [];
  private waiter: ((e: MediaEvent) => void) | null = null;

  constructor(private readonly clock: FakeClock) {}

  play(pcm: Int16Array): Promise<void> {
    this.played.push(pcm);
    this.emit({ type: 'play', pcm });
    if (!this.holdPlays) return Promise.resolve();
    return new Promise((resolve) => this.heldPlays.push(resolve));
  }

  /** Give this to the agent as `onListen`. */
  readonly listening = (listen: ListenFor): void => this.emit({ type: 'listen', listen });

  /** Finishes the plays held so far. */
  finishPlays(): void {
    for (const resolve of this.heldPlays.splice(0)) resolve();
  }

  next(): Promise<MediaEvent> {
    const e = this.queue.shift();
    if (e) return Promise.resolve(e);
    return new Promise((resolve) => (this.waiter = resolve));
  }

  /** `count` frames of a tone at `amplitude` (0: silence), one at a time. */
  frames(count: number, amplitude: number): void {
    for (let i = 0; i < count; i++) {
      this.onFrame(new Int16Array(FRAME_SAMPLES).fill(amplitude));
      this.clock.advance(FRAME_MS);
    }
  }

  speech(ms: number): void {
    this.frames(ms / FRAME_MS, 2000);
  }

  silence(ms: number): void {
    this.frames(ms / FRAME_MS, 0);
  }

  keys(digits: string): void {
    for (const d of digits) this.onDtmf(d);
  }

  private emit(e: MediaEvent): void {
    const w = this.waiter;
    this.waiter = null;
    if (w) w(e);
    else this.queue.push(e);
  }
}
