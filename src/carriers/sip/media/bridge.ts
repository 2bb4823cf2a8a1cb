import type { Playback } from '../../../voice/agent/agent-media';

/** One side of a bridge: the audio of one call (an RtpSession). */
export interface BridgedMedia {
  play(pcm: Int16Array): Playback;
  onFrame: (pcm: Int16Array) => void;
  onDtmf: (digit: string) => void;
}

/**
 * At most this many frames (20 ms each) wait to be sent on one side: a far end whose clock runs a
 * little fast would otherwise make the delay grow for as long as the call lasts; past it, frames
 * are dropped (a 20 ms click rather than an ever longer echo).
 */
export const MAX_QUEUED_FRAMES = 10;

/**
 * Joins two calls' audio: every frame one far end sends is played to the other, both ways, each
 * side paced by its own send clock (so each session's recording holds both voices). Frames are
 * decoded and encoded again, so the two calls may use different codecs (PCMU on one, PCMA on the
 * other). `stop()` gives both sessions their previous listeners back.
 */
export class AudioBridge {
  private readonly saved: Array<Pick<BridgedMedia, 'onFrame' | 'onDtmf'>>;
  private readonly queued: [number, number] = [0, 0];
  private running = false;
  /** Frames dropped because the other side was MAX_QUEUED_FRAMES behind (for diagnosis). */
  dropped = 0;

  constructor(private readonly a: BridgedMedia, private readonly b: BridgedMedia) {
    this.saved = [{ onFrame: a.onFrame, onDtmf: a.onDtmf }, { onFrame: b.onFrame, onDtmf: b.onDtmf }];
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.a.onFrame = (pcm) => this.forward(pcm, this.b, 1);
    this.b.onFrame = (pcm) => this.forward(pcm, this.a, 0);
    // Keys belong to the people talking now, not to the agent.
    this.a.onDtmf = () => undefined;
    this.b.onDtmf = () => undefined;
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    Object.assign(this.a, this.saved[0]);
    Object.assign(this.b, this.saved[1]);
  }

  private forward(pcm: Int16Array, to: BridgedMedia, side: 0 | 1): void {
    if (!this.running) return;
    if (this.queued[side] >= MAX_QUEUED_FRAMES) {
      this.dropped++;
      return;
    }
    this.queued[side]++;
    // The session may reuse its buffer: the frame is copied before it waits in the other's queue.
    void to.play(Int16Array.from(pcm)).done.then(() => this.queued[side]--);
  }
}
