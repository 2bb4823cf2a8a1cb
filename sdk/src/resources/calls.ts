import { randomUUID } from 'node:crypto';
import { ApiPromise } from '../api-promise';
import type { RequestOptions } from '../http';
import { AutoPaginator } from '../pagination';
import type { Call, ListCallsParams, Page, PlaceCallParams } from '../types';
import { Resource } from './resource';

const callPath = (callId: string) => `/v1/calls/${encodeURIComponent(callId)}`;

export class Calls extends Resource {
  /**
   * Places an outbound call. An Idempotency-Key is always sent (a random UUID unless you pass
   * one) and kept across this method's own retries, so a retried placement never dials twice.
   * Pass your own key to make retries across processes safe too.
   */
  place(params: PlaceCallParams, options: RequestOptions = {}): ApiPromise<Call> {
    const idempotencyKey = options.idempotencyKey ?? randomUUID();
    return new ApiPromise(this.http.request<Call>({ ...options, idempotencyKey, method: 'POST', path: '/v1/calls/outbound', body: params }));
  }

  get(callId: string, options: RequestOptions = {}): ApiPromise<Call> {
    return new ApiPromise(this.http.request<Call>({ ...options, method: 'GET', path: callPath(callId) }));
  }

  /** Newest first; iterate with `for await` to walk every page. */
  list(params: ListCallsParams = {}, options: RequestOptions = {}): AutoPaginator<Call> {
    const { cursor, ...query } = params;
    return new AutoPaginator(
      async (next) => (await this.http.request<Page<Call>>({ ...options, method: 'GET', path: '/v1/calls', query: { ...query, cursor: next } })).data,
      cursor,
    );
  }

  /** Cancels a call that is queued or ringing; otherwise a VoicegateError with code invalid_state (409). */
  cancel(callId: string, options: RequestOptions = {}): ApiPromise<Call> {
    return new ApiPromise(this.http.request<Call>({ ...options, method: 'POST', path: `${callPath(callId)}/cancel` }));
  }
}
