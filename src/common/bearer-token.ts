import { AppError } from './errors';

const MISSING = 'Send credentials as Authorization: Bearer <token>.';

/** The bearer credential of an Authorization header value, or a 401 missing_credentials when there is none. */
export function bearerToken(authorization: string | undefined): string {
  if (!authorization) throw new AppError('missing_credentials', MISSING, { headers: { 'WWW-Authenticate': 'Bearer' } });
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  if (!match) throw new AppError('missing_credentials', MISSING, { headers: { 'WWW-Authenticate': 'Bearer' } });
  return match[1]!;
}
