import type { CarrierCall, TransferWhen } from '../../features/calls/ports';

/**
 * When a call is handed to a person (a call's `transfer_when`; null: the call has no transfer
 * target). Shared by the SIP agent's policy and the Twilio dialog, so both hand over on the same
 * words, keys and answers.
 */

/** A call's rule: its transfer_when, `{callee_asks: true}` when only transfer_to was given, null without a target. */
export const transferWhenOf = (call: Pick<CarrierCall, 'transferTo' | 'transferWhen'>): TransferWhen | null => (call.transferTo ? (call.transferWhen ?? { callee_asks: true }) : null);

/** Whether asking for a person ("can I speak to someone?") hands the call over. */
export const onRequest = (w: TransferWhen | null | undefined): boolean => !!w?.callee_asks;

/** Whether these keys (one turn) are the transfer key. */
export const onDigits = (w: TransferWhen | null | undefined, digits: string | null | undefined): boolean => !!w?.digit && digits === w.digit;

/**
 * Whether the answer to question `key` matches the rule: booleans and numbers by value, strings
 * (enum options, free text) without regard to case or surrounding spaces.
 */
export function onAnswer(w: TransferWhen | null | undefined, key: string, value: unknown): boolean {
  const rule = w?.answer;
  if (!rule || rule.key !== key || value === null || value === undefined) return false;
  if (typeof rule.equals === 'string' && typeof value === 'string') return rule.equals.trim().toLowerCase() === value.trim().toLowerCase();
  return rule.equals === value;
}

/** Why the call is handed over, as the summary to the person says it ("who … asked to speak to a person"). */
export const WHY = {
  asked: 'asked to speak to a person',
  digit: (d: string) => `pressed ${d} to speak to a person`,
  answer: (key: string, value: unknown) => `answered ${key.replace(/_/g, ' ')} with ${value === true ? 'yes' : value === false ? 'no' : String(value)}`,
};
