export const SAMPLE_RATE = 8000;

/**
 * A growable Int16 track, written at sample positions (the callee's side arrives out of order).
 * Kept in one-second chunks: a live call never copies its whole recording to grow it, so a long
 * call costs no large allocation (and no GC pause that would delay every other call's audio).
 */
export class Track {
  private static readonly CHUNK = SAMPLE_RATE;
  private readonly chunks: Int16Array[] = [];
  length = 0;

  write(at: number, samples: Int16Array, maxSamples: number): void {
    if (at < 0 || at + samples.length > maxSamples) return;
    let written = 0;
    while (written < samples.length) {
      const pos = at + written;
      const index = Math.floor(pos / Track.CHUNK);
      const offset = pos - index * Track.CHUNK;
      const n = Math.min(samples.length - written, Track.CHUNK - offset);
      const chunk = (this.chunks[index] ??= new Int16Array(Track.CHUNK));
      chunk.set(samples.subarray(written, written + n), offset);
      written += n;
    }
    this.length = Math.max(this.length, at + samples.length);
  }

  samples(length: number): Int16Array {
    const out = new Int16Array(length);
    for (let i = 0; i * Track.CHUNK < Math.min(length, this.length); i++) {
      const chunk = this.chunks[i];
      if (chunk) out.set(chunk.subarray(0, Math.min(Track.CHUNK, length - i * Track.CHUNK)), i * Track.CHUNK);
    }
    return out;
  }
}

/**
 * The conversation for the stereo recording: left what the agent sent (at its frame's position),
 * right what the callee sent, placed by RTP timestamp relative to the first packet's arrival so
 * both sides stay aligned in time. After a stream restart the callee's side is anchored again at
 * the arrival of the next packet. At most `maxSeconds` (plus one) are kept.
 */
export class Recorder {
  private readonly agent = new Track();
  private readonly callee = new Track();
  private calleeBase: { ts: number; at: number } | null = null;
  private readonly maxSamples: number;

  constructor(maxSeconds: number) {
    this.maxSamples = Math.ceil(maxSeconds * SAMPLE_RATE) + SAMPLE_RATE;
  }

  agentFrame(at: number, pcm: Int16Array): void {
    this.agent.write(at, pcm, this.maxSamples);
  }

  /** `arrivalSample`: when the packet arrived, in samples since media started. */
  calleeFrame(timestamp: number, arrivalSample: number, pcm: Int16Array): void {
    if (!this.calleeBase) this.calleeBase = { ts: timestamp, at: arrivalSample };
    this.callee.write(this.calleeBase.at + ((timestamp - this.calleeBase.ts) | 0), pcm, this.maxSamples);
  }

  /** The callee's stream restarted (new SSRC, a jump in sequence or timestamp). */
  calleeRestarted(): void {
    this.calleeBase = null;
  }

  tracks(): { left: Int16Array; right: Int16Array } {
    const length = Math.min(this.maxSamples, Math.max(this.agent.length, this.callee.length));
    return { left: this.agent.samples(length), right: this.callee.samples(length) };
  }
}
