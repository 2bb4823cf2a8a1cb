import { randomUUID } from 'node:crypto';
import { ApiPromise } from '../api-promise';
import type { RequestOptions } from '../http';
import { AutoPaginator } from '../pagination';
import type {
  AppendRecipientsParams,
  Campaign,
  CampaignAppended,
  CampaignRecipient,
  CreateCampaignParams,
  ListCampaignRecipientsParams,
  ListCampaignsParams,
  Page,
} from '../types';
import { Resource } from './resource';

const campaignPath = (campaignId: string) => `/v1/campaigns/${encodeURIComponent(campaignId)}`;

/** Campaigns (docs/campaigns.md): one task called to many recipients, paced, in calling windows, with retries. */
export class Campaigns extends Resource {
  /**
   * Creates a campaign with up to 10,000 recipients. Like `calls.place`, an Idempotency-Key is
   * always sent (a random UUID unless you pass one) and kept across this method's own retries,
   * so a retried creation never makes a second campaign.
   */
  create(params: CreateCampaignParams, options: RequestOptions = {}): ApiPromise<Campaign> {
    const idempotencyKey = options.idempotencyKey ?? randomUUID();
    return new ApiPromise(this.http.request<Campaign>({ ...options, idempotencyKey, method: 'POST', path: '/v1/campaigns', body: params }));
  }

  get(campaignId: string, options: RequestOptions = {}): ApiPromise<Campaign> {
    return new ApiPromise(this.http.request<Campaign>({ ...options, method: 'GET', path: campaignPath(campaignId) }));
  }

  /** Newest first; iterate with `for await` to walk every page. */
  list(params: ListCampaignsParams = {}, options: RequestOptions = {}): AutoPaginator<Campaign> {
    const { cursor, ...query } = params;
    return new AutoPaginator(
      async (next) => (await this.http.request<Page<Campaign>>({ ...options, method: 'GET', path: '/v1/campaigns', query: { ...query, cursor: next } })).data,
      cursor,
    );
  }

  /**
   * Appends up to 10,000 recipients; returns the campaign with `recipients_added`. An
   * Idempotency-Key is always sent, as for `create`: a retried append never adds the batch twice.
   * A completed or canceled campaign is a VoicegateError with code invalid_state (409).
   */
  appendRecipients(campaignId: string, params: AppendRecipientsParams, options: RequestOptions = {}): ApiPromise<CampaignAppended> {
    const idempotencyKey = options.idempotencyKey ?? randomUUID();
    return new ApiPromise(this.http.request<CampaignAppended>({ ...options, idempotencyKey, method: 'POST', path: `${campaignPath(campaignId)}/recipients`, body: params }));
  }

  /** The campaign's recipients with their attempts and outcome, newest first, optionally by status. */
  listRecipients(campaignId: string, params: ListCampaignRecipientsParams = {}, options: RequestOptions = {}): AutoPaginator<CampaignRecipient> {
    const { cursor, ...query } = params;
    return new AutoPaginator(
      async (next) =>
        (await this.http.request<Page<CampaignRecipient>>({ ...options, method: 'GET', path: `${campaignPath(campaignId)}/recipients`, query: { ...query, cursor: next } })).data,
      cursor,
    );
  }

  /** Pauses a scheduled or running campaign: no call starts after the answer. Otherwise invalid_state (409). */
  pause(campaignId: string, options: RequestOptions = {}): ApiPromise<Campaign> {
    return new ApiPromise(this.http.request<Campaign>({ ...options, method: 'POST', path: `${campaignPath(campaignId)}/pause` }));
  }

  /** Resumes a paused campaign (it becomes running, or scheduled before its start_at). Otherwise invalid_state (409). */
  resume(campaignId: string, options: RequestOptions = {}): ApiPromise<Campaign> {
    return new ApiPromise(this.http.request<Campaign>({ ...options, method: 'POST', path: `${campaignPath(campaignId)}/resume` }));
  }

  /** Cancels a scheduled, running or paused campaign: pending recipients become canceled. Otherwise invalid_state (409). */
  cancel(campaignId: string, options: RequestOptions = {}): ApiPromise<Campaign> {
    return new ApiPromise(this.http.request<Campaign>({ ...options, method: 'POST', path: `${campaignPath(campaignId)}/cancel` }));
  }
}
