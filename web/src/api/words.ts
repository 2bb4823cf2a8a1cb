/**
 * Closed sets (status, role, event, action) shown in words. Accepts the API's values in either
 * spelling (`in_progress` or `IN_PROGRESS`, `call.ended` or `CALL_ENDED`) so screens compare and
 * print one form: lower case.
 */
export const lower = (v: string): string => v.toLowerCase();

/** `in_progress` → `in progress`. */
export const words = (v: string | null | undefined): string => (v ? lower(v).replace(/_/g, ' ') : '—');

/** Dotted names of events and audit actions: `CALL_ENDED` → `call.ended`, `API_KEY_REVOKE` → `api_key.revoke`. */
export function dotted(v: string): string {
  if (v.includes('.')) return v;
  const l = lower(v);
  const i = l.lastIndexOf('_');
  return i < 0 ? l : `${l.slice(0, i)}.${l.slice(i + 1)}`;
}
