import type { Request, RequestHandler } from 'express';
import type { ApiKeysService } from '../features/api-keys/api-keys.service';
import type { AuthService } from '../features/auth/auth.service';
import { requirePlatformAdmin } from '../shared/context';
import { AppError } from '../shared/errors';

/** The bearer credential, or a 401 missing_credentials when there is none. */
export function bearerToken(req: Request): string {
  const header = req.headers.authorization;
  if (!header) throw new AppError('missing_credentials', 'Send credentials as Authorization: Bearer <token>.', { headers: { 'WWW-Authenticate': 'Bearer' } });
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match) throw new AppError('missing_credentials', 'Send credentials as Authorization: Bearer <token>.', { headers: { 'WWW-Authenticate': 'Bearer' } });
  return match[1]!;
}

export function dashboardAuth(auth: AuthService): RequestHandler {
  return async (req, _res, next) => {
    req.ctx.actor = await auth.authenticate(req.ctx, bearerToken(req));
    next();
  };
}

export function apiKeyAuth(keys: ApiKeysService): RequestHandler {
  return async (req, _res, next) => {
    req.ctx.actor = await keys.authenticate(req.ctx, bearerToken(req));
    next();
  };
}

export function platformAdminAuth(auth: AuthService): RequestHandler {
  const dashboard = dashboardAuth(auth);
  return async (req, res, next) => {
    await dashboard(req, res, () => undefined);
    requirePlatformAdmin(req.ctx);
    next();
  };
}
