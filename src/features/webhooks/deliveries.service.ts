import { z } from 'zod';
import type { Ctx } from '../../common/context';
import { requireOrg, requireOwner } from '../../common/context';
import { notFound } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { paginateRows, type Page, pageSchema } from '../../common/pagination';
import { parseInput } from '../../common/validation';
import { addJobs, job } from '../../queue';
import { WebhookAttempt } from './webhook-attempt.entity';
import { EVENT_TYPES, WebhookDelivery } from './webhook-delivery.entity';

const boolParam = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const listDeliveriesSchema = pageSchema.extend({
  call_id: z.uuid({ message: 'must be a UUID' }).optional(),
  event: z.enum(EVENT_TYPES).optional(),
  delivered: boolParam.optional(),
});
export type ListDeliveriesInput = z.input<typeof listDeliveriesSchema>;

export const replaySchema = z.strictObject({
  since: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' }),
  event: z.enum(EVENT_TYPES).optional(),
});
export type ReplayInput = z.input<typeof replaySchema>;

export interface DeliveryDetail {
  delivery: WebhookDelivery;
  attempts: WebhookAttempt[];
}

export class DeliveriesService {
  async list(ctx: Ctx, raw: unknown): Promise<Page<WebhookDelivery>> {
    const orgId = requireOrg(ctx);
    const input = parseInput(listDeliveriesSchema, raw);
    const where: Record<string, unknown> = { orgId };
    if (input.call_id) where.callId = input.call_id;
    if (input.event) where.event = input.event;
    if (input.delivered !== undefined) where.delivered = input.delivered;
    return paginateRows(ctx.em, WebhookDelivery, where, input);
  }

  async get(ctx: Ctx, id: string): Promise<DeliveryDetail> {
    const orgId = requireOrg(ctx);
    const delivery = isUuid(id) ? await ctx.em.findOne(WebhookDelivery, { id, orgId }, { populate: ['payload'] }) : null;
    if (!delivery) throw notFound('Webhook delivery');
    const attempts = await ctx.em.find(WebhookAttempt, { deliveryId: id, orgId }, { orderBy: { attemptedAt: 'asc', id: 'asc' } });
    return { delivery, attempts };
  }

  /** A manual attempt now, to the current destination (202); if it fails it schedules nothing further. */
  async redeliver(ctx: Ctx, id: string): Promise<WebhookDelivery> {
    const owner = requireOwner(ctx);
    const delivery = isUuid(id) ? await ctx.em.findOne(WebhookDelivery, { id, orgId: owner.orgId }) : null;
    if (!delivery) throw notFound('Webhook delivery');
    await addJobs(ctx.em, job('redeliver', { deliveryId: delivery.id }));
    return delivery;
  }

  /** Svix's "recover": every undelivered event since a time, redelivered as background work. */
  async replay(ctx: Ctx, raw: unknown): Promise<{ since: string; event: string | null }> {
    const owner = requireOwner(ctx);
    const input = parseInput(replaySchema, raw);
    await addJobs(ctx.em, job('replay', { orgId: owner.orgId, since: input.since, ...(input.event ? { event: input.event } : {}) }));
    return { since: input.since, event: input.event ?? null };
  }
}
