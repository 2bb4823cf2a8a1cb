import { z } from 'zod';
import { EXAMPLE, jsonObject, nullable, timestamp, uuidString } from '../../common/api-schemas';
import { EVENT_TYPES } from './webhook-delivery.entity';

/** REST shapes of deliveries.presenter.ts. */
export const deliverySchema = z.strictObject({
  id: uuidString,
  call_id: nullable(uuidString).meta({ description: 'Null for campaign events.' }),
  campaign_id: uuidString.optional().meta({ description: 'Only for campaign events (campaign.*).' }),
  event: z.enum(EVENT_TYPES),
  url: nullable(z.string()),
  state: z.enum(['pending', 'delivered', 'failed', 'undeliverable']),
  delivered: z.boolean(),
  response_code: nullable(z.number().int()),
  attempts: z.number().int(),
  next_attempt_at: nullable(timestamp),
  last_error: nullable(z.string()),
  created_at: timestamp,
  delivered_at: nullable(timestamp),
});

export const attemptSchema = z.strictObject({
  id: uuidString,
  attempted_at: timestamp,
  url: nullable(z.string()),
  response_code: nullable(z.number().int()),
  duration_ms: z.number().int(),
  error: nullable(z.string()),
  response_excerpt: nullable(z.string()).meta({ description: 'At most 4 KiB of the response body.' }),
  trigger: z.enum(['scheduled', 'manual']),
});

export const deliveryDetailSchema = deliverySchema.extend({
  payload: jsonObject.meta({ description: 'The event body exactly as sent.' }),
  attempt_log: z.array(attemptSchema),
});

export const redeliverAcceptedSchema = z.strictObject({ status: z.literal('accepted'), delivery_id: uuidString });
export const replayAcceptedSchema = z.strictObject({ status: z.literal('accepted'), since: z.string(), event: nullable(z.enum(EVENT_TYPES)) });

export const DELIVERY_EXAMPLE = {
  id: EXAMPLE.deliveryId,
  call_id: EXAMPLE.callId,
  event: 'call.queued',
  url: 'https://hooks.example.com/voicegate',
  state: 'delivered',
  delivered: true,
  response_code: 200,
  attempts: 1,
  next_attempt_at: null,
  last_error: null,
  created_at: EXAMPLE.time,
  delivered_at: EXAMPLE.time,
};
