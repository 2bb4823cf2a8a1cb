/**
 * What infrastructure (carriers, voice) may see of the calls feature: plain types and constants,
 * no entity, no ORM, no service. Their one home; call.entity.ts imports them from here.
 */

export const CALL_STATUSES = ['scheduled', 'queued', 'ringing', 'in_progress', 'completed', 'failed', 'canceled'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const FINAL_STATUSES: ReadonlySet<CallStatus> = new Set(['completed', 'failed', 'canceled']);

export const DISPOSITIONS = ['human', 'voicemail', 'busy', 'no_answer', 'invalid_number', 'carrier_error', 'canceled', 'wrong_number', 'callback_requested'] as const;
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

/** Where the time of an agent turn that answers the callee went (milliseconds). */
export interface TurnLatency {
  /** From the callee's last voiced frame to the moment the turn was judged over. */
  end_of_turn_ms: number;
  /** Recognition still running after the turn was judged over. */
  recognition_ms: number;
  /** Choosing what to say (dialog policy, or the language model's first sentence). */
  decision_ms: number;
  /** Synthesis still running after the decision (zero when the prompt was ready). */
  synthesis_ms: number;
  /** From the callee's last voiced frame to the agent's first audio frame on the wire. */
  total_ms: number;
}

/** One utterance of a call: offsets are in the call's recording. */
export interface CallTurn {
  speaker: 'agent' | 'callee';
  text: string;
  start_ms: number;
  end_ms: number;
  /** An agent turn the callee talked over: `end_ms` is where the callee stopped hearing it. */
  interrupted: boolean;
  /** On agent turns that answer the callee. */
  latency?: TurnLatency;
}

/** p50/p95 of the call's agent turns' `latency.total_ms`; `turns` is how many were measured. */
export interface CallLatencySummary {
  p50_ms: number | null;
  p95_ms: number | null;
  turns: number;
}
