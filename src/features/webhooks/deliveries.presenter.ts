import { isoMicro, isoMicroOrNull } from '../../common/time';
import type { WebhookAttempt } from './webhook-attempt.entity';
import type { WebhookDelivery } from './webhook-delivery.entity';

export const presentDelivery = (d: WebhookDelivery) => ({
  id: d.id,
  call_id: d.callId,
  ...(d.campaignId ? { campaign_id: d.campaignId } : {}),
  event: d.event,
  url: d.url,
  state: d.state,
  delivered: d.delivered,
  response_code: d.responseCode,
  attempts: d.attempts,
  next_attempt_at: isoMicroOrNull(d.state === 'pending' ? d.nextAttemptAt : null),
  last_error: d.lastError,
  created_at: isoMicro(d.createdAt),
  delivered_at: isoMicroOrNull(d.deliveredAt),
});

export const presentAttempt = (a: WebhookAttempt) => ({
  id: a.id,
  attempted_at: isoMicro(a.attemptedAt),
  url: a.url,
  response_code: a.responseCode,
  duration_ms: a.durationMs,
  error: a.error,
  response_excerpt: a.responseExcerpt,
  trigger: a.trigger,
});

export const presentDeliveryDetail = (d: WebhookDelivery, attempts: WebhookAttempt[]) => ({
  ...presentDelivery(d),
  // null once purged by the retention (WEBHOOK_RETENTION).
  payload: JSON.parse(d.payload) as unknown,
  attempt_log: attempts.map(presentAttempt),
});
