import * as sip from 'sip';
import type { SipMessage } from 'sip';
import type { MediaQuality } from '../../../src/carriers/sip/media/rtcp';
import type { CodecName } from '../../../src/carriers/sip/sdp';
import { SipEndpoint } from '../../../src/carriers/sip/sip-endpoint';
import { T1, T2 } from '../../../src/carriers/sip/transaction/timers';
import { TIMER_H } from '../../../src/carriers/sip/transaction/invite-server-transaction';
import type { Remote } from '../../../src/carriers/sip/transport/transport';
import type { CallMedia, SipCallOutcome } from '../../../src/carriers/sip/uac/outbound-call';
import { phoneNumberOfUri } from '../../../src/carriers/sip/uas/answer-invite';
import { InboundCall } from '../../../src/carriers/sip/uas/inbound-call';
import { SipUas, type OfferedInvite } from '../../../src/carriers/sip/uas/uas';
import { FakeClock, FakeTransport, silentLog, TRUNK } from './fakes';

class FakeMedia implements CallMedia {
  readonly port = 30000;
  started: { remote: Remote; codec: CodecName; pt: number; dtmf: number | null } | null = null;
  stopped = false;
  start(remote: Remote, codec: CodecName, pt: number, dtmf: number | null): void {
    this.started = { remote, codec, pt, dtmf };
  }
  retarget(): void {}
  onDtmf(): void {}
  stop(): void {
    this.stopped = true;
  }
  quality(): MediaQuality | null {
    return null;
  }
}

const OFFER = ['v=0', 'o=caller 1 1 IN IP4 198.51.100.30', 's=-', 'c=IN IP4 198.51.100.30', 't=0 0', 'm=audio 41000 RTP/AVP 8 0 96', 'a=rtpmap:8 PCMA/8000', 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:96 telephone-event/8000', ''].join('\r\n');

let branches = 0;
function inviteFrom(content = OFFER): SipMessage {
  return {
    method: 'INVITE',
    uri: 'sip:+14155550100@192.0.2.10:5070',
    version: '2.0',
    headers: {
      via: [{ version: '2.0', protocol: 'UDP', host: TRUNK.address, port: TRUNK.port, params: { branch: `z9hG4bKtrunk${++branches}` } }],
      from: { uri: 'sip:+14155550123@trunk.example', params: { tag: 'callertag' } },
      to: { uri: 'sip:+14155550100@192.0.2.10', params: {} },
      'call-id': `inbound-${branches}`,
      cseq: { method: 'INVITE', seq: 7 },
      contact: [{ uri: `sip:caller@${TRUNK.address}:${TRUNK.port}`, params: {} }],
      'content-type': 'application/sdp',
    },
    content,
  };
}

/** The UAS on a fake transport and clock; each offered INVITE becomes an InboundCall at once. */
function uas() {
  const clock = new FakeClock();
  const transport = new FakeTransport(clock);
  const endpoint = new SipEndpoint({ transport, publicAddress: '192.0.2.10', log: silentLog, clock });
  const calls: Array<{ call: InboundCall<FakeMedia>; media: FakeMedia; outcome: () => SipCallOutcome | null; answered: () => boolean; offered: OfferedInvite }> = [];
  endpoint.acceptIncoming(
    new SipUas(endpoint, clock, silentLog, (offered) => {
      const media = new FakeMedia();
      let outcome: SipCallOutcome | null = null;
      let answered = false;
      const call = new InboundCall({
        invite: offered.invite,
        remote: offered.remote,
        tx: offered.tx,
        endpoint,
        media,
        allowPrivate: true,
        maxDurationMs: 600_000,
        log: silentLog,
        clock,
        hooks: { answered: () => (answered = true), ended: (o) => (outcome = o) },
      });
      offered.listen(call.transactionUser);
      calls.push({ call, media, outcome: () => outcome, answered: () => answered, offered });
    }),
  );
  return { clock, transport, endpoint, calls };
}

/** The caller's ACK for a 2xx (its own branch), or for a failure (the INVITE's branch). */
function ackFor(invite: SipMessage, rs: SipMessage, sameBranch: boolean): SipMessage {
  const via = sameBranch ? invite.headers.via : [{ ...invite.headers.via[0]!, params: { branch: `z9hG4bKack${++branches}` } }];
  return { method: 'ACK', uri: invite.uri, version: '2.0', headers: { via, from: invite.headers.from, to: rs.headers.to, 'call-id': invite.headers['call-id'], cseq: { method: 'ACK', seq: invite.headers.cseq.seq } } };
}

test('100 Trying at once and again for a retransmitted INVITE; 180 and 200 carry one To tag, Record-Route and our SDP answer', () => {
  const { transport, calls } = uas();
  const invite = inviteFrom();
  invite.headers['record-route'] = [{ uri: 'sip:proxy.example;lr', params: {} }];
  transport.deliver(invite);
  expect(transport.responses(100)).toHaveLength(1);
  expect(transport.responses(100)[0]!.message.headers.to.params.tag).toBeUndefined();
  transport.deliver(invite);
  expect(transport.responses(100)).toHaveLength(2);
  expect(calls).toHaveLength(1); // the retransmission is not a second call
  calls[0]!.call.ring();
  calls[0]!.call.answer();
  const [ringing] = transport.responses(180);
  const [ok] = transport.responses(200);
  expect(ringing!.message.headers.to.params.tag).toBe(ok!.message.headers.to.params.tag);
  expect(ok!.raw).toMatch(/^Record-Route: +<sip:proxy\.example;lr>\r$/im);
  expect(ok!.to).toEqual(expect.objectContaining({ address: TRUNK.address, port: TRUNK.port }));
  // The caller's first format we speak (PCMA, 8), and its telephone-event payload type.
  expect(ok!.message.content).toMatch(/^m=audio 30000 RTP\/AVP 8 96$/m);
  expect(ok!.message.content).toMatch(/^a=rtpmap:96 telephone-event\/8000$/m);
  expect(ok!.message.content).toMatch(/^c=IN IP4 192\.0\.2\.10$/m);
});

test('the 200 is retransmitted (T1 doubling to T2) until the ACK, which starts media with the offer and the answered hook', () => {
  const { clock, transport, calls } = uas();
  const invite = inviteFrom();
  transport.deliver(invite);
  const c = calls[0]!;
  c.call.answer();
  clock.advance(T1 + 2 * T1 + 4 * T1 + T2 + 1);
  const times = transport.responses(200).map((s) => s.at);
  expect(times).toEqual([0, T1, 3 * T1, 7 * T1, 7 * T1 + T2]);
  expect(c.answered()).toBe(false);
  transport.deliver(ackFor(invite, transport.responses(200)[0]!.message, false));
  expect(c.answered()).toBe(true);
  expect(c.media.started).toEqual({ remote: { address: '198.51.100.30', port: 41000 }, codec: 'PCMA', pt: 8, dtmf: 96 });
  const before = transport.responses(200).length;
  clock.advance(10 * T2);
  expect(transport.responses(200)).toHaveLength(before);
});

test('no ACK within Timer H: BYE to the caller, failed as a carrier error', () => {
  const { clock, transport, calls } = uas();
  transport.deliver(inviteFrom());
  calls[0]!.call.answer();
  clock.advance(TIMER_H + 1);
  const [bye] = transport.requests('BYE');
  expect(bye).toBeDefined();
  expect(bye!.message.uri).toBe(`sip:caller@${TRUNK.address}:${TRUNK.port}`);
  expect(bye!.message.headers.to.params.tag).toBe('callertag');
  expect(bye!.to).toEqual(expect.objectContaining({ address: TRUNK.address }));
  transport.deliver(sip.makeResponse(bye!.message, 200, 'OK'));
  expect(calls[0]!.outcome()).toMatchObject({ status: 'failed', disposition: 'carrier_error', carrierStatus: { code: null } });
});

test('CANCEL before the answer: 200 to the CANCEL, 487 to the INVITE retransmitted until its ACK, canceled', async () => {
  const { clock, transport, calls } = uas();
  const invite = inviteFrom();
  transport.deliver(invite);
  calls[0]!.call.ring();
  const cancel: SipMessage = { method: 'CANCEL', uri: invite.uri, version: '2.0', headers: { via: invite.headers.via, from: invite.headers.from, to: invite.headers.to, 'call-id': invite.headers['call-id'], cseq: { method: 'CANCEL', seq: 7 } } };
  transport.deliver(cancel);
  await Promise.resolve(); // the 487 follows the CANCEL's 200
  const cancelOk = transport.sent.find((s) => s.message.status === 200 && s.message.headers.cseq.method === 'CANCEL');
  expect(cancelOk).toBeDefined();
  const [terminated] = transport.responses(487);
  expect(terminated!.message.headers.cseq).toEqual({ method: 'INVITE', seq: 7 });
  expect(calls[0]!.outcome()).toMatchObject({ status: 'canceled', disposition: 'canceled', carrierStatus: { code: 487 } });
  clock.advance(T1 + 1);
  expect(transport.responses(487)).toHaveLength(2);
  transport.deliver(ackFor(invite, terminated!.message, true));
  clock.advance(10 * T2);
  expect(transport.responses(487)).toHaveLength(2);
  expect(transport.responses(200).filter((s) => s.message.headers.cseq.method === 'INVITE')).toHaveLength(0);
});

test("the caller's BYE after the answer: 200, completed; an offer without PCMU or PCMA: 488", () => {
  const { transport, calls } = uas();
  const invite = inviteFrom();
  transport.deliver(invite);
  calls[0]!.call.answer();
  const ok = transport.responses(200)[0]!.message;
  transport.deliver(ackFor(invite, ok, false));
  const bye: SipMessage = {
    method: 'BYE',
    uri: 'sip:voicegate@192.0.2.10:5070',
    version: '2.0',
    headers: { via: [{ version: '2.0', protocol: 'UDP', host: TRUNK.address, port: TRUNK.port, params: { branch: 'z9hG4bKbye1' } }], from: invite.headers.from, to: ok.headers.to, 'call-id': invite.headers['call-id'], cseq: { method: 'BYE', seq: 8 } },
  };
  transport.deliver(bye);
  expect(transport.sent.some((s) => s.message.status === 200 && s.message.headers.cseq.method === 'BYE')).toBe(true);
  expect(calls[0]!.outcome()).toMatchObject({ status: 'completed', disposition: 'human' });
  expect(calls[0]!.media.stopped).toBe(true);

  transport.deliver(inviteFrom(OFFER.replace('m=audio 41000 RTP/AVP 8 0 96', 'm=audio 41000 RTP/AVP 9').replace(/a=rtpmap:[08] .*\r\n/g, '')));
  expect(calls[1]!.call.answer()).toBe(false);
  expect(transport.responses(488)).toHaveLength(1);
  expect(calls[1]!.outcome()).toMatchObject({ status: 'failed', disposition: 'carrier_error', carrierStatus: { code: 488 } });
});

test('an INVITE without an RFC 3261 branch gets 400 and starts nothing', () => {
  const { transport, calls } = uas();
  const invite = inviteFrom();
  invite.headers.via[0]!.params.branch = 'old-style';
  transport.deliver(invite);
  expect(transport.responses(400)).toHaveLength(1);
  expect(calls).toHaveLength(0);
});

test('the number in a SIP URI: canonical E.164 with or without the +, separators and user parameters dropped; anything else null', () => {
  expect(phoneNumberOfUri('sip:+14155550100@trunk.example')).toBe('+14155550100');
  expect(phoneNumberOfUri('sip:14155550100@trunk.example:5060;transport=udp')).toBe('+14155550100');
  expect(phoneNumberOfUri('sip:+44-20-7123-4567;npdi@trunk.example')).toBe('+442071234567');
  expect(phoneNumberOfUri('sip:anonymous@anonymous.invalid')).toBeNull();
  expect(phoneNumberOfUri('sip:trunk.example')).toBeNull();
  expect(phoneNumberOfUri('not a uri')).toBeNull();
  expect(phoneNumberOfUri(undefined)).toBeNull();
});
