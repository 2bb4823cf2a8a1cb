import { mapPgError } from './pg-errors';

/**
 * One error type for the whole service. Services throw it; two thin mappers turn it into
 * problem+json (rest/error-handler.ts) and GraphQL extensions (graphql/format-error.ts).
 */
export const ERROR_CODES = {
  bad_request: { status: 400, title: 'Bad Request', graphql: 'BAD_USER_INPUT' },
  validation_error: { status: 422, title: 'Unprocessable Content', graphql: 'BAD_USER_INPUT' },
  unknown_field: { status: 422, title: 'Unprocessable Content', graphql: 'BAD_USER_INPUT' },
  from_not_allowed: { status: 422, title: 'Unprocessable Content', graphql: 'BAD_USER_INPUT' },
  number_suppressed: { status: 422, title: 'Unprocessable Content', graphql: 'BAD_USER_INPUT' },
  campaign_too_large: { status: 422, title: 'Unprocessable Content', graphql: 'BAD_USER_INPUT' },
  unsupported_language: { status: 422, title: 'Unprocessable Content', graphql: 'BAD_USER_INPUT' },
  unsupported_voice: { status: 422, title: 'Unprocessable Content', graphql: 'BAD_USER_INPUT' },
  missing_credentials: { status: 401, title: 'Unauthorized', graphql: 'UNAUTHENTICATED' },
  invalid_token: { status: 401, title: 'Unauthorized', graphql: 'UNAUTHENTICATED' },
  token_expired: { status: 401, title: 'Unauthorized', graphql: 'UNAUTHENTICATED' },
  token_revoked: { status: 401, title: 'Unauthorized', graphql: 'UNAUTHENTICATED' },
  invalid_api_key_format: { status: 401, title: 'Unauthorized', graphql: 'UNAUTHENTICATED' },
  invalid_api_key: { status: 401, title: 'Unauthorized', graphql: 'UNAUTHENTICATED' },
  invalid_credentials: { status: 401, title: 'Unauthorized', graphql: 'UNAUTHENTICATED' },
  inactive_user: { status: 403, title: 'Forbidden', graphql: 'FORBIDDEN' },
  inactive_organization: { status: 403, title: 'Forbidden', graphql: 'FORBIDDEN' },
  insufficient_role: { status: 403, title: 'Forbidden', graphql: 'FORBIDDEN' },
  invalid_signature: { status: 403, title: 'Forbidden', graphql: 'FORBIDDEN' },
  email_not_verified: { status: 403, title: 'Forbidden', graphql: 'FORBIDDEN' },
  not_found: { status: 404, title: 'Not Found', graphql: 'NOT_FOUND' },
  method_not_allowed: { status: 405, title: 'Method Not Allowed', graphql: 'BAD_REQUEST' },
  email_taken: { status: 409, title: 'Conflict', graphql: 'CONFLICT' },
  idempotency_conflict: { status: 409, title: 'Conflict', graphql: 'CONFLICT' },
  invalid_state: { status: 409, title: 'Conflict', graphql: 'CONFLICT' },
  payload_too_large: { status: 413, title: 'Content Too Large', graphql: 'BAD_USER_INPUT' },
  unsupported_media_type: { status: 415, title: 'Unsupported Media Type', graphql: 'BAD_USER_INPUT' },
  range_not_satisfiable: { status: 416, title: 'Range Not Satisfiable', graphql: 'BAD_USER_INPUT' },
  rate_limited: { status: 429, title: 'Too Many Requests', graphql: 'RATE_LIMITED' },
  too_many_pending_recipients: { status: 429, title: 'Too Many Requests', graphql: 'RATE_LIMITED' },
  internal_error: { status: 500, title: 'Internal Server Error', graphql: 'INTERNAL_SERVER_ERROR' },
  service_unavailable: { status: 503, title: 'Service Unavailable', graphql: 'SERVICE_UNAVAILABLE' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface FieldError {
  field: string;
  message: string;
  /** A field the request does not have (validation.ts turns the 422 into unknown_field; never sent). */
  unknown?: { suggestion?: string };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];
  /** Extra response headers (Retry-After, Allow, ...). */
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, opts: { errors?: FieldError[]; headers?: Record<string, string>; status?: 400 } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    // The one override: a mailed link's token (verification, reset, invitation) that is bad, used
    // or expired is a 400 invalid_token, not the 401 of a bad bearer token (docs/accounts.md).
    this.status = opts.status ?? ERROR_CODES[code].status;
    this.errors = opts.errors;
    this.headers = opts.headers;
  }

  get title(): string {
    return this.status === 400 ? 'Bad Request' : ERROR_CODES[this.code].title;
  }

  get graphqlCode(): string {
    return this.status === 400 ? 'BAD_USER_INPUT' : ERROR_CODES[this.code].graphql;
  }
}

export const notFound = (what: string): AppError => new AppError('not_found', `${what} not found.`);

export const validationError = (field: string, message: string): AppError =>
  new AppError('validation_error', 'The request is invalid.', { errors: [{ field, message }] });

const UNAVAILABLE_NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

/** Turns anything thrown into an AppError; unknown errors become internal_error (never leaked). */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  // PostgreSQL errors by SQLSTATE (constraint violations, serialization failures, server down).
  const mapped = mapPgError(err);
  if (mapped instanceof AppError) return mapped;
  const e = err as { code?: string; message?: string; name?: string } | undefined;
  const code = e?.code ?? '';
  const message = e?.message ?? '';
  // A socket error's message ("read ECONNRESET") counts too: libraries wrap it in errors of their own
  // without the code (graphile-worker returning a released runner's jobs).
  if (
    UNAVAILABLE_NET_CODES.has(code) ||
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection|Transaction query already complete|database system is (shutting down|starting up|in recovery mode)|\b(read|write|connect) (ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|EHOSTUNREACH)\b/i.test(
      message,
    )
  ) {
    return new AppError('service_unavailable', 'The service is temporarily unavailable. Try again shortly.', {
      headers: { 'Retry-After': '1' },
    });
  }
  return new AppError('internal_error', 'An unexpected error occurred.');
}
