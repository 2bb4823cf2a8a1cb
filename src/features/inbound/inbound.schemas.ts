import { z } from 'zod';
import { nullable, timestamp } from '../../common/api-schemas';
import { E164_FORM, canonicalPhoneNumber } from '../../common/phone';
import { webhookUrlSchema } from '../../common/webhook-url';
import { placeCallSchema } from '../calls';

export const MAX_GREETING = 1000;

/** One line of printable text (said aloud): no control characters, no line breaks. */
const spokenLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u, 'must not contain control characters or line breaks');

/** A SIP URI as a transfer target: sip: or sips:, a user part optional, no spaces or control characters. */
const SIP_URI = /^sips?:(?:[^\s@<>"]+@)?[A-Za-z0-9.\-[\]:]+(?:;[^\s<>"]*)?$/;

/**
 * Where a caller may be transferred: an E.164 number (stored canonical) or, on a SIP connection, a
 * SIP URI (the service checks the connection).
 */
export const transferTargetSchema = z
  .string()
  .trim()
  .max(256, 'must be at most 256 characters')
  .superRefine((v, ctx) => {
    if (v.startsWith('+')) {
      if (!E164_FORM.test(v) || canonicalPhoneNumber(v) === null) ctx.addIssue({ code: 'custom', message: 'must be a possible E.164 number (+ then 8 to 15 digits) or a SIP URI' });
    } else if (!SIP_URI.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'must be an E.164 number or a SIP URI (sip:user@host)' });
    }
  })
  .overwrite((v) => (v.startsWith('+') ? (canonicalPhoneNumber(v) ?? v) : v))
  .meta({ description: 'E.164, or a SIP URI when the connection is SIP.', examples: ['+14155550100', 'sip:frontdesk@pbx.example.com'] });

/** PUT /dashboard/inbound: the whole settings (a field left out is cleared, like any PUT). */
export const updateInboundSchema = z.strictObject({
  enabled: z.boolean(),
  greeting: spokenLine(MAX_GREETING).nullish().meta({ description: 'What the agent says first; null: "Hello, you have reached <organization>. This is an automated assistant."' }),
  task: z.string().max(8000, 'must be at most 8000 characters').nullish(),
  questions: placeCallSchema.shape.questions,
  webhook_url: webhookUrlSchema.nullish().meta({ description: "Where inbound calls' events go; null: the organization's webhook URL." }),
  transfer_to: transferTargetSchema.nullish(),
});
export type UpdateInboundInput = z.input<typeof updateInboundSchema>;

const questionOut = z.strictObject({
  key: z.string(),
  question: z.string(),
  type: z.enum(['string', 'number', 'boolean', 'enum']),
  options: z.array(z.string()).optional(),
});

export const inboundSettingsSchema = z
  .strictObject({
    enabled: z.boolean().meta({ description: "Whether calls to the organization's numbers are answered (false: SIP 480, Twilio <Reject/>)." }),
    greeting: nullable(z.string()).meta({ description: 'What the agent says first; null: the default greeting.' }),
    task: nullable(z.string()).meta({ description: 'What the agent tells the caller after the greeting.' }),
    questions: z.array(questionOut),
    webhook_url: nullable(z.string()).meta({ description: "Where inbound calls' events go; null: the organization's webhook URL." }),
    transfer_to: nullable(z.string()).meta({ description: 'Where a caller may be transferred (E.164 or SIP URI); passed to each inbound call.' }),
    updated_at: nullable(timestamp).meta({ description: 'When the settings were last saved; null when they never were (inbound calls are off).' }),
  })
  .meta({ description: "The organization's inbound settings: what the agent does when someone calls one of its numbers." });
