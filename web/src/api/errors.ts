import { ApiError } from './client';

/** Words for the API's error reasons (extensions.reason), falling back on extensions.code. */
const REASONS: Record<string, string> = {
  invalid_credentials: 'That e-mail and password do not match an account.',
  email_taken: 'An account with that e-mail already exists. Log in instead.',
  validation_error: 'Some fields need attention.',
  bad_request: 'The request was not accepted.',
  invalid_token: 'This link is invalid, already used or expired.',
  token_expired: 'Your session has expired. Please log in again.',
  token_revoked: 'Your session was ended. Please log in again.',
  inactive_user: 'This account is deactivated.',
  inactive_organization: 'This organization is deactivated. Contact support.',
  insufficient_role: 'Only an organization owner can do this.',
  email_not_verified: 'Verify your e-mail address first.',
  not_found: 'Not found. It may have been removed or belong to another organization.',
  invalid_state: 'This cannot be done in the current state.',
  rate_limited: 'Too many requests. Wait a moment and try again.',
  service_unavailable: 'The service is temporarily unavailable. Try again shortly.',
  idempotency_conflict: 'A different request already used this idempotency key.',
  number_suppressed: 'This number is on the do-not-call list: it is never called. Remove it from the list first.',
  campaign_too_large: 'The campaign would hold more recipients than allowed: start another campaign for the rest.',
  unsupported_language: 'The speech engines cannot both speak and hear this language: choose one they hold.',
  unsupported_voice: 'The speech engine has no voice of this name: leave it empty for the default, or name one it has.',
  too_many_pending_recipients: 'Your organization has too many people waiting to be called. Try again as calls are made, or cancel a campaign.',
};
const CODES: Record<string, string> = {
  UNAUTHENTICATED: 'Please log in.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  BAD_USER_INPUT: 'The input was not accepted.',
  CONFLICT: 'This conflicts with the current state.',
  RATE_LIMITED: 'Too many requests. Wait a moment and try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable.',
  INTERNAL_SERVER_ERROR: 'Something went wrong on our side.',
  NETWORK: 'The server could not be reached. Check your connection.',
};

/** Whether a field error (`numbers.1`) belongs to a form field (`numbers`). */
const belongsTo = (errorField: string, field: string) => errorField === field || errorField.startsWith(`${field}.`);

/**
 * The API's messages for one form field, for showing next to it: `numbers.1` is reported on
 * `numbers` as "item 2: …" (or the word given).
 */
export function fieldMessages(e: unknown, field: string, item = 'item'): string[] {
  if (!(e instanceof ApiError)) return [];
  return e.fieldErrors
    .filter((f) => belongsTo(f.field, field))
    .map((f) => {
      const at = /\.(\d+)$/.exec(f.field);
      return at ? `${item} ${Number(at[1]) + 1}: ${f.message}` : f.message;
    });
}

/** `shownNextToFields`: fields whose errors the form shows beside them, so the summary leaves them out. */
export function describeError(e: unknown, shownNextToFields: readonly string[] = []): { summary: string; details: string[] } {
  if (e instanceof ApiError) {
    const summary = (e.reason && REASONS[e.reason]) ?? CODES[e.code] ?? e.message;
    const details = e.fieldErrors.filter((f) => !shownNextToFields.some((n) => belongsTo(f.field, n))).map((f) => `${f.field}: ${f.message}`);
    if (!e.fieldErrors.length && e.code === 'BAD_USER_INPUT' && e.message && summary !== e.message) details.push(e.message);
    return { summary, details };
  }
  return { summary: e instanceof Error ? e.message : 'Something went wrong.', details: [] };
}
