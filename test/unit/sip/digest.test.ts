import type { SipMessage } from 'sip';
import { digestResponse, quoteString, signDigest, unquoteString } from '../../../src/carriers/sip/digest';

test('RFC 2617 3.5: MD5 with qop=auth', () => {
  expect(
    digestResponse({ algorithm: 'MD5', username: 'Mufasa', realm: 'testrealm@host.com', password: 'Circle Of Life', method: 'GET', uri: '/dir/index.html', nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093', nc: '00000001', cnonce: '0a4f113b', qop: 'auth' }),
  ).toBe('6629fae49393a05397450978507c4ef1');
});

describe('RFC 7616 3.9.1', () => {
  const input = {
    username: 'Mufasa',
    realm: 'http-auth@example.org',
    password: 'Circle of Life',
    method: 'GET',
    uri: '/dir/index.html',
    nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
    nc: '00000001',
    cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
    qop: 'auth' as const,
  };
  test('MD5', () => expect(digestResponse({ ...input, algorithm: 'MD5' })).toBe('8ca523f5e9506fed4657c9700eebdbec'));
  test('SHA-256', () => expect(digestResponse({ ...input, algorithm: 'SHA-256' })).toBe('753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1'));
});

test('without qop (RFC 2069 compatibility) the response is KD(HA1, nonce:HA2)', () => {
  const a = digestResponse({ algorithm: 'MD5', username: 'u', realm: 'r', password: 'p', method: 'INVITE', uri: 'sip:x@y', nonce: 'n' });
  const md5 = (s: string) => require('node:crypto').createHash('md5').update(s).digest('hex') as string;
  expect(a).toBe(md5(`${md5('u:r:p')}:n:${md5('INVITE:sip:x@y')}`));
});

const invite = (): SipMessage => ({
  method: 'INVITE',
  uri: 'sip:+15550001111@trunk.example',
  version: '2.0',
  headers: { via: [], to: { uri: 'sip:+15550001111@trunk.example', params: {} }, from: { uri: 'sip:a@trunk.example', params: { tag: 't' } }, 'call-id': 'c', cseq: { method: 'INVITE', seq: 2 } },
});
const challenge = (status: number, params: Record<string, string>): SipMessage => ({
  status,
  reason: 'Unauthorized',
  headers: { via: [], to: { uri: 'sip:x@y', params: {} }, from: { uri: 'sip:a@b', params: {} }, 'call-id': 'c', cseq: { method: 'INVITE', seq: 1 }, [status === 407 ? 'proxy-authenticate' : 'www-authenticate']: [{ scheme: 'Digest', ...params }] },
});

test('signDigest answers the challenge with every value quoted and escaped, the response recomputable', () => {
  const rq = invite();
  expect(signDigest(rq, challenge(407, { realm: '"sip.example"', nonce: '"n1"', opaque: '"op"', qop: '"auth,auth-int"' }), { user: 'al"ice', password: 'pw' }, 'c0ffee')).toBe(true);
  const header = String(rq.headers['proxy-authorization']);
  expect(header).toBe(
    `Digest username="al\\"ice", realm="sip.example", nonce="n1", uri="sip:+15550001111@trunk.example", response="${digestResponse({ algorithm: 'MD5', username: 'al"ice', realm: 'sip.example', password: 'pw', method: 'INVITE', uri: 'sip:+15550001111@trunk.example', nonce: 'n1', nc: '00000001', cnonce: 'c0ffee', qop: 'auth' })}", algorithm=MD5, qop=auth, nc=00000001, cnonce="c0ffee", opaque="op"`,
  );
  expect(rq.headers.authorization).toBeUndefined();
});

test('no digest challenge we can answer: false; a credential with CR/LF cannot be written', () => {
  expect(signDigest(invite(), challenge(401, { realm: '"r"', nonce: '"n"', algorithm: 'SHA-512-256' }), { user: 'u', password: 'p' })).toBe(false);
  expect(() => signDigest(invite(), challenge(401, { realm: '"r"', nonce: '"n"' }), { user: 'u\r\nX-Evil: 1', password: 'p' })).toThrow(/control characters/);
  expect(quoteString('a\\b"c')).toBe('"a\\\\b\\"c"');
  expect(unquoteString('"a\\"b"')).toBe('a"b');
});
