import type { ErrorCode, FieldError, Problem } from './types';

/**
 * An answer of the service that is not a success: status, the problem's stable `code`, the
 * field errors of a validation_error or unknown_field, and the request id to quote to support.
 */
export class VoicegateError extends Error {
  override name = 'VoicegateError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly title: string;
  readonly detail: string | undefined;
  /** One entry per invalid or unknown field, only for `validation_error` and `unknown_field`. */
  readonly errors: FieldError[];
  /** X-Request-Id of the failed request: it is on every server log line of that request. */
  readonly requestId: string | undefined;
  /** Seconds the service asked to wait (Retry-After), when it did. */
  readonly retryAfterSeconds: number | undefined;
  readonly headers: Headers;
  /** The problem body as received (undefined when the body was not a problem). */
  readonly problem: Partial<Problem> | undefined;

  constructor(init: { status: number; headers: Headers; problem: Partial<Problem> | undefined; retryAfterSeconds?: number | undefined }) {
    const p = init.problem;
    const code = typeof p?.code === 'string' ? p.code : `http_${init.status}`;
    super(`${init.status} ${code}: ${p?.detail ?? p?.title ?? 'request failed'}`);
    this.status = init.status;
    this.code = code;
    this.title = p?.title ?? `HTTP ${init.status}`;
    this.detail = p?.detail;
    this.errors = Array.isArray(p?.errors) ? p.errors : [];
    this.headers = init.headers;
    this.requestId = init.headers.get('x-request-id') ?? undefined;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.problem = p;
  }
}

/** The request never got an HTTP answer (DNS, refused or reset connection, timeout), even after retries. */
export class VoicegateConnectionError extends Error {
  override name = 'VoicegateConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
