export { Voicegate } from './client';
export { VoicegateConnectionError, VoicegateError } from './errors';
export type { ApiRequest, ApiResponse, ClientOptions, RequestOptions } from './http';
export { ApiPromise } from './api-promise';
export { AutoPaginator } from './pagination';
export { Calls } from './resources/calls';
export { Campaigns } from './resources/campaigns';
export { Suppressions } from './resources/suppressions';
export { verifyWebhook, WebhookVerificationError, type VerifyWebhookOptions, type WebhookHeaders, type WebhookVerificationReason } from './webhooks';
export type {
  AddSuppressionsParams,
  AmdResult,
  AppendRecipientsParams,
  Call,
  CallAmd,
  CallDisposition,
  CallDirection,
  CallbackOf,
  CallStatus,
  Campaign,
  CampaignAppended,
  CampaignCounts,
  CampaignRecipient,
  CampaignRecipientInput,
  CampaignRecipientStatus,
  CampaignStatus,
  CreateCampaignParams,
  ErrorCode,
  FieldError,
  ListCallsParams,
  ListCampaignRecipientsParams,
  ListCampaignsParams,
  ListSuppressionsParams,
  Page,
  PlaceCallParams,
  Problem,
  Suppression,
  SuppressionsAdded,
  SuppressionSource,
  WebhookEvent,
  WebhookEventMap,
  WebhookEventName,
  components,
  paths,
  webhooks,
} from './types';
