/**
 * RTCP (RFC 3550 6): the receiver statistics of one incoming stream (A.1 sequence tracking,
 * A.3 loss, A.8 interarrival jitter) and sender/receiver reports with one report block, plus
 * SDES CNAME, as compound packets.
 */

const RTP_SEQ_MOD = 0x10000;
const MAX_DROPOUT = 3000;
const MAX_MISORDER = 100;
/** Seconds from 1900 (NTP) to 1970 (Unix). */
const NTP_OFFSET = 2208988800;

export interface ReportBlock {
  ssrc: number;
  /** Lost since the previous report, as a fraction of 256 (0–255). */
  fractionLost: number;
  /** Expected minus received since the start (may be negative with duplicates), 24-bit signed. */
  cumulativeLost: number;
  /** Cycles of the sequence number in the high 16 bits, the highest sequence number in the low 16. */
  highestSequence: number;
  /** Interarrival jitter in timestamp units. */
  jitter: number;
  /** Middle 32 bits of the NTP timestamp of the last SR from that source (0: none). */
  lastSr: number;
  /** Delay since that SR, in 1/65536 s. */
  delaySinceLastSr: number;
}

/** How one incoming RTP stream is doing, kept up to date packet by packet. */
export class ReceptionStats {
  private initialized = false;
  private baseSeq = 0;
  private maxSeq = 0;
  private cycles = 0;
  private badSeq = RTP_SEQ_MOD + 1;
  received = 0;
  private expectedPrior = 0;
  private receivedPrior = 0;
  private transit: number | null = null;
  /** Interarrival jitter estimate in timestamp units (kept as a float, reported truncated). */
  jitter = 0;
  ssrc = 0;
  /** The last SR from this source: its NTP middle 32 bits and when it arrived (ms). */
  private lastSr: { ntpMiddle: number; at: number } | null = null;

  /**
   * One received packet. `arrival` is the arrival time in timestamp units (samples); jitter
   * only counts packets whose timestamps advance with the audio (not telephone-events).
   */
  onPacket(ssrc: number, seq: number, timestamp: number, arrival: number, countJitter = true): void {
    if (!this.initialized || ssrc !== this.ssrc) {
      this.reset(ssrc, seq);
      this.initialized = true;
    } else if (!this.updateSeq(seq)) return;
    this.received++;
    if (!countJitter) return;
    const transit = arrival - timestamp;
    if (this.transit !== null) {
      const d = Math.abs((transit - this.transit) | 0);
      this.jitter += (d - this.jitter) / 16;
    }
    this.transit = transit;
  }

  /** A sender report from this source arrived at `atMs`. */
  onSenderReport(ntpMiddle: number, atMs: number): void {
    this.lastSr = { ntpMiddle, at: atMs };
  }

  get extendedHighest(): number {
    return this.cycles + this.maxSeq;
  }

  get expected(): number {
    return this.initialized ? this.extendedHighest - this.baseSeq + 1 : 0;
  }

  get cumulativeLost(): number {
    return Math.max(-0x800000, Math.min(0x7fffff, this.expected - this.received));
  }

  /** The report block for the next report; starts a new interval for the fraction lost (A.3). */
  reportBlock(nowMs: number): ReportBlock {
    const expected = this.expected;
    const expectedInterval = expected - this.expectedPrior;
    const receivedInterval = this.received - this.receivedPrior;
    this.expectedPrior = expected;
    this.receivedPrior = this.received;
    const lostInterval = expectedInterval - receivedInterval;
    const fractionLost = expectedInterval === 0 || lostInterval <= 0 ? 0 : Math.floor((lostInterval << 8) / expectedInterval);
    return {
      ssrc: this.ssrc,
      fractionLost,
      cumulativeLost: this.cumulativeLost,
      highestSequence: this.extendedHighest >>> 0,
      jitter: Math.floor(this.jitter),
      lastSr: this.lastSr?.ntpMiddle ?? 0,
      delaySinceLastSr: this.lastSr ? Math.floor(((nowMs - this.lastSr.at) / 1000) * 65536) : 0,
    };
  }

  private reset(ssrc: number, seq: number): void {
    this.ssrc = ssrc;
    this.baseSeq = seq;
    this.maxSeq = seq;
    this.badSeq = RTP_SEQ_MOD + 1;
    this.cycles = 0;
    this.received = 0;
    this.receivedPrior = 0;
    this.expectedPrior = 0;
    this.transit = null;
    this.jitter = 0;
    this.lastSr = null;
  }

  /** RFC 3550 A.1 (without probation): false for a packet to ignore. */
  private updateSeq(seq: number): boolean {
    const udelta = (seq - this.maxSeq + RTP_SEQ_MOD) % RTP_SEQ_MOD;
    if (udelta < MAX_DROPOUT) {
      if (seq < this.maxSeq) this.cycles += RTP_SEQ_MOD; // wrapped
      this.maxSeq = seq;
    } else if (udelta <= RTP_SEQ_MOD - MAX_MISORDER) {
      // A very large jump: a restart if the next packet follows this one.
      if (seq === this.badSeq) {
        this.reset(this.ssrc, seq);
        return true;
      }
      this.badSeq = (seq + 1) % RTP_SEQ_MOD;
      return false;
    }
    // Otherwise a duplicate or a reordered packet: counted as received.
    return true;
  }
}

/** What the far end reported about our stream (its receiver report block for our SSRC). */
export interface RemoteView {
  fractionLost: number;
  cumulativeLost: number;
  jitterMs: number;
}

/** Loss and jitter of a call's audio, for diagnosis (logged at the end of the call). */
export interface MediaQuality {
  packetsReceived: number;
  packetsExpected: number;
  /** Expected minus received (RFC 3550 cumulative number of packets lost). */
  packetsLost: number;
  /** packetsLost / packetsExpected, 0–1. */
  lossRatio: number;
  /** Interarrival jitter at the end of the call, in ms. */
  jitterMs: number;
  /** What the jitter buffer did: packets too late to play, duplicates, reordered, gaps played as lost, restarts. */
  late: number;
  duplicates: number;
  reordered: number;
  concealed: number;
  restarts: number;
  /** The far end's last receiver report about our audio (null: it sent none). */
  remote: RemoteView | null;
}

export interface SenderInfo {
  ssrc: number;
  /** Wall-clock time of the report, ms since 1970. */
  wallMs: number;
  rtpTimestamp: number;
  packets: number;
  octets: number;
}

export interface ParsedReport {
  type: 'SR' | 'RR';
  ssrc: number;
  /** SR only: the middle 32 bits of its NTP timestamp (what an RR echoes as LSR). */
  ntpMiddle?: number;
  packets?: number;
  octets?: number;
  blocks: ReportBlock[];
}

function ntp(wallMs: number): { msw: number; lsw: number } {
  const seconds = Math.floor(wallMs / 1000);
  return { msw: (seconds + NTP_OFFSET) >>> 0, lsw: Math.floor(((wallMs % 1000) / 1000) * 0x100000000) >>> 0 };
}

function writeBlock(buf: Buffer, at: number, b: ReportBlock): void {
  buf.writeUInt32BE(b.ssrc >>> 0, at);
  buf.writeUInt8(b.fractionLost & 0xff, at + 4);
  buf.writeUIntBE(b.cumulativeLost & 0xffffff, at + 5, 3);
  buf.writeUInt32BE(b.highestSequence >>> 0, at + 8);
  buf.writeUInt32BE(b.jitter >>> 0, at + 12);
  buf.writeUInt32BE(b.lastSr >>> 0, at + 16);
  buf.writeUInt32BE(b.delaySinceLastSr >>> 0, at + 20);
}

function readBlock(buf: Buffer, at: number): ReportBlock {
  const lost = buf.readUIntBE(at + 5, 3);
  return {
    ssrc: buf.readUInt32BE(at),
    fractionLost: buf.readUInt8(at + 4),
    cumulativeLost: lost & 0x800000 ? lost - 0x1000000 : lost,
    highestSequence: buf.readUInt32BE(at + 8),
    jitter: buf.readUInt32BE(at + 12),
    lastSr: buf.readUInt32BE(at + 16),
    delaySinceLastSr: buf.readUInt32BE(at + 20),
  };
}

function sdesCname(ssrc: number, cname: string): Buffer {
  const text = Buffer.from(cname.slice(0, 255), 'utf8');
  const body = 4 + 2 + text.length + 1; // ssrc, item header, text, end of list
  const size = 4 + Math.ceil(body / 4) * 4;
  const buf = Buffer.alloc(size);
  buf[0] = 0x81; // V=2, one chunk
  buf[1] = 202;
  buf.writeUInt16BE(size / 4 - 1, 2);
  buf.writeUInt32BE(ssrc >>> 0, 4);
  buf[8] = 1; // CNAME
  buf[9] = text.length;
  text.copy(buf, 10);
  return buf;
}

/**
 * A compound RTCP packet: SR when we have sent audio (else RR), with a report block when we
 * receive a stream, then SDES CNAME.
 */
export function buildReport(opts: { sender: SenderInfo | null; ssrc: number; block: ReportBlock | null; cname: string }): Buffer {
  const blocks = opts.block ? 1 : 0;
  const senderBytes = opts.sender ? 20 : 0;
  const size = 8 + senderBytes + 24 * blocks;
  const head = Buffer.alloc(size);
  head[0] = 0x80 | blocks;
  head[1] = opts.sender ? 200 : 201;
  head.writeUInt16BE(size / 4 - 1, 2);
  head.writeUInt32BE(opts.ssrc >>> 0, 4);
  if (opts.sender) {
    const t = ntp(opts.sender.wallMs);
    head.writeUInt32BE(t.msw, 8);
    head.writeUInt32BE(t.lsw, 12);
    head.writeUInt32BE(opts.sender.rtpTimestamp >>> 0, 16);
    head.writeUInt32BE(opts.sender.packets >>> 0, 20);
    head.writeUInt32BE(opts.sender.octets >>> 0, 24);
  }
  if (opts.block) writeBlock(head, 8 + senderBytes, opts.block);
  return Buffer.concat([head, sdesCname(opts.ssrc, opts.cname)]);
}

/** The SR and RR packets of a compound RTCP packet (other types skipped); [] when it is not RTCP. */
export function parseRtcp(buf: Buffer): ParsedReport[] {
  const out: ParsedReport[] = [];
  let at = 0;
  while (at + 8 <= buf.length) {
    if (buf[at]! >> 6 !== 2) return out;
    const count = buf[at]! & 0x1f;
    const type = buf[at + 1]!;
    const length = (buf.readUInt16BE(at + 2) + 1) * 4;
    if (at + length > buf.length) return out;
    if (type === 200 || type === 201) {
      const sr = type === 200;
      const blocksAt = at + 8 + (sr ? 20 : 0);
      if (blocksAt + 24 * count <= at + length) {
        const report: ParsedReport = { type: sr ? 'SR' : 'RR', ssrc: buf.readUInt32BE(at + 4), blocks: [] };
        if (sr) {
          report.ntpMiddle = ((buf.readUInt32BE(at + 8) & 0xffff) * 0x10000 + (buf.readUInt32BE(at + 12) >>> 16)) >>> 0;
          report.packets = buf.readUInt32BE(at + 20);
          report.octets = buf.readUInt32BE(at + 24);
        }
        for (let i = 0; i < count; i++) report.blocks.push(readBlock(buf, blocksAt + 24 * i));
        out.push(report);
      }
    }
    at += length;
  }
  return out;
}

/** RFC 3550 6.2: about every 5 s, randomised to 0.5–1.5 times that so participants do not synchronise. */
export const rtcpIntervalMs = (random: () => number = Math.random): number => 5000 * (0.5 + random());
