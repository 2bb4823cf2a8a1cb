import { z } from 'zod';
import { nullable } from '../../common/api-schemas';
import { named, reply, route, type Routes } from '../../common/route';
import { updateWebhookSchema, type WebhookSettings, type WebhookSettingsService } from './webhook-settings.service';

export interface WebhookSettingsDeps {
  webhookSettings: WebhookSettingsService;
}

const webhookHealthSchema = z.strictObject({
  enabled: z.boolean().meta({ description: 'False once the endpoint was disabled for failing continuously (WEBHOOK_DISABLE_AFTER); nothing is sent to it until it is enabled again.' }),
  disabled_at: nullable(z.string()),
  disabled_reason: nullable(z.string()),
  failing_since: nullable(z.string()).meta({ description: 'Since when attempts to the default endpoint have failed without a success.' }),
  attempts_24h: z.number().int(),
  success_rate_24h: nullable(z.number()).meta({ description: 'Share of the last 24 h of attempts that succeeded, 0 to 1.' }),
  average_latency_ms_24h: nullable(z.number().int()),
  p95_latency_ms_24h: nullable(z.number().int()),
  last_failure_at: nullable(z.string()),
  last_failure_error: nullable(z.string()),
  last_success_at: nullable(z.string()),
});
const webhookSettingsSchema = z.strictObject({
  webhook_url: nullable(z.string()),
  secret_last4: z.string().meta({ description: 'Last four characters of the current webhook secret.' }),
  health: webhookHealthSchema,
});
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentSettings(out: WebhookSettings) {
  const h = out.health;
  return {
    webhook_url: out.webhookUrl,
    secret_last4: out.secretLast4,
    health: {
      enabled: h.enabled,
      disabled_at: iso(h.disabledAt),
      disabled_reason: h.disabledReason,
      failing_since: iso(h.failingSince),
      attempts_24h: h.attempts24h,
      success_rate_24h: h.successRate24h,
      average_latency_ms_24h: h.averageLatencyMs24h,
      p95_latency_ms_24h: h.p95LatencyMs24h,
      last_failure_at: iso(h.lastFailureAt),
      last_failure_error: h.lastFailureError,
      last_success_at: iso(h.lastSuccessAt),
    },
  };
}
const HEALTHY = {
  enabled: true,
  disabled_at: null,
  disabled_reason: null,
  failing_since: null,
  attempts_24h: 120,
  success_rate_24h: 1,
  average_latency_ms_24h: 85,
  p95_latency_ms_24h: 210,
  last_failure_at: null,
  last_failure_error: null,
  last_success_at: '2026-11-23T12:00:00.000Z',
};
const webhookUpdatedSchema = z.strictObject({ webhook_url: nullable(z.string()) });
const rotatedSecretSchema = z.strictObject({
  webhook_secret: z.string().regex(/^whsec_/).meta({ description: 'The new secret, shown this once. The old one keeps signing too for 24 h.' }),
});
const HOOK_URL = 'https://hooks.example.com/voicegate';

/** Mounted under /dashboard (JWT). */
export const webhookSettingsRoutes: Routes<WebhookSettingsDeps> = [
  route<WebhookSettingsDeps>({
    method: 'get',
    path: '/dashboard/webhook',
    operationId: 'getWebhook',
    summary: "The default webhook URL, the last four characters of the secret and the endpoint's health",
    tag: 'webhooks',
    auth: 'dashboard',
    responses: { 200: reply('Settings.', named('WebhookSettings', webhookSettingsSchema)) },
    errors: [],
    example: { response: { webhook_url: HOOK_URL, secret_last4: 'x9Qa', health: HEALTHY } },
    handler: async ({ ctx }, { webhookSettings }) => ({ status: 200, body: presentSettings(await webhookSettings.get(ctx)) }),
  }),
  route<WebhookSettingsDeps>({
    method: 'post',
    path: '/dashboard/webhook/enable',
    operationId: 'enableWebhook',
    summary: 'Enable the default endpoint again after it was disabled for failing (owner)',
    description: 'Events it missed meanwhile are not resent by this: replay them (POST /dashboard/webhook-deliveries/replay).',
    tag: 'webhooks',
    auth: 'dashboard',
    responses: { 200: reply('Settings.', named('WebhookSettings', webhookSettingsSchema)) },
    errors: [],
    example: { response: { webhook_url: HOOK_URL, secret_last4: 'x9Qa', health: HEALTHY } },
    handler: async ({ ctx }, { webhookSettings }) => ({ status: 200, body: presentSettings(await webhookSettings.enable(ctx)) }),
  }),
  route<WebhookSettingsDeps>({
    method: 'patch',
    path: '/dashboard/webhook',
    operationId: 'updateWebhook',
    summary: 'Set or clear the default webhook URL (owner)',
    description: 'Private, loopback, link-local and metadata destinations are refused unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true.',
    tag: 'webhooks',
    auth: 'dashboard',
    body: named('UpdateWebhookRequest', updateWebhookSchema),
    responses: { 200: reply('Updated.', named('WebhookUpdated', webhookUpdatedSchema)) },
    errors: [422],
    example: { request: { webhook_url: HOOK_URL }, response: { webhook_url: HOOK_URL } },
    handler: async ({ ctx, body }, { webhookSettings }) => {
      const out = await webhookSettings.update(ctx, body);
      return { status: 200, body: { webhook_url: out.webhookUrl } };
    },
  }),
  route<WebhookSettingsDeps>({
    method: 'post',
    path: '/dashboard/webhook/rotate-secret',
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the webhook secret (owner)',
    description: 'The new secret signs at once; for 24 h the old one also signs (a second `v1,` entry in webhook-signature).',
    tag: 'webhooks',
    auth: 'dashboard',
    responses: { 200: reply('The new secret, shown this once.', named('RotatedWebhookSecret', rotatedSecretSchema)) },
    errors: [],
    example: { response: { webhook_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } },
    handler: async ({ ctx }, { webhookSettings }) => {
      const out = await webhookSettings.rotateSecret(ctx);
      return { status: 200, body: { webhook_secret: out.webhookSecret } };
    },
  }),
];
