import dgram from 'node:dgram';
import { randomInt } from 'node:crypto';
import { systemClock, type Clock, type Timer } from '../clock';
import type { Playback } from '../../../voice/agent/agent-media';
import type { CodecName } from '../sdp';
import type { Remote } from '../transport/transport';
import { DtmfReceiver } from './dtmf';
import { decodeG711, encodeG711 } from './g711';
import { JitterBuffer, type Playout } from './jitter-buffer';
import { Recorder, SAMPLE_RATE, type TrackParts } from './recorder';
import { buildReport, parseRtcp, ReceptionStats, rtcpIntervalMs, type MediaQuality, type RemoteView } from './rtcp';
import { parseRtp, RtpPacketizer, type RtpPacket } from './rtp-packet';
import { SendClock, type SendStats } from './send-clock';

export { SAMPLE_RATE } from './recorder';
export type { SendStats } from './send-clock';
export type { Playback } from '../../../voice/agent/agent-media';
export const FRAME_MS = 20;

interface PlayItem {
  pcm: Int16Array;
  offset: number;
  /** The frame its first samples went out in. */
  startFrame: number | null;
  done: () => void;
}
export const FRAME_SAMPLES = (SAMPLE_RATE * FRAME_MS) / 1000; // 160

async function bindUdp(port: number, address: string): Promise<dgram.Socket | null> {
  const socket = dgram.createSocket('udp4');
  const ok = await new Promise<boolean>((resolve) => {
    socket.once('error', () => resolve(false));
    socket.bind(port, address, () => resolve(true));
  });
  if (ok) {
    socket.removeAllListeners('error');
    return socket;
  }
  socket.close();
  return null;
}

/**
 * One call's audio over RTP (RFC 3550) on plain UDP, RTCP on the port above, run by the media
 * thread (media-thread.ts; RtpSession is its face on the main thread): G.711 in 20 ms
 * frames paced by the send clock (silence when the agent has nothing to say); received packets
 * put in order by the jitter buffer, then decoded (to the voice agent and the recorder) or read as
 * RFC 4733 telephone-events; sender/receiver reports about every 5 s, loss and jitter kept for
 * `quality()`.
 */
export class RtpEngine {
  private remote: Remote | null = null;
  private codec: CodecName = 'PCMU';
  private payloadType = 0;
  private dtmfPayloadType: number | null = null;
  private readonly packetizer = new RtpPacketizer(randomInt(0, 0x7fffffff), randomInt(0, 0xffff), randomInt(0, 0x7fffffff));
  private readonly sendClock: SendClock;
  private readonly recorder: Recorder;
  private readonly jitter = new JitterBuffer<RtpPacket>();
  private readonly dtmf = new DtmfReceiver();
  private readonly reception = new ReceptionStats();
  private remoteView: RemoteView | null = null;
  private rtcpTimer: Timer | undefined;
  private readonly playQueue: PlayItem[] = [];
  private stopped = false;
  /** The frame being sent and the one just received, reused: nothing is allocated per frame for them. */
  private readonly outFrame = new Int16Array(FRAME_SAMPLES);
  private inFrame = new Int16Array(FRAME_SAMPLES);
  /**
   * Every decoded 20 ms frame from the far end, in sequence order (for voice activity detection).
   * The array is reused for the next frame: a listener that keeps it copies it.
   */
  onFrame: (pcm: Int16Array) => void = () => undefined;
  onDtmf: (digit: string) => void = () => undefined;

  private constructor(
    private readonly socket: dgram.Socket,
    private readonly rtcpSocket: dgram.Socket,
    readonly port: number,
    maxSeconds: number,
    stats: SendStats | undefined,
    private readonly clock: Clock = systemClock,
  ) {
    this.recorder = new Recorder(maxSeconds);
    this.sendClock = new SendClock(FRAME_MS, (n) => this.sendFrame(n), (now) => this.jitter.poll(now, this.playOut), clock, stats);
    socket.on('message', (msg) => this.receive(msg));
    socket.on('error', () => undefined); // ICMP unreachable and the like: RTP is best effort
    rtcpSocket.on('message', (msg) => this.receiveRtcp(msg));
    rtcpSocket.on('error', () => undefined);
  }

  /**
   * Binds an even port in [min, max] for RTP and the odd one above it for RTCP. `stats`: where the
   * send clock counts (the media thread passes one its owner reads across threads).
   */
  static async open(bindAddress: string, min: number, max: number, maxSeconds: number, stats?: SendStats): Promise<RtpEngine> {
    const evenMin = min + (min % 2);
    const slots = Math.floor((max - 1 - evenMin) / 2) + 1;
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = evenMin + 2 * randomInt(0, Math.max(1, slots));
      const rtp = await bindUdp(port, bindAddress);
      if (!rtp) continue;
      const rtcp = await bindUdp(port + 1, bindAddress);
      if (rtcp) return new RtpEngine(rtp, rtcp, port, maxSeconds, stats);
      rtp.close();
    }
    throw new Error(`no free RTP/RTCP port pair between ${min} and ${max}`);
  }

  /** Starts sending to the far end's address with the codec it chose. */
  start(remote: Remote, codec: CodecName, payloadType: number, dtmfPayloadType: number | null): void {
    this.remote = remote;
    this.codec = codec;
    this.payloadType = payloadType;
    this.dtmfPayloadType = dtmfPayloadType;
    if (this.sendClock.started || this.stopped) return;
    this.sendClock.start();
    this.scheduleRtcp();
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
      item.done = () => resolve({ startMs: (item.startFrame ?? this.sendClock.frames) * FRAME_MS, playedMs: (item.offset * 1000) / SAMPLE_RATE });
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

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.sendClock.stop();
    this.rtcpTimer?.cancel();
    for (const item of this.playQueue.splice(0)) item.done();
    this.socket.close();
    this.rtcpSocket.close();
  }

  /** The conversation as a stereo pair: left what the agent sent, right what the callee sent. */
  tracks(): TrackParts {
    return this.recorder.parts();
  }

  /** Loss and jitter of the callee's audio (and the far end's view of ours); null before any media. */
  quality(): MediaQuality | null {
    const r = this.reception;
    if (!this.sendClock.started && r.received === 0) return null;
    const expected = r.expected;
    const j = this.jitter.stats;
    return {
      packetsReceived: r.received,
      packetsExpected: expected,
      packetsLost: Math.max(0, r.cumulativeLost),
      lossRatio: expected > 0 ? Math.max(0, r.cumulativeLost) / expected : 0,
      jitterMs: Math.round((r.jitter / SAMPLE_RATE) * 1000 * 10) / 10,
      late: j.late,
      duplicates: j.duplicates,
      reordered: j.reordered,
      concealed: j.lost,
      restarts: j.resets,
      remote: this.remoteView,
    };
  }

  private nextAgentFrame(frameNo: number): Int16Array {
    const frame = this.outFrame.fill(0);
    let filled = 0;
    while (filled < FRAME_SAMPLES && this.playQueue.length) {
      const item = this.playQueue[0]!;
      const n = Math.min(FRAME_SAMPLES - filled, item.pcm.length - item.offset);
      item.startFrame ??= frameNo;
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

  private sendFrame(frameNo: number): void {
    const pcm = this.nextAgentFrame(frameNo);
    this.recorder.agentFrame(frameNo * FRAME_SAMPLES, pcm);
    // Marker on the first packet (the start of the talk spurt).
    const packet = this.packetizer.next(this.payloadType, FRAME_SAMPLES, FRAME_SAMPLES, frameNo === 0);
    encodeG711(this.codec, pcm, packet, 12);
    if (this.remote) this.socket.send(packet, this.remote.port, this.remote.address);
  }

  private arrivalSamples(now: number): number {
    return Math.round((this.sendClock.elapsedMs(now) * SAMPLE_RATE) / 1000);
  }

  /**
   * A received packet is read at once: what the callee says reaches the voice agent without
   * waiting for this call's next tick (holding packets to the tick was tried and measured no
   * better for the send timing, for up to 20 ms more on every turn and barge-in).
   */
  private receive(msg: Buffer): void {
    if (this.stopped) return;
    const packet = parseRtp(msg);
    if (!packet) return;
    const now = this.clock.now();
    this.reception.onPacket(packet.ssrc, packet.sequence, packet.timestamp, Math.round((now * SAMPLE_RATE) / 1000), packet.payloadType !== this.dtmfPayloadType);
    this.jitter.push(packet, now, this.playOut);
  }

  private readonly playOut = (p: Playout<RtpPacket>): void => {
    if (p.kind === 'reset') return this.recorder.calleeRestarted();
    if (p.kind === 'lost') return; // a gap: the recording keeps silence there
    const { payloadType: pt, payload, timestamp } = p.packet;
    if (this.dtmfPayloadType !== null && pt === this.dtmfPayloadType) {
      for (const e of this.dtmf.receive(payload, timestamp)) if (e.type === 'start') this.onDtmf(e.digit);
      return;
    }
    if (pt !== 0 && pt !== 8) return;
    const pcm = this.inFrame.length === payload.length ? this.inFrame : (this.inFrame = new Int16Array(payload.length));
    decodeG711(pt === 0 ? 'PCMU' : 'PCMA', payload, pcm);
    this.recorder.calleeFrame(timestamp, this.arrivalSamples(this.clock.now()), pcm);
    this.onFrame(pcm);
  };

  private scheduleRtcp(): void {
    this.rtcpTimer = this.clock.after(
      rtcpIntervalMs(),
      () => {
        if (this.stopped) return;
        this.sendRtcp();
        this.scheduleRtcp();
      },
      { unref: true },
    );
  }

  private sendRtcp(): void {
    if (!this.remote) return;
    const now = this.clock.now();
    const sender = this.packetizer.packets ? { ssrc: this.packetizer.ssrc, wallMs: Date.now(), rtpTimestamp: this.packetizer.nextTimestamp, packets: this.packetizer.packets, octets: this.packetizer.octets } : null;
    const report = buildReport({ sender, ssrc: this.packetizer.ssrc, block: this.reception.received ? this.reception.reportBlock(now) : null, cname: `voicegate@${this.port}` });
    this.rtcpSocket.send(report, this.remote.port + 1, this.remote.address);
  }

  private receiveRtcp(msg: Buffer): void {
    if (this.stopped) return;
    for (const report of parseRtcp(msg)) {
      if (report.type === 'SR' && report.ntpMiddle !== undefined && report.ssrc === this.reception.ssrc) this.reception.onSenderReport(report.ntpMiddle, this.clock.now());
      const ours = report.blocks.find((b) => b.ssrc === this.packetizer.ssrc);
      if (ours) this.remoteView = { fractionLost: ours.fractionLost / 256, cumulativeLost: ours.cumulativeLost, jitterMs: Math.round((ours.jitter / SAMPLE_RATE) * 1000 * 10) / 10 };
    }
  }
}
