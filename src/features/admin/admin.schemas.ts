import { z } from 'zod';
import { pageSchema } from '../../shared/pagination';
import { CALL_STATUSES } from '../calls/call.entity';
import { EVENT_TYPES } from '../webhooks/webhook-delivery.entity';

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
