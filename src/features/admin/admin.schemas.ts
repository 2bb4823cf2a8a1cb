import { z } from 'zod';
import { jsonObject, nullable, timestamp, uuidString } from '../../common/api-schemas';
import { pageSchema } from '../../common/pagination';
import { ROLES } from '../../common/roles';
import { apiKeySchema } from '../api-keys';
import { CALL_STATUSES, callSchema } from '../calls';
import { deliverySchema, EVENT_TYPES } from '../webhooks';

const uuid = z.uuid({ message: 'must be a UUID' });
const boolParam = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const search = z.string().trim().max(200, 'must be at most 200 characters').optional();

export const listOrganizationsSchema = pageSchema.extend({
  /** Matches the organization's name or any member's e-mail (substring, case-insensitive), or its id. */
  q: search,
  active: boolParam.optional(),
});
export type ListOrganizationsInput = z.input<typeof listOrganizationsSchema>;

export const listUsersSchema = pageSchema.extend({
  /** Matches the e-mail (substring, case-insensitive) or the id. */
  q: search,
  org_id: uuid.optional(),
  active: boolParam.optional(),
});
export type ListUsersInput = z.input<typeof listUsersSchema>;

export const listCallsSchema = pageSchema.extend({
  org_id: uuid.optional(),
  status: z.enum(CALL_STATUSES).optional(),
});
export type AdminListCallsInput = z.input<typeof listCallsSchema>;

export const listDeliveriesSchema = pageSchema.extend({
  org_id: uuid.optional(),
  delivered: boolParam.optional(),
  event: z.enum(EVENT_TYPES).optional(),
});
export type AdminListDeliveriesInput = z.input<typeof listDeliveriesSchema>;

export const listAuditSchema = pageSchema.extend({
  action: z.string().max(100).optional(),
  target_id: z.string().max(200).optional(),
  org_id: uuid.optional(),
  actor_user_id: uuid.optional(),
});
export type ListAuditInput = z.input<typeof listAuditSchema>;

// ---- responses (admin.presenter.ts): tenant rows gain their org_id ----------------------------

export const adminOrganizationSchema = z.strictObject({
  id: uuidString,
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
  id: uuidString,
  email: z.string(),
  role: z.enum(ROLES),
  org_id: uuidString,
  active: z.boolean(),
  email_verified: z.boolean(),
  platform_admin: z.boolean(),
  created_at: timestamp,
});

export const adminCallSchema = callSchema.extend({ org_id: uuidString });
export const adminDeliverySchema = deliverySchema.extend({ org_id: uuidString });
export const adminApiKeySchema = apiKeySchema.extend({ org_id: uuidString });

export const auditEntrySchema = z.strictObject({
  id: uuidString,
  actor_user_id: uuidString,
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  org_id: nullable(uuidString),
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
