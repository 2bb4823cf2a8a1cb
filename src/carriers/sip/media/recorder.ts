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

  /** The one-second chunks themselves (a missing one is silence): handed over without a copy. */
  get parts(): ReadonlyArray<Int16Array | undefined> {
    return this.chunks;
  }
}

/** One track of `length` samples from its one-second chunks (Track.parts); missing chunks are silence. */
export function joinChunks(chunks: ReadonlyArray<Int16Array | null | undefined>, length: number): Int16Array {
  const out = new Int16Array(length);
  const size = SAMPLE_RATE;
  for (let i = 0; i * size < length && i < chunks.length; i++) {
    const chunk = chunks[i];
    if (chunk) out.set(chunk.subarray(0, Math.min(size, length - i * size)), i * size);
  }
  return out;
}

/** Both tracks as chunks, and the length they are cut to (see joinChunks). */
export interface TrackParts {
  length: number;
  left: Array<Int16Array | null>;
  right: Array<Int16Array | null>;
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

  /**
   * The tracks as their chunks, not joined: the media thread hands them to the main thread without
   * copying, and the joining (a long call's tens of MB) happens there, not in the audio's way.
   */
  parts(): TrackParts {
    const length = Math.min(this.maxSamples, Math.max(this.agent.length, this.callee.length));
    return { length, left: this.agent.parts.map((c) => c ?? null), right: this.callee.parts.map((c) => c ?? null) };
  }
}
