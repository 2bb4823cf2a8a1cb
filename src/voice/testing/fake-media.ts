import type { AgentMedia, Playback } from '../agent/agent-media';
import type { ListenFor } from '../dialog/dialog-policy';
import { FRAME_MS } from '../turns/endpointer';
import type { FakeClock } from './fake-clock';

const FRAME_SAMPLES = (8000 * FRAME_MS) / 1000;

export type MediaEvent = { type: 'play'; pcm: Int16Array } | { type: 'listen'; listen: ListenFor } | { type: 'stop'; pcm: Int16Array; playedMs: number };

interface Playing {
  pcm: Int16Array;
  startMs: number | null;
  playedMs: number;
  resolve: (r: { startMs: number; playedMs: number }) => void;
}

/**
 * The far end of a call in memory: what the agent plays, stops and when it starts listening
 * arrive as events (`next()` waits for the next one), and the test answers with frames and keys.
 * Each frame moves the clock by 20 ms, as real audio would. Plays finish at once unless
 * `holdPlays`: then they are sent 20 ms per frame the far end sends (one after the other, as on
 * the wire), until they end, are stopped, or `finishPlays()`.
 */
export class FakeMedia implements AgentMedia {
  onFrame: (pcm: Int16Array) => void = () => undefined;
  onDtmf: (digit: string) => void = () => undefined;
  readonly played: Int16Array[] = [];
  holdPlays = false;
  private readonly playing: Playing[] = [];
  private readonly queue: MediaEvent[] = [];
  private waiter: ((e: MediaEvent) => void) | null = null;
  private delivering = false;

  constructor(private readonly clock: FakeClock) {}

  /** The clock; while a frame is delivered, its end (a frame arrives when its last sample has). */
  get positionMs(): number {
    return this.clock.now() + (this.delivering ? FRAME_MS : 0);
  }

  play(pcm: Int16Array): Playback {
    this.played.push(pcm);
    this.emit({ type: 'play', pcm });
    if (!this.holdPlays) return { done: Promise.resolve({ startMs: this.positionMs, playedMs: (pcm.length * 1000) / 8000 }), stop: () => undefined };
    const p: Playing = { pcm, startMs: null, playedMs: 0, resolve: () => undefined };
    const done = new Promise<{ startMs: number; playedMs: number }>((resolve) => (p.resolve = resolve));
    this.playing.push(p);
    return {
      done,
      stop: () => {
        const at = this.playing.indexOf(p);
        if (at < 0) return;
        this.playing.splice(at, 1);
        this.emit({ type: 'stop', pcm, playedMs: p.playedMs });
        p.resolve({ startMs: p.startMs ?? this.positionMs, playedMs: p.playedMs });
      },
    };
  }

  /** Give this to the agent as `onListen`. */
  readonly listening = (listen: ListenFor): void => this.emit({ type: 'listen', listen });

  /** Finishes the plays held so far, as if sent to their end now. */
  finishPlays(): void {
    for (const p of this.playing.splice(0)) p.resolve({ startMs: p.startMs ?? this.positionMs, playedMs: (p.pcm.length * 1000) / 8000 });
  }

  /** Whether a held play is still being sent. */
  get isPlaying(): boolean {
    return this.playing.length > 0;
  }

  next(): Promise<MediaEvent> {
    const e = this.queue.shift();
    if (e) return Promise.resolve(e);
    return new Promise((resolve) => (this.waiter = resolve));
  }

  /** `count` frames of a tone at `amplitude` (0: silence), one at a time. */
  frames(count: number, amplitude: number): void {
    for (let i = 0; i < count; i++) {
      this.delivering = true;
      this.onFrame(new Int16Array(FRAME_SAMPLES).fill(amplitude));
      this.delivering = false;
      this.sendFrame();
      this.clock.advance(FRAME_MS);
    }
  }

  /** Real audio (8 kHz), frame by frame (the last frame zero-padded). */
  audio(pcm: Int16Array): void {
    for (let i = 0; i < pcm.length; i += FRAME_SAMPLES) {
      const frame = new Int16Array(FRAME_SAMPLES);
      frame.set(pcm.subarray(i, Math.min(pcm.length, i + FRAME_SAMPLES)));
      this.delivering = true;
      this.onFrame(frame);
      this.delivering = false;
      this.sendFrame();
      this.clock.advance(FRAME_MS);
    }
  }

  /** A pure tone (a voicemail beep) of `hz` for `ms`, frame by frame. */
  tone(ms: number, hz: number, amplitude = 8000): void {
    for (let i = 0; i < ms / FRAME_MS; i++) {
      const pcm = new Int16Array(FRAME_SAMPLES);
      for (let n = 0; n < pcm.length; n++) pcm[n] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * (i * FRAME_SAMPLES + n)) / 8000));
      this.delivering = true;
      this.onFrame(pcm);
      this.delivering = false;
      this.sendFrame();
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

  /** One 20 ms frame of the held play at the head of the queue goes out. */
  private sendFrame(): void {
    const p = this.playing[0];
    if (!p) return;
    p.startMs ??= this.clock.now();
    p.playedMs = Math.min((p.pcm.length * 1000) / 8000, p.playedMs + FRAME_MS);
    if (p.playedMs * 8 >= p.pcm.length) {
      this.playing.shift();
      p.resolve({ startMs: p.startMs, playedMs: p.playedMs });
    }
  }

  private emit(e: MediaEvent): void {
    const w = this.waiter;
    this.waiter = null;
    if (w) w(e);
    else this.queue.push(e);
  }
}
