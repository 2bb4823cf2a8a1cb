import { z } from 'zod';
import { listOf, pageExample } from '../../common/api-schemas';
import { named, reply, route, type Routes } from '../../common/route';
import { idempotencyKeySchema } from '../../common/idempotency';
import {
  appendDocSchema,
  appendedOutSchema,
  CAMPAIGN_EXAMPLE,
  campaignOutSchema,
  createCampaignDocSchema,
  listCampaignsSchema,
  listRecipientsSchema,
  MAX_CAMPAIGN_BODY_BYTES,
  RECIPIENT_EXAMPLE,
  recipientOutSchema,
} from './campaigns.schemas';
import type { CampaignsService } from './campaigns.service';

export interface CampaignsDeps {
  campaigns: CampaignsService;
}

const Campaign_ = named('Campaign', campaignOutSchema);
const ids = z.object({ campaign_id: z.string() });
const idem = [{ name: 'Idempotency-Key', description: 'Makes retries safe (kept 24 h).', schema: idempotencyKeySchema }];
const replayed = (r: boolean): Record<string, string> => (r ? { 'Idempotent-Replayed': 'true' } : {});

const transition = (action: 'pause' | 'resume' | 'cancel', summary: string, description: string) =>
  route<CampaignsDeps>({
    method: 'post',
    path: `/v1/campaigns/{campaign_id}/${action}`,
    operationId: `${action}Campaign`,
    summary,
    description,
    tag: 'campaigns',
    auth: 'apiKey',
    params: ids,
    responses: { 200: reply('The campaign.', Campaign_) },
    errors: [404, 409, 429],
    example: { response: CAMPAIGN_EXAMPLE },
    handler: async ({ ctx, params }, { campaigns }) => ({ status: 200, body: await campaigns[action](ctx, params.campaign_id!) }),
  });

/** Campaigns (docs/campaigns.md), mounted under /v1 (API key); create and append take bodies up to 8 MiB. */
export const campaignsRoutes: Routes<CampaignsDeps> = [
  route<CampaignsDeps>({
    method: 'post',
    path: '/v1/campaigns',
    operationId: 'createCampaign',
    summary: 'Create a campaign with up to 10,000 recipients',
    description:
      'Recipients are validated one by one (errors name `recipients.<index>.<field>`); suppressed numbers become `suppressed`. More than MAX_RECIPIENTS_PER_CAMPAIGN recipients: 422 `campaign_too_large`. More than MAX_PENDING_RECIPIENTS_PER_ORG recipients waiting for a call in the organization: 429 `too_many_pending_recipients` with Retry-After. Nothing is created then.',
    tag: 'campaigns',
    auth: 'apiKey',
    body: { ...named('CreateCampaignRequest', createCampaignDocSchema), maxBytes: MAX_CAMPAIGN_BODY_BYTES },
    headers: idem,
    responses: { 201: reply('The campaign.', Campaign_) },
    errors: [409, 413, 422, 429],
    example: { request: { name: 'Appointment reminders', time_zone: 'Europe/Paris', recipients: [{ to: '+33612345678' }] }, response: CAMPAIGN_EXAMPLE },
    handler: async ({ ctx, body, header }, { campaigns }) => {
      const out = await campaigns.create(ctx, body, header('Idempotency-Key'));
      return { status: out.status, body: out.body, headers: { ...replayed(out.replayed), Location: `/v1/campaigns/${out.body.campaign_id}` } };
    },
  }),
  route<CampaignsDeps>({
    method: 'get',
    path: '/v1/campaigns',
    operationId: 'listCampaigns',
    summary: "The organization's campaigns, newest first",
    tag: 'campaigns',
    auth: 'apiKey',
    query: listCampaignsSchema,
    responses: { 200: reply('A page of campaigns.', named('CampaignList', listOf(campaignOutSchema))) },
    errors: [422, 429],
    example: { response: pageExample(CAMPAIGN_EXAMPLE) },
    handler: async ({ ctx, query }, { campaigns }) => {
      const page = await campaigns.list(ctx, query);
      const data = [];
      for (const c of page.data) data.push(await campaigns.present(ctx.em, c));
      return { status: 200, body: { data, next_cursor: page.nextCursor } };
    },
  }),
  route<CampaignsDeps>({
    method: 'get',
    path: '/v1/campaigns/{campaign_id}',
    operationId: 'getCampaign',
    summary: 'One campaign, with its counts',
    tag: 'campaigns',
    auth: 'apiKey',
    params: ids,
    responses: { 200: reply('The campaign.', Campaign_) },
    errors: [404, 429],
    example: { response: CAMPAIGN_EXAMPLE },
    handler: async ({ ctx, params }, { campaigns }) => ({ status: 200, body: await campaigns.present(ctx.em, await campaigns.get(ctx, params.campaign_id!)) }),
  }),
  route<CampaignsDeps>({
    method: 'post',
    path: '/v1/campaigns/{campaign_id}/recipients',
    operationId: 'appendCampaignRecipients',
    summary: 'Append up to 10,000 recipients',
    description:
      'Past MAX_RECIPIENTS_PER_CAMPAIGN recipients in the campaign (suppressed ones included): 422 `campaign_too_large`. Past MAX_PENDING_RECIPIENTS_PER_ORG recipients waiting for a call in the organization: 429 `too_many_pending_recipients` with Retry-After. Nothing is added then.',
    tag: 'campaigns',
    auth: 'apiKey',
    params: ids,
    body: { ...named('AppendRecipientsRequest', appendDocSchema), maxBytes: MAX_CAMPAIGN_BODY_BYTES },
    headers: idem,
    responses: { 201: reply('The campaign, with how many were added.', named('CampaignAppended', appendedOutSchema)) },
    errors: [404, 409, 413, 422, 429],
    example: { request: { recipients: [{ to: '+442071234567' }] }, response: { ...CAMPAIGN_EXAMPLE, recipients_added: 1 } },
    handler: async ({ ctx, params, body, header }, { campaigns }) => {
      const out = await campaigns.append(ctx, params.campaign_id!, body, header('Idempotency-Key'));
      return { status: out.status, body: out.body, headers: replayed(out.replayed) };
    },
  }),
  route<CampaignsDeps>({
    method: 'get',
    path: '/v1/campaigns/{campaign_id}/recipients',
    operationId: 'listCampaignRecipients',
    summary: "A campaign's recipients with their calls and outcome, newest first",
    tag: 'campaigns',
    auth: 'apiKey',
    params: ids,
    query: listRecipientsSchema,
    responses: { 200: reply('A page of recipients.', named('CampaignRecipientList', listOf(recipientOutSchema))) },
    errors: [404, 422, 429],
    example: { response: pageExample(RECIPIENT_EXAMPLE) },
    handler: async ({ ctx, params, query }, { campaigns }) => ({ status: 200, body: await campaigns.recipients(ctx, params.campaign_id!, query) }),
  }),
  transition('pause', 'Pause a campaign', 'No call starts after the answer; calls not yet dialed are withdrawn. Sends campaign.paused.'),
  transition('resume', 'Resume a paused campaign', 'Calling continues where it stopped.'),
  transition('cancel', 'Cancel a campaign', 'Pending recipients become canceled; calls already dialed finish.'),
];
