import { z } from 'zod';
import { CALL_DIRECTIONS, CALL_STATUSES, CARRIER_NAMES, DISPOSITIONS, TRANSFER_MODES } from '../features/calls/call.entity';
import { callAmdSchema, callbackOfSchema, callLatencySchema, callTurnSchema, carrierStatusSchema } from '../features/calls/calls.schemas';
import { EVENT_TYPES } from '../features/webhooks/webhook-delivery.entity';
import { EXAMPLE, jsonObject, nullable, timestamp, uuidString as uuid } from '../common/api-schemas';

/**
 * The bodies of the webhook events (the document's `webhooks`), as a receiver gets them; checked
 * against real deliveries by test/integration/openapi.test.ts.
 */
const envelope = {
  event: z.enum(EVENT_TYPES),
  org_id: uuid,
  call_id: uuid,
  timestamp: timestamp.meta({ description: 'When the event was created (inside the transaction that caused it).' }),
  to: z.string(),
  status: z.enum(CALL_STATUSES),
  metadata: jsonObject.meta({ description: 'As supplied when the call was placed.' }),
  campaign_id: uuid.optional().meta({ description: 'Only for calls of a campaign (docs/campaigns.md).' }),
  direction: z.enum(CALL_DIRECTIONS).meta({ description: '`outbound` (placed by the organization) or `inbound` (someone called one of its numbers; docs/inbound.md).' }),
  from: nullable(z.string()).optional().meta({ description: 'Inbound calls only: the caller (E.164; null when withheld).' }),
  callback_of: nullable(callbackOfSchema).optional().meta({ description: 'Inbound calls only: the campaign recipient the caller is, when a campaign called the number.' }),
};

export const callQueuedEventSchema = z.strictObject({ ...envelope, event: z.literal('call.queued'), status: z.literal('queued') });

export const callEndedEventSchema = z.strictObject({
  ...envelope,
  event: z.literal('call.ended'),
  status: z.enum(['completed', 'failed', 'canceled']),
  disposition: z.enum(DISPOSITIONS),
  duration_seconds: z.number().int(),
  carrier: nullable(z.enum(CARRIER_NAMES)).meta({ description: 'The carrier that placed the call; null when it was never dialed.' }),
  carrier_call_id: nullable(z.string()).meta({ description: 'The SIP Call-ID (or the carrier\'s own call id).' }),
  carrier_status: nullable(carrierStatusSchema),
  amd: nullable(callAmdSchema).meta({ description: 'Who answered (completed calls); null when the call was never answered.' }),
});

export const callAnalyzedEventSchema = z.strictObject({
  ...envelope,
  event: z.literal('call.analyzed'),
  status: z.literal('completed'),
  transcript: z.string(),
  structured_answers: jsonObject,
  recording_url: z.string(),
  duration_seconds: z.number().int(),
  turns: z.array(callTurnSchema).meta({ description: 'One entry per utterance, in order (docs/api.md "Turns and latency").' }),
  latency: callLatencySchema,
  opted_out: z.boolean().meta({ description: 'The callee asked not to be called again.' }),
  callback_at: nullable(timestamp).meta({ description: 'When the callee asked to be called back (disposition callback_requested); null otherwise.' }),
  amd: nullable(callAmdSchema).meta({ description: 'Who answered, as in call.ended.' }),
});

export const callTransferredEventSchema = z.strictObject({
  ...envelope,
  event: z.literal('call.transferred'),
  status: z.enum(CALL_STATUSES).meta({ description: 'The call\'s status when the outcome was known (in_progress while the agent goes on, or already ended).' }),
  transfer_to: z.string().meta({ description: 'Where the call was handed: E.164 or a SIP URI.' }),
  mode: z.enum(TRANSFER_MODES).meta({ description: 'refer (SIP REFER), bridge (voicegate dialled the person and joined the audio) or dial (Twilio <Dial>).' }),
  answered: z.boolean().meta({ description: 'The person answered; false: the agent took a message instead (the call\'s transfer.failure_reason says why).' }),
});

const counts = z.strictObject({
  total: z.number().int(),
  pending: z.number().int(),
  calling: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  suppressed: z.number().int(),
  canceled: z.number().int(),
});
const campaignEnvelope = (event: 'campaign.started' | 'campaign.paused' | 'campaign.completed', status: z.ZodType) =>
  z.strictObject({ event: z.literal(event), org_id: uuid, campaign_id: uuid, timestamp, status, counts });

export const campaignStartedEventSchema = campaignEnvelope('campaign.started', z.literal('running'));
export const campaignPausedEventSchema = campaignEnvelope('campaign.paused', z.literal('paused'));
export const campaignCompletedEventSchema = campaignEnvelope('campaign.completed', z.literal('completed'));

const base = { org_id: EXAMPLE.orgId, call_id: EXAMPLE.callId, timestamp: EXAMPLE.time, to: '+14155550123', metadata: { customer_id: 'c_42' }, direction: 'outbound' };

const campaignBase = { org_id: EXAMPLE.orgId, campaign_id: '019a5f2e-7c3b-7d10-9a4e-2b8c1d0e6f10', timestamp: EXAMPLE.time };
const exampleCounts = { total: 3, pending: 0, calling: 0, completed: 2, failed: 0, suppressed: 1, canceled: 0 };

export const EVENT_EXAMPLES: Record<(typeof EVENT_TYPES)[number], Record<string, unknown>> = {
  'campaign.started': { event: 'campaign.started', ...campaignBase, status: 'running', counts: { ...exampleCounts, pending: 2, completed: 0 } },
  'campaign.paused': { event: 'campaign.paused', ...campaignBase, status: 'paused', counts: { ...exampleCounts, pending: 1, completed: 1 } },
  'campaign.completed': { event: 'campaign.completed', ...campaignBase, status: 'completed', counts: exampleCounts },
  'call.queued': { event: 'call.queued', ...base, status: 'queued' },
  'call.ended': { event: 'call.ended', ...base, status: 'completed', disposition: 'human', duration_seconds: 42, carrier: 'sip', carrier_call_id: '8f3a2c91e0d4@voicegate.example.com', carrier_status: { code: 200, reason: 'OK' }, amd: { result: 'human', ms: 1460 } },
  'call.transferred': { event: 'call.transferred', ...base, status: 'in_progress', transfer_to: '+14155550100', mode: 'refer', answered: true },
  'call.analyzed': {
    event: 'call.analyzed',
    ...base,
    status: 'completed',
    transcript: 'Agent: Does Tuesday afternoon work?\nCallee: Yes, that is right.',
    structured_answers: { confirmed: true },
    recording_url: `https://voicegate.example.com/recordings/${EXAMPLE.callId}.wav?expires=1763807730&signature=9f2c`,
    duration_seconds: 42,
    turns: [
      { speaker: 'agent', text: 'Does Tuesday afternoon work?', start_ms: 3200, end_ms: 4900, interrupted: false },
      { speaker: 'callee', text: 'Yes, that is right.', start_ms: 5400, end_ms: 6600, interrupted: false },
      {
        speaker: 'agent',
        text: 'Thank you for your time. Goodbye.',
        start_ms: 7240,
        end_ms: 9100,
        interrupted: false,
        latency: { end_of_turn_ms: 320, recognition_ms: 95, decision_ms: 2, synthesis_ms: 0, total_ms: 640 },
      },
    ],
    latency: { p50_ms: 640, p95_ms: 640, turns: 1 },
    opted_out: false,
    callback_at: null,
    amd: { result: 'human', ms: 1460 },
  },
};
