import dgram from 'node:dgram';
import { randomInt } from 'node:crypto';
import * as alawmulaw from 'alawmulaw';
import type { Playback } from '../../voice/agent/agent-media';
import type { CodecName } from './sdp';
import type { Remote } from './sip-endpoint';

export const SAMPLE_RATE = 8000;
export const FRAME_MS = 20;
export const FRAME_SAMPLES = (SAMPLE_RATE * FRAME_MS) / 1000; // 160
const DTMF_EVENTS = '0123456789*#ABCD';

interface PlayItem {
  pcm: Int16Array;
  offset: number;
  /** The frame its first samples went out in. */
  startFrame: number | null;
  done: () => void;
}

export interface SendStats {
  framesSent: number;
  /** How late each frame left compared to its 20 ms schedule, in ms (max and samples over 5 ms). */
  maxLatenessMs: number;
  lateFrames: number;
  /** Times the sender had to catch up more than one frame at once (a gap the far end hears). */
  gaps: number;
}

/**
 * A growable Int16 track, written at sample positions (the callee's side arrives out of order).
 * Kept in one-second chunks: a live call never copies its whole recording to grow it, so a long
 * call costs no large allocation (and no GC pause that would delay every other call's audio).
 */
class Track {
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
 * One call's audio over RTP (RFC 3550) on plain UDP: G.711 in 20 ms frames, paced by a
 * self-correcting timer (each tick aims at start + n*20 ms, so timer drift never accumulates),
 * silence when the agent has nothing to say. Received audio is decoded and placed by RTP
 * timestamp; RFC 4733 telephone-events become digits. Both sides are kept, aligned in time, for
 * the stereo recording.
 */
export class RtpSession {
  private remote: Remote | null = null;
  private codec: CodecName = 'PCMU';
  private payloadType = 0;
  private dtmfPayloadType: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private frameNo = 0;
  private seq = randomInt(0, 0xffff);
  private timestamp = randomInt(0, 0x7fffffff);
  private readonly ssrc = randomInt(0, 0x7fffffff);
  private readonly agentTrack = new Track();
  private readonly calleeTrack = new Track();
  private calleeBase: { ts: number; at: number } | null = null;
  private readonly playQueue: PlayItem[] = [];
  private lastDtmfTs: number | null = null;
  private stopped = false;
  private readonly maxSamples: number;
  readonly stats: SendStats = { framesSent: 0, maxLatenessMs: 0, lateFrames: 0, gaps: 0 };
  /** Every decoded 20 ms frame from the far end, in arrival order (for voice activity detection). */
  onFrame: (pcm: Int16Array) => void = () => undefined;
  onDtmf: (digit: string) => void = () => undefined;

  private constructor(
    private readonly socket: dgram.Socket,
    readonly port: number,
    maxSeconds: number,
  ) {
    this.maxSamples = Math.ceil(maxSeconds * SAMPLE_RATE) + SAMPLE_RATE;
    socket.on('message', (msg) => this.receive(msg));
    socket.on('error', () => undefined); // ICMP unreachable and the like: RTP is best effort
  }

  /** Binds an even port in [min, max] (RTP convention; RTCP would take the odd one above). */
  static async open(bindAddress: string, min: number, max: number, maxSeconds: number): Promise<RtpSession> {
    const evenMin = min + (min % 2);
    const slots = Math.floor((max - evenMin) / 2) + 1;
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = evenMin + 2 * randomInt(0, slots);
      const socket = dgram.createSocket('udp4');
      const ok = await new Promise<boolean>((resolve) => {
        socket.once('error', () => resolve(false));
        socket.bind(port, bindAddress, () => resolve(true));
      });
      if (ok) {
        socket.removeAllListeners('error');
        return new RtpSession(socket, port, maxSeconds);
      }
      socket.close();
    }
    throw new Error(`no free RTP port between ${min} and ${max}`);
  }

  /** Starts sending to the far end's address with the codec it chose. */
  start(remote: Remote, codec: CodecName, payloadType: number, dtmfPayloadType: number | null): void {
    this.remote = remote;
    this.codec = codec;
    this.payloadType = payloadType;
    this.dtmfPayloadType = dtmfPayloadType;
    if (this.timer || this.stopped) return;
    this.startedAt = performance.now();
    this.tick();
  }

  /** The far end moved its media (a re-INVITE). */
  retarget(remote: Remote): void {
    this.remote = remote;
  }

  /**
   * Queues agent audio (8 kHz mono), sent 20 ms at a time as the send clock ticks. `done`
   * resolves when its last frame has been sent, or it was stopped: `stop()` takes it out of the
   * queue at once, so the next frame on the wire is silence (or the next prompt). The queue is the
   * only place unsent agent audio waits.
   */
  play(pcm: Int16Array): Playback {
    const item: PlayItem = { pcm, offset: 0, startFrame: null, done: () => undefined };
    const done = new Promise<{ startMs: number; playedMs: number }>((resolve) => {
      item.done = () => resolve({ startMs: ((item.startFrame ?? this.frameNo) * FRAME_SAMPLES * 1000) / SAMPLE_RATE, playedMs: (item.offset * 1000) / SAMPLE_RATE });
    });
    if (this.stopped || pcm.length === 0) item.done();
    else this.playQueue.push(item);
    return {
      done,
      stop: () => {
        const at = this.playQueue.indexOf(item);
        if (at < 0) return;
        this.playQueue.splice(at, 1);
        item.done();
      },
    };
  }

  /** Where the call is now in the recording (ms since media started: its first sample). */
  get positionMs(): number {
    return (this.frameNo * FRAME_SAMPLES * 1000) / SAMPLE_RATE;
  }

  /** Audio time elapsed since media started, in samples. */
  get elapsedSamples(): number {
    return this.frameNo * FRAME_SAMPLES;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    for (const item of this.playQueue.splice(0)) item.done();
    this.socket.close();
  }

  /** The conversation as a stereo pair: left what the agent sent, right what the callee sent. */
  tracks(): { left: Int16Array; right: Int16Array } {
    const length = Math.min(this.maxSamples, Math.max(this.agentTrack.length, this.calleeTrack.length));
    return { left: this.agentTrack.samples(length), right: this.calleeTrack.samples(length) };
  }

  private tick = (): void => {
    if (this.stopped) return;
    const now = performance.now();
    // Send every frame that is due; more than one means the event loop was held up (a gap).
    let sentNow = 0;
    while (this.startedAt + this.frameNo * FRAME_MS <= now) {
      const lateness = now - (this.startedAt + this.frameNo * FRAME_MS);
      this.stats.maxLatenessMs = Math.max(this.stats.maxLatenessMs, lateness);
      if (lateness > 5) this.stats.lateFrames++;
      this.sendFrame();
      sentNow++;
    }
    if (sentNow > 1) this.stats.gaps++;
    const next = this.startedAt + this.frameNo * FRAME_MS;
    this.timer = setTimeout(this.tick, Math.max(0, next - performance.now()));
  };

  private nextAgentFrame(): Int16Array {
    const frame = new Int16Array(FRAME_SAMPLES);
    let filled = 0;
    while (filled < FRAME_SAMPLES && this.playQueue.length) {
      const item = this.playQueue[0]!;
      const n = Math.min(FRAME_SAMPLES - filled, item.pcm.length - item.offset);
      item.startFrame ??= this.frameNo;
      frame.set(item.pcm.subarray(item.offset, item.offset + n), filled);
      item.offset += n;
      filled += n;
      if (item.offset >= item.pcm.length) {
        this.playQueue.shift();
        item.done();
      }
    }
    return frame;
  }

  private sendFrame(): void {
    const pcm = this.nextAgentFrame();
    this.agentTrack.write(this.frameNo * FRAME_SAMPLES, pcm, this.maxSamples);
    const payload = this.codec === 'PCMU' ? alawmulaw.mulaw.encode(pcm) : alawmulaw.alaw.encode(pcm);
    const packet = Buffer.allocUnsafe(12 + payload.length);
    packet[0] = 0x80; // version 2, no padding, no extension, no CSRC
    packet[1] = (this.frameNo === 0 ? 0x80 : 0) | this.payloadType; // marker on the first packet
    packet.writeUInt16BE(this.seq, 2);
    packet.writeUInt32BE(this.timestamp >>> 0, 4);
    packet.writeUInt32BE(this.ssrc, 8);
    Buffer.from(payload.buffer, payload.byteOffset, payload.length).copy(packet, 12);
    if (this.remote) this.socket.send(packet, this.remote.port, this.remote.address);
    this.seq = (this.seq + 1) & 0xffff;
    this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0;
    this.frameNo++;
    this.stats.framesSent++;
  }

  private receive(msg: Buffer): void {
    if (msg.length < 12 || msg[0]! >> 6 !== 2 || this.stopped) return;
    const csrc = msg[0]! & 0x0f;
    let offset = 12 + 4 * csrc;
    if (msg[0]! & 0x10) {
      if (msg.length < offset + 4) return;
      offset += 4 + 4 * msg.readUInt16BE(offset + 2);
    }
    let end = msg.length;
    if (msg[0]! & 0x20) end -= msg[msg.length - 1]!;
    if (end <= offset) return;
    const pt = msg[1]! & 0x7f;
    const ts = msg.readUInt32BE(4);
    const payload = msg.subarray(offset, end);
    if (this.dtmfPayloadType !== null && pt === this.dtmfPayloadType) return this.receiveDtmf(payload, ts);
    if (pt !== 0 && pt !== 8) return;
    const pcm = pt === 0 ? alawmulaw.mulaw.decode(payload) : alawmulaw.alaw.decode(payload);
    if (!this.calleeBase) this.calleeBase = { ts, at: Math.round(((performance.now() - this.startedAt) * SAMPLE_RATE) / 1000) };
    const at = this.calleeBase.at + ((ts - this.calleeBase.ts) | 0);
    this.calleeTrack.write(at, pcm, this.maxSamples);
    this.onFrame(pcm);
  }

  /** RFC 4733: one digit per event; the event repeats (same timestamp) until its end bit. */
  private receiveDtmf(payload: Buffer, ts: number): void {
    if (payload.length < 4) return;
    const event = payload[0]!;
    if (event >= DTMF_EVENTS.length || this.lastDtmfTs === ts) return;
    this.lastDtmfTs = ts;
    this.onDtmf(DTMF_EVENTS[event]!);
  }
}
