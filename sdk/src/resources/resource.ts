import type { HttpClient } from '../http';

/** A group of operations (calls, campaigns, suppressions…): one file each, sharing the HTTP client. */
export abstract class Resource {
  constructor(protected readonly http: HttpClient) {}
}
