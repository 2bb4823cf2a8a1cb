/** What the buffer needs of a packet. */
export interface SequencedPacket {
  sequence: number;
  timestamp: number;
  ssrc: number;
}

/** What comes out of the buffer, in sequence order. */
export type Playout<P> =
  | { kind: 'packet'; packet: P }
  /** A packet that never came in time: the consumer plays silence (or conceals). */
  | { kind: 'lost'; sequence: number }
  /** The stream restarted (new SSRC, a jump in sequence numbers or in timestamps): re-anchor timing. */
  | { kind: 'reset'; reason: 'ssrc' | 'sequence' | 'timestamp' };

export interface JitterStats {
  /** Packets accepted into the buffer. */
  received: number;
  duplicates: number;
  /** Packets that arrived after their turn had passed (played as lost already). */
  late: number;
  /** Packets given up on (a gap played out as lost). */
  lost: number;
  /** Packets that arrived before one with a lower sequence number. */
  reordered: number;
  resets: number;
}

export interface JitterBufferOptions {
  /** How many later packets may wait for a missing one before it is declared lost. */
  depth: number;
  /** How long (ms) the oldest waiting packet may wait for a missing one. */
  maxWaitMs: number;
  /** A sequence jump at least this large (either way) is a restart, not a loss. */
  restartGap: number;
  /** A timestamp jump of more than this many samples between neighbours is a restart. */
  maxTimestampJump: number;
}

/** Receives what the buffer plays out, in order. */
export type PlayoutSink<P> = (p: Playout<P>) => void;

export const DEFAULT_JITTER: JitterBufferOptions = { depth: 3, maxWaitMs: 60, restartGap: 100, maxTimestampJump: 8000 };

const RECENT = 128;

/**
 * Puts received RTP back in order. A packet that follows the last one is played out at once (no
 * added delay when the network behaves); one that arrives ahead of a missing packet waits until
 * the gap fills, `depth` packets wait behind it, or the oldest waited `maxWaitMs` (`poll`), and
 * the missing one is then played out as lost. Duplicates and packets whose turn has passed are
 * dropped and counted. A new SSRC, a sequence jump or a timestamp jump restarts the stream.
 */
export class JitterBuffer<P extends SequencedPacket> {
  readonly stats: JitterStats = { received: 0, duplicates: 0, late: 0, lost: 0, reordered: 0, resets: 0 };
  private readonly waiting = new Map<number, { packet: P; arrival: number }>();
  /** Extended sequence numbers recently played out, by slot (to tell a duplicate from a late packet). */
  private readonly played = new Array<number>(RECENT).fill(-1);
  private ssrc: number | null = null;
  /** Extended sequence number of the next packet to play out. */
  private next = 0;
  private highest = -1;
  private lastTimestamp: number | null = null;
  /** After a packet far off in sequence: the number that would confirm a restart. */
  private probation: number | null = null;

  constructor(private readonly opts: JitterBufferOptions = DEFAULT_JITTER) {}

  /** Packets waiting for a missing one. */
  get size(): number {
    return this.waiting.size;
  }

  /** One received packet; what can be played out now goes to `out`, in order. */
  push(packet: P, now: number, out: PlayoutSink<P>): void {
    // The common case: the next packet, nothing waiting, same stream, no timestamp jump.
    if (packet.ssrc === this.ssrc && this.waiting.size === 0 && packet.sequence === (this.next & 0xffff) && this.probation === null && !this.timestampJump(packet.timestamp)) {
      this.stats.received++;
      if (this.next > this.highest) this.highest = this.next;
      this.lastTimestamp = packet.timestamp;
      this.played[this.next & (RECENT - 1)] = this.next;
      this.next++;
      out({ kind: 'packet', packet });
      return;
    }
    if (this.ssrc === null) this.begin(packet);
    else if (packet.ssrc !== this.ssrc) this.restart(packet, 'ssrc', out);
    let delta = (((packet.sequence - (this.next & 0xffff)) << 16) >> 16) as number;
    if (delta >= this.opts.restartGap || delta <= -this.opts.restartGap) {
      // One packet far off is dropped; a second that follows it confirms a restart (RFC 3550 A.1).
      if (this.probation !== packet.sequence) {
        this.probation = (packet.sequence + 1) & 0xffff;
        return;
      }
      this.restart(packet, 'sequence', out);
      delta = 0;
    }
    this.probation = null;
    const ext = this.next + delta;
    if (delta < 0) {
      if (this.played[ext & (RECENT - 1)] === ext) this.stats.duplicates++;
      else this.stats.late++;
      return;
    }
    if (this.waiting.has(ext)) {
      this.stats.duplicates++;
      return;
    }
    this.stats.received++;
    if (ext < this.highest) this.stats.reordered++;
    this.highest = Math.max(this.highest, ext);
    this.waiting.set(ext, { packet, arrival: now });
    this.release(out);
    while (this.waiting.size > this.opts.depth) this.skipGap(out);
  }

  /** Gives up on a gap whose oldest waiting packet has waited too long (call every frame). */
  poll(now: number, out: PlayoutSink<P>): void {
    while (this.waiting.size) {
      let oldest = Infinity;
      for (const w of this.waiting.values()) oldest = Math.min(oldest, w.arrival);
      if (now - oldest < this.opts.maxWaitMs) break;
      this.skipGap(out);
    }
  }

  private begin(packet: P): void {
    this.ssrc = packet.ssrc;
    this.next = packet.sequence;
    this.highest = packet.sequence - 1;
    this.lastTimestamp = null;
  }

  /** Plays out what waits (in order, gaps skipped silently), then starts over at `packet`. */
  private restart(packet: P, reason: 'ssrc' | 'sequence', out: PlayoutSink<P>): void {
    for (const ext of [...this.waiting.keys()].sort((a, b) => a - b)) out({ kind: 'packet', packet: this.waiting.get(ext)!.packet });
    this.waiting.clear();
    this.played.fill(-1);
    this.stats.resets++;
    out({ kind: 'reset', reason });
    this.begin(packet);
  }

  private skipGap(out: PlayoutSink<P>): void {
    while (!this.waiting.has(this.next)) {
      out({ kind: 'lost', sequence: this.next & 0xffff });
      this.stats.lost++;
      this.next++;
    }
    this.release(out);
  }

  private timestampJump(ts: number): boolean {
    if (this.lastTimestamp === null) return false;
    const jump = (ts - this.lastTimestamp) | 0;
    return jump > this.opts.maxTimestampJump || jump < -this.opts.maxTimestampJump;
  }

  private release(out: PlayoutSink<P>): void {
    for (let w = this.waiting.get(this.next); w; w = this.waiting.get(this.next)) {
      this.waiting.delete(this.next);
      const ts = w.packet.timestamp;
      if (this.timestampJump(ts)) {
        this.stats.resets++;
        out({ kind: 'reset', reason: 'timestamp' });
      }
      this.lastTimestamp = ts;
      this.played[this.next & (RECENT - 1)] = this.next;
      out({ kind: 'packet', packet: w.packet });
      this.next++;
    }
  }
}
