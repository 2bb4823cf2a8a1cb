import { createHash, randomBytes } from 'node:crypto';
import type { SipMessage } from 'sip';

/**
 * Digest authentication of our requests (RFC 3261 22.4 with RFC 2617, and RFC 7616 / RFC 8760
 * for SHA-256): MD5, MD5-sess, SHA-256, SHA-256-sess; qop auth, auth-int or none.
 */

export interface DigestInput {
  algorithm: string;
  username: string;
  realm: string;
  password: string;
  method: string;
  uri: string;
  nonce: string;
  /** With qop: the client nonce and the nonce count (8 hex digits). */
  cnonce?: string;
  nc?: string;
  qop?: 'auth' | 'auth-int';
  /** The body, for auth-int. */
  body?: string;
}

const HASHES: Record<string, 'md5' | 'sha256'> = { md5: 'md5', 'md5-sess': 'md5', 'sha-256': 'sha256', 'sha-256-sess': 'sha256' };

/** Whether we can answer a challenge with this algorithm. */
export const supportedAlgorithm = (algorithm: string): boolean => algorithm.toLowerCase() in HASHES;

/** The `response` value: KD(H(A1), nonce[:nc:cnonce:qop]:H(A2)) (RFC 2617 3.2.2, RFC 7616 3.4.1). */
export function digestResponse(d: DigestInput): string {
  const alg = d.algorithm.toLowerCase();
  const hashName = HASHES[alg];
  if (!hashName) throw new Error(`unsupported digest algorithm ${d.algorithm}`);
  const h = (...parts: string[]) => createHash(hashName).update(parts.join(':')).digest('hex');
  let ha1 = h(d.username, d.realm, d.password);
  if (alg.endsWith('-sess')) ha1 = h(ha1, d.nonce, d.cnonce ?? '');
  const ha2 = d.qop === 'auth-int' ? h(d.method, d.uri, h(d.body ?? '')) : h(d.method, d.uri);
  return d.qop ? h(ha1, d.nonce, d.nc ?? '', d.cnonce ?? '', d.qop, ha2) : h(ha1, d.nonce, ha2);
}

/** A quoted-string (RFC 3261 25.1): `"` and `\` escaped; CR, LF and other controls cannot be carried. */
export function quoteString(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) throw new Error('a SIP quoted string cannot carry control characters (CR, LF)');
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** A parameter value as the parser left it: surrounding quotes removed, quoted-pairs unescaped. */
export function unquoteString(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) return raw.slice(1, -1).replace(/\\(.)/g, '$1');
  return raw;
}

/**
 * Adds Authorization (401) or Proxy-Authorization (407) to `rq` for the response's digest
 * challenge. Returns false when there is no challenge we can answer. Throws when a credential
 * cannot be written into a header (a control character): nothing is sent then.
 */
export function signDigest(rq: SipMessage, rs: SipMessage, creds: { user: string; password: string }, cnonce = randomBytes(12).toString('hex')): boolean {
  const proxy = rs.status === 407;
  const challenges = (rs.headers[proxy ? 'proxy-authenticate' : 'www-authenticate'] ?? []) as Array<Record<string, unknown>>;
  const challenge = challenges.find((c) => String(c.scheme ?? '').toLowerCase() === 'digest' && supportedAlgorithm(unquoteString(c.algorithm) ?? 'MD5'));
  if (!challenge) return false;
  const realm = unquoteString(challenge.realm) ?? '';
  const nonce = unquoteString(challenge.nonce) ?? '';
  const opaque = unquoteString(challenge.opaque);
  const algorithm = unquoteString(challenge.algorithm) ?? 'MD5';
  const offered = (unquoteString(challenge.qop) ?? '').split(',').map((q) => q.trim().toLowerCase());
  const qop = offered.includes('auth') ? 'auth' : offered.includes('auth-int') ? 'auth-int' : undefined;
  const nc = '00000001';
  const uri = rq.uri!;
  const response = digestResponse({ algorithm, username: creds.user, realm, password: creds.password, method: rq.method!, uri, nonce, cnonce, nc, qop, body: rq.content ?? '' });
  const params = [
    `username=${quoteString(creds.user)}`,
    `realm=${quoteString(realm)}`,
    `nonce=${quoteString(nonce)}`,
    `uri=${quoteString(uri)}`,
    `response=${quoteString(response)}`,
    `algorithm=${algorithm}`,
    ...(qop ? [`qop=${qop}`, `nc=${nc}`, `cnonce=${quoteString(cnonce)}`] : []),
    ...(opaque !== undefined ? [`opaque=${quoteString(opaque)}`] : []),
  ];
  delete rq.headers.authorization;
  delete rq.headers['proxy-authorization'];
  rq.headers[proxy ? 'proxy-authorization' : 'authorization'] = `Digest ${params.join(', ')}`;
  return true;
}
