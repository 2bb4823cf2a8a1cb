import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import * as alawmulaw from 'alawmulaw';
import type { CalleeTurn } from './node-callee';
import { FRAME, frames, pcmuPacket, rms } from './rtp-audio';
import { parseSipText, sipHeader } from './sip-text';

/**
 * A small, real SIP/RTP caller for inbound conversation tests, over UDP on loopback: the trunk
 * bringing a person to us. It sends an INVITE (PCMU offer) to our SIP port, ACKs the 200, streams
 * RTP continuously (silence when it has nothing to say, like a phone) and answers turn by turn like
 * the node callee (node-callee.ts): each answer is played once the agent's prompt has been heard
 * to its end (most of its expected speech, then a stretch of silence), so it is driven by the
 * audio it receives, never by a clock. It answers our BYE with 200 OK.
 *
 * Independent of our SIP stack on purpose: it writes and parses SIP text itself.
 */
export interface NodeCaller {
  /** The final status of the INVITE (200 when answered). */
  answeredWith: Promise<number>;
  /** Resolves when we hung up (our BYE answered). */
  ended: Promise<void>;
  answered(): number;
  log(): string;
  close(): Promise<void>;
}

const LOUD_RMS = 300;
const END_QUIET_FRAMES = 30;
const HEARD_SHARE = 0.9;


export async function startNodeCaller(opts: { to: string; from: string; target: { address: string; port: number }; turns: CalleeTurn[] }): Promise<NodeCaller> {
  const sip = dgram.createSocket('udp4');
  const rtp = dgram.createSocket('udp4');
  await Promise.all([new Promise<void>((r) => sip.bind(0, '127.0.0.1', () => r())), new Promise<void>((r) => rtp.bind(0, '127.0.0.1', () => r()))]);
  const port = sip.address().port;
  const lines: string[] = [];
  const callId = `${randomBytes(8).toString('hex')}@node-caller`;
  const fromTag = randomBytes(4).toString('hex');
  const branch = `z9hG4bK${randomBytes(6).toString('hex')}`;
  let remote: { address: string; port: number } | null = null;
  let sendTimer: NodeJS.Timeout | undefined;
  let answeredResolve!: (code: number) => void;
  const answeredWith = new Promise<number>((r) => (answeredResolve = r));
  let endedResolve!: () => void;
  const ended = new Promise<void>((r) => (endedResolve = r));

  // ---- what we say: a queue of frames, silence when empty --------------------------------------
  const outQueue: Int16Array[] = [];
  let seq = 1;
  let ts = 0;
  const ssrc = randomBytes(4).readUInt32BE(0);
  const silence = new Int16Array(FRAME);
  const sendFrame = () => {
    if (!remote) return;
    const pcm = outQueue.shift() ?? silence;
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
    if (msg.length < 12 || (msg[1]! & 0x7f) !== 0 || outQueue.length || turn >= opts.turns.length) return;
    const pcm = alawmulaw.mulaw.decode(msg.subarray(12 + (msg[0]! & 0x0f) * 4));
    if (rms(pcm) > LOUD_RMS) {
      loud++;
      quiet = 0;
    } else quiet++;
    if (loud >= opts.turns[turn]!.promptLoudFrames * HEARD_SHARE && quiet >= END_QUIET_FRAMES) {
      lines.push(`turn ${turn}: heard ${loud}/${opts.turns[turn]!.promptLoudFrames} loud frames; answering`);
      say(opts.turns[turn]!.answer);
      turn++;
      loud = 0;
      quiet = 0;
    }
  });

  // ---- SIP ------------------------------------------------------------------------------------
  const send = (text: string) => sip.send(Buffer.from(text), opts.target.port, opts.target.address);
  const sdp = ['v=0', 'o=caller 1 1 IN IP4 127.0.0.1', 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', `m=audio ${rtp.address().port} RTP/AVP 0 101`, 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:101 telephone-event/8000', 'a=sendrecv', ''].join('\r\n');
  const requestUri = `sip:${opts.to}@${opts.target.address}:${opts.target.port}`;
  const common = (method: string, viaBranch: string, to: string) =>
    [`Via: SIP/2.0/UDP 127.0.0.1:${port};branch=${viaBranch};rport`, `From: <sip:${opts.from}@127.0.0.1>;tag=${fromTag}`, `To: ${to}`, `Call-ID: ${callId}`, `CSeq: 1 ${method}`, 'Max-Forwards: 70'];
  const invite = [`INVITE ${requestUri} SIP/2.0`, ...common('INVITE', branch, `<${requestUri}>`), `Contact: <sip:caller@127.0.0.1:${port}>`, 'Content-Type: application/sdp', `Content-Length: ${Buffer.byteLength(sdp)}`, '', sdp].join('\r\n');
  let acked = false;
  sip.on('message', (msg, rinfo) => {
    const m = parseSipText(msg.toString());
    lines.push(`<- ${m.start}`);
    if (m.start.startsWith('SIP/2.0')) {
      const code = Number(m.start.split(' ')[1]);
      if (code < 200 || !/INVITE/.test(sipHeader(m, 'cseq') ?? '')) return;
      const to = sipHeader(m, 'to')!;
      if (code >= 300) {
        send([`ACK ${requestUri} SIP/2.0`, ...common('ACK', branch, to), 'Content-Length: 0', '', ''].join('\r\n'));
        answeredResolve(code);
        return;
      }
      const contact = /<([^>]+)>/.exec(sipHeader(m, 'contact') ?? '')?.[1] ?? requestUri;
      // Every 2xx retransmission is ACKed again (a new transaction each time).
      send([`ACK ${contact} SIP/2.0`, ...common('ACK', `z9hG4bK${randomBytes(6).toString('hex')}`, to), 'Content-Length: 0', '', ''].join('\r\n'));
      if (acked) return;
      acked = true;
      const address = /^c=IN IP4 (\S+)/m.exec(m.body)?.[1];
      const mediaPort = /^m=audio (\d+)/m.exec(m.body)?.[1];
      if (address && mediaPort) remote = { address, port: Number(mediaPort) };
      sendTimer = setInterval(sendFrame, 20);
      answeredResolve(code);
      return;
    }
    if (m.start.startsWith('BYE')) {
      const copy = m.headers.filter(([n]) => ['via', 'from', 'to', 'call-id', 'cseq'].includes(n)).map(([n, v]) => `${n === 'call-id' ? 'Call-ID' : n === 'cseq' ? 'CSeq' : n[0]!.toUpperCase() + n.slice(1)}: ${v}`);
      sip.send(Buffer.from(['SIP/2.0 200 OK', ...copy, 'Content-Length: 0', '', ''].join('\r\n')), rinfo.port, rinfo.address);
      clearInterval(sendTimer);
      endedResolve();
    }
  });
  send(invite);

  return {
    answeredWith,
    ended,
    answered: () => turn,
    log: () => lines.join('\n'),
    async close() {
      clearInterval(sendTimer);
      await Promise.all([new Promise<void>((r) => sip.close(() => r())), new Promise<void>((r) => rtp.close(() => r()))]);
    },
  };
}
