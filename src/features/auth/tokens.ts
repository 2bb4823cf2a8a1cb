import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Config } from '../../config';
import { AppError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import type { Role } from '../../common/roles';

export interface DashboardClaims {
  sub: string;
  org_id: string;
  role: Role;
  type: 'dashboard';
  /** Session version (users.session_version at issue); absent in tokens older than the claim = 0. */
  sv?: number;
  iat: number;
  exp: number;
}

export const tokenLifetimeSeconds = (config: Config): number => Math.round(config.jwtExpireHours * 3600);

/**
 * When a dashboard token stops being accepted (seconds since the epoch): its `exp`, or
 * JWT_EXPIRE_HOURS after its `iat` when that comes first. Everything that keeps a token's session
 * alive (a request, a WebSocket's expiry timer) counts from this.
 */
export const tokenExpiresAt = (config: Config, claims: Pick<DashboardClaims, 'iat' | 'exp'>): number =>
  Math.min(claims.exp, claims.iat + tokenLifetimeSeconds(config));

export function issueDashboardToken(config: Config, user: { id: string; orgId: string; role: Role; sessionVersion: number }): { token: string; expiresIn: number } {
  const expiresIn = tokenLifetimeSeconds(config);
  const token = jwt.sign({ org_id: user.orgId, role: user.role, type: 'dashboard', sv: user.sessionVersion }, config.jwtSecret, {
    algorithm: 'HS256',
    subject: user.id,
    expiresIn,
  });
  return { token, expiresIn };
}

/**
 * The HMAC key as a KeyObject, made once per secret. Given a string, jsonwebtoken first tries to
 * parse it as a PEM public key (an OpenSSL call that throws) and only then makes a secret key, on
 * every verification: a measurable share of a dashboard request's CPU (bench/README.md).
 */
let cachedKey: { secret: string; key: KeyObject } | undefined;
function hmacKey(secret: string): KeyObject {
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return cachedKey.key;
}

/** Clock skew tolerated on `iat` (a token "issued" further in the future is refused). */
const IAT_SKEW_SECONDS = 60;

/**
 * Verifies signature (HS256 only: the algorithm is pinned), expiry and the dashboard shape. A token
 * lives at most JWT_EXPIRE_HOURS after its `iat`, whatever its `exp` says: a correctly signed token
 * minted with a far-away `exp` (a leaked secret, an old build, a hand-made token) is refused.
 */
export function verifyDashboardToken(config: Config, token: string): DashboardClaims {
  if (token.startsWith('sk_live_')) {
    throw new AppError('invalid_token', 'An API key cannot be used as a dashboard token.');
  }
  let payload: unknown;
  try {
    payload = jwt.verify(token, hmacKey(config.jwtSecret), { algorithms: ['HS256'] });
  } catch (e) {
    if (e instanceof jwt.TokenExpiredError) throw new AppError('token_expired', 'The token has expired.');
    throw new AppError('invalid_token', 'The token is invalid.');
  }
  const c = payload as Partial<DashboardClaims>;
  if (
    typeof c !== 'object' ||
    c === null ||
    c.type !== 'dashboard' ||
    !isUuid(c.sub) ||
    !isUuid(c.org_id) ||
    typeof c.exp !== 'number' ||
    typeof c.iat !== 'number' ||
    (c.sv !== undefined && (typeof c.sv !== 'number' || !Number.isInteger(c.sv)))
  ) {
    throw new AppError('invalid_token', 'The token is invalid.');
  }
  const now = Math.floor(Date.now() / 1000);
  if (c.iat > now + IAT_SKEW_SECONDS) throw new AppError('invalid_token', 'The token is invalid.');
  const claims = c as DashboardClaims;
  if (now > tokenExpiresAt(config, claims)) throw new AppError('token_expired', 'The token has expired.');
  return claims;
}
