import type { CallAmd, CarrierReport, Disposition } from '../../features/calls/ports';
import { outcomeForFinalResponse } from '../sip/sip-outcomes';

/** Twilio error codes that mean the number itself is wrong (invalid, not a phone number, unreachable prefix). */
const INVALID_NUMBER_ERRORS = new Set([13223, 13224, 21211, 21214, 21217, 21401, 21407]);

export interface TwilioStatusParams {
  CallStatus?: string;
  AnsweredBy?: string;
  MachineDetectionDuration?: string;
  CallDuration?: string;
  SipResponseCode?: string;
  ErrorCode?: string;
}

export const isMachine = (answeredBy: string | null | undefined): boolean => !!answeredBy && (answeredBy.startsWith('machine_') || answeredBy === 'fax');

/**
 * Twilio's own machine detection (`MachineDetection=DetectMessageEnd`) as our `amd`: AnsweredBy
 * `human` → human, `machine_start`/`machine_end_beep`/`machine_end_silence`/`machine_end_other`/
 * `fax` → machine, `unknown` → unknown; `ms` is its MachineDetectionDuration (null when absent).
 * Twilio does not recognise call screening: a screening assistant comes back as human or machine.
 */
export function twilioAmd(answeredBy: string | null | undefined, durationMs?: string | null): CallAmd | undefined {
  if (!answeredBy) return undefined;
  const ms = durationMs !== undefined && durationMs !== null && /^\d+$/.test(durationMs) ? Number(durationMs) : null;
  return { result: answeredBy === 'human' ? 'human' : isMachine(answeredBy) ? 'machine' : 'unknown', ms };
}

/**
 * The one table from a Twilio status callback to our report: ringing and in-progress move the
 * call on; completed is voicemail when answering-machine detection heard a machine or a fax, else
 * the conversation's outcome (`conversation`: wrong_number or callback_requested when the callee
 * said so) or human; busy, no-answer and canceled map by name; failed is invalid_number when the SIP or Twilio
 * error code says the number is wrong, else carrier_error. queued/initiated change nothing.
 */
export function reportForStatus(callId: string, p: TwilioStatusParams, knownAnsweredBy: string | null, conversation?: Disposition): CarrierReport | null {
  const sipCode = p.SipResponseCode ? Number(p.SipResponseCode) : null;
  const carrierStatus = { code: Number.isFinite(sipCode) ? sipCode : null, reason: p.CallStatus ?? 'unknown' };
  const durationSeconds = Number(p.CallDuration ?? 0) || 0;
  switch (p.CallStatus) {
    case 'ringing':
      return { callId, status: 'ringing', carrierStatus };
    case 'in-progress':
      return { callId, status: 'in_progress', carrierStatus };
    case 'completed':
    {
      const amd = twilioAmd(p.AnsweredBy, p.MachineDetectionDuration);
      return { callId, status: 'completed', disposition: isMachine(p.AnsweredBy ?? knownAnsweredBy) ? 'voicemail' : (conversation ?? 'human'), durationSeconds, carrierStatus, ...(amd ? { amd } : {}) };
    }
    case 'busy':
      return { callId, status: 'failed', disposition: 'busy', durationSeconds: 0, carrierStatus };
    case 'no-answer':
      return { callId, status: 'failed', disposition: 'no_answer', durationSeconds: 0, carrierStatus };
    case 'canceled':
      return { callId, status: 'canceled', disposition: 'canceled', durationSeconds: 0, carrierStatus };
    case 'failed': {
      const errorCode = Number(p.ErrorCode ?? NaN);
      const invalid = INVALID_NUMBER_ERRORS.has(errorCode) || (sipCode !== null && outcomeForFinalResponse(sipCode).disposition === 'invalid_number');
      return { callId, status: 'failed', disposition: invalid ? 'invalid_number' : 'carrier_error', durationSeconds: 0, carrierStatus };
    }
    default:
      return null;
  }
}

/** A Calls.create refusal that means the number is wrong (as opposed to a carrier or account problem). */
export const isInvalidNumberError = (code: number | undefined): boolean => code !== undefined && INVALID_NUMBER_ERRORS.has(code);
