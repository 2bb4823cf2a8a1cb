import { z } from 'zod';
import { nullable } from '../../common/api-schemas';
import { named, reply, route, type Routes } from '../../common/route';
import { presentCarrier, presentConnectionTest } from './carrier-connections.presenter';
import { updateCarrierSchema, type UpdateCarrierInput } from './carrier-connections.schemas';
import type { CarrierConnectionsService } from './carrier-connections.service';

export interface CarrierConnectionsDeps {
  carrierConnections: CarrierConnectionsService;
}

const carrierSchema = z
  .strictObject({
    type: z.enum(['simulator', 'sip', 'twilio']).meta({ description: 'Which carrier places the calls.' }),
    source: z.enum(['organization', 'default']).meta({ description: "`organization`: the organization's own connection; `default`: the deployment's." }),
    host: z.string().optional().meta({ description: 'SIP: the trunk host.' }),
    port: z.number().int().optional().meta({ description: 'SIP: the trunk port.' }),
    transport: z.string().optional().meta({ description: 'SIP: the transport (udp).' }),
    username: nullable(z.string()).optional().meta({ description: 'SIP: the digest user name, if any.' }),
    account_sid: z.string().optional().meta({ description: 'Twilio: the Account SID.' }),
    numbers: z.array(z.string()).meta({ description: 'Caller IDs calls may use; the first is the default. Empty: any.' }),
    password_set: z.boolean().optional().meta({ description: 'SIP: whether a password is stored (it is never returned).' }),
    auth_token_set: z.boolean().optional().meta({ description: 'Twilio: whether an auth token is stored (it is never returned).' }),
    updated_at: nullable(z.string()).meta({ description: 'When the organization last changed its connection; null for the default.' }),
  })
  .meta({ description: 'The effective carrier connection, without secrets.' });
const carrierTestSchema = z.strictObject({
  ok: z.boolean().meta({ description: 'Whether the carrier answered as expected.' }),
  message: z.string().meta({ description: 'What happened, in words.' }),
});
const Carrier = named('CarrierConnection', carrierSchema);
const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const TWILIO_VIEW = { type: 'twilio', source: 'organization', account_sid: ACCOUNT_SID, numbers: ['+14155550100'], updated_at: '2026-11-23T12:00:00.000000Z', auth_token_set: true };
const DEFAULT_VIEW = { type: 'simulator', source: 'default', numbers: [], updated_at: null };

/** Mounted under /dashboard (JWT): the organization's own carrier connection. See docs/carriers.md. */
export const carrierConnectionsRoutes: Routes<CarrierConnectionsDeps> = [
  route<CarrierConnectionsDeps>({
    method: 'get',
    path: '/dashboard/carrier',
    operationId: 'getCarrier',
    summary: "The organization's effective carrier connection (its own, or the deployment default)",
    tag: 'carriers',
    auth: 'dashboard',
    responses: { 200: reply('The connection, without secrets.', Carrier) },
    errors: [],
    example: { response: TWILIO_VIEW },
    handler: async ({ ctx }, { carrierConnections }) => ({ status: 200, body: presentCarrier(await carrierConnections.get(ctx)) }),
  }),
  route<CarrierConnectionsDeps>({
    method: 'put',
    path: '/dashboard/carrier',
    operationId: 'updateCarrier',
    summary: 'Connect a carrier: simulator, SIP trunk or Twilio account (owner)',
    description:
      'Secrets are encrypted at rest and never returned; leave one out to keep the stored one (only for the same Twilio account, or the same SIP host, port and user name: otherwise 422). A SIP host on a private address is refused unless CARRIER_ALLOW_PRIVATE_NETWORKS=true. See docs/carriers.md and docs/twilio.md.',
    tag: 'carriers',
    auth: 'dashboard',
    body: named('UpdateCarrierRequest', updateCarrierSchema),
    responses: { 200: reply('The connection, without secrets.', Carrier) },
    errors: [422],
    example: { request: { type: 'twilio', account_sid: ACCOUNT_SID, auth_token: 'your-auth-token', numbers: ['+14155550100'] }, response: TWILIO_VIEW },
    handler: async ({ ctx, body }, { carrierConnections }) => ({ status: 200, body: presentCarrier(await carrierConnections.update(ctx, body as UpdateCarrierInput)) }),
  }),
  route<CarrierConnectionsDeps>({
    method: 'delete',
    path: '/dashboard/carrier',
    operationId: 'removeCarrier',
    summary: 'Back to the deployment default carrier (owner)',
    tag: 'carriers',
    auth: 'dashboard',
    responses: { 200: reply('The default connection.', Carrier) },
    errors: [],
    example: { response: DEFAULT_VIEW },
    handler: async ({ ctx }, { carrierConnections }) => ({ status: 200, body: presentCarrier(await carrierConnections.remove(ctx)) }),
  }),
  route<CarrierConnectionsDeps>({
    method: 'post',
    path: '/dashboard/carrier/test',
    operationId: 'testCarrier',
    summary: 'Test the connection: Twilio fetches the account, SIP sends an OPTIONS ping (owner)',
    description:
      'Owner only, and limited per organization (RATE_LIMIT_CARRIER_TEST_PER_10_MIN, default 10 per 10 minutes; then 429 rate_limited with Retry-After). A SIP host is resolved and checked again before the ping is sent. See docs/carriers.md.',
    tag: 'carriers',
    auth: 'dashboard',
    responses: { 200: reply('Whether it worked and what happened, in words.', named('CarrierConnectionTest', carrierTestSchema)) },
    errors: [403, 429],
    example: { response: { ok: true, message: 'Twilio account "My account" is active.' } },
    handler: async ({ ctx }, { carrierConnections }) => ({ status: 200, body: presentConnectionTest(await carrierConnections.test(ctx)) }),
  }),
];
