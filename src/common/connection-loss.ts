import { toAppError } from './errors';
import { pgErrorKind } from './pg-errors';

/**
 * Whether an error (or anything it wraps: `cause`, AggregateError's `errors`) is a lost or refused
 * database connection, the kind of error the service answers 503 to and recovers from by itself.
 */
export function isConnectionLoss(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  // A PostgreSQL error is a connection loss only when its SQLSTATE says so (a serialization
  // failure is answered 503 too, but the connection is fine).
  const kind = pgErrorKind(err);
  if (kind) return kind === 'unavailable';
  if (toAppError(err).code === 'service_unavailable') return true;
  const e = err as { cause?: unknown; errors?: unknown };
  if (isConnectionLoss(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((x) => isConnectionLoss(x, depth + 1));
}
