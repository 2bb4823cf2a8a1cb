import type { RequestHandler } from 'express';
import type { ApiKeysService } from '../features/api-keys/api-keys.service';
import type { AuthService } from '../features/auth/auth.service';
import { requirePlatformAdmin } from '../common/context';
import { bearerToken } from '../common/bearer-token';

export function dashboardAuth(auth: AuthService): RequestHandler {
  return async (req, _res, next) => {
    req.ctx.actor = await auth.authenticate(req.ctx, bearerToken(req.headers.authorization));
    next();
  };
}

export function apiKeyAuth(keys: ApiKeysService): RequestHandler {
  return async (req, _res, next) => {
    req.ctx.actor = await keys.authenticate(req.ctx, bearerToken(req.headers.authorization));
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
