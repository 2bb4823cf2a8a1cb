/**
 * The bench's far end: a SIP UAS on one UDP port (loopback) answering every INVITE with a PCMU
 * answer, one RTP socket per call, a 20 ms media clock per call sending what its CalleeBrain says
 * (silence when it says nothing, like a phone), and every received PCMU frame handed to the brain.
 * Which brain (which script) a call gets is chosen by the number dialled (the INVITE's To user).
 * It answers BYE with 200 OK; if the agent said goodbye and does not hang up within HANG_UP_MS,
 * the callee sends BYE itself. Written from the SIP text up, independent of the service's stack.
 */
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import * as alawmulaw from 'alawmulaw';
import { parseSipText as parse, sipHeader as header, type SipText } from '../../test/helpers/sip-text';
import { CalleeBrain, FRAME_SAMPLES, type BrainScript } from './brain';

const HANG_UP_MS = 4000;

export interface CalleeDialog {
  number: string;
  brain: CalleeBrain;
  /** When the 200 OK was sent (performance.now()). */
  answeredAt: number;
  /** Resolves when the call is over (BYE either way). */
  ended: Promise<void>;
  hungUpBy: 'agent' | 'callee' | null;
  /** RTP frames received from the agent / sent. */
  framesIn: number;
  framesOut: number;
  sipLog: string[];
}

export interface BenchCallee {
  port: number;
  /** The script for the call to `number` (before the call is placed). */
  expect(number: string, script: BrainScript): void;
  /** The dialog of `number`, once its INVITE arrived. */
  dialog(number: string): CalleeDialog | undefined;
  /** Resolves with the dialog when the INVITE for `number` arrives. */
  invited(number: string): Promise<CalleeDialog>;
  close(): Promise<void>;
}

export async function startBenchCallee(host = '127.0.0.1'): Promise<BenchCallee> {
  const sip = dgram.createSocket('udp4');
  await new Promise<void>((r) => sip.bind(0, host, () => r()));
  const port = sip.address().port;
  const scripts = new Map<string, BrainScript>();
  const byNumber = new Map<string, CalleeDialog>();
  const starting = new Set<string>();
  const waiters = new Map<string, (d: CalleeDialog) => void>();
  const live = new Map<string, { dialog: CalleeDialog; rtp: dgram.Socket; timer: NodeJS.Timeout; inviteResponse: Buffer; end: (by: 'agent' | 'callee') => void }>();

  const respond = (req: SipText, status: string, toTag: string, extra: string[] = [], body = ''): Buffer => {
    const copy = req.headers
      .filter(([n]) => n === 'via' || n === 'from' || n === 'call-id' || n === 'cseq')
      .map(([n, v]) => `${n === 'call-id' ? 'Call-ID' : n === 'cseq' ? 'CSeq' : n[0]!.toUpperCase() + n.slice(1)}: ${v}`);
    const to = header(req, 'to') ?? '';
    return Buffer.from([`SIP/2.0 ${status}`, ...copy, `To: ${/;tag=/i.test(to) ? to : `${to};tag=${toTag}`}`, ...extra, `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n'));
  };

  const startDialog = async (req: SipText, rinfo: dgram.RemoteInfo): Promise<void> => {
    const callId = header(req, 'call-id')!;
    const toHeader = header(req, 'to') ?? '';
    const number = /sips?:([^@;>]+)@/.exec(toHeader)?.[1] ?? '';
    const script = scripts.get(number);
    const toTag = randomBytes(6).toString('hex');
    const address = /^c=IN IP4 (\S+)/m.exec(req.body)?.[1];
    const mediaPort = /^m=audio (\d+)/m.exec(req.body)?.[1];
    if (!script || !address || !mediaPort) {
      sip.send(respond(req, script ? '488 Not Acceptable Here' : '404 Not Found', toTag), rinfo.port, rinfo.address);
      return;
    }
    const rtp = dgram.createSocket('udp4');
    await new Promise<void>((r) => rtp.bind(0, host, () => r()));
    const brain = new CalleeBrain(script);
    let endResolve!: () => void;
    const dialog: CalleeDialog = { number, brain, answeredAt: performance.now(), ended: new Promise((r) => (endResolve = r)), hungUpBy: null, framesIn: 0, framesOut: 0, sipLog: [`<- ${req.start}`] };
    const sdp = ['v=0', `o=callee 1 1 IN IP4 ${host}`, 's=-', `c=IN IP4 ${host}`, 't=0 0', `m=audio ${rtp.address().port} RTP/AVP 0 101`, 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:101 telephone-event/8000', 'a=fmtp:101 0-15', 'a=sendrecv', ''].join('\r\n');
    const inviteResponse = respond(req, '200 OK', toTag, [`Contact: <sip:callee@${host}:${port}>`, 'Content-Type: application/sdp'], sdp);

    // The media clock: one frame every 20 ms, on a schedule (a late tick sends the frames it owes).
    let seq = Math.floor(Math.random() * 65535);
    let ts = Math.floor(Math.random() * 2 ** 31);
    const ssrc = Math.floor(Math.random() * 2 ** 31);
    const t0 = performance.now();
    let sent = 0;
    const remote = { address, port: Number(mediaPort) };
    const sendDue = () => {
      const now = performance.now();
      const due = Math.floor((now - t0) / 20) + 1;
      while (sent < due) {
        const pcm = brain.tick(performance.now());
        const h = Buffer.alloc(12);
        h[0] = 0x80;
        h[1] = 0; // PCMU
        h.writeUInt16BE(seq & 0xffff, 2);
        h.writeUInt32BE(ts >>> 0, 4);
        h.writeUInt32BE(ssrc, 8);
        seq++;
        ts += FRAME_SAMPLES;
        sent++;
        dialog.framesOut++;
        rtp.send(Buffer.concat([h, Buffer.from(alawmulaw.mulaw.encode(pcm))]), remote.port, remote.address);
      }
      if (brain.saidGoodbyeAt !== null && now - brain.saidGoodbyeAt > HANG_UP_MS && !dialog.hungUpBy) hangUp();
    };
    rtp.on('message', (msg) => {
      if (msg.length < 12 || (msg[1]! & 0x7f) !== 0) return; // PCMU only (telephone-event ignored)
      const cc = msg[0]! & 0x0f;
      let offset = 12 + cc * 4;
      if (msg[0]! & 0x10) offset += 4 + msg.readUInt16BE(offset + 2) * 4;
      const pcm = alawmulaw.mulaw.decode(msg.subarray(offset));
      dialog.framesIn++;
      for (let i = 0; i < pcm.length; i += FRAME_SAMPLES) brain.heard(pcm.subarray(i, i + FRAME_SAMPLES), performance.now());
    });
    const timer = setInterval(sendDue, 20);
    const end = (by: 'agent' | 'callee') => {
      if (dialog.hungUpBy) return;
      dialog.hungUpBy = by;
      clearInterval(timer);
      rtp.close();
      live.delete(callId);
      endResolve();
    };
    // The callee hangs up: BYE within the dialog (From/To swapped, our tag on From).
    const hangUp = () => {
      const contact = /<([^>]+)>/.exec(header(req, 'contact') ?? '')?.[1] ?? `sip:${rinfo.address}:${rinfo.port}`;
      const bye = [
        `BYE ${contact} SIP/2.0`,
        `Via: SIP/2.0/UDP ${host}:${port};branch=z9hG4bK${randomBytes(8).toString('hex')};rport`,
        'Max-Forwards: 70',
        `From: ${toHeader};tag=${toTag}`,
        `To: ${header(req, 'from')}`,
        `Call-ID: ${callId}`,
        'CSeq: 1 BYE',
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n');
      dialog.sipLog.push('-> BYE (the agent said goodbye and did not hang up)');
      sip.send(Buffer.from(bye), rinfo.port, rinfo.address);
      end('callee');
    };
    live.set(callId, { dialog, rtp, timer, inviteResponse, end });
    byNumber.set(number, dialog);
    waiters.get(number)?.(dialog);
    dialog.sipLog.push('-> 200 OK');
    sip.send(inviteResponse, rinfo.port, rinfo.address);
  };

  sip.on('message', (msg, rinfo) => {
    const req = parse(msg.toString());
    if (req.start.startsWith('SIP/2.0')) return; // responses (to our BYE)
    const method = req.start.split(' ')[0]!;
    const callId = header(req, 'call-id') ?? '';
    const call = live.get(callId);
    const reply = (b: Buffer) => sip.send(b, rinfo.port, rinfo.address);
    if (method === 'INVITE') {
      if (call) return reply(call.inviteResponse); // a retransmission
      if (starting.has(callId)) return; // a retransmission while its RTP socket opens
      starting.add(callId);
      void startDialog(req, rinfo).finally(() => starting.delete(callId));
    } else if (method === 'ACK') {
      // nothing to do
    } else if (method === 'BYE') {
      reply(respond(req, '200 OK', 'bye'));
      if (call) {
        call.dialog.sipLog.push('<- BYE');
        call.end('agent');
      }
    } else if (method === 'CANCEL') {
      reply(respond(req, '200 OK', 'cancel'));
    } else {
      reply(respond(req, '200 OK', 'options', ['Allow: INVITE, ACK, BYE, CANCEL, OPTIONS']));
    }
  });

  return {
    port,
    expect: (number, script) => scripts.set(number, script),
    dialog: (number) => byNumber.get(number),
    invited: (number) => {
      const d = byNumber.get(number);
      return d ? Promise.resolve(d) : new Promise((r) => waiters.set(number, r));
    },
    async close() {
      for (const c of [...live.values()]) c.end('callee');
      await new Promise<void>((r) => sip.close(() => r()));
    },
  };
}
