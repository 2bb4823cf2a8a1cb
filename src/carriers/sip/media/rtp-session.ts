import type { Playback } from '../../../voice/agent/agent-media';
import type { CodecName } from '../sdp';
import type { Remote } from '../transport/transport';
import { MediaThreadClient, type MediaListener } from './media-thread-client';
import type { MediaQuality } from './rtcp';
import { FRAME_MS, FRAME_SAMPLES } from './rtp-engine';
import type { SendStats } from './send-clock';
import { SharedSendStats } from './shared-send-stats';

export { FRAME_MS, FRAME_SAMPLES, SAMPLE_RATE } from './rtp-engine';
export type { SendStats } from './send-clock';

/**
 * One call's audio, seen from the main thread: the RTP session itself (sockets, send clock,
 * jitter buffer, recording: rtp-engine.ts) runs on the process's media thread, so the audio keeps
 * its 20 ms pace while this thread is busy. Plays and stops are messages to it; what the far end
 * sent comes back in small batches (a few ms); the send counters are shared memory, so the call's
 * position is read here without asking.
 */
export class RtpSession {
  private stopped = false;
  /** Every decoded 20 ms frame from the far end, in sequence order (for voice activity detection). */
  onFrame: (pcm: Int16Array) => void = () => undefined;
  onDtmf: (digit: string) => void = () => undefined;

  private constructor(
    private readonly thread: MediaThreadClient,
    private readonly id: number,
    readonly port: number,
    private readonly shared: SharedSendStats,
  ) {}

  /** Binds an even port in [min, max] for RTP and the odd one above it for RTCP (on the media thread). */
  static async open(bindAddress: string, min: number, max: number, maxSeconds: number): Promise<RtpSession> {
    const thread = MediaThreadClient.get();
    const id = thread.newId();
    const shared = new SharedSendStats();
    let session: RtpSession | null = null;
    // Frames can only come once the session is started, after open() has returned it.
    const listener: MediaListener = {
      heardFrame: (pcm) => session?.onFrame(pcm),
      heardDigit: (d) => session?.onDtmf(d),
      // The thread died: the session is as good as stopped.
      lost: () => {
        if (session) session.stopped = true;
      },
    };
    const port = await thread.open({ type: 'open', id, bindAddress, min, max, maxSeconds, stats: shared.buffer }, listener);
    session = new RtpSession(thread, id, port, shared);
    return session;
  }

  /** The send clock's counters (the capacity bench reads them). */
  get stats(): SendStats {
    return this.shared.snapshot();
  }

  start(remote: Remote, codec: CodecName, payloadType: number, dtmfPayloadType: number | null): void {
    if (!this.stopped) this.thread.send({ type: 'start', id: this.id, remote, codec, payloadType, dtmfPayloadType });
  }

  /** The far end moved its media (a re-INVITE). */
  retarget(remote: Remote): void {
    if (!this.stopped) this.thread.send({ type: 'retarget', id: this.id, remote });
  }

  /**
   * Queues agent audio (8 kHz mono), sent 20 ms at a time on the media thread's clock. `done`
   * resolves when its last frame has been sent, or it was stopped: `stop()` takes it out of the
   * thread's queue, so the next frame on the wire is silence (or the next prompt).
   */
  play(pcm: Int16Array): Playback {
    if (this.stopped || pcm.length === 0) {
      const at = { startMs: this.positionMs, playedMs: 0 };
      return { done: Promise.resolve(at), stop: () => undefined };
    }
    const playId = this.thread.newId();
    let finished = false;
    const done = this.thread.play(this.id, playId, pcm).finally(() => (finished = true));
    return {
      done,
      stop: () => {
        if (!finished && !this.stopped) this.thread.send({ type: 'stopPlay', id: this.id, playId });
      },
    };
  }

  /** Where the call is now in the recording (ms since media started: its first sample). */
  get positionMs(): number {
    return this.shared.framesSent * FRAME_MS;
  }

  /** Audio time elapsed since media started, in samples. */
  get elapsedSamples(): number {
    return this.shared.framesSent * FRAME_SAMPLES;
  }

  /** Stops sending and receiving; what was queued is dropped (its plays resolve). */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.thread.forget(this.id);
    this.thread.send({ type: 'stop', id: this.id });
  }

  /**
   * The conversation as a stereo pair: left what the agent sent, right what the callee sent.
   * Read once, after `stop()`: the session is then forgotten.
   */
  async tracks(): Promise<{ left: Int16Array; right: Int16Array }> {
    return this.thread.request({ type: 'tracks', id: this.id, reqId: this.thread.newId() });
  }

  /** A stopped session whose recording is not wanted (`tracks()` does this too). */
  release(): void {
    this.thread.send({ type: 'release', id: this.id });
  }

  /** Loss and jitter of the callee's audio (and the far end's view of ours); null before any media. */
  quality(): Promise<MediaQuality | null> {
    return this.thread.request({ type: 'quality', id: this.id, reqId: this.thread.newId() });
  }
}
