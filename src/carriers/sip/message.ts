import { randomBytes } from 'node:crypto';
import * as sip from 'sip';
import type { SipMessage } from 'sip';

/** The methods we answer inside a call (Allow header). */
export const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS, INFO, UPDATE';

/** A Via branch: the RFC 3261 magic cookie and 96 random bits. */
export const newBranch = (): string => `z9hG4bK${randomBytes(12).toString('hex')}`;

/** A From/To tag: 64 random bits. */
export const newTag = (): string => randomBytes(8).toString('hex');

/** Any string anywhere in the start line or the headers (not the body). */
function* headerStrings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const v of value) yield* headerStrings(v);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) yield* headerStrings(v);
}

/**
 * sip.stringify, refusing a message whose start line or headers carry a CR or LF: a value with a
 * line break would become a header line of its own (injection). Defence in depth: values are
 * validated where they enter (the carrier connection's fields), and quoted where they are written.
 * Every message we send is printed here.
 */
export function printMessage(m: SipMessage): string {
  for (const text of headerStrings([m.method, m.uri, m.reason, m.headers])) {
    if (/[\r\n\0]/.test(text)) throw new Error('refusing to send a SIP message with a line break in its start line or a header');
  }
  return sip.stringify(m);
}
