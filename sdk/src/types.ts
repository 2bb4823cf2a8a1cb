import type { components, paths, webhooks } from './generated/openapi';

/** Named types over the generated OpenAPI types (src/generated/openapi.ts, never edited by hand). */
type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;

export type Call = JsonBody<paths['/v1/calls/{call_id}']['get']['responses'][200]>;
export type CallStatus = Call['status'];
export type CallDisposition = NonNullable<Call['disposition']>;
export type PlaceCallParams = JsonBody<paths['/v1/calls/outbound']['post']['requestBody']>;
export type ListCallsParams = NonNullable<paths['/v1/calls']['get']['parameters']['query']>;

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
/** Webhook payloads by event name ("call.queued", "call.ended", "call.analyzed", "campaign.started", "campaign.paused", "campaign.completed"). */
export type WebhookEventMap = { [N in keyof webhooks]: EventBody<N> };
export type WebhookEventName = keyof WebhookEventMap;
/** Any webhook event; narrow it with `switch (event.event)`. */
export type WebhookEvent = WebhookEventMap[WebhookEventName];

export type { components, paths, webhooks };
