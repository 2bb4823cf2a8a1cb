import { z } from 'zod';
import { CALL_STATUSES, CARRIER_NAMES, DISPOSITIONS } from '../features/calls/call.entity';
import { ROLES } from '../features/users/user.entity';
import { EVENT_TYPES } from '../features/webhooks/webhook-delivery.entity';
import { ERROR_CODES } from '../shared/errors';

/**
 * Response shapes of the REST API, as zod schemas next to the presenters they describe
 * (src/features/*\/*.presenter.ts and the routes' inline objects). They are strict: a presenter
 * that grows a field without this file growing it fails test/integration/openapi.test.ts, which
 * validates real responses against the generated document. Request shapes are not repeated here:
 * the document derives them from the very zod schemas the services parse with.
 */

/** CONTRACT §0: ISO 8601 UTC, exactly six fractional digits, "+00:00". */
export const timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/)
  .meta({ format: 'date-time', examples: ['2026-11-22T10:15:30.123456+00:00'] });
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i).meta({ format: 'uuid' });
const nullable = <T extends z.ZodType>(t: T) => t.nullable();
const jsonObject = z.record(z.string(), z.unknown());

export const problemSchema = z
  .strictObject({
    type: z.string().meta({ examples: ['about:blank'] }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...Array<keyof typeof ERROR_CODES>]),
    instance: z.string().optional(),
    errors: z.array(z.strictObject({ field: z.string(), message: z.string() })).optional().meta({ description: 'Only for validation_error: one entry per invalid field.' }),
  })
  .meta({ description: 'RFC 9457 problem details (application/problem+json) with a stable `code` (CONTRACT §1).' });

export const apiKeySchema = z.strictObject({
  id: uuid,
  name: nullable(z.string()),
  prefix: z.string().length(16).meta({ description: 'First 16 characters of the secret.' }),
  created_at: timestamp,
  last_used_at: nullable(timestamp).meta({ description: 'Updated at most once a minute per key.' }),
  revoked_at: nullable(timestamp),
  status: z.enum(['active', 'revoked']),
});

export const newApiKeySchema = apiKeySchema.extend({
  secret: z
    .string()
    .regex(/^sk_live_/)
    .meta({ description: 'The full key: shown in this response only, never again.' }),
});

export const userSchema = z.strictObject({
  id: uuid,
  email: z.string(),
  role: z.enum(ROLES),
  org_id: uuid,
  active: z.boolean(),
  created_at: timestamp,
});

export const organizationSchema = z.strictObject({
  id: uuid,
  name: z.string(),
  active: z.boolean(),
  webhook_url: nullable(z.string()),
  created_at: timestamp,
});

export const signupResponseSchema = z.strictObject({
  access_token: z.string().meta({ description: 'Dashboard JWT (HS256).' }),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().meta({ description: 'Seconds; JWT_EXPIRE_HOURS × 3600 (default 259200).' }),
  user: z.strictObject({ id: uuid, email: z.string(), role: z.enum(ROLES), org_id: uuid }),
  organization: z.strictObject({ id: uuid, name: z.string() }),
  api_key: newApiKeySchema,
  webhook_secret: z
    .string()
    .regex(/^whsec_/)
    .meta({ description: 'Signs every webhook; shown here and on rotation only.' }),
});

export const loginResponseSchema = z.strictObject({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});

export const meResponseSchema = userSchema.extend({ organization: organizationSchema });

export const webhookSettingsSchema = z.strictObject({
  webhook_url: nullable(z.string()),
  secret_last4: z.string().meta({ description: 'Last four characters of the current webhook secret.' }),
});
export const webhookUpdatedSchema = z.strictObject({ webhook_url: nullable(z.string()) });
export const rotatedSecretSchema = z.strictObject({
  webhook_secret: z.string().regex(/^whsec_/).meta({ description: 'The new secret, shown this once. The old one keeps signing too for 24 h.' }),
});

const questionOut = z.strictObject({
  key: z.string(),
  question: z.string(),
  type: z.enum(['string', 'number', 'boolean', 'enum']),
  options: z.array(z.string()).optional(),
});

const carrierStatusSchema = z
  .strictObject({ code: nullable(z.number().int()), reason: z.string() })
  .meta({ description: 'The carrier\'s last word on the call, e.g. {"code": 486, "reason": "Busy Here"} for SIP.' });

export const callSchema = z.strictObject({
  call_id: uuid,
  to: z.string(),
  from: nullable(z.string()),
  status: z.enum(CALL_STATUSES),
  disposition: nullable(z.enum(DISPOSITIONS)),
  duration_seconds: nullable(z.number().int()),
  metadata: jsonObject.meta({ description: 'Exactly as supplied (key order kept).' }),
  webhook_url: nullable(z.string()),
  task: nullable(z.string()),
  questions: z.array(questionOut),
  max_duration_seconds: z.number().int(),
  ring_timeout_seconds: z.number().int(),
  voicemail_message: nullable(z.string()),
  carrier: nullable(z.enum(CARRIER_NAMES)).meta({ description: 'The carrier that placed the call; null until it is dialed.' }),
  carrier_call_id: nullable(z.string()).meta({ description: 'The SIP Call-ID (or the carrier\'s own call id).' }),
  carrier_status: nullable(carrierStatusSchema),
  transcript: nullable(z.string()),
  structured_answers: nullable(jsonObject).meta({ description: 'One entry per question key, of the question type.' }),
  recording_url: nullable(z.string()).meta({ description: 'Signed, expiring link to an audio/wav file; needs no credential.' }),
  created_at: timestamp,
  started_at: nullable(timestamp),
  ended_at: nullable(timestamp),
});

export const deliverySchema = z.strictObject({
  id: uuid,
  call_id: uuid,
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
  id: uuid,
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

export const redeliverAcceptedSchema = z.strictObject({ status: z.literal('accepted'), delivery_id: uuid });
export const replayAcceptedSchema = z.strictObject({ status: z.literal('accepted'), since: z.string(), event: nullable(z.enum(EVENT_TYPES)) });

export const healthSchema = z.strictObject({ status: z.literal('ok'), database: z.literal('ok') });
export const readySchema = z.strictObject({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'down']),
  worker: z.enum(['ok', 'down', 'not_in_this_process']),
  role: z.enum(['all', 'api', 'worker']),
});

// ---- /api/admin/* -------------------------------------------------------------------------

export const adminOrganizationSchema = z.strictObject({
  id: uuid,
  name: z.string(),
  active: z.boolean(),
  webhook_url: nullable(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
  user_count: z.number().int(),
  api_key_count: z.number().int(),
  active_api_key_count: z.number().int(),
  call_count: z.number().int(),
  open_call_count: z.number().int(),
});

export const adminUserSchema = z.strictObject({
  id: uuid,
  email: z.string(),
  role: z.enum(ROLES),
  org_id: uuid,
  active: z.boolean(),
  platform_admin: z.boolean(),
  created_at: timestamp,
});

export const adminCallSchema = callSchema.extend({ org_id: uuid });
export const adminDeliverySchema = deliverySchema.extend({ org_id: uuid });
export const adminApiKeySchema = apiKeySchema.extend({ org_id: uuid });

export const auditEntrySchema = z.strictObject({
  id: uuid,
  actor_user_id: uuid,
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  org_id: nullable(uuid),
  before: nullable(jsonObject),
  after: nullable(jsonObject),
  request_id: nullable(z.string()),
  ip: nullable(z.string()),
  created_at: timestamp,
});

const counts = <K extends string>(keys: readonly K[]) => z.strictObject(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K, z.ZodNumber>);

export const adminStatsSchema = z.strictObject({
  organizations: z.strictObject({ total: z.number().int(), active: z.number().int() }),
  users: z.strictObject({ total: z.number().int(), active: z.number().int(), platform_admins: z.number().int() }),
  api_keys: z.strictObject({ active: z.number().int(), revoked: z.number().int() }),
  calls: z.strictObject({ total: z.number().int(), last_24h: z.number().int(), open: z.number().int(), by_status: counts(CALL_STATUSES) }),
  webhook_deliveries: z.strictObject({ total: z.number().int(), by_state: counts(['pending', 'delivered', 'failed', 'undeliverable'] as const) }),
  generated_at: timestamp,
});

/** `{data: [...], next_cursor}` (CONTRACT §0). */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    data: z.array(item),
    next_cursor: nullable(z.string()).meta({ description: 'Pass as ?cursor= for the next page; null on the last page.' }),
  });

// ---- webhook events (OpenAPI `webhooks`) ---------------------------------------------------

const envelope = {
  event: z.enum(EVENT_TYPES),
  org_id: uuid,
  call_id: uuid,
  timestamp: timestamp.meta({ description: 'When the event was created (inside the transaction that caused it).' }),
  to: z.string(),
  status: z.enum(CALL_STATUSES),
  metadata: jsonObject.meta({ description: 'As supplied when the call was placed.' }),
};

export const callQueuedEventSchema = z.strictObject({ ...envelope, event: z.literal('call.queued'), status: z.literal('queued') });

export const callEndedEventSchema = z.strictObject({
  ...envelope,
  event: z.literal('call.ended'),
  status: z.enum(['completed', 'failed', 'canceled']),
  disposition: z.enum(DISPOSITIONS),
  duration_seconds: z.number().int(),
  carrier: nullable(z.enum(CARRIER_NAMES)),
  carrier_call_id: nullable(z.string()),
  carrier_status: nullable(carrierStatusSchema),
});

export const callAnalyzedEventSchema = z.strictObject({
  ...envelope,
  event: z.literal('call.analyzed'),
  status: z.literal('completed'),
  transcript: z.string(),
  structured_answers: jsonObject,
  recording_url: z.string(),
  duration_seconds: z.number().int(),
});
