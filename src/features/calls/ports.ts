/**
 * What infrastructure (carriers, voice) may see of the calls feature: plain types and constants,
 * no entity, no ORM, no service. Their one home; call.entity.ts imports them from here.
 */

export const CALL_STATUSES = ['scheduled', 'queued', 'ringing', 'in_progress', 'completed', 'failed', 'canceled'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const FINAL_STATUSES: ReadonlySet<CallStatus> = new Set(['completed', 'failed', 'canceled']);

export const DISPOSITIONS = ['human', 'voicemail', 'busy', 'no_answer', 'invalid_number', 'carrier_error', 'canceled'] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

export const CARRIER_NAMES = ['simulator', 'sip', 'twilio'] as const;
export type CarrierName = (typeof CARRIER_NAMES)[number];

/** The carrier's last word on a call: the SIP final response, for example. */
export interface CarrierStatus {
  code: number | null;
  reason: string;
}

/** One question of a call's script; `options` only for `enum`. */
export interface CallQuestion {
  key: string;
  question: string;
  type: 'string' | 'number' | 'boolean' | 'enum';
  options?: string[];
}
