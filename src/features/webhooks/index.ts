/**
 * The webhooks feature's public module: what other features may use of it (the layer rules in
 * docs/architecture.md; test/unit/dependency-rules.test.ts enforces them).
 */
export { presentDelivery } from './deliveries.presenter';
export { DELIVERY_EXAMPLE, deliverySchema } from './deliveries.schemas';
export { WebhookDeliveryType } from './deliveries.types';
export { amdJsonSql, buildEventBody, callEventBodySql, jsonTextSql, outboxCtes, recordCampaignEvent, recordEvent, type EventSubject } from './outbox';
export { EVENT_TYPES, WebhookDelivery, type DeliveryState } from './webhook-delivery.entity';
