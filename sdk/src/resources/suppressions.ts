import { ApiPromise } from '../api-promise';
import type { RequestOptions } from '../http';
import { AutoPaginator } from '../pagination';
import type { AddSuppressionsParams, ListSuppressionsParams, Page, Suppression, SuppressionsAdded } from '../types';
import { Resource } from './resource';

/** The organization's suppression (do-not-call) list: a listed number is never dialed. */
export class Suppressions extends Resource {
  /**
   * Adds up to 10,000 E.164 numbers; numbers already listed are left as they were. Adding is
   * idempotent by nature, so this request is retried like a GET (after a 503 or a network error);
   * after such a retry `added` counts only what the last attempt found new.
   */
  add(params: AddSuppressionsParams, options: RequestOptions = {}): ApiPromise<SuppressionsAdded> {
    return new ApiPromise(this.http.request<SuppressionsAdded>({ ...options, retrySafe: true, method: 'POST', path: '/v1/suppressions', body: params }));
  }

  /** Newest first; iterate with `for await` to walk every page. */
  list(params: ListSuppressionsParams = {}, options: RequestOptions = {}): AutoPaginator<Suppression> {
    const { cursor, ...query } = params;
    return new AutoPaginator(
      async (next) => (await this.http.request<Page<Suppression>>({ ...options, method: 'GET', path: '/v1/suppressions', query: { ...query, cursor: next } })).data,
      cursor,
    );
  }

  /** Removes a number (`+14155550100`; the SDK encodes the `+`). A number not listed is a VoicegateError with code not_found (404). */
  remove(number: string, options: RequestOptions = {}): ApiPromise<void> {
    return new ApiPromise(this.http.request<void>({ ...options, method: 'DELETE', path: `/v1/suppressions/${encodeURIComponent(number)}` }));
  }
}
