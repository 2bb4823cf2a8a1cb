/** One HTTP exchange the SDK made, as seen on the wire by the fetch it was given. */
export interface Exchange {
  method: string;
  url: URL;
  headers: Headers;
  status: number | 'network_error';
  retryAfter: string | null;
  sentAt: number;
  answeredAt: number;
}

/**
 * The platform's real fetch, handed to the SDK through its `fetch` option, that writes down every
 * exchange (requests still go to the real service). `loseResponse` lets a test drop an answer
 * on the way back after the service has handled the request, as a broken connection would.
 */
export function recordingFetch(opts: { loseResponse?: (e: Exchange) => boolean } = {}): { fetch: typeof fetch; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const sentAt = Date.now();
    const record: Exchange = { method: init?.method ?? 'GET', url, headers: new Headers(init?.headers), status: 'network_error', retryAfter: null, sentAt, answeredAt: sentAt };
    exchanges.push(record);
    const res = await fetch(input, init);
    record.status = res.status;
    record.retryAfter = res.headers.get('retry-after');
    record.answeredAt = Date.now();
    if (opts.loseResponse?.(record)) {
      await res.arrayBuffer();
      record.status = 'network_error';
      throw new TypeError('fetch failed (connection reset before the answer arrived)');
    }
    return res;
  };
  return { fetch: wrapped, exchanges };
}
