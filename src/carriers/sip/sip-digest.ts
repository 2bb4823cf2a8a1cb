import { createHash, randomBytes } from 'node:crypto';
import type { SipMessage } from 'sip';

/**
 * HTTP digest authentication for our requests (RFC 3261 22.4, RFC 2617): MD5 and MD5-sess, qop
 * auth or auth-int or none. Built here rather than by npm `sip`'s helper, which pasted values
 * between quotes without escaping them: a user name with a quote could end the quoted string and
 * add parameters of its own (`u", response="forged`).
 */
const md5 = (...parts: string[]): string => createHash('md5').update(parts.join(':')).digest('hex');

/** A quoted-string (RFC 3261 25.1): `"` and `\` escaped; CR, LF and other controls cannot be carried at all. */
export function quoteString(value: string): string {
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) throw new Error('a SIP quoted string cannot carry control characters (CR, LF)');
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** The value of a parameter as the parser left it: quotes removed, quoted-pairs unescaped. */
export function unquoteString(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) return raw.slice(1, -1).replace(/\\(.)/g, '$1');
  return raw;
}

const TOKEN = /^[A-Za-z0-9\-.!%*_+`'~]+$/;

/**
 * Adds Authorization (401) or Proxy-Authorization (407) to `rq` for the response's digest
 * challenge. Returns false when there is no digest challenge we can answer. Throws when a
 * credential cannot be written into a header (a control character): nothing is sent then.
 */
export function signDigest(rq: SipMessage, rs: SipMessage, creds: { user: string; password: string }): boolean {
  const proxy = rs.status === 407;
  const challenges = (rs.headers[proxy ? 'proxy-authenticate' : 'www-authenticate'] ?? []) as Array<Record<string, unknown>>;
  const challenge = challenges.find((c) => String(c.scheme ?? '').toLowerCase() === 'digest');
  if (!challenge) return false;
  const realm = unquoteString(challenge.realm) ?? '';
  const nonce = unquoteString(challenge.nonce) ?? '';
  const opaque = unquoteString(challenge.opaque);
  const algorithm = unquoteString(challenge.algorithm) ?? 'MD5';
  if (!/^md5(-sess)?$/i.test(algorithm)) return false;
  const offered = (unquoteString(challenge.qop) ?? '').split(',').map((q) => q.trim().toLowerCase());
  const qop = offered.includes('auth') ? 'auth' : offered.includes('auth-int') ? 'auth-int' : undefined;
  const cnonce = randomBytes(12).toString('hex');
  const nc = '00000001';
  const uri = rq.uri!;
  let ha1 = md5(creds.user, realm, creds.password);
  if (/-sess$/i.test(algorithm)) ha1 = md5(ha1, nonce, cnonce);
  const ha2 = qop === 'auth-int' ? md5(rq.method!, uri, md5(rq.content ?? '')) : md5(rq.method!, uri);
  const response = qop ? md5(ha1, nonce, nc, cnonce, qop, ha2) : md5(ha1, nonce, ha2);
  const params = [
    `username=${quoteString(creds.user)}`,
    `realm=${quoteString(realm)}`,
    `nonce=${quoteString(nonce)}`,
    `uri=${quoteString(uri)}`,
    `response=${quoteString(response)}`,
    // algorithm is a token: echoed only when it is one (it was matched above).
    ...(TOKEN.test(algorithm) ? [`algorithm=${algorithm}`] : []),
    ...(qop ? [`qop=${qop}`, `nc=${nc}`, `cnonce=${quoteString(cnonce)}`] : []),
    ...(opaque !== undefined ? [`opaque=${quoteString(opaque)}`] : []),
  ];
  delete rq.headers.authorization;
  delete rq.headers['proxy-authorization'];
  rq.headers[proxy ? 'proxy-authorization' : 'authorization'] = `Digest ${params.join(', ')}`;
  return true;
}
