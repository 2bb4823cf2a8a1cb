import express, { type RequestHandler } from 'express';
import { AppError } from '../common/errors';
import { DEFAULT_MAX_BODY_BYTES, formatBytes } from '../common/route';

/** GraphQL's limit, and every REST route's unless its descriptor sets `body.maxBytes`. */
export const MAX_BODY_BYTES = DEFAULT_MAX_BODY_BYTES;

/**
 * JSON bodies only. An empty body is an empty object (so POST with no body works); a non-empty
 * body of another media type is 415 rather than silently ignored.
 */
export const jsonBody: RequestHandler = jsonBodyUpTo(MAX_BODY_BYTES);

export function jsonBodyUpTo(maxBytes: number): RequestHandler {
  const json = express.json({ limit: maxBytes, strict: true, type: ['application/json', 'application/*+json'] });
  const label = formatBytes(maxBytes);
  return (req, res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    const hasBody = length > 0 || req.headers['transfer-encoding'] !== undefined;
    if (length > maxBytes) return next(new AppError('payload_too_large', `The request body is larger than ${label}.`));
    if (hasBody && !req.is(['application/json', 'application/*+json'])) {
      if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE') {
        // A body these methods do not use is ignored, never half-parsed.
        req.body ??= {};
        return next();
      }
      return next(new AppError('unsupported_media_type', 'Send the request body as application/json.'));
    }
    json(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (req.body === undefined) req.body = {};
      next();
    });
  };
}
