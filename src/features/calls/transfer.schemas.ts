import { z } from 'zod';
import { nullable, timestamp } from '../../common/api-schemas';
import { canonicalPhoneNumber, E164_FORM, impossibleReason } from '../../common/phone';
import { TRANSFER_MODES } from './ports';

/**
 * `sip:[user@]host[:port]`: what a SIP trunk can be asked to connect (REFER's Refer-To, or the
 * Request-URI of the INVITE that dials the person). No parameters or headers: a transport or a
 * `?` header would let the URI steer the trunk beyond "call this one".
 */
export const SIP_URI = /^sip:(?:([A-Za-z0-9\-_.!~*'()&=+$,;?/%]{1,64})@)?([A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

/** The host of a SIP URI transfer target (brackets of an IPv6 literal removed); null for a phone number. */
export function sipUriHost(target: string): string | null {
  const m = SIP_URI.exec(target);
  return m ? m[2]!.replace(/^\[|\]$/g, '') : null;
}

/** A phone number in canonical E.164, or a SIP URI as written (whether the connection allows one is the service's check). */
export const transferToSchema = z
  .string()
  .max(256, 'must be at most 256 characters')
  .superRefine((raw, ctx) => {
    if (raw.startsWith('sip:')) {
      const m = SIP_URI.exec(raw);
      if (!m) ctx.addIssue({ code: 'custom', message: 'must be an E.164 number or a SIP URI like sip:frontdesk@pbx.example.com (no parameters)' });
      else if (m[3] && (Number(m[3]) < 1 || Number(m[3]) > 65535)) ctx.addIssue({ code: 'custom', message: 'has a port out of range' });
      return;
    }
    if (!E164_FORM.test(raw)) ctx.addIssue({ code: 'custom', message: 'must be an E.164 number (+ then 8 to 15 digits) or a SIP URI (sip:user@host)' });
    else if (canonicalPhoneNumber(raw) === null) ctx.addIssue({ code: 'custom', message: impossibleReason(raw) });
  })
  .overwrite((raw) => (raw.startsWith('sip:') ? raw : (canonicalPhoneNumber(raw) ?? raw)))
  .meta({ description: 'Where to hand the call to a person: E.164, or a SIP URI (sip:user@host[:port]) when the carrier connection is SIP.', examples: ['+14155550100'] });

export const transferWhenSchema = z
  .strictObject({
    callee_asks: z.boolean().optional().meta({ description: 'true: the callee may ask for a person ("can I speak to someone?").' }),
    digit: z
      .string()
      .regex(/^[0-9*#]$/, 'must be one key: 0-9, * or #')
      .optional()
      .meta({ description: 'The callee presses this key (a turn of that one key).' }),
    answer: z
      .strictObject({
        key: z.string().min(1).max(64),
        equals: z.union([z.string().max(200), z.number(), z.boolean()]),
      })
      .optional()
      .meta({ description: "A question's answer matches: structured answer `key` equals `equals` (strings compared without case)." }),
  })
  .refine((w) => w.callee_asks || w.digit !== undefined || w.answer !== undefined, 'must name at least one of callee_asks, digit, answer')
  .meta({ description: 'When the agent hands the call to transfer_to; default {"callee_asks": true}.' });

/** What became of the transfer (REST, webhooks). */
export const transferOutcomeSchema = z
  .strictObject({
    mode: z.enum(TRANSFER_MODES).meta({ description: 'refer: the SIP trunk connected the call (REFER); bridge: voicegate dialled the person and joined the audio; dial: Twilio <Dial>.' }),
    answered: z.boolean().meta({ description: 'The person answered.' }),
    failure_reason: nullable(z.string()).meta({ description: 'Why the transfer did not happen (null when answered); the agent then took a message.' }),
    at: timestamp.meta({ description: 'When the outcome was known.' }),
  })
  .meta({ description: 'What became of the transfer; null until one was tried.' });
