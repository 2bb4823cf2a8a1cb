import { z } from 'zod';
import { EXAMPLE, jsonObject, nullable, timestamp, uuidString } from '../../common/api-schemas';
import { pageSchema } from '../../common/pagination';
import { phoneNumberSchema } from '../../common/phone';
import { webhookUrlSchema } from '../../common/webhook-url';
import { AMD_RESULTS, CALL_DIRECTIONS, CALL_STATUSES, CARRIER_NAMES, DISPOSITIONS } from './call.entity';
import { transferOutcomeSchema, transferToSchema, transferWhenSchema } from './transfer.schemas';
import { instructionsSchema, languageSchema, voiceSchema } from './call-agent';

/** A phone number as docs/api.md ("Phone numbers") defines it, parsed into its canonical E.164 form. */
export const e164Schema = phoneNumberSchema;

export const MAX_METADATA_BYTES = 16 * 1024;
export const MAX_SCHEDULE_AHEAD_MS = 90 * 86_400_000;
const MAX_METADATA_DEPTH = 20;

function depth(value: unknown, level = 0): number {
  if (level > MAX_METADATA_DEPTH) return level;
  if (value && typeof value === 'object') {
    let max = level;
    for (const v of Object.values(value)) max = Math.max(max, depth(v, level + 1));
    return max;
  }
  return level;
}

const isJsonObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Metadata is returned exactly as sent, every key included (docs/security.md). JSON.parse
 * makes `"__proto__"` an ordinary own key, but z.record/z.object copy keys into a fresh `{}`,
 * where assigning `__proto__` sets the prototype instead and the key vanishes. So the object is
 * checked here and passed on as parsed, never copied.
 */
export const metadataSchema = (
  z
    .unknown()
    .refine(isJsonObject, { message: 'must be a JSON object' })
    .meta({ type: 'object', additionalProperties: {} }) as unknown as z.ZodType<Record<string, unknown>>
)
  .superRefine((value, ctx) => {
    if (depth(value) > MAX_METADATA_DEPTH) {
      ctx.addIssue({ code: 'custom', message: `must not nest deeper than ${MAX_METADATA_DEPTH} levels` });
    } else if (Buffer.byteLength(JSON.stringify(value)) > MAX_METADATA_BYTES) {
      ctx.addIssue({ code: 'custom', message: 'must be at most 16 KiB when serialized' });
    }
  });

export const questionSchema = z
  .strictObject({
    key: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be an identifier (letters, digits, _; up to 64 characters)'),
    question: z.string().trim().min(1, 'must not be empty').max(1000, 'must be at most 1000 characters'),
    type: z.enum(['string', 'number', 'boolean', 'enum']),
    options: z.array(z.string().min(1).max(200)).min(1).max(50).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.type === 'enum' && !q.options) ctx.addIssue({ code: 'custom', path: ['options'], message: 'is required for enum questions' });
    if (q.type !== 'enum' && q.options) ctx.addIssue({ code: 'custom', path: ['options'], message: 'is only allowed for enum questions' });
  });

export const MAX_CALLER_NAME = 80;
export const callerNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_CALLER_NAME, `must be at most ${MAX_CALLER_NAME} characters`)
  // Said aloud and shown: one line of printable text.
  .regex(/^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u, 'must not contain control characters or line breaks');

export const placeCallSchema = z.strictObject({
  to: e164Schema,
  from: e164Schema.nullish(),
  task: z.string().max(8000, 'must be at most 8000 characters').nullish(),
  questions: z
    .array(questionSchema)
    .max(50, 'must have at most 50 questions')
    .superRefine((qs, ctx) => {
      const seen = new Set<string>();
      qs.forEach((q, i) => {
        if (seen.has(q.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: 'must be unique' });
        seen.add(q.key);
      });
    })
    .nullish(),
  max_duration_seconds: z.number().int('must be an integer').min(10, 'must be at least 10').max(3600, 'must be at most 3600').nullish(),
  metadata: metadataSchema.nullish(),
  webhook_url: webhookUrlSchema.nullish(),
  ring_timeout_seconds: z.number().int('must be an integer').min(5, 'must be at least 5').max(120, 'must be at most 120').nullish(),
  voicemail_message: z.string().trim().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters').nullish(),
  /** Who the agent says it calls on behalf of; default the organization's name. */
  caller_name: callerNameSchema.nullish(),
  /** BCP 47; default the organization's (en-US). 422 unsupported_language when the speech engines cannot both speak and hear it. */
  language: languageSchema.nullish(),
  /** The speech engine's voice; default the organization's. */
  voice: voiceSchema.nullish(),
  /** Whether a language model leads the conversation; default on when one is configured. */
  llm: z.boolean().nullish(),
  /** Extra instructions for the language model (not used by the script). */
  instructions: instructionsSchema.nullish(),
  /** RFC 3339 with an offset; at most 90 days ahead. A time already past places the call at once. */
  schedule_at: z.iso
    // abort: a malformed value is one error, not also "more than 90 days ahead".
    .datetime({ offset: true, message: 'must be an RFC 3339 date-time with an offset, e.g. 2026-11-24T09:00:00+01:00', abort: true })
    .refine((v) => Date.parse(v) <= Date.now() + MAX_SCHEDULE_AHEAD_MS, 'must be at most 90 days ahead')
    .nullish(),
  /** Where the agent hands the call to a person (docs/api.md "Transfer to a person"). */
  transfer_to: transferToSchema.nullish(),
  transfer_when: transferWhenSchema.nullish(),
}).superRefine((call, ctx) => {
  if (call.transfer_when && !call.transfer_to) ctx.addIssue({ code: 'custom', path: ['transfer_when'], message: 'needs transfer_to' });
  const key = call.transfer_when?.answer?.key;
  if (key !== undefined && !(call.questions ?? []).some((q) => q.key === key)) {
    ctx.addIssue({ code: 'custom', path: ['transfer_when', 'answer', 'key'], message: 'must be the key of one of the questions' });
  }
});
export type PlaceCallInput = z.input<typeof placeCallSchema>;

export const listCallsSchema = pageSchema.extend({ status: z.enum(CALL_STATUSES).optional(), direction: z.enum(CALL_DIRECTIONS).optional() });
export type ListCallsInput = z.input<typeof listCallsSchema>;


// ---- responses ------------------------------------------------------------------------------

const questionOut = z.strictObject({
  key: z.string(),
  question: z.string(),
  type: z.enum(['string', 'number', 'boolean', 'enum']),
  options: z.array(z.string()).optional(),
});

/** What the carrier last said about a call (calls, call.ended events). */
export const carrierStatusSchema = z
  .strictObject({ code: nullable(z.number().int()), reason: z.string() })
  .meta({ description: 'The carrier\'s last word on the call, e.g. {"code": 486, "reason": "Busy Here"} for SIP.' });

export const turnLatencySchema = z
  .strictObject({
    end_of_turn_ms: z.number().int().meta({ description: "From the callee's last voiced frame to the moment the turn was judged over." }),
    recognition_ms: z.number().int().meta({ description: 'Recognition still running after the turn was judged over.' }),
    decision_ms: z.number().int().meta({ description: 'Choosing what to say.' }),
    synthesis_ms: z.number().int().meta({ description: 'Synthesis still running after the decision (0 when the prompt was ready).' }),
    total_ms: z.number().int().meta({ description: "From the callee's last voiced frame to the agent's first audio frame on the wire." }),
  })
  .meta({ description: 'Where the time of an agent turn that answers the callee went (milliseconds).' });

export const callTurnSchema = z
  .strictObject({
    speaker: z.enum(['agent', 'callee']),
    text: z.string(),
    start_ms: z.number().int().meta({ description: 'Start, in milliseconds from the start of the recording.' }),
    end_ms: z.number().int().meta({ description: 'End in the recording; for an interrupted agent turn, where the callee stopped hearing it.' }),
    interrupted: z.boolean().meta({ description: 'An agent turn the callee talked over.' }),
    latency: turnLatencySchema.optional().meta({ description: 'Only on agent turns that answer the callee, when the carrier measures them (SIP, simulator).' }),
  })
  .meta({ description: 'One utterance of the call.' });

export const callLatencySchema = z
  .strictObject({
    p50_ms: nullable(z.number().int()),
    p95_ms: nullable(z.number().int()),
    turns: z.number().int().meta({ description: 'How many agent turns were measured.' }),
  })
  .meta({ description: "Median and 95th percentile (nearest rank) of the agent turns' latency.total_ms; nulls when no turn was measured." });

/** An inbound call from a number a campaign called (docs/inbound.md). */
export const callbackOfSchema = z
  .strictObject({ campaign_id: uuidString, recipient_id: uuidString })
  .meta({ description: 'An inbound call from a number a campaign called: the campaign and its most recent recipient with that number.' });

export const agentLogEntrySchema = z
  .strictObject({
    at_ms: z.number().int().meta({ description: 'Milliseconds since the call was answered.' }),
    kind: z.enum(['instructions', 'request', 'reply', 'tool_call', 'tool_result', 'filler', 'fallback', 'error']),
    text: z.string().optional().meta({ description: 'instructions: the system prompt; reply: what the model wrote; filler, fallback, error: what and why.' }),
    name: z.string().optional().meta({ description: 'tool_call, tool_result: the tool.' }),
    call_id: z.string().optional().meta({ description: "tool_call, tool_result: the model's id of the tool call." }),
    arguments: z.unknown().optional().meta({ description: 'tool_call: the arguments the model gave.' }),
    result: z.unknown().optional().meta({ description: 'tool_result: what the model was told; reply: how it finished.' }),
  })
  .meta({ description: 'One entry of a language-model conversation\'s audit trail.' });

export const callAmdSchema = z
  .strictObject({
    result: z.enum(AMD_RESULTS).meta({
      description: 'Who answered: human; machine (an answering machine or voicemail); screened (a call-screening assistant such as iOS Call Screening or Google Call Screen); unknown (nothing to tell by, e.g. silence at the answer).',
    }),
    ms: nullable(z.number().int()).meta({ description: 'Milliseconds from the answer to the decision; null when the carrier did not say.' }),
  })
  .meta({ description: 'Answering-machine detection (docs/voice.md "Machine detection").' });

/** A call as REST returns it (calls.presenter.ts). */
export const callSchema = z.strictObject({
  call_id: uuidString,
  to: z.string().meta({ description: 'Outbound: the number called. Inbound: our number the caller dialed.' }),
  from: nullable(z.string()).meta({ description: 'Outbound: the caller ID. Inbound: the caller in E.164 (null when withheld or not a phone number).' }),
  direction: z.enum(CALL_DIRECTIONS).meta({ description: '`outbound`: placed through the API or a campaign; `inbound`: someone called one of the organization\'s numbers.' }),
  status: z.enum(CALL_STATUSES),
  disposition: nullable(z.enum(DISPOSITIONS)),
  duration_seconds: nullable(z.number().int()),
  metadata: jsonObject.meta({ description: 'Exactly as supplied (key order kept).' }),
  webhook_url: nullable(z.string()),
  task: nullable(z.string()),
  questions: z.array(questionOut),
  max_duration_seconds: z.number().int(),
  ring_timeout_seconds: z.number().int().meta({ description: 'A call not answered within this many seconds ends as no_answer.' }),
  voicemail_message: nullable(z.string()).meta({ description: 'Left on an answering machine; without it the agent hangs up.' }),
  carrier: nullable(z.enum(CARRIER_NAMES)).meta({ description: 'The carrier that placed the call; null until it is dialed.' }),
  carrier_call_id: nullable(z.string()).meta({ description: 'The SIP Call-ID (or the carrier\'s own call id); null until it is dialed.' }),
  carrier_status: nullable(carrierStatusSchema),
  transcript: nullable(z.string()),
  structured_answers: nullable(jsonObject).meta({ description: 'One entry per question key, of the question type.' }),
  recording_url: nullable(z.string()).meta({ description: 'Signed, expiring link to an audio/wav file; needs no credential.' }),
  caller_name: nullable(z.string()).meta({ description: "Who the agent said it calls on behalf of: the input's caller_name, else the organization's name when the call was placed." }),
  turns: nullable(z.array(callTurnSchema)).meta({ description: 'One entry per utterance, in order; null until the call is analyzed.' }),
  latency: nullable(callLatencySchema).meta({ description: 'Turn latency summary; null until the call is analyzed.' }),
  language: nullable(z.string()).meta({ description: "The call's own language (BCP 47); null: the organization's (default en-US)." }),
  voice: nullable(z.string()).meta({ description: "The call's own voice; null: the organization's." }),
  llm: nullable(z.boolean()).meta({ description: 'Whether the call asked for a language model (true) or the script (false); null: the default (on when one is configured).' }),
  instructions: nullable(z.string()).meta({ description: "The call's own instructions for the language model; null: the organization's." }),
  agent_log: nullable(z.array(agentLogEntrySchema)).meta({ description: "A language model's audit trail (instructions, requests, replies, tool calls and results), once analyzed; null for scripted calls." }),
  opted_out: z.boolean().meta({ description: 'The callee asked not to be called again (the number joined the suppression list).' }),
  callback_at: nullable(timestamp).meta({ description: 'When the callee asked to be called back (disposition callback_requested); null otherwise.' }),
  transfer_to: nullable(z.string()).meta({ description: 'Where the agent hands the call to a person; null: it never does.' }),
  transfer_when: nullable(transferWhenSchema).meta({ description: 'When it does; null without transfer_to.' }),
  transfer: nullable(transferOutcomeSchema),
  amd: nullable(callAmdSchema).meta({ description: 'Who answered, decided when the call was answered; set when an answered call ends, null for calls never answered.' }),
  created_at: timestamp,
  started_at: nullable(timestamp),
  ended_at: nullable(timestamp),
  schedule_at: timestamp.optional().meta({ description: 'Only for a call placed with schedule_at (docs/campaigns.md).' }),
  campaign_id: uuidString.optional().meta({ description: 'Only for a call of a campaign.' }),
  callback_of: nullable(callbackOfSchema),
});

export const CALL_EXAMPLE = {
  call_id: EXAMPLE.callId,
  to: '+14155550123',
  from: null,
  direction: 'outbound',
  status: 'queued',
  disposition: null,
  duration_seconds: null,
  metadata: { customer_id: 'c_42' },
  webhook_url: null,
  task: 'Confirm the delivery window.',
  questions: [{ key: 'confirmed', question: 'Does Tuesday afternoon work?', type: 'boolean' }],
  max_duration_seconds: 600,
  ring_timeout_seconds: 30,
  voicemail_message: null,
  carrier: null,
  carrier_call_id: null,
  carrier_status: null,
  transcript: null,
  structured_answers: null,
  recording_url: null,
  caller_name: 'Acme Dental',
  language: null,
  voice: null,
  llm: null,
  instructions: null,
  agent_log: null,
  turns: null,
  latency: null,
  opted_out: false,
  callback_at: null,
  transfer_to: null,
  transfer_when: null,
  transfer: null,
  amd: null,
  created_at: EXAMPLE.time,
  started_at: null,
  ended_at: null,
  callback_of: null,
};
