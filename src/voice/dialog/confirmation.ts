import type { CallQuestion } from '../../features/calls/ports';
import { extractAnswer, parseBoolean } from './answers';

/** A read-back being replied to: the value said back, and the values the callee already said were wrong (never offered again). */
export interface Confirming {
  value: unknown;
  refused?: readonly unknown[];
}

/**
 * What the callee's reply to "I heard thirty. Is that right?" means: `yes` (recorded), `no` (the
 * question is asked again with the keypad offered), or a `value` (a correction, "no, thirty
 * eight", or the same answer said again). A value said after a no-word is never the heard value
 * confirmed: "no, thirty" to "I heard thirty" is a no (`no` with `value`).
 */
export type ConfirmReply = { kind: 'yes' } | { kind: 'no' } | { kind: 'value'; value: unknown; denied: boolean };

/** Types whose low-confidence answers are confirmed; a yes/no is not (the reply "no" would be ambiguous). */
export function confirmable(q: CallQuestion): boolean {
  return q.type === 'number' || q.type === 'enum';
}

/** The confirmation prompt: what was heard, said back. */
export function confirmPrompt(value: unknown): string {
  return `I heard ${String(value)}. Is that right?`;
}

/**
 * A zero heard without the word "zero" ("oh people", "none"): what a "no" is most often misheard
 * as in a reply to a read-back, and "Four." in an answer (measured on the wire: "Four." heard, sure,
 * as "oh people", twice in 20 calls).
 */
export function isWeakZero(q: CallQuestion, text: string): boolean {
  return q.type === 'number' && extractAnswer(q, text) === 0 && !/\bzero\b/i.test(text);
}

/** The reply to a confirmation of an answer to `q`; null when it is neither a yes, a no, nor an answer. */
export function readConfirmation(q: CallQuestion, text: string | null): ConfirmReply | null {
  if (!text || !text.trim()) return null;
  const value = extractAnswer(q, text);
  const yesNo = parseBoolean(text);
  // "oh" and "none" (zero) are what a "no" is most often misheard as: in a reply to "Is that right?",
  // only "zero" is the number zero (measured: "No, four" heard as "oh people" confirmed a 0).
  if (isWeakZero(q, text)) return { kind: 'no' };
  if (value !== null && value !== undefined) return { kind: 'value', value, denied: yesNo === false || /\b(no|nope|nah|not|actually)\b/i.test(text) };
  if (yesNo === true) return { kind: 'yes' };
  if (yesNo === false) return { kind: 'no' };
  return null;
}

/**
 * The reply as a value the verification can compete against (./../stt/verification.ts): true for
 * a yes, false for a bare no, the value for a correction, null for anything else.
 */
export function confirmationAnswer(r: ConfirmReply | null): unknown {
  if (!r) return null;
  return r.kind === 'yes' ? true : r.kind === 'no' ? false : r.value;
}
