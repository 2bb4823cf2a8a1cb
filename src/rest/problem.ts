import type { Response } from 'express';
import { AppError } from '../common/errors';

/** RFC 9457 problem+json with our stable `code` (docs/api.md, "Errors"). */
export function sendProblem(res: Response, err: AppError, instance?: string): void {
  if (err.headers) for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
  res
    .status(err.status)
    .type('application/problem+json')
    .send(
      JSON.stringify({
        type: 'about:blank',
        title: err.title,
        status: err.status,
        detail: err.message,
        code: err.code,
        ...(instance ? { instance } : {}),
        ...(err.errors ? { errors: err.errors } : {}),
      }),
    );
}
