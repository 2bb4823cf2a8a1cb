import type { components, paths, webhooks } from './generated/openapi';

/** Named types over the generated OpenAPI types (src/generated/openapi.ts, never edited by hand). */
type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;

export type Call = JsonBody<paths['/v1/calls/{call_id}']['get']['responses'][200]>;
export type CallStatus = Call['status'];
export type CallDisposition = NonNullable<Call['disposition']>;
/** `outbound` (placed through the API or a campaign) or `inbound` (someone called one of the organization's numbers). */
export type CallDirection = Call['direction'];
/** An inbound call from a number a campaign called: that campaign and recipient. */
export type CallbackOf = NonNullable<Call['callback_of']>;
/** Answering-machine detection on an answered call: `{ result: "human" | "machine" | "screened" | "unknown", ms }`. */
export type CallAmd = NonNullable<Call['amd']>;
export type AmdResult = CallAmd['result'];
export type PlaceCallParams = JsonBody<paths['/v1/calls/outbound']['post']['requestBody']>;
export type ListCallsParams = NonNullable<paths['/v1/calls']['get']['parameters']['query']>;

export type Campaign = JsonBody<paths['/v1/campaigns/{campaign_id}']['get']['responses'][200]>;
export type CampaignStatus = Campaign['status'];
export type CampaignCounts = Campaign['counts'];
export type CreateCampaignParams = JsonBody<paths['/v1/campaigns']['post']['requestBody']>;
export type ListCampaignsParams = NonNullable<paths['/v1/campaigns']['get']['parameters']['query']>;
/** The campaign after an append, with `recipients_added`. */
export type CampaignAppended = JsonBody<paths['/v1/campaigns/{campaign_id}/recipients']['post']['responses'][201]>;
export type AppendRecipientsParams = JsonBody<paths['/v1/campaigns/{campaign_id}/recipients']['post']['requestBody']>;
/** One recipient as sent in `recipients` of a create or an append: `{ to, metadata?, time_zone? }`. */
export type CampaignRecipientInput = AppendRecipientsParams['recipients'][number];
export type CampaignRecipient = JsonBody<paths['/v1/campaigns/{campaign_id}/recipients']['get']['responses'][200]>['data'][number];
export type CampaignRecipientStatus = CampaignRecipient['status'];
export type ListCampaignRecipientsParams = NonNullable<paths['/v1/campaigns/{campaign_id}/recipients']['get']['parameters']['query']>;

export type Suppression = JsonBody<paths['/v1/suppressions']['get']['responses'][200]>['data'][number];
export type SuppressionSource = Suppression['source'];
export type AddSuppressionsParams = JsonBody<paths['/v1/suppressions']['post']['requestBody']>;
/** `added`: how many numbers were new; `numbers`: how many distinct numbers the request named. */
export type SuppressionsAdded = JsonBody<paths['/v1/suppressions']['post']['responses'][201]>;
export type ListSuppressionsParams = NonNullable<paths['/v1/suppressions']['get']['parameters']['query']>;

/** One page of a cursor list: `next_cursor` is null on the last page. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** An RFC 9457 problem as the service sends it (application/problem+json). */
export type Problem = paths['/v1/calls/{call_id}']['get']['responses'][404]['content']['application/problem+json'];
/** Stable error codes; a newer service may send codes this SDK version does not list yet. */
export type ErrorCode = Problem['code'] | (string & {});
export type FieldError = NonNullable<Problem['errors']>[number];

type EventBody<N extends keyof webhooks> = webhooks[N]['post'] extends { requestBody?: infer B } ? JsonBody<NonNullable<B>> : never;
/** Webhook payloads by event name ("call.queued", "call.ended", "call.analyzed", "call.transferred", "campaign.started", "campaign.paused", "campaign.completed"). */
export type WebhookEventMap = { [N in keyof webhooks]: EventBody<N> };
export type WebhookEventName = keyof WebhookEventMap;
/** Any webhook event; narrow it with `switch (event.event)`. */
export type WebhookEvent = WebhookEventMap[WebhookEventName];

export type { components, paths, webhooks };
