import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Voicegate, VoicegateConnectionError, VoicegateError, type Call } from '@voicegate/sdk';
import { quickstart } from '../../sdk/examples/quickstart';
import { eventually, recordSecret, signup, type TestOrg } from '../helpers/factories';
import { recordingFetch } from '../helpers/recording-fetch';
import { sdkFailure as failure } from '../helpers/sdk-failure';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The SDK against the real service (real HTTP, PostgreSQL, worker and simulator): every call goes
 * through the client exactly as an integrator's would.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ SIMULATOR_SPEEDUP: '2000' }, { worker: true });
});
afterAll(() => app?.close());

async function client(opts: Partial<ConstructorParameters<typeof Voicegate>[0]> = {}): Promise<{ vg: Voicegate; org: TestOrg }> {
  const org = await signup(app);
  return { vg: new Voicegate({ apiKey: org.apiKey, baseUrl: app.url, ...opts }), org };
}


test('place, get and cancel: typed calls, an automatic Idempotency-Key, the request id and Location', async () => {
  const rec = recordingFetch();
  const { vg } = await client({ fetch: rec.fetch });
  const placed = await vg.calls.place({ to: '+14155550123', task: 'Say hello', metadata: { order: 42 }, questions: [{ key: 'ok', question: 'All good?', type: 'boolean' }] }).withResponse();
  expect(placed.status).toBe(201);
  expect(placed.idempotentReplayed).toBe(false);
  expect(placed.headers.get('location')).toBe(`/v1/calls/${placed.data.call_id}`);
  expect(placed.requestId).toEqual(expect.any(String));
  expect(placed.data).toMatchObject({ to: '+14155550123', status: 'queued', metadata: { order: 42 } });
  const key = rec.exchanges[0]!.headers.get('idempotency-key');
  expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  const fetched: Call = await vg.calls.get(placed.data.call_id);
  expect(fetched.call_id).toBe(placed.data.call_id);

  // The simulator completes it; the SDK reads the final state.
  const done = await eventually(async () => {
    const c = await vg.calls.get(placed.data.call_id);
    return c.status === 'completed' && c.structured_answers ? c : null;
  }, { timeoutMs: 30_000, what: 'call completed and analyzed' });
  expect(done).toMatchObject({ status: 'completed', disposition: 'human', structured_answers: { ok: expect.any(Boolean) } });

  // Cancelling a finished call is a typed 409.
  const err = await failure(vg.calls.cancel(done.call_id));
  expect([err.status, err.code]).toEqual([409, 'invalid_state']);
  // With the worker stopped a new call stays queued, so it can be cancelled.
  await app.stopWorker();
  try {
    const fresh = await vg.calls.place({ to: '+14155550124' });
    const canceled = await vg.calls.cancel(fresh.call_id);
    expect([canceled.call_id, canceled.status, canceled.disposition]).toEqual([fresh.call_id, 'canceled', 'canceled']);
  } finally {
    await app.startWorker();
  }
});

test('list: for await walks every page following next_cursor, newest first, with the status filter', async () => {
  const rec = recordingFetch();
  const { vg } = await client({ fetch: rec.fetch });
  const placed: string[] = [];
  for (let i = 0; i < 7; i++) placed.push((await vg.calls.place({ to: `+1415555${String(1000 + i)}`, metadata: { i } })).call_id);
  const busy = await vg.calls.place({ to: '+14155550001' });

  rec.exchanges.length = 0;
  const seen: string[] = [];
  for await (const call of vg.calls.list({ limit: 3 })) seen.push(call.call_id);
  expect(seen).toEqual([busy.call_id, ...[...placed].reverse()]);
  const pages = rec.exchanges.map((e) => e.url.searchParams);
  expect(pages.map((p) => [p.get('limit'), p.has('cursor')])).toEqual([
    ['3', false],
    ['3', true],
    ['3', true],
  ]);

  const first = await vg.calls.list({ limit: 5 }).firstPage();
  expect(first.data).toHaveLength(5);
  expect(first.next_cursor).toEqual(expect.any(String));
  const rest = await vg.calls.list({ limit: 5, cursor: first.next_cursor! }).toArray();
  expect([...first.data, ...rest].map((c) => c.call_id)).toEqual(seen);

  await eventually(async () => (await vg.calls.get(busy.call_id)).status === 'failed', { timeoutMs: 30_000, what: 'busy call failed' });
  const failed = await vg.calls.list({ status: 'failed' }).toArray();
  expect(failed.map((c) => [c.call_id, c.disposition])).toEqual([[busy.call_id, 'busy']]);
});

test('idempotency: the same key replays the same call; another body with it is a typed 409', async () => {
  const { vg } = await client();
  const key = `order-${Date.now()}`;
  const first = await vg.calls.place({ to: '+14155550150', metadata: { n: 1 } }, { idempotencyKey: key }).withResponse();
  const again = await vg.calls.place({ to: '+14155550150', metadata: { n: 1 } }, { idempotencyKey: key }).withResponse();
  expect(again.status).toBe(201);
  expect(again.idempotentReplayed).toBe(true);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.data.call_id).toBe(first.data.call_id);
  const conflict = await failure(vg.calls.place({ to: '+14155550151' }, { idempotencyKey: key }));
  expect([conflict.status, conflict.code]).toEqual([409, 'idempotency_conflict']);
  expect((await vg.calls.list().toArray()).map((c) => c.call_id)).toEqual([first.data.call_id]);
});

test('a placement whose answer is lost is retried with the same key: one call, replayed', async () => {
  // The service handles the first attempt, then the connection breaks before the answer arrives.
  let lost = 0;
  const rec = recordingFetch({ loseResponse: (e) => e.method === 'POST' && lost++ === 0 });
  const { vg } = await client({ fetch: rec.fetch });
  const res = await vg.calls.place({ to: '+14155550160' }).withResponse();
  expect(rec.exchanges.map((e) => e.status)).toEqual(['network_error', 201]);
  const keys = rec.exchanges.map((e) => e.headers.get('idempotency-key'));
  expect(keys[0]).toEqual(expect.any(String));
  expect(keys[1]).toBe(keys[0]);
  expect(res.idempotentReplayed).toBe(true);
  expect((await vg.calls.list().toArray()).map((c) => c.call_id)).toEqual([res.data.call_id]);
});

test('typed errors: 422 validation_error with field errors, 401 invalid_api_key, 404 not_found, each with its request id', async () => {
  const { vg } = await client();
  const invalid = await failure(vg.calls.place({ to: '12345', max_duration_seconds: 5 }));
  expect([invalid.status, invalid.code]).toEqual([422, 'validation_error']);
  expect(invalid.errors.map((e) => e.field).sort()).toEqual(['max_duration_seconds', 'to']);
  expect(invalid.requestId).toEqual(expect.any(String));
  expect(invalid.message).toContain('validation_error');

  const missing = await failure(vg.calls.get('0190a000-0000-7000-8000-000000000000'));
  expect([missing.status, missing.code, missing.errors]).toEqual([404, 'not_found', []]);

  const fakeKey = `sk_live_${'x'.repeat(43)}`;
  recordSecret(fakeKey);
  const stranger = new Voicegate({ apiKey: fakeKey, baseUrl: app.url });
  const unauthorized = await failure(stranger.calls.list().firstPage());
  expect([unauthorized.status, unauthorized.code, unauthorized.title]).toEqual([401, 'invalid_api_key', expect.any(String)]);
  expect(unauthorized.requestId).toBe(unauthorized.headers.get('x-request-id'));
});

test('network errors: idempotent requests are retried, then a VoicegateConnectionError', async () => {
  // A port that was just free: nothing listens there.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));

  const rec = recordingFetch();
  const vg = new Voicegate({ apiKey: 'sk_live_unused', baseUrl: `http://127.0.0.1:${port}`, fetch: rec.fetch, maxRetries: 1 });
  await expect(vg.calls.get('anything')).rejects.toBeInstanceOf(VoicegateConnectionError);
  expect(rec.exchanges.map((e) => e.status)).toEqual(['network_error', 'network_error']);
  // Cancel is not idempotent and has no key: never repeated after a network error.
  rec.exchanges.length = 0;
  await expect(vg.calls.cancel('anything')).rejects.toBeInstanceOf(VoicegateConnectionError);
  expect(rec.exchanges).toHaveLength(1);
});

test('the quickstart of docs/sdk.md runs against the service', async () => {
  const { vg } = await client();
  const busy = await vg.calls.place({ to: '+14155550001' });
  await eventually(async () => (await vg.calls.get(busy.call_id)).status === 'failed', { timeoutMs: 30_000, what: 'busy call failed' });
  // It reports on the console; the test reads what it printed.
  const printed: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
  let callId: string;
  try {
    callId = await quickstart(vg, '+14155550195');
  } finally {
    log.mockRestore();
  }
  expect(printed).toEqual([`placed ${callId} (queued)`, expect.stringMatching(/^no such call \(request .+\)$/), `${busy.call_id} +14155550001 busy`]);
  expect(await vg.calls.get(callId)).toMatchObject({ to: '+14155550195', metadata: { appointment_id: 'apt_42' } });
});
