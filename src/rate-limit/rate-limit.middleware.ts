import type { RequestHandler } from 'express';
import { rateLimitHeaders, type RateLimits } from './rate-limits';

/**
 * Per-API-key quota on /v1/*. Mounted after apiKeyAuth, so the bucket is the authenticated key;
 * every response carries the RateLimit headers, a refusal also Retry-After (via the AppError).
 */
export function apiKeyRateLimit(limits: RateLimits): RequestHandler {
  return async (req, res, next) => {
    if (!limits.enabled || req.ctx.actor?.kind !== 'api_key') return next();
    const state = await limits.consume('api_key', req.ctx.actor.apiKeyId);
    if (state) for (const [k, v] of Object.entries(rateLimitHeaders(state))) res.setHeader(k, v);
    next();
  };
}
