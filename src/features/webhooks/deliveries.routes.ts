import { EXAMPLE, listOf, pageExample } from '../../common/api-schemas';
import { named, reply, route, type Routes } from '../../common/route';
import { presentDelivery, presentDeliveryDetail } from './deliveries.presenter';
import { DELIVERY_EXAMPLE, deliveryDetailSchema, deliverySchema, redeliverAcceptedSchema, replayAcceptedSchema } from './deliveries.schemas';
import { listDeliveriesSchema, replaySchema, type DeliveriesService } from './deliveries.service';

export interface DeliveriesDeps {
  deliveries: DeliveriesService;
}

/** Mounted under /dashboard (JWT). */
export const deliveriesRoutes: Routes<DeliveriesDeps> = [
  route<DeliveriesDeps>({
    method: 'get',
    path: '/dashboard/webhook-deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'The delivery log, newest first',
    tag: 'webhooks',
    auth: 'dashboard',
    query: listDeliveriesSchema,
    responses: { 200: reply('A page of deliveries.', named('WebhookDeliveryList', listOf(deliverySchema), [named('WebhookDelivery', deliverySchema)])) },
    errors: [422],
    example: { response: pageExample(DELIVERY_EXAMPLE) },
    handler: async ({ ctx, query }, { deliveries }) => {
      const page = await deliveries.list(ctx, query);
      return { status: 200, body: { data: page.data.map(presentDelivery), next_cursor: page.nextCursor } };
    },
  }),
  route<DeliveriesDeps>({
    method: 'post',
    path: '/dashboard/webhook-deliveries/replay',
    operationId: 'replayWebhooks',
    summary: 'Redeliver every undelivered event since a time (owner)',
    description: "Svix's \"recover\": runs as background work.",
    tag: 'webhooks',
    auth: 'dashboard',
    body: named('ReplayRequest', replaySchema),
    responses: { 202: reply('Accepted.', named('ReplayAccepted', replayAcceptedSchema)) },
    errors: [422],
    example: { request: { since: '2026-11-22T00:00:00Z' }, response: { status: 'accepted', since: '2026-11-22T00:00:00Z', event: null } },
    handler: async ({ ctx, body }, { deliveries }) => ({ status: 202, body: { status: 'accepted', ...(await deliveries.replay(ctx, body)) } }),
  }),
  route<DeliveriesDeps>({
    method: 'get',
    path: '/dashboard/webhook-deliveries/{id}',
    operationId: 'getWebhookDelivery',
    summary: 'One delivery with its payload and every attempt',
    tag: 'webhooks',
    auth: 'dashboard',
    responses: { 200: reply('The delivery.', named('WebhookDeliveryDetail', deliveryDetailSchema)) },
    errors: [404],
    example: {
      response: {
        ...DELIVERY_EXAMPLE,
        payload: { event: 'call.queued', org_id: EXAMPLE.orgId, call_id: EXAMPLE.callId, timestamp: EXAMPLE.time, to: '+14155550123', status: 'queued', metadata: {} },
        attempt_log: [
          { id: EXAMPLE.attemptId, attempted_at: EXAMPLE.time, url: DELIVERY_EXAMPLE.url, response_code: 200, duration_ms: 42, error: null, response_excerpt: 'ok', trigger: 'scheduled' },
        ],
      },
    },
    handler: async ({ ctx, params }, { deliveries }) => {
      const { delivery, attempts } = await deliveries.get(ctx, params.id!);
      return { status: 200, body: presentDeliveryDetail(delivery, attempts) };
    },
  }),
  route<DeliveriesDeps>({
    method: 'post',
    path: '/dashboard/webhook-deliveries/{id}/redeliver',
    operationId: 'redeliverWebhook',
    summary: 'Queue a manual attempt now (owner)',
    description: 'A manual attempt that fails schedules no further retries.',
    tag: 'webhooks',
    auth: 'dashboard',
    responses: { 202: reply('Accepted.', named('RedeliverAccepted', redeliverAcceptedSchema)) },
    errors: [404],
    example: { response: { status: 'accepted', delivery_id: EXAMPLE.deliveryId } },
    handler: async ({ ctx, params }, { deliveries }) => {
      const d = await deliveries.redeliver(ctx, params.id!);
      return { status: 202, body: { status: 'accepted', delivery_id: d.id } };
    },
  }),
];
