import { VoicegateConnectionError, VoicegateError } from './errors';
import type { Problem } from './types';

export interface ClientOptions {
  /** An organization API key (`sk_live_…`). Server-side only. */
  apiKey: string;
  /** Where the service answers, e.g. `https://voice.example.com`. */
  baseUrl: string;
  /** A fetch implementation; the platform's global fetch by default. */
  fetch?: typeof fetch;
  /** Retries after a 429 (except `too_many_pending_recipients`), a 503 or a network error (default 2; 0 disables). */
  maxRetries?: number;
  /** Per attempt (default 60 s). */
  timeoutMs?: number;
  /** A Retry-After longer than this is not waited for: the error is thrown instead (default 60 s). */
  maxRetryAfterMs?: number;
}

/** Per-call options every resource method accepts. */
export interface RequestOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
  maxRetries?: number;
}

export interface ApiRequest extends RequestOptions {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** The request is idempotent by nature (repeating it cannot do the work twice): retried like a GET. */
  retrySafe?: boolean;
}

/** A successful answer with what an integrator may need besides the body. */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  requestId: string | undefined;
  /** True when the service replayed an earlier answer for the same Idempotency-Key. */
  idempotentReplayed: boolean;
}

const VERSION = '0.1.0';
const BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with jitter (half fixed, half random), so clients that failed together do not retry together. */
export function backoffMs(attempt: number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one place that speaks HTTP: authentication, JSON, typed errors and retries. Resources
 * (./resources/*.ts) describe requests and never see fetch.
 */
export class HttpClient {
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly maxRetryAfterMs: number;

  constructor(options: ClientOptions) {
    if (!options.apiKey) throw new TypeError('Voicegate: apiKey is required');
    if (!options.baseUrl) throw new TypeError('Voicegate: baseUrl is required');
    this.apiKey = options.apiKey;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof this.fetchImpl !== 'function') throw new TypeError('Voicegate: no fetch available; pass options.fetch');
    this.maxRetries = options.maxRetries ?? 2;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  }

  async request<T>(req: ApiRequest): Promise<ApiResponse<T>> {
    const url = new URL(this.baseUrl + req.path);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.apiKey}`,
      Accept: 'application/json, application/problem+json',
      'User-Agent': `voicegate-sdk-node/${VERSION}`,
    };
    if (req.body !== undefined) headers['Content-Type'] = 'application/json';
    // The same key on every attempt: a retry of a request that did reach the service is replayed, not repeated.
    if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    // A request may be repeated only when repeating it cannot do the work twice.
    const repeatable = req.method === 'GET' || req.retrySafe === true || req.idempotencyKey !== undefined;
    const maxRetries = req.maxRetries ?? this.maxRetries;

    for (let attempt = 0; ; attempt++) {
      const canRetry = attempt < maxRetries;
      let res: Response;
      try {
        const signal = req.signal ? AbortSignal.any([req.signal, AbortSignal.timeout(this.timeoutMs)]) : AbortSignal.timeout(this.timeoutMs);
        res = await this.fetchImpl(url, { method: req.method, headers, body, signal, redirect: 'error' });
      } catch (e) {
        if (req.signal?.aborted) throw req.signal.reason;
        if (canRetry && repeatable) {
          await sleep(backoffMs(attempt), req.signal);
          continue;
        }
        throw new VoicegateConnectionError(`${req.method} ${req.path}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }

      if (res.ok) {
        const data = (res.status === 204 ? undefined : await readJson(res)) as T;
        return {
          data,
          status: res.status,
          headers: res.headers,
          requestId: res.headers.get('x-request-id') ?? undefined,
          idempotentReplayed: res.headers.get('idempotent-replayed') === 'true',
        };
      }

      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
      const problem = (await readJson(res)) as Partial<Problem> | undefined;
      // A 429 is refused before any work is done, so it is safe to repeat any request;
      // a 503 may come after the work was done, so only repeatable requests are retried.
      // too_many_pending_recipients lifts only as a campaign's calls are made (minutes to hours):
      // waiting here would only delay the error, so it is thrown at once.
      const transient = (res.status === 429 && problem?.code !== 'too_many_pending_recipients') || (res.status === 503 && repeatable);
      const waitMs = retryAfterMs ?? backoffMs(attempt);
      if (transient && canRetry && waitMs <= this.maxRetryAfterMs) {
        // Honour Retry-After, plus a little jitter so clients refused together do not return together.
        await sleep(retryAfterMs === undefined ? waitMs : retryAfterMs + Math.random() * 250, req.signal);
        continue;
      }
      throw new VoicegateError({
        status: res.status,
        headers: res.headers,
        problem: problem && typeof problem === 'object' ? problem : undefined,
        retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
      });
    }
  }
}
