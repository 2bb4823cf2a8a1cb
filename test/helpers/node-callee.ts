import dgram from 'node:dgram';
import * as alawmulaw from 'alawmulaw';
import { FRAME, frames, pcmuPacket, rms } from './rtp-audio';
import { parseSipText as parse } from './sip-text';

/**
 * A small, real SIP/RTP callee for conversation tests, over UDP on loopback: it answers an INVITE
 * (200 OK with a PCMU answer), streams RTP back continuously (silence when it has nothing to say,
 * like a phone), listens to the caller's RTP and answers turn by turn: each answer is played only
 * once the caller's prompt has been heard to its end (most of the prompt's expected speech has
 * arrived, then a stretch of silence). So it is driven by the audio it receives, not by a clock:
 * a slow caller on a loaded machine is simply waited for. It answers BYE with 200 OK.
 *
 * Independent of our SIP stack on purpose: it parses and writes SIP text itself.
 */
export interface CalleeTurn {
  /** Loud 20 ms frames the caller's prompt is expected to contain (see loudFrames). */
  promptLoudFrames: number;
  /** What the callee says after the prompt (8 kHz mono). */
  answer: Int16Array;
  /**
   * Cut in instead: start the answer as soon as this many loud frames of the prompt have arrived
   * (the agent is talking), without waiting for its end.
   */
  bargeInAfterLoudFrames?: number;
}

export interface NodeCallee {
  port: number;
  /** Resolves when the caller hung up (BYE answered). */
  ended: Promise<void>;
  /** Answers played so far. */
  answered(): number;
  /** A line per SIP message and turn, for failure messages. */
  log(): string;
  /** Per answer: ms from its last loud frame sent to the agent's first loud frame received (turn latency on the wire). */
  replyLatencies(): number[];
  /** Per cut-in: ms from its first frame sent to the last loud frame of the agent's prompt received (how long the agent talked on). */
  bargeInStops(): number[];
  /**
   * Where, on the callee's own media clock, each loud frame of the agent arrived: the number of
   * frames the callee had sent by then (frame k of `opening` is the k+1-th frame sent).
   */
  loudHeardAtFrames(): number[];
  close(): Promise<void>;
}

const LOUD_RMS = 300;
/** Silence (in frames, 600 ms) that ends a prompt once most of its speech has arrived. */
const END_QUIET_FRAMES = 30;
/** Share of the prompt's expected loud frames that must have arrived first (codec rounding). */
const HEARD_SHARE = 0.9;


/** Loud 20 ms frames in a prompt as it travels (µ-law round trip, framed from its start). */
export function loudFrames(pcm: Int16Array): number {
  const wire = alawmulaw.mulaw.decode(alawmulaw.mulaw.encode(pcm));
  let n = 0;
  for (let i = 0; i < wire.length; i += FRAME) if (rms(wire, i, Math.min(wire.length, i + FRAME)) > LOUD_RMS) n++;
  return n;
}

export interface CalleeOptions {
  /** Played from the answer on, before any turn (a greeting: a person's hello, a voicemail greeting and its beep, a screening prompt). */
  opening?: Int16Array;
  /** Ring this long (180 Ringing) before answering; 0: answer at once. */
  ringMs?: number;
}

export async function startNodeCallee(turns: CalleeTurn[], sipPort = 0, options: CalleeOptions = {}): Promise<NodeCallee> {
  const sip = dgram.createSocket('udp4');
  const rtp = dgram.createSocket('udp4');
  await Promise.all([new Promise<void>((r) => sip.bind(sipPort, '127.0.0.1', () => r())), new Promise<void>((r) => rtp.bind(0, '127.0.0.1', () => r()))]);
  const port = sip.address().port;
  const rtpPort = rtp.address().port;
  const lines: string[] = [];
  const toTag = `callee${Math.floor(Math.random() * 1e9)}`;
  let remote: { address: string; port: number } | null = null;
  let sendTimer: NodeJS.Timeout | undefined;
  let endedResolve!: () => void;
  const ended = new Promise<void>((r) => (endedResolve = r));
  let lastInviteResponse: Buffer | null = null;

  // ---- what we say: a queue of frames, silence when empty --------------------------------------
  const outQueue: Int16Array[] = [];
  let seq = Math.floor(Math.random() * 65535);
  let ts = Math.floor(Math.random() * 2 ** 31);
  const ssrc = Math.floor(Math.random() * 2 ** 31);
  const silence = new Int16Array(FRAME);
  const latencies: number[] = [];
  const stops: number[] = [];
  let sentFrames = 0;
  const loudAt: number[] = [];
  let lastLoudSentAt: number | null = null;
  let awaitingReplySince: number | null = null;
  let cutIn: { at: number; lastLoudHeard: number } | null = null;
  const sendFrame = () => {
    if (!remote) return;
    const queued = outQueue.shift();
    const pcm = queued ?? silence;
    if (queued && rms(queued) > LOUD_RMS) lastLoudSentAt = performance.now();
    if (queued && !outQueue.length) {
      // The answer is out: the agent's reply is measured from its last loud frame.
      awaitingReplySince = lastLoudSentAt;
      if (cutIn) {
        stops.push(Math.round(cutIn.lastLoudHeard - cutIn.at));
        lines.push(`cut-in: the agent's prompt went on ${Math.round(cutIn.lastLoudHeard - cutIn.at)} ms`);
        cutIn = null;
      }
    }
    sentFrames++;
    rtp.send(pcmuPacket(seq++, ts, ssrc, pcm), remote.port, remote.address);
    ts += FRAME;
  };
  const say = (pcm: Int16Array) => {
    outQueue.push(...frames(pcm));
  };

  // ---- what we hear: count the prompt's speech, then wait for its end -------------------------
  let turn = 0;
  let loud = 0;
  let quiet = 0;
  rtp.on('message', (msg) => {
    if (msg.length < 12 || (msg[1]! & 0x7f) !== 0) return; // PCMU only (telephone-event ignored)
    const cc = msg[0]! & 0x0f;
    let offset = 12 + cc * 4;
    if (msg[0]! & 0x10) offset += 4 + msg.readUInt16BE(offset + 2) * 4;
    const pcm = alawmulaw.mulaw.decode(msg.subarray(offset));
    if (rms(pcm) > LOUD_RMS) {
      const now = performance.now();
      loudAt.push(sentFrames);
      if (cutIn) cutIn.lastLoudHeard = now;
      if (awaitingReplySince !== null && !outQueue.length) {
        latencies.push(Math.round(now - awaitingReplySince));
        lines.push(`reply after ${Math.round(now - awaitingReplySince)} ms`);
        awaitingReplySince = null;
      }
    }
    if (outQueue.length || turn >= turns.length) return; // talking, or done
    if (rms(pcm) > LOUD_RMS) {
      loud++;
      quiet = 0;
    } else {
      quiet++;
    }
    const expected = turns[turn]!.promptLoudFrames;
    const cutInAfter = turns[turn]!.bargeInAfterLoudFrames;
    if (cutInAfter !== undefined && loud >= cutInAfter) {
      lines.push(`turn ${turn}: heard ${loud} loud frames of the prompt; cutting in`);
      cutIn = { at: performance.now(), lastLoudHeard: performance.now() };
      awaitingReplySince = null;
      say(turns[turn]!.answer);
      turn++;
      loud = 0;
      quiet = 0;
    } else if (loud >= expected * HEARD_SHARE && quiet >= END_QUIET_FRAMES) {
      lines.push(`turn ${turn}: heard ${loud}/${expected} loud frames and ${quiet} quiet ones; answering`);
      say(turns[turn]!.answer);
      turn++;
      loud = 0;
      quiet = 0;
    }
  });

  // ---- SIP ------------------------------------------------------------------------------------
  const respond = (req: ReturnType<typeof parse>, status: string, extra: string[] = [], body = ''): Buffer => {
    const copy = req.headers.filter(([n]) => n === 'via' || n === 'from' || n === 'call-id' || n === 'cseq').map(([n, v]) => `${n === 'call-id' ? 'Call-ID' : n === 'cseq' ? 'CSeq' : n[0]!.toUpperCase() + n.slice(1)}: ${v}`);
    const to = req.headers.find(([n]) => n === 'to')?.[1] ?? '';
    const text = [
      `SIP/2.0 ${status}`,
      ...copy,
      `To: ${/;tag=/i.test(to) ? to : `${to};tag=${toTag}`}`,
      ...extra,
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n');
    return Buffer.from(text);
  };
  sip.on('message', (msg, rinfo) => {
    const req = parse(msg.toString());
    const method = req.start.split(' ')[0]!;
    lines.push(`<- ${req.start}`);
    if (req.start.startsWith('SIP/2.0')) return;
    const reply = (b: Buffer) => sip.send(b, rinfo.port, rinfo.address);
    if (method === 'INVITE') {
      if (lastInviteResponse) return reply(lastInviteResponse); // a retransmission
      const address = /^c=IN IP4 (\S+)/m.exec(req.body)?.[1];
      const mediaPort = /^m=audio (\d+)/m.exec(req.body)?.[1];
      if (!address || !mediaPort) return reply(respond(req, '488 Not Acceptable Here'));
      remote = { address, port: Number(mediaPort) };
      const sdp = ['v=0', `o=callee 1 1 IN IP4 127.0.0.1`, 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', `m=audio ${rtpPort} RTP/AVP 0 101`, 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:101 telephone-event/8000', 'a=fmtp:101 0-15', 'a=sendrecv', ''].join('\r\n');
      const answer = () => {
        lastInviteResponse = respond(req, '200 OK', [`Contact: <sip:callee@127.0.0.1:${port}>`, 'Content-Type: application/sdp'], sdp);
        lines.push('-> 200 OK');
        reply(lastInviteResponse);
        if (options.opening) say(options.opening);
        // A phone's media clock: one frame every 20 ms for as long as the call lasts.
        sendTimer = setInterval(sendFrame, 20);
      };
      if (!options.ringMs) return answer();
      // Rings first, as a phone does (a retransmitted INVITE meanwhile gets the 180 again).
      lastInviteResponse = respond(req, '180 Ringing', [`Contact: <sip:callee@127.0.0.1:${port}>`]);
      lines.push('-> 180 Ringing');
      reply(lastInviteResponse);
      setTimeout(answer, options.ringMs);
    } else if (method === 'ACK') {
      // nothing to do
    } else if (method === 'BYE') {
      lines.push('-> 200 OK (BYE)');
      reply(respond(req, '200 OK'));
      clearInterval(sendTimer);
      endedResolve();
    } else {
      reply(respond(req, '200 OK', ['Allow: INVITE, ACK, BYE, CANCEL, OPTIONS']));
    }
  });

  return {
    port,
    ended,
    answered: () => turn,
    log: () => lines.join('\n'),
    replyLatencies: () => [...latencies],
    bargeInStops: () => [...stops],
    loudHeardAtFrames: () => [...loudAt],
    async close() {
      clearInterval(sendTimer);
      await Promise.all([new Promise<void>((r) => sip.close(() => r())), new Promise<void>((r) => rtp.close(() => r()))]);
    },
  };
}
