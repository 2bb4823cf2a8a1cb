import { named, reply, route, type Routes } from '../../common/route';
import { presentInbound } from './inbound.presenter';
import { inboundSettingsSchema, updateInboundSchema } from './inbound.schemas';
import type { InboundSettingsService } from './inbound.service';

export interface InboundDeps {
  inbound: InboundSettingsService;
}

const Settings = named('InboundSettings', inboundSettingsSchema);
const EXAMPLE_SETTINGS = {
  enabled: true,
  greeting: 'Hello, you have reached Acme Dental.',
  task: 'Help the caller confirm or move their appointment.',
  questions: [{ key: 'keep_appointment', question: 'Would you like to keep your appointment?', type: 'boolean' }],
  webhook_url: null,
  transfer_to: '+14155550100',
};
const OFF = { enabled: false, greeting: null, task: null, questions: [], webhook_url: null, transfer_to: null, updated_at: null };

/** Mounted under /dashboard (JWT): what the agent does when someone calls the organization's numbers. See docs/inbound.md. */
export const inboundRoutes: Routes<InboundDeps> = [
  route<InboundDeps>({
    method: 'get',
    path: '/dashboard/inbound',
    operationId: 'getInboundSettings',
    summary: "The organization's inbound settings (off until saved)",
    tag: 'inbound',
    auth: 'dashboard',
    responses: { 200: reply('The settings.', Settings) },
    errors: [],
    example: { response: { ...EXAMPLE_SETTINGS, updated_at: '2026-11-22T10:15:30.123456+00:00' } },
    handler: async ({ ctx }, { inbound }) => ({ status: 200, body: presentInbound(await inbound.get(ctx)) }),
  }),
  route<InboundDeps>({
    method: 'put',
    path: '/dashboard/inbound',
    operationId: 'updateInboundSettings',
    summary: 'Answer calls to the organization\'s numbers: greeting, task, questions (owner)',
    description:
      'The whole settings: a field left out is cleared. `questions` follow the rules of a call\'s questions; `webhook_url` those of the organization\'s webhook URL (no private destinations unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true). See docs/inbound.md.',
    tag: 'inbound',
    auth: 'dashboard',
    body: named('UpdateInboundSettingsRequest', updateInboundSchema),
    responses: { 200: reply('The settings as saved.', Settings) },
    errors: [422],
    example: { request: EXAMPLE_SETTINGS, response: { ...EXAMPLE_SETTINGS, updated_at: '2026-11-22T10:15:30.123456+00:00' } },
    handler: async ({ ctx, body }, { inbound }) => ({ status: 200, body: presentInbound(await inbound.update(ctx, body)) }),
  }),
  route<InboundDeps>({
    method: 'delete',
    path: '/dashboard/inbound',
    operationId: 'removeInboundSettings',
    summary: 'Forget the inbound settings: calls to the organization\'s numbers are refused (owner)',
    tag: 'inbound',
    auth: 'dashboard',
    responses: { 200: reply('The settings now (off).', Settings) },
    errors: [],
    example: { response: OFF },
    handler: async ({ ctx }, { inbound }) => ({ status: 200, body: presentInbound(await inbound.remove(ctx)) }),
  }),
];
