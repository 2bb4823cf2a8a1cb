import type { SipMessage } from 'sip';
import { SipEndpoint } from '../../../src/carriers/sip/sip-endpoint';
import { T1, T2, T4 } from '../../../src/carriers/sip/transaction/timers';
import { FakeClock, FakeTransport, respond, silentLog, TRUNK } from './fakes';

function setup(checkDestination?: (to: { address: string; port: number }) => void) {
  const clock = new FakeClock();
  const transport = new FakeTransport(clock);
  const endpoint = new SipEndpoint({ transport, publicAddress: '192.0.2.10', log: silentLog, clock, checkDestination });
  const responses: SipMessage[] = [];
  const failures: string[] = [];
  const user = { onResponse: (rs: SipMessage) => responses.push(rs), onFailure: (why: string) => failures.push(why) };
  return { clock, transport, endpoint, responses, failures, user };
}

const request = (method: string): SipMessage => ({
  method,
  uri: 'sip:+15550001111@trunk.example',
  version: '2.0',
  headers: {
    via: [],
    to: { uri: 'sip:+15550001111@trunk.example', params: {} },
    from: { uri: 'sip:+15550002222@trunk.example', params: { tag: 'ours' } },
    'call-id': `call-${method}`,
    cseq: { method, seq: 1 },
  },
});

describe('INVITE client transaction', () => {
  test('Timer A retransmits at T1, 2T1, 4T1… (no cap) until Timer B gives up at 64*T1, once', () => {
    const { clock, transport, endpoint, failures, user } = setup();
    endpoint.request(request('INVITE'), TRUNK, user);
    clock.advance(64 * T1 + 10_000);
    // Sent at 0, then after 500, 1000, 2000, 4000, 8000, 16000 ms: 0, 500, 1500, 3500, 7500, 15500, 31500.
    expect(transport.requests('INVITE').map((s) => s.at)).toEqual([0, 500, 1500, 3500, 7500, 15500, 31500]);
    expect(failures).toEqual(['timeout']);
    expect(endpoint.transactionCount).toBe(0);
    expect(clock.pending).toBe(0);
  });

  test('a provisional response stops retransmissions and Timer B (the ring timeout is the call’s business)', () => {
    const { clock, transport, endpoint, responses, failures, user } = setup();
    endpoint.request(request('INVITE'), TRUNK, user);
    clock.advance(T1 + 100);
    transport.deliver(respond(transport.last(), 180, 'Ringing', { toTag: 'far' }));
    clock.advance(60_000);
    expect(transport.requests('INVITE')).toHaveLength(2);
    expect(responses.map((r) => r.status)).toEqual([180]);
    expect(failures).toEqual([]);
  });

  test('a 486 is ACKed on the INVITE’s branch; its retransmissions are ACKed again until Timer D, then forgotten', () => {
    const { clock, transport, endpoint, responses, user } = setup();
    const branch = endpoint.request(request('INVITE'), TRUNK, user);
    const invite = transport.last();
    const busy = respond(invite, 486, 'Busy Here', { toTag: 'far' });
    transport.deliver(busy);
    const acks = transport.requests('ACK');
    expect(acks).toHaveLength(1);
    expect(acks[0]!.message.headers.via[0]!.params.branch).toBe(branch);
    expect(acks[0]!.message.headers.cseq).toEqual({ method: 'ACK', seq: 1 });
    expect(acks[0]!.message.headers.to.params.tag).toBe('far');
    clock.advance(10_000);
    transport.deliver(busy);
    expect(transport.requests('ACK')).toHaveLength(2);
    expect(responses.map((r) => r.status)).toEqual([486]); // the user hears it once
    clock.advance(32_000);
    expect(endpoint.transactionCount).toBe(0);
    transport.deliver(busy);
    expect(transport.requests('ACK')).toHaveLength(2);
    expect(transport.requests('INVITE')).toHaveLength(1);
  });

  test('a 2xx ends the transaction at once and is handed to the user (the dialog ACKs it)', () => {
    const { transport, endpoint, responses, user } = setup();
    endpoint.request(request('INVITE'), TRUNK, user);
    transport.deliver(respond(transport.last(), 200, 'OK', { toTag: 'far' }));
    expect(responses.map((r) => r.status)).toEqual([200]);
    expect(endpoint.transactionCount).toBe(0);
    expect(transport.requests('ACK')).toHaveLength(0);
  });
});

describe('non-INVITE client transaction', () => {
  test('Timer E doubles up to T2, Timer F gives up at 64*T1', () => {
    const { clock, transport, endpoint, failures, user } = setup();
    endpoint.request(request('BYE'), TRUNK, user);
    clock.advance(64 * T1);
    const times = transport.requests('BYE').map((s) => s.at);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps.slice(0, 4)).toEqual([500, 1000, 2000, 4000]);
    expect(Math.max(...gaps)).toBe(T2);
    expect(failures).toEqual(['timeout']);
  });

  test('once a provisional response came, Timer E fires every T2 (17.1.2.2) and Timer F still times out', () => {
    const { clock, transport, endpoint, failures, user } = setup();
    endpoint.request(request('OPTIONS'), TRUNK, user);
    transport.deliver(respond(transport.last(), 100, 'Trying'));
    clock.advance(64 * T1);
    const times = transport.requests('OPTIONS').map((s) => s.at);
    // The Timer E already running fires at T1; from then on every T2.
    expect(times.slice(0, 3)).toEqual([0, T1, T1 + T2]);
    expect(times.slice(2).map((t, i) => t - times[i + 1]!).every((g) => g === T2)).toBe(true);
    expect(failures).toEqual(['timeout']);
  });

  test('a final response stops retransmissions; retransmitted finals are absorbed until Timer K', () => {
    const { clock, transport, endpoint, responses, failures, user } = setup();
    endpoint.request(request('BYE'), TRUNK, user);
    const ok = respond(transport.last(), 200, 'OK', { toTag: 'far' });
    transport.deliver(ok);
    transport.deliver(ok);
    expect(responses.map((r) => r.status)).toEqual([200]);
    expect(endpoint.transactionCount).toBe(1);
    clock.advance(T4);
    expect(endpoint.transactionCount).toBe(0);
    clock.advance(64 * T1);
    expect(transport.requests('BYE')).toHaveLength(1);
    expect(failures).toEqual([]);
  });
});

test('every send passes the destination check; a refused destination sends nothing and fails the transaction', () => {
  const checked: string[] = [];
  const { clock, transport, endpoint, failures, user } = setup((to) => {
    checked.push(`${to.address}:${to.port}`);
    if (to.address === '10.0.0.1') throw new Error('blocked');
  });
  endpoint.request(request('OPTIONS'), { address: '10.0.0.1', port: 5060 }, user);
  expect(transport.sent).toHaveLength(0);
  expect(failures).toEqual(['transport']);
  endpoint.request(request('INVITE'), TRUNK, user);
  clock.advance(T1);
  expect(checked).toEqual(['10.0.0.1:5060', '198.51.100.7:5060', '198.51.100.7:5060']);
});

describe('requests from the far end', () => {
  test('a retransmitted request gets the same response again without reaching the dialog twice', () => {
    const { transport, endpoint } = setup();
    let seen = 0;
    endpoint.addDialog('call-1', {
      onRequest: (rq) => {
        seen++;
        return respond(rq, 200, 'OK');
      },
    });
    const bye: SipMessage = {
      method: 'BYE',
      uri: 'sip:voicegate@192.0.2.10:5070',
      version: '2.0',
      headers: { via: [{ version: '2.0', protocol: 'UDP', host: '198.51.100.7', port: 5060, params: { branch: 'z9hG4bKfar1' } }], to: { uri: 'sip:a@b', params: { tag: 'ours' } }, from: { uri: 'sip:c@d', params: { tag: 'far' } }, 'call-id': 'call-1', cseq: { method: 'BYE', seq: 7 } },
    };
    transport.deliver(bye, { address: '198.51.100.7', port: 5999 });
    transport.deliver(bye, { address: '198.51.100.7', port: 5999 });
    expect(seen).toBe(1);
    expect(transport.responses(200)).toHaveLength(2);
    // Responses go back where the request came from (rport).
    expect(transport.responses(200).map((s) => s.to.port)).toEqual([5999, 5999]);
  });

  test('a request for no dialog: OPTIONS 200, anything else 481', () => {
    const { transport } = setup();
    const base = (method: string): SipMessage => ({
      method,
      uri: 'sip:voicegate@192.0.2.10:5070',
      version: '2.0',
      headers: { via: [{ version: '2.0', protocol: 'UDP', host: '198.51.100.7', port: 5060, params: { branch: `z9hG4bK${method}` } }], to: { uri: 'sip:a@b', params: {} }, from: { uri: 'sip:c@d', params: { tag: 'far' } }, 'call-id': 'nobody', cseq: { method, seq: 1 } },
    });
    transport.deliver(base('OPTIONS'));
    transport.deliver(base('BYE'));
    expect(transport.sent.map((s) => s.message.status)).toEqual([200, 481]);
  });
});
