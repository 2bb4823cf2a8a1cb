import dgram from 'node:dgram';
import * as alawmulaw from 'alawmulaw';
import { FRAME, frames, pcmuPacket, rms } from './rtp-audio';
import { parseSipText, sipHeader, type SipText } from './sip-text';

/**
 * A SIP trunk's far end for transfer tests, over UDP on loopback, written from the SIP text up
 * (independent of our stack). It carries two calls on one port, told apart by the Request-URI's
 * user part:
 *
 * - the callee: answers, streams RTP like a phone, and once it has heard the agent's introduction
 *   and first question to their end asks for a person (keys: SIP INFO dtmf-relay; or speech).
 *   It answers the REFER as told: `accept` (202, then NOTIFY sipfrag 100 Trying and 200 OK, each
 *   of which voicegate must answer 200), `refuse` (405 or 501) or `fail` (202, then a 503 sipfrag).
 * - the person (only when the REFER is not accepted: voicegate dials them to bridge): answers or
 *   refuses as told; once answered it listens to the summary to its end, then plays a tone while
 *   listening; when it has heard the callee's tone through the bridge it hangs up (BYE).
 *
 * Everything is driven by what arrives (SIP messages, loud RTP frames), never by a clock. The
 * milestones are recorded in order and can be awaited (`reached`).
 */
export interface TransferTrunkOptions {
  refer: 'accept' | 'refuse' | 'fail';
  refuseCode?: 405 | 501;
  /** How the callee asks for a person. */
  ask: { dtmf: string } | { speech: Int16Array };
  /** Loud frames of the introduction and first question (see node-callee's loudFrames). */
  promptLoudFrames: number;
  /** The person: answers (then hangs up once the bridge works both ways), or a final failure code. */
  person: 'answer' | 480 | 486;
  /** Loud frames the summary said to the person is expected to contain. */
  summaryLoudFrames?: number;
  /** A person who did not answer: the callee leaves this message once it has heard the agent's offer (its loud frames) to its end. */
  message?: { promptLoudFrames: number; speech: Int16Array };
  /**
   * An inbound call: the callee is a caller instead, and dials voicegate's number at once (INVITE
   * from the trunk's port, ACK of the 200); everything after the answer is the same.
   */
  dial?: { to: string; from: string; voicegate: { address: string; port: number } };
}

export type Milestone =
  | 'callee-answered'
  | 'asked'
  | 'refer'
  | 'notify-100-ok'
  | 'notify-final-ok'
  | 'person-invited'
  | 'summary-heard'
  | 'person-heard-callee'
  | 'callee-heard-person'
  | 'message-said'
  | 'callee-bye'
  | 'person-bye-sent'
  | 'person-bye-ok';

export interface TransferTrunk {
  port: number;
  reached(m: Milestone): Promise<void>;
  milestones(): Milestone[];
  /** The REFER as received (Refer-To and Referred-By). */
  refer(): SipText | null;
  /** The person's INVITE as received. */
  personInvite(): SipText | null;
  /** Loud frames the person heard before its tone started (the summary). */
  summaryLoud(): number;
  log(): string;
  close(): Promise<void>;
}

const LOUD_RMS = 300;
const END_QUIET_FRAMES = 30;
const HEARD_SHARE = 0.9;
/** Loud frames of the other side that count as "heard through the bridge" (0.5 s). */
const BRIDGED_LOUD = 25;


/** A tone (8 kHz), loud enough to be told from silence after G.711. */
export function tone(hz: number, ms: number): Int16Array {
  const out = new Int16Array((8000 * ms) / 1000);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / 8000));
  return out;
}

interface Leg {
  rtp: dgram.Socket;
  rtpPort: number;
  remote: { address: string; port: number } | null;
  queue: Int16Array[];
  timer: NodeJS.Timeout | undefined;
  seq: number;
  ts: number;
  ssrc: number;
  /** The INVITE that set the leg up (received, or sent when the leg dialled). */
  invite: SipText | null;
  sipRemote: { address: string; port: number } | null;
  /** Our side of the leg's dialog, for requests we send in it: our From, their To, the Request-URI. */
  dialog: { ours: string; theirs: string; target: string } | null;
  toTag: string;
  cseq: number;
}

async function newLeg(): Promise<Leg> {
  const rtp = dgram.createSocket('udp4');
  await new Promise<void>((r) => rtp.bind(0, '127.0.0.1', () => r()));
  return { rtp, rtpPort: rtp.address().port, remote: null, queue: [], timer: undefined, seq: 1, ts: 0, ssrc: Math.floor(Math.random() * 2 ** 31), invite: null, sipRemote: null, dialog: null, toTag: `t${Math.floor(Math.random() * 1e9)}`, cseq: 1 };
}

function startMedia(leg: Leg): void {
  const silence = new Int16Array(FRAME);
  leg.timer = setInterval(() => {
    if (!leg.remote) return;
    const pcm = leg.queue.shift() ?? silence;
    leg.rtp.send(pcmuPacket(leg.seq++, leg.ts, leg.ssrc, pcm), leg.remote.port, leg.remote.address);
    leg.ts += FRAME;
  }, 20);
}

function queueAudio(leg: Leg, pcm: Int16Array): void {
  leg.queue.push(...frames(pcm));
}

/** Each received PCMU frame's loudness, to `onFrame`. */
function listen(leg: Leg, onFrame: (loud: boolean) => void): void {
  leg.rtp.on('message', (msg) => {
    if (msg.length < 12 || (msg[1]! & 0x7f) !== 0) return;
    const offset = 12 + (msg[0]! & 0x0f) * 4;
    onFrame(rms(alawmulaw.mulaw.decode(msg.subarray(offset))) > LOUD_RMS);
  });
}

export async function startTransferTrunk(opts: TransferTrunkOptions, sipPort = 0): Promise<TransferTrunk> {
  const sip = dgram.createSocket('udp4');
  await new Promise<void>((r) => sip.bind(sipPort, '127.0.0.1', () => r()));
  const port = sip.address().port;
  const callee = await newLeg();
  const person = await newLeg();
  const lines: string[] = [];
  const done: Milestone[] = [];
  const waiters = new Map<Milestone, Array<() => void>>();
  const reach = (m: Milestone) => {
    if (done.includes(m)) return;
    done.push(m);
    lines.push(`** ${m}`);
    for (const w of waiters.get(m) ?? []) w();
  };
  let referMsg: SipText | null = null;
  let summaryLoud = 0;
  let personToneFrom = -1;

  const send = (text: string, to: { port: number; address: string }) => {
    lines.push(`-> ${text.split('\r\n')[0]}`);
    sip.send(Buffer.from(text), to.port, to.address);
  };
  const respond = (req: SipText, status: string, toTag: string, extra: string[] = [], body = ''): string => {
    const copy = req.headers.filter(([n]) => n === 'via' || n === 'from' || n === 'call-id' || n === 'cseq').map(([n, v]) => `${n === 'call-id' ? 'Call-ID' : n === 'cseq' ? 'CSeq' : n[0]!.toUpperCase() + n.slice(1)}: ${v}`);
    const to = sipHeader(req, 'to') ?? '';
    return [`SIP/2.0 ${status}`, ...copy, `To: ${/;tag=/i.test(to) ? to : `${to};tag=${toTag}`}`, ...extra, `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n');
  };
  /** A request from our side of a leg's dialog (INFO, NOTIFY, BYE) to voicegate. */
  const request = (leg: Leg, method: string, extra: string[], body = ''): number => {
    const d = leg.dialog!;
    const text = [
      `${method} ${d.target} SIP/2.0`,
      `Via: SIP/2.0/UDP 127.0.0.1:${port};branch=z9hG4bK${Math.floor(Math.random() * 1e12)};rport`,
      `From: ${d.ours}`,
      `To: ${d.theirs}`,
      `Call-ID: ${sipHeader(leg.invite!, 'call-id')}`,
      `CSeq: ${++leg.cseq} ${method}`,
      'Max-Forwards: 70',
      `Contact: <sip:trunk@127.0.0.1:${port}>`,
      ...extra,
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n');
    send(text, leg.sipRemote!);
    return leg.cseq;
  };
  /** The CSeq numbers of our NOTIFYs (progress, final) and what to send once the first is answered. */
  const notifies = { progress: -1, final: -1 };
  let afterProgress: (() => void) | null = null;
  const sdp = (rtpPort: number) =>
    ['v=0', 'o=trunk 1 1 IN IP4 127.0.0.1', 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', `m=audio ${rtpPort} RTP/AVP 0 101`, 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:101 telephone-event/8000', 'a=sendrecv', ''].join('\r\n');

  // ---- the callee's ears: the prompt, then (bridged) the person's tone --------------------------
  let loud = 0;
  let quiet = 0;
  let calleeHeardPerson = 0;
  let mLoud = 0;
  let mQuiet = 0;
  listen(callee, (isLoud) => {
    if (!done.includes('asked')) {
      if (isLoud) {
        loud++;
        quiet = 0;
      } else quiet++;
      if (loud >= opts.promptLoudFrames * HEARD_SHARE && quiet >= END_QUIET_FRAMES) {
        reach('asked');
        if ('dtmf' in opts.ask) request(callee, 'INFO', ['Content-Type: application/dtmf-relay'], `Signal=${opts.ask.dtmf}\r\nDuration=160\r\n`);
        else queueAudio(callee, opts.ask.speech);
      }
      return;
    }
    if (opts.message && done.includes('person-invited') && !done.includes('message-said')) {
      if (isLoud) {
        mLoud++;
        mQuiet = 0;
      } else mQuiet++;
      if (mLoud >= opts.message.promptLoudFrames * HEARD_SHARE && mQuiet >= END_QUIET_FRAMES) {
        reach('message-said');
        queueAudio(callee, opts.message.speech);
      }
      return;
    }
    if (personToneFrom >= 0 && isLoud && ++calleeHeardPerson === BRIDGED_LOUD) {
      reach('callee-heard-person');
      // Now the callee talks (a tone of its own), for the person to hear through the bridge.
      queueAudio(callee, tone(700, 3000));
    }
  });

  // ---- the person's ears: the summary, then the callee's tone -----------------------------------
  let pLoud = 0;
  let pQuiet = 0;
  let personHeardCallee = 0;
  listen(person, (isLoud) => {
    if (personToneFrom < 0) {
      if (isLoud) {
        pLoud++;
        pQuiet = 0;
      } else pQuiet++;
      if (pLoud >= Math.max(25, (opts.summaryLoudFrames ?? 0) * HEARD_SHARE) && pQuiet >= END_QUIET_FRAMES) {
        summaryLoud = pLoud;
        reach('summary-heard');
        personToneFrom = Date.now();
        queueAudio(person, tone(440, 3000));
      }
      return;
    }
    if (done.includes('callee-heard-person') && isLoud && ++personHeardCallee === BRIDGED_LOUD) {
      reach('person-heard-callee');
      reach('person-bye-sent');
      request(person, 'BYE', []);
    }
  });

  sip.on('message', (msg, rinfo) => {
    const m = parseSipText(msg.toString());
    lines.push(`<- ${m.start}`);
    const reply = (text: string) => send(text, rinfo);
    if (m.start.startsWith('SIP/2.0')) {
      const cseq = sipHeader(m, 'cseq') ?? '';
      const n = Number(cseq.split(' ')[0]);
      if (/INVITE/.test(cseq) && opts.dial && m.start.startsWith('SIP/2.0 200')) return answeredOurInvite(m);
      if (/NOTIFY/.test(cseq) && m.start.startsWith('SIP/2.0 200')) {
        if (n === notifies.progress) {
          reach('notify-100-ok');
          const next = afterProgress;
          afterProgress = null;
          next?.();
        } else if (n === notifies.final) reach('notify-final-ok');
      }
      if (/BYE/.test(cseq) && m.start.startsWith('SIP/2.0 200')) reach('person-bye-ok');
      return;
    }
    const method = m.start.split(' ')[0]!;
    const callId = sipHeader(m, 'call-id');
    // The person's INVITE names another number than the callee's; later requests follow the Call-ID.
    const isPerson = method === 'INVITE' ? callee.invite !== null && sipHeader(callee.invite, 'call-id') !== callId : person.invite !== null && sipHeader(person.invite, 'call-id') === callId;
    const leg = isPerson ? person : callee;
    if (method === 'INVITE') {
      if (leg.invite && sipHeader(leg.invite, 'call-id') === callId) return; // a retransmission: the 200 went out already (or is repeated by our peer's ACK wait)
      leg.invite = m;
      leg.sipRemote = rinfo;
      const contact = /<([^>]+)>/.exec(sipHeader(m, 'contact') ?? '')?.[1] ?? `sip:voicegate@127.0.0.1:${rinfo.port}`;
      leg.dialog = { ours: `${sipHeader(m, 'to')!};tag=${leg.toTag}`, theirs: sipHeader(m, 'from')!, target: contact };
      const address = /^c=IN IP4 (\S+)/m.exec(m.body)?.[1];
      const mediaPort = /^m=audio (\d+)/m.exec(m.body)?.[1];
      leg.remote = address && mediaPort ? { address, port: Number(mediaPort) } : null;
      if (isPerson) {
        reach('person-invited');
        if (opts.person !== 'answer') return reply(respond(m, opts.person === 480 ? '480 Temporarily Unavailable' : '486 Busy Here', leg.toTag));
      }
      reply(respond(m, '200 OK', leg.toTag, [`Contact: <sip:${isPerson ? 'person' : 'callee'}@127.0.0.1:${port}>`, 'Content-Type: application/sdp'], sdp(leg.rtpPort)));
      startMedia(leg);
      if (!isPerson) reach('callee-answered');
      return;
    }
    if (method === 'ACK') return;
    if (method === 'REFER') {
      referMsg = m;
      reach('refer');
      if (opts.refer === 'refuse') return reply(respond(m, opts.refuseCode === 501 ? '501 Not Implemented' : '405 Method Not Allowed', leg.toTag, ['Allow: INVITE, ACK, BYE, CANCEL, OPTIONS, INFO']));
      reply(respond(m, '202 Accepted', leg.toTag));
      const notify = (frag: string, state: string) => request(callee, 'NOTIFY', ['Event: refer', `Subscription-State: ${state}`, 'Content-Type: message/sipfrag;version=2.0'], `${frag}\r\n`);
      // The final NOTIFY goes once the first was answered, as a trunk reports the new call's progress.
      afterProgress = () => {
        notifies.final = notify(opts.refer === 'accept' ? 'SIP/2.0 200 OK' : 'SIP/2.0 503 Service Unavailable', 'terminated;reason=noresource');
      };
      notifies.progress = notify('SIP/2.0 100 Trying', 'active;expires=60');
      return;
    }
    if (method === 'BYE') {
      reply(respond(m, '200 OK', leg.toTag));
      clearInterval(leg.timer);
      if (!isPerson) reach('callee-bye');
      return;
    }
    reply(respond(m, '200 OK', leg.toTag));
  });

  /** The 200 to the callee's INVITE (a retransmission is ACKed again): the dialog, ACK, media. */
  function answeredOurInvite(rs: SipText): void {
    const first = callee.dialog === null;
    const contact = /<([^>]+)>/.exec(sipHeader(rs, 'contact') ?? '')?.[1] ?? callee.invite!.start.split(' ')[1]!;
    callee.dialog ??= { ours: sipHeader(callee.invite!, 'from')!, theirs: sipHeader(rs, 'to')!, target: contact };
    const ack = [
      `ACK ${callee.dialog.target} SIP/2.0`,
      `Via: SIP/2.0/UDP 127.0.0.1:${port};branch=z9hG4bK${Math.floor(Math.random() * 1e12)};rport`,
      `From: ${callee.dialog.ours}`,
      `To: ${callee.dialog.theirs}`,
      `Call-ID: ${sipHeader(callee.invite!, 'call-id')}`,
      'CSeq: 1 ACK',
      'Max-Forwards: 70',
      'Content-Length: 0',
      '',
      '',
    ].join('\r\n');
    send(ack, callee.sipRemote!);
    if (!first) return;
    const address = /^c=IN IP4 (\S+)/m.exec(rs.body)?.[1];
    const mediaPort = /^m=audio (\d+)/m.exec(rs.body)?.[1];
    callee.remote = address && mediaPort ? { address, port: Number(mediaPort) } : null;
    startMedia(callee);
    reach('callee-answered');
  }

  if (opts.dial) {
    const { to, from, voicegate } = opts.dial;
    const uri = `sip:${to}@${voicegate.address}:${voicegate.port}`;
    const body = sdp(callee.rtpPort);
    const invite = [
      `INVITE ${uri} SIP/2.0`,
      `Via: SIP/2.0/UDP 127.0.0.1:${port};branch=z9hG4bK${Math.floor(Math.random() * 1e12)};rport`,
      `From: <sip:${from}@127.0.0.1:${port}>;tag=${callee.toTag}`,
      `To: <${uri}>`,
      `Call-ID: inbound-${Math.floor(Math.random() * 1e12)}@127.0.0.1`,
      'CSeq: 1 INVITE',
      `Contact: <sip:callee@127.0.0.1:${port}>`,
      'Max-Forwards: 70',
      'Content-Type: application/sdp',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n');
    callee.invite = parseSipText(invite);
    callee.sipRemote = voicegate;
    send(invite, voicegate);
  }

  return {
    port,
    reached: (m) =>
      done.includes(m)
        ? Promise.resolve()
        : new Promise<void>((r) => {
            waiters.set(m, [...(waiters.get(m) ?? []), r]);
          }),
    milestones: () => [...done],
    refer: () => referMsg,
    personInvite: () => person.invite,
    summaryLoud: () => summaryLoud,
    log: () => lines.join('\n'),
    async close() {
      clearInterval(callee.timer);
      clearInterval(person.timer);
      await Promise.all([sip, callee.rtp, person.rtp].map((s) => new Promise<void>((r) => s.close(() => r()))));
    },
  };
}
