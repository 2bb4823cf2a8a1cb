export { Voicegate } from './client';
export { VoicegateConnectionError, VoicegateError } from './errors';
export type { ApiRequest, ApiResponse, ClientOptions, RequestOptions } from './http';
export { ApiPromise } from './api-promise';
export { AutoPaginator } from './pagination';
export { Calls } from './resources/calls';
export { verifyWebhook, WebhookVerificationError, type VerifyWebhookOptions, type WebhookHeaders, type WebhookVerificationReason } from './webhooks';
export type {
  Call,
  CallDisposition,
  CallStatus,
  ErrorCode,
  FieldError,
  ListCallsParams,
  Page,
  PlaceCallParams,
  Problem,
  WebhookEvent,
  WebhookEventMap,
  WebhookEventName,
  components,
  paths,
  webhooks,
} from './types';
