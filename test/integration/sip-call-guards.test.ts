import { createHash, randomUUID } from 'node:crypto';
import dgram from 'node:dgram';
import pino from 'pino';
import * as sip from 'sip';
import type { SipMessage } from 'sip';
import { RtpSession } from '../../src/carriers/sip/media/rtp-session';
import { printMessage, SipEndpoint } from '../../src/carriers/sip/sip-endpoint';
import type { SipTrunk } from '../../src/carriers/sip/sip-trunk';
import { OutboundCall as SipCall, type SipCallOutcome } from '../../src/carriers/sip/uac/outbound-call';

/**
 * One SIP call (our user agent client, real sockets) against a scripted far end on loopback:
 * credentials are written into the digest Authorization header as quoted strings (a quote in the
 * user name cannot add a parameter, a line break never leaves), and the far end's SDP cannot point
 * our RTP at a private or loopback address when the trunk's policy forbids it.
 */
const log = pino({ level: 'silent' });
const md5 = (...parts: string[]) => createHash('md5').update(parts.join(':')).digest('hex');
const REALM = 'far "end" realm';
const NONCE = 'n0nce';

interface FarEnd {
  port: number;
  /** Every message received, as raw text. */
  received: string[];
  /** Resolves with the first message for which `match` is true. */
  next(match: (text: string, m: SipMessage) => boolean): Promise<string>;
  close(): void;
}

async function farEnd(respond: (rq: SipMessage) => { status: number; reason: string; headers?: Record<string, unknown>; content?: string } | null): Promise<FarEnd> {
  const socket = dgram.createSocket('udp4');
  const received: string[] = [];
  const waiters: Array<{ match: (text: string, m: SipMessage) => boolean; resolve: (text: string) => void }> = [];
  socket.on('message', (data, rinfo) => {
    const text = data.toString('binary');
    received.push(text);
    const rq = sip.parse(data);
    if (!rq) return;
    for (const w of waiters.splice(0)) (w.match(text, rq) ? w.resolve(text) : waiters.push(w));
    if (!rq.method || rq.method === 'ACK') return;
    const answer = respond(rq);
    if (!answer) return;
    const rs = sip.makeResponse(rq, answer.status, answer.reason, { headers: answer.headers, content: answer.content });
    rs.headers.to = { ...rs.headers.to, params: { ...rs.headers.to.params, tag: 'far' } };
    socket.send(sip.stringify(rs), rinfo.port, rinfo.address);
  });
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
  return {
    port: socket.address().port,
    received,
    next: (match) =>
      new Promise((resolve) => {
        const hit = received.find((t) => match(t, sip.parse(t)!));
        if (hit) resolve(hit);
        else waiters.push({ match, resolve });
      }),
    close: () => socket.close(),
  };
}

/** 401 with a digest challenge to an INVITE without credentials, 486 to one with them; 200 to BYE. */
const challengeThenBusy = (rq: SipMessage) => {
  if (rq.method === 'BYE') return { status: 200, reason: 'OK' };
  if (rq.method !== 'INVITE') return null;
  if (!rq.headers.authorization) {
    return { status: 401, reason: 'Unauthorized', headers: { 'www-authenticate': [{ scheme: 'Digest', realm: '"far \\"end\\" realm"', nonce: `"${NONCE}"`, qop: '"auth"', algorithm: 'MD5' }] } };
  }
  return { status: 486, reason: 'Busy Here' };
};

let endpoint: SipEndpoint;
const open: Array<{ close(): void }> = [];
beforeAll(async () => {
  // The far ends listen on loopback, which a trunk with allowPrivate: false may not reach: the
  // transport's destination check (unit-tested in test/unit/sip) would refuse the INVITE itself, so
  // it is left out here and the far end's SDP media address is what gets judged.
  endpoint = await SipEndpoint.open({ bindAddress: '127.0.0.1', port: 0, publicAddress: '127.0.0.1', log, checkDestination: () => undefined });
});
afterEach(() => open.splice(0).forEach((o) => o.close()));
afterAll(() => endpoint.close());

/** Places one call on `trunk` and resolves with its outcome; being answered counts as a failure of the test. */
async function call(trunk: SipTrunk): Promise<SipCallOutcome> {
  const media = await RtpSession.open('127.0.0.1', 53000, 53998, 30);
  return new Promise<SipCallOutcome>((resolve, reject) => {
    const c = new SipCall({
      callId: randomUUID(),
      to: '+14155550123',
      from: '+14155550100',
      trunk,
      ringTimeoutMs: 30_000,
      maxDurationMs: 30_000,
      endpoint,
      media,
      log,
      hooks: {
        ringing: () => undefined,
        answered: () => {
          reject(new Error('the call was answered and its media started'));
          c.hangup();
        },
        ended: resolve,
      },
    });
    c.start();
  });
}

test('a quote in the user name stays inside the quoted username: no forged response parameter', async () => {
  const far = await farEnd(challengeThenBusy);
  open.push(far);
  const user = 'u", response="forged';
  const outcome = await call({ host: '127.0.0.1', port: far.port, address: '127.0.0.1', username: user, password: 'pw', allowPrivate: true });
  expect(outcome.carrierStatus).toEqual({ code: 486, reason: 'Busy Here' });
  const signed = sip.parse(await far.next((_t, m) => m.method === 'INVITE' && !!m.headers.authorization))!;
  const auth = (signed.headers.authorization as Array<Record<string, string>>)[0]!;
  expect(auth.username).toBe('"u\\", response=\\"forged"');
  expect(auth.realm).toBe('"far \\"end\\" realm"');
  const cnonce = auth.cnonce!.slice(1, -1);
  const ha1 = md5(user, REALM, 'pw');
  const ha2 = md5('INVITE', signed.uri!);
  expect(auth.response).toBe(`"${md5(ha1, NONCE, auth.nc!, cnonce, 'auth', ha2)}"`);
});

test('a line break in the credentials never leaves: the call fails as carrier_error and no header is injected', async () => {
  const far = await farEnd(challengeThenBusy);
  open.push(far);
  const outcome = await call({ host: '127.0.0.1', port: far.port, address: '127.0.0.1', username: 'u"\r\nX-Inj: 1', password: 'pw', allowPrivate: true });
  expect(outcome).toMatchObject({ status: 'failed', disposition: 'carrier_error' });
  // The unsigned INVITE and the ACK of its 401 arrived; no INVITE with credentials, nothing with X-Inj.
  await far.next((_t, m) => m.method === 'ACK');
  expect(far.received.filter((t) => t.startsWith('INVITE '))).toHaveLength(1);
  expect(far.received.some((t) => /X-Inj/i.test(t))).toBe(false);
});

test("an answer whose SDP points RTP at loopback is hung up when the trunk may not reach private addresses: no media sent", async () => {
  const internal = dgram.createSocket('udp4');
  const packets: Buffer[] = [];
  internal.on('message', (p) => packets.push(p));
  await new Promise<void>((r) => internal.bind(0, '127.0.0.1', r));
  open.push(internal);
  const sdp = ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', `m=audio ${internal.address().port} RTP/AVP 0`, 'a=rtpmap:0 PCMU/8000', ''].join('\r\n');
  const far = await farEnd((rq) => {
    if (rq.method === 'INVITE') return { status: 200, reason: 'OK', headers: { contact: [{ uri: `sip:far@127.0.0.1`, params: {} }], 'content-type': 'application/sdp' }, content: sdp };
    if (rq.method === 'BYE') return { status: 200, reason: 'OK' };
    return null;
  });
  open.push(far);
  const outcome = await call({ host: 'trunk.example.net', port: far.port, address: '127.0.0.1', allowPrivate: false });
  expect(outcome).toMatchObject({ status: 'failed', disposition: 'carrier_error', carrierStatus: { code: 488, reason: expect.stringContaining('127.0.0.1 is not allowed') } });
  await far.next((_t, m) => m.method === 'BYE');
  expect(packets).toEqual([]);
});

test('no message with a line break in its start line or a header is ever printed for sending', () => {
  const base = (): SipMessage => ({
    method: 'OPTIONS',
    uri: 'sip:trunk.example.net',
    version: '2.0',
    headers: { via: [], to: { uri: 'sip:trunk.example.net', params: {} }, from: { uri: 'sip:voicegate@127.0.0.1', params: { tag: 'a' } }, 'call-id': 'c', cseq: { method: 'OPTIONS', seq: 1 } },
  });
  expect(printMessage(base())).toContain('OPTIONS sip:trunk.example.net SIP/2.0\r\n');
  const injected = [
    (m: SipMessage) => (m.headers['user-agent'] = 'x\r\nX-Inj: 1'),
    (m: SipMessage) => (m.headers.from.params.tag = 'a\nX-Inj: 1'),
    (m: SipMessage) => (m.headers.authorization = [{ scheme: 'Digest', username: '"u\r\nX-Inj: 1"' }]),
    (m: SipMessage) => (m.uri = 'sip:a\r\nX-Inj: 1'),
  ];
  for (const inject of injected) {
    const m = base();
    inject(m);
    expect(() => printMessage(m)).toThrow('line break');
  }
  // The body (SDP) is made of CRLF lines and is not a header.
  expect(printMessage({ ...base(), content: 'v=0\r\ns=-\r\n' })).toContain('v=0\r\ns=-\r\n');
});
