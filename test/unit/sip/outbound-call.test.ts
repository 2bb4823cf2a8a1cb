import * as sip from 'sip';
import type { SipMessage } from 'sip';
import type { MediaQuality } from '../../../src/carriers/sip/media/rtcp';
import type { CodecName } from '../../../src/carriers/sip/sdp';
import { SipEndpoint } from '../../../src/carriers/sip/sip-endpoint';
import type { Remote } from '../../../src/carriers/sip/transport/transport';
import { OutboundCall, type CallMedia, type SipCallOutcome } from '../../../src/carriers/sip/uac/outbound-call';
import { ANSWER_SDP, FakeClock, FakeTransport, respond, silentLog, TRUNK } from './fakes';

class FakeMedia implements CallMedia {
  readonly port = 30000;
  started: Remote | null = null;
  retargeted: Remote[] = [];
  digits: string[] = [];
  stopped = false;
  start(remote: Remote, _codec: CodecName): void {
    this.started = remote;
  }
  retarget(remote: Remote): void {
    this.retargeted.push(remote);
  }
  onDtmf = (digit: string): void => void this.digits.push(digit);
  stop(): void {
    this.stopped = true;
  }
  quality(): MediaQuality | null {
    return null;
  }
}

function placeCall(trunk: { username?: string; password?: string; allowPrivate?: boolean } = {}) {
  const clock = new FakeClock();
  const transport = new FakeTransport(clock);
  const endpoint = new SipEndpoint({ transport, publicAddress: '192.0.2.10', log: silentLog, clock });
  const media = new FakeMedia();
  const events: string[] = [];
  let outcome: SipCallOutcome | null = null;
  const call = new OutboundCall({
    callId: 'call-1',
    to: '+15550001111',
    from: '+15550002222',
    // Documentation addresses (RFC 5737) count as private: this trunk's policy allows them.
    trunk: { host: 'trunk.example', port: 5060, address: TRUNK.address, allowPrivate: true, ...trunk },
    ringTimeoutMs: 30_000,
    maxDurationMs: 600_000,
    endpoint,
    media,
    log: silentLog,
    clock,
    hooks: {
      ringing: (s) => events.push(`ringing ${s.code}`),
      answered: () => events.push('answered'),
      ended: (o) => {
        events.push(`ended ${o.status}/${o.disposition}`);
        outcome = o;
      },
    },
  });
  call.start();
  const invite = () => transport.requests('INVITE').at(-1)!.message;
  return { clock, transport, endpoint, media, events, call, invite, outcome: () => outcome };
}

const FAR_TAG = 'far-tag';
const answer = (invite: SipMessage, extra: Record<string, unknown> = {}) =>
  respond(invite, 200, 'OK', { toTag: FAR_TAG, headers: { contact: [{ uri: 'sip:callee@198.51.100.20:5062', params: {} }], 'content-type': 'application/sdp', ...extra }, content: ANSWER_SDP });

test('answered: ACK to the 2xx in the dialog, media to the SDP address, BYE on hang-up completes the call', () => {
  const c = placeCall();
  c.transport.deliver(respond(c.invite(), 180, 'Ringing', { toTag: FAR_TAG }));
  c.transport.deliver(answer(c.invite(), { 'record-route': [{ uri: 'sip:proxy2.example;lr', params: {} }, { uri: 'sip:proxy1.example;lr', params: {} }] }));
  const ack = c.transport.requests('ACK')[0]!.message;
  expect(ack.uri).toBe('sip:callee@198.51.100.20:5062');
  expect(ack.headers.cseq).toEqual({ method: 'ACK', seq: 1 });
  expect(ack.headers.to.params.tag).toBe(FAR_TAG);
  expect(ack.headers.route!.map((r) => sip.stringifyUri(r.uri))).toEqual(['sip:proxy1.example;lr', 'sip:proxy2.example;lr']);
  expect(c.media.started).toEqual({ address: '198.51.100.20', port: 40000 });
  c.clock.advance(65_000);
  c.call.hangup();
  const bye = c.transport.requests('BYE')[0]!;
  expect(bye.to).toMatchObject(TRUNK); // packets go to the trunk; Contact only shapes the Request-URI
  expect(bye.message.headers.cseq).toEqual({ method: 'BYE', seq: 2 });
  c.transport.deliver(respond(bye.message, 200, 'OK'));
  expect(c.events).toEqual(['ringing 180', 'answered', 'ended completed/human']);
  expect(c.outcome()!.durationSeconds).toBe(65);
  expect(c.media.stopped).toBe(true);
});

test('a retransmitted 200 gets the very same ACK, branch included (RFC 3261 13.2.2.4), so the far end can tell it is a copy', () => {
  const c = placeCall();
  const ok = answer(c.invite());
  c.transport.deliver(ok);
  c.clock.advance(600); // the far end's Timer G fired before our ACK reached it
  c.transport.deliver(ok);
  const acks = c.transport.requests('ACK');
  expect(acks).toHaveLength(2);
  expect(acks[1]!.raw).toBe(acks[0]!.raw);
  expect(c.events).toEqual(['answered']);
});

test('CANCEL race: a 200 that arrives after our CANCEL is ACKed and ended with BYE (canceled)', () => {
  const c = placeCall();
  c.transport.deliver(respond(c.invite(), 180, 'Ringing', { toTag: FAR_TAG }));
  c.call.cancel();
  const cancel = c.transport.requests('CANCEL')[0]!.message;
  expect(cancel.headers.via[0]!.params.branch).toBe(c.invite().headers.via[0]!.params.branch);
  expect(cancel.headers.cseq).toEqual({ method: 'CANCEL', seq: 1 });
  c.transport.deliver(answer(c.invite()));
  c.transport.deliver(respond(cancel, 481, 'Call/Transaction Does Not Exist'));
  expect(c.transport.requests('ACK')).toHaveLength(1);
  const bye = c.transport.requests('BYE')[0]!.message;
  expect(bye.headers.to.params.tag).toBe(FAR_TAG);
  expect(c.media.started).toBeNull();
  c.transport.deliver(respond(bye, 200, 'OK'));
  expect(c.events).toEqual(['ringing 180', 'ended failed/canceled']);
  expect(c.outcome()!.carrierStatus).toEqual({ code: 200, reason: 'OK' });
});

test('a cancel before any provisional response waits for one (RFC 3261 9.1), a 100 Trying included, then CANCEL; 487 ends the call', () => {
  const c = placeCall();
  c.call.cancel();
  expect(c.transport.requests('CANCEL')).toHaveLength(0);
  c.transport.deliver(respond(c.invite(), 100, 'Trying'));
  expect(c.transport.requests('CANCEL')).toHaveLength(1);
  c.transport.deliver(respond(c.invite(), 487, 'Request Terminated', { toTag: FAR_TAG }));
  expect(c.transport.requests('ACK')).toHaveLength(1);
  expect(c.outcome()).toMatchObject({ status: 'failed', carrierStatus: { code: 487 } });
});

test('ring timeout: CANCEL, then the 487 makes it no_answer', () => {
  const c = placeCall();
  c.transport.deliver(respond(c.invite(), 180, 'Ringing', { toTag: FAR_TAG }));
  c.clock.advance(30_000);
  expect(c.transport.requests('CANCEL')).toHaveLength(1);
  c.transport.deliver(respond(c.invite(), 487, 'Request Terminated', { toTag: FAR_TAG }));
  expect(c.outcome()).toMatchObject({ status: 'failed', disposition: 'no_answer' });
});

test('a trunk that never answers: Timer B ends the call as a carrier error', () => {
  const c = placeCall();
  c.clock.advance(40_000);
  expect(c.outcome()).toMatchObject({ status: 'failed', disposition: 'carrier_error' });
});

test('digest: a 401 is ACKed and the INVITE sent again with CSeq 2 and Authorization, once', () => {
  const c = placeCall({ username: 'alice', password: 'secret' });
  const first = c.invite();
  const challenge = respond(first, 401, 'Unauthorized', { toTag: 'x', headers: { 'www-authenticate': [{ scheme: 'Digest', realm: '"sip.example"', nonce: '"abc123"', qop: '"auth"', algorithm: 'MD5' }] } });
  c.transport.deliver(challenge);
  expect(c.transport.requests('ACK')).toHaveLength(1);
  const second = c.invite();
  const secondRaw = c.transport.requests('INVITE').at(-1)!.raw;
  expect(second).not.toBe(first);
  expect(second.headers.cseq.seq).toBe(2);
  expect(second.headers.via[0]!.params.branch).not.toBe(first.headers.via[0]!.params.branch);
  expect(/^Authorization: (.*)$/m.exec(secondRaw)![1]).toMatch(/^Digest username="alice", realm="sip.example", nonce="abc123", uri="sip:\+15550001111@trunk.example", response="[0-9a-f]{32}", algorithm=MD5, qop=auth, nc=00000001, cnonce="[0-9a-f]+"$/);
  // A second challenge is the answer: the credentials are wrong.
  c.transport.deliver(respond(second, 401, 'Unauthorized', { toTag: 'y', headers: { 'www-authenticate': [{ scheme: 'Digest', realm: '"sip.example"', nonce: '"def"' }] } }));
  expect(c.transport.requests('INVITE').length).toBe(2);
  expect(c.outcome()).toMatchObject({ status: 'failed', disposition: 'carrier_error', carrierStatus: { code: 401 } });
});

test('re-INVITE in the dialog: 200 with our SDP, media follows, the remote target moves; the BYE after it uses the next CSeq', () => {
  const c = placeCall();
  c.transport.deliver(answer(c.invite()));
  const reinvite: SipMessage = {
    method: 'INVITE',
    uri: 'sip:voicegate@192.0.2.10:5070',
    version: '2.0',
    headers: {
      via: [{ version: '2.0', protocol: 'UDP', host: '198.51.100.7', port: 5060, params: { branch: 'z9hG4bKre1' } }],
      to: { uri: 'sip:+15550002222@trunk.example', params: { tag: c.invite().headers.from.params.tag } },
      from: { uri: 'sip:+15550001111@trunk.example', params: { tag: FAR_TAG } },
      'call-id': 'call-1',
      cseq: { method: 'INVITE', seq: 10 },
      contact: [{ uri: 'sip:callee@198.51.100.30:5064', params: {} }],
      'content-type': 'application/sdp',
    },
    content: ANSWER_SDP.replace(/198\.51\.100\.20/g, '198.51.100.30').replace('40000', '40002'),
  };
  c.transport.deliver(reinvite);
  const ok = c.transport.responses(200).at(-1)!.message;
  expect(ok.headers.cseq).toEqual({ method: 'INVITE', seq: 10 });
  expect(ok.content).toBe(c.invite().content);
  expect(c.media.retargeted).toEqual([{ address: '198.51.100.30', port: 40002 }]);
  // A request that goes back in CSeq is refused (RFC 3261 12.2.2).
  c.transport.deliver({ ...reinvite, headers: { ...reinvite.headers, via: [{ ...reinvite.headers.via[0]!, params: { branch: 'z9hG4bKold' } }], cseq: { method: 'INFO', seq: 9 } }, method: 'INFO', content: '' });
  expect(c.transport.responses(500)).toHaveLength(1);
  c.call.hangup();
  const bye = c.transport.requests('BYE')[0]!.message;
  expect(bye.uri).toBe('sip:callee@198.51.100.30:5064');
  expect(bye.headers.cseq.seq).toBe(2);
});

test('the callee hangs up: 200 to its BYE, the call completes; a retransmitted BYE gets the same 200', () => {
  const c = placeCall();
  c.transport.deliver(answer(c.invite()));
  const bye: SipMessage = {
    method: 'BYE',
    uri: 'sip:voicegate@192.0.2.10:5070',
    version: '2.0',
    headers: {
      via: [{ version: '2.0', protocol: 'UDP', host: '198.51.100.7', port: 5060, params: { branch: 'z9hG4bKbye1' } }],
      to: { uri: 'sip:+15550002222@trunk.example', params: { tag: c.invite().headers.from.params.tag } },
      from: { uri: 'sip:+15550001111@trunk.example', params: { tag: FAR_TAG } },
      'call-id': 'call-1',
      cseq: { method: 'BYE', seq: 11 },
    },
  };
  c.transport.deliver(bye);
  c.transport.deliver(bye);
  expect(c.transport.responses(200)).toHaveLength(2);
  expect(c.events).toEqual(['answered', 'ended completed/human']);
});

test('SIP INFO DTMF reaches the media’s digit listener', () => {
  const c = placeCall();
  c.transport.deliver(answer(c.invite()));
  c.transport.deliver({
    method: 'INFO',
    uri: 'sip:voicegate@192.0.2.10:5070',
    version: '2.0',
    headers: {
      via: [{ version: '2.0', protocol: 'UDP', host: '198.51.100.7', port: 5060, params: { branch: 'z9hG4bKinfo' } }],
      to: { uri: 'sip:+15550002222@trunk.example', params: { tag: c.invite().headers.from.params.tag } },
      from: { uri: 'sip:+15550001111@trunk.example', params: { tag: FAR_TAG } },
      'call-id': 'call-1',
      cseq: { method: 'INFO', seq: 12 },
      'content-type': 'application/dtmf-relay',
    },
    content: 'Signal=5\r\nDuration=160\r\n',
  });
  expect(c.media.digits).toEqual(['5']);
});

test("the endpoint's destination check judges every send with the trunk's policy: a private trunk address is refused, nothing is sent", () => {
  const c = placeCall({ allowPrivate: false });
  expect(c.transport.sent).toEqual([]);
  expect(c.outcome()).toMatchObject({ status: 'failed', disposition: 'carrier_error', carrierStatus: { code: null, reason: "The SIP trunk's address is not allowed" } });
});
