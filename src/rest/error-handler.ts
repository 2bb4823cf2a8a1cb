import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, toAppError } from '../common/errors';
import { DEFAULT_MAX_BODY_BYTES, formatBytes } from '../common/route';
import { sendProblem } from './problem';

/** Body-parser and other HTTP-level failures, recognised by their `type` or status. */
function fromHttpError(err: { type?: string; status?: number; statusCode?: number; limit?: number }): AppError | undefined {
  // body-parser reports the limit it was built with (the route's, see router.ts).
  const tooLarge = () => new AppError('payload_too_large', `The request body is larger than ${formatBytes(typeof err.limit === 'number' ? err.limit : DEFAULT_MAX_BODY_BYTES)}.`);
  switch (err.type) {
    case 'entity.parse.failed':
      return new AppError('bad_request', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return tooLarge();
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('unsupported_media_type', 'Only UTF-8 JSON request bodies are accepted.');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new AppError('bad_request', 'The request body could not be read.');
  }
  const status = err.status ?? err.statusCode;
  if (status === 400) return new AppError('bad_request', 'The request is malformed.');
  if (status === 413) return tooLarge();
  return undefined;
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const appError = err instanceof AppError ? err : (fromHttpError(err ?? {}) ?? toAppError(err));
  if (appError.status >= 500) {
    req.log?.error({ err }, 'request failed');
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendProblem(res, appError);
};

export const notFoundHandler: RequestHandler = (req, res) => {
  sendProblem(res, new AppError('not_found', `No route for ${req.method} ${req.path}.`));
};
