import jwt from 'jsonwebtoken';
import type { Config } from '../../config';
import { AppError } from '../../shared/errors';
import { isUuid } from '../../shared/ids';
import type { Role } from '../../shared/roles';

export interface DashboardClaims {
  sub: string;
  org_id: string;
  role: Role;
  type: 'dashboard';
  iat: number;
  exp: number;
}

export const tokenLifetimeSeconds = (config: Config): number => Math.round(config.jwtExpireHours * 3600);

export function issueDashboardToken(config: Config, user: { id: string; orgId: string; role: Role }): { token: string; expiresIn: number } {
  const expiresIn = tokenLifetimeSeconds(config);
  const token = jwt.sign({ org_id: user.orgId, role: user.role, type: 'dashboard' }, config.jwtSecret, {
    algorithm: 'HS256',
    subject: user.id,
    expiresIn,
  });
  return { token, expiresIn };
}

/** Verifies signature (HS256 only: the algorithm is pinned), expiry and the dashboard shape. */
export function verifyDashboardToken(config: Config, token: string): DashboardClaims {
  if (token.startsWith('sk_live_')) {
    throw new AppError('invalid_token', 'An API key cannot be used as a dashboard token.');
  }
  let payload: unknown;
  try {
    payload = jwt.verify(token, config.jwtSecret, { algorithms: ['HS256'] });
  } catch (e) {
    if (e instanceof jwt.TokenExpiredError) throw new AppError('token_expired', 'The token has expired.');
    throw new AppError('invalid_token', 'The token is invalid.');
  }
  const c = payload as Partial<DashboardClaims>;
  if (typeof c !== 'object' || c === null || c.type !== 'dashboard' || !isUuid(c.sub) || !isUuid(c.org_id) || typeof c.exp !== 'number') {
    throw new AppError('invalid_token', 'The token is invalid.');
  }
  return c as DashboardClaims;
}
