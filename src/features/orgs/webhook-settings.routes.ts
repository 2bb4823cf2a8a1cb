import { z } from 'zod';
import { nullable } from '../../shared/api-schemas';
import { named, reply, route, type Routes } from '../../shared/route';
import { updateWebhookSchema, type WebhookSettingsService } from './webhook-settings.service';

export interface WebhookSettingsDeps {
  webhookSettings: WebhookSettingsService;
}

const webhookSettingsSchema = z.strictObject({
  webhook_url: nullable(z.string()),
  secret_last4: z.string().meta({ description: 'Last four characters of the current webhook secret.' }),
});
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
    summary: 'The default webhook URL and the last four characters of the secret',
    tag: 'webhooks',
    auth: 'dashboard',
    responses: { 200: reply('Settings.', named('WebhookSettings', webhookSettingsSchema)) },
    errors: [],
    example: { response: { webhook_url: HOOK_URL, secret_last4: 'x9Qa' } },
    handler: async ({ ctx }, { webhookSettings }) => {
      const out = await webhookSettings.get(ctx);
      return { status: 200, body: { webhook_url: out.webhookUrl, secret_last4: out.secretLast4 } };
    },
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
