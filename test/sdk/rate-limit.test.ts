import { Voicegate, VoicegateError } from '@voicegate/sdk';
import { signup, type TestOrg } from '../helpers/factories';
import { recordingFetch, type Exchange } from '../helpers/recording-fetch';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The SDK meets the service's real API-key quota (counted in PostgreSQL): 2 requests per 2-second
 * window, so a burst is refused with 429 and Retry-After, and the client waits as told.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_API_KEY_PER_MINUTE: '2', RATE_LIMIT_API_KEY_WINDOW_SECONDS: '2' });
});
afterAll(() => app?.close());

/** After every 429, the next attempt was sent no earlier than Retry-After said. */
function expectRetryAfterHonoured(exchanges: Exchange[]): void {
  exchanges.forEach((e, i) => {
    if (e.status !== 429) return;
    expect(e.retryAfter).toMatch(/^\d+$/);
    const next = exchanges[i + 1];
    expect(next).toBeDefined();
    expect(next!.sentAt - e.answeredAt).toBeGreaterThanOrEqual(Number(e.retryAfter) * 1000);
  });
}

test('a burst over the quota: every call succeeds, after waiting Retry-After on each 429', async () => {
  const org: TestOrg = await signup(app);
  const rec = recordingFetch();
  const vg = new Voicegate({ apiKey: org.apiKey, baseUrl: app.url, fetch: rec.fetch, maxRetries: 3 });
  const call = await vg.calls.place({ to: '+14155550170' });
  // Requests until the quota has refused at least one (two fit in a window, so the third at the latest).
  const deadline = Date.now() + 45_000;
  while (!rec.exchanges.some((e) => e.status === 429)) {
    if (Date.now() > deadline) throw new Error('the quota never refused a request');
    expect((await vg.calls.get(call.call_id)).call_id).toBe(call.call_id);
  }
  expectRetryAfterHonoured(rec.exchanges);
  expect(rec.exchanges.at(-1)!.status).toBe(200);
});

test('a placement refused with 429 is retried with the same Idempotency-Key and dials once', async () => {
  const org = await signup(app);
  const rec = recordingFetch();
  const vg = new Voicegate({ apiKey: org.apiKey, baseUrl: app.url, fetch: rec.fetch, maxRetries: 5 });
  const placed: string[] = [];
  while (!rec.exchanges.some((e) => e.status === 429 && e.method === 'POST')) {
    placed.push((await vg.calls.place({ to: '+14155550171', metadata: { n: placed.length } })).call_id);
    if (placed.length > 20) throw new Error('the quota never refused a placement');
  }
  expectRetryAfterHonoured(rec.exchanges);
  // Attempts of one placement share their key; each placement has its own.
  const keys = rec.exchanges.map((e) => e.headers.get('idempotency-key'));
  const refused = rec.exchanges.findIndex((e) => e.status === 429);
  expect(keys[refused + 1]).toBe(keys[refused]);
  expect(new Set(keys).size).toBe(placed.length);
  const listed = await vg.calls.list({ limit: 100 }).toArray();
  expect(listed.map((c) => c.call_id).sort()).toEqual([...placed].sort());
});

test('with retries off, the 429 is a typed error carrying Retry-After', async () => {
  const org = await signup(app);
  const vg = new Voicegate({ apiKey: org.apiKey, baseUrl: app.url, maxRetries: 0 });
  let err: unknown;
  for (let i = 0; i < 20 && !err; i++) {
    try {
      await vg.calls.list().firstPage();
    } catch (e) {
      err = e;
    }
  }
  expect(err).toBeInstanceOf(VoicegateError);
  const e = err as VoicegateError;
  expect([e.status, e.code]).toEqual([429, 'rate_limited']);
  expect(e.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  expect(e.headers.get('ratelimit-policy')).toBe('"api_key";q=2;w=2');
});
