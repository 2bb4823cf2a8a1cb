import { AppError } from './errors';

/**
 * The one place that reads PostgreSQL error codes (SQLSTATE) and turns them into domain errors
 * (the way medusa's dbErrorMapper does): services catch a driver error and `throw mapPgError(e,
 * { unique: () => new AppError('email_taken', …) })` to give a constraint its meaning, and
 * toAppError (./errors.ts) applies the defaults to anything that reaches the edge unmapped.
 * MikroORM's exceptions and node-postgres errors both carry the SQLSTATE in `code`.
 */
export type PgErrorKind = 'unique' | 'foreign_key' | 'not_null' | 'check' | 'serialization' | 'unavailable';

const KIND_BY_SQLSTATE: Record<string, PgErrorKind> = {
  '23505': 'unique',
  '23503': 'foreign_key',
  '23502': 'not_null',
  '23514': 'check',
  // Serialization failure and deadlock: nothing was committed, so retrying is safe.
  '40001': 'serialization',
  '40P01': 'serialization',
  // Server shutting down, crashed or starting, connection failures, too many connections.
  '57P01': 'unavailable',
  '57P02': 'unavailable',
  '57P03': 'unavailable',
  '08000': 'unavailable',
  '08001': 'unavailable',
  '08003': 'unavailable',
  '08004': 'unavailable',
  '08006': 'unavailable',
  '53300': 'unavailable',
};

interface PgLikeError {
  code?: unknown;
  sqlState?: unknown;
  column?: unknown;
}

/** The kind of a PostgreSQL error, or undefined for anything else. */
export function pgErrorKind(err: unknown): PgErrorKind | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as PgLikeError;
  const code = typeof e.code === 'string' ? e.code : typeof e.sqlState === 'string' ? e.sqlState : undefined;
  return code ? KIND_BY_SQLSTATE[code] : undefined;
}

const retryShortly = () => new AppError('service_unavailable', 'The service is temporarily unavailable. Try again shortly.', { headers: { 'Retry-After': '1' } });

const DEFAULTS: Record<PgErrorKind, (err: PgLikeError) => AppError> = {
  unique: () => new AppError('invalid_state', 'The request conflicts with an existing resource.'),
  foreign_key: () => new AppError('not_found', 'A resource the request refers to does not exist.'),
  not_null: (e) => new AppError('validation_error', 'The request is invalid.', { errors: [{ field: typeof e.column === 'string' ? e.column : 'body', message: 'is required' }] }),
  check: () => new AppError('validation_error', 'The request is invalid.', { errors: [{ field: 'body', message: 'is out of range' }] }),
  serialization: retryShortly,
  unavailable: retryShortly,
};

/**
 * The domain error for a PostgreSQL error (an override for its kind, else the default), or the
 * error itself when it is not one: `catch (e) { throw mapPgError(e, { unique: … }) }`.
 */
export function mapPgError(err: unknown, overrides: Partial<Record<PgErrorKind, (err: PgLikeError) => AppError>> = {}): unknown {
  const kind = pgErrorKind(err);
  if (!kind) return err;
  return (overrides[kind] ?? DEFAULTS[kind])(err as PgLikeError);
}
