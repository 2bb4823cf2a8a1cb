import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { bearer, eventually, recordSecret, signup, type TestOrg } from '../helpers/factories';
import { Receiver, type Reply } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
const receivers: Receiver[] = [];
const receiver = async (...args: Parameters<typeof Receiver.start>) => {
  const r = await Receiver.start(...args);
  receivers.push(r);
  return r;
};
beforeAll(async () => {
  app = await startTestApp({ SIMULATOR_SPEEDUP: '2000', WEBHOOK_RETRY_SCHEDULE: '300ms,600ms,900ms', WEBHOOK_RETRY_FLOOR: '1500ms', WEBHOOK_TIMEOUT_SECONDS: '1' }, { worker: true });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await app.close();
});

async function orgWithWebhook(url: string): Promise<TestOrg> {
  const org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: url }).expect(200);
  return org;
}
const place = (org: TestOrg, body: object) => app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send(body);
const deliveriesOf = async (callId: string) =>
  (await app.db.pool.query(`select * from webhook_deliveries where call_id = $1 order by id`, [callId])).rows as Array<Record<string, unknown>>;
const jobsFor = async (deliveryId: string) =>
  (await app.db.pool.query(`select count(*)::int as n from graphile_worker._private_jobs where payload->>'deliveryId' = $1`, [deliveryId])).rows[0].n as number;
const attemptsOf = async (deliveryId: string) =>
  (await app.db.pool.query(`select * from webhook_attempts where delivery_id = $1 order by attempted_at, id`, [deliveryId])).rows as Array<Record<string, unknown>>;

test('envelope, byte for byte, with both signatures verifiable from the raw body', async () => {
  const rx = await receiver();
  const org = await orgWithWebhook(`${rx.url}/hooks`);
  const metadata = { b: 2, a: 'x', nested: { émoji: '☎' } };
  const call = (await place(org, { to: '+14155557000', metadata, questions: [{ key: 'ok', question: 'All good?', type: 'boolean' }] })).body;
  // Each event is its own delivery: call.analyzed can arrive before call.ended, so wait for all three.
  await rx.waitFor(() => ['call.queued', 'call.ended', 'call.analyzed'].every((e) => rx.byEvent(e, call.call_id).length >= 1), { what: 'three events' });
  const [queued, ended, analyzed] = ['call.queued', 'call.ended', 'call.analyzed'].map((e) => rx.byEvent(e, call.call_id)[0]!);

  expect(Object.keys(queued.json)).toEqual(['event', 'org_id', 'call_id', 'timestamp', 'to', 'status', 'metadata', 'direction']);
  expect(Object.keys(ended.json)).toEqual(['event', 'org_id', 'call_id', 'timestamp', 'to', 'status', 'metadata', 'direction', 'disposition', 'duration_seconds', 'amd', 'carrier', 'carrier_call_id', 'carrier_status']);
  expect(Object.keys(analyzed.json)).toEqual(['event', 'org_id', 'call_id', 'timestamp', 'to', 'status', 'metadata', 'direction', 'transcript', 'structured_answers', 'recording_url', 'duration_seconds', 'turns', 'latency', 'opted_out', 'callback_at', 'amd']);
  expect(queued.json).toEqual({ event: 'call.queued', org_id: org.orgId, call_id: call.call_id, timestamp: expect.any(String), to: '+14155557000', status: 'queued', metadata, direction: 'outbound' });
  expect(queued.raw.toString('utf8')).toContain('"metadata":{"b":2,"a":"x","nested":{"émoji":"☎"}}');
  for (const r of [queued, ended, analyzed]) expect(r.json.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
  expect(ended.json).toMatchObject({ status: 'completed', disposition: 'human', duration_seconds: expect.any(Number), carrier: 'simulator', carrier_call_id: `sim_${call.call_id}`, carrier_status: null });
  expect(analyzed.json).toMatchObject({ status: 'completed', transcript: expect.stringContaining('All good?'), structured_answers: { ok: expect.any(Boolean) }, recording_url: expect.stringMatching(/\/recordings\/.+\.wav\?expires=\d+&signature=[0-9a-f]{64}$/) });

  for (const r of [queued, ended, analyzed]) {
    expect(r.path).toBe('/hooks');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-voice-event']).toBe(r.json.event);
    const digest = createHmac('sha256', Buffer.from(org.webhookSecret, 'utf8')).update(r.raw).digest('hex');
    expect(r.headers['x-voice-signature']).toBe(`sha256=${digest}`);
    expect(r.headers['x-voice-delivery']).toBe(r.headers['webhook-id']);
    // As a real receiver would: the Standard Webhooks library over the raw body.
    const verified = new Webhook(org.webhookSecret).verify(r.raw.toString('utf8'), {
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    });
    expect(verified).toEqual(r.json);
  }
  const rows = await eventually(async () => {
    const r = await deliveriesOf(call.call_id);
    return r.every((d) => d.delivered) ? r : undefined;
  });
  expect(rows.map((d) => [d.event, d.delivered, d.response_code, d.state])).toEqual([
    ['call.queued', true, 200, 'delivered'],
    ['call.ended', true, 200, 'delivered'],
    ['call.analyzed', true, 200, 'delivered'],
  ]);
  // The bytes sent are the stored bytes.
  expect(rows[0]!.payload).toBe(queued.raw.toString('utf8'));
});

test('the per-call webhook_url overrides the organization default for that call only', async () => {
  const orgRx = await receiver();
  const callRx = await receiver();
  const org = await orgWithWebhook(orgRx.url);
  const special = (await place(org, { to: '+14155550003', webhook_url: `${callRx.url}/special` })).body;
  const normal = (await place(org, { to: '+14155550003' })).body;
  // call.queued and call.ended are separate deliveries (either may arrive first): wait for both.
  await callRx.waitFor(() => callRx.byEvent('call.queued', special.call_id).length >= 1 && callRx.byEvent('call.ended', special.call_id).length >= 1, { what: "the special call's events" });
  await orgRx.waitFor(() => orgRx.byEvent('call.ended', normal.call_id).length === 1);
  expect(orgRx.received.filter((r) => r.json.call_id === special.call_id)).toEqual([]);
  expect(callRx.received.filter((r) => r.json.call_id === normal.call_id)).toEqual([]);
  expect(callRx.byEvent('call.queued', special.call_id)[0]!.path).toBe('/special');
});

test('500 then 200: retried with byte-identical bodies and the same ids; every attempt logged', async () => {
  const rx = await receiver((r) => (r.json.event === 'call.queued' && rx.byEvent('call.queued').length === 1 ? { status: 500, body: 'boom' } : { status: 200 }));
  const org = await orgWithWebhook(rx.url);
  const call = (await place(org, { to: '+14155550001' })).body;
  await rx.waitFor(() => rx.byEvent('call.queued', call.call_id).length === 2, { what: 'the retry' });
  const [first, second] = rx.byEvent('call.queued', call.call_id);
  expect(second!.raw.equals(first!.raw)).toBe(true);
  expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
  expect(second!.headers['x-voice-signature']).toBe(first!.headers['x-voice-signature']);
  const delivery = await eventually(async () => {
    const d = (await deliveriesOf(call.call_id)).find((x) => x.event === 'call.queued');
    return d?.delivered ? d : undefined;
  });
  expect(delivery).toMatchObject({ delivered: true, response_code: 200, attempts: 2, state: 'delivered' });
  const attempts = await attemptsOf(delivery.id as string);
  expect(attempts.map((a) => [a.response_code, a.error, a.trigger])).toEqual([
    [500, 'http_500', 'scheduled'],
    [200, null, 'scheduled'],
  ]);
  expect(attempts[0]!.response_excerpt).toBe('boom');
  const gap = new Date(attempts[1]!.attempted_at as string).getTime() - new Date(attempts[0]!.attempted_at as string).getTime();
  expect(gap).toBeGreaterThanOrEqual(240); // first delay 300 ms ± 20 %
});

test('a receiver that hangs past the timeout: attempt fails with timeout; the next waits at least the floor', async () => {
  // The first call.queued request hangs; the retry is answered.
  const rx = await receiver((r) => (r.json.event === 'call.queued' && rx.byEvent('call.queued').length === 1 ? { hang: true } : { status: 204 }));
  const org = await orgWithWebhook(rx.url);
  const call = (await place(org, { to: '+14155550003' })).body;
  await rx.waitFor(() => rx.byEvent('call.queued', call.call_id).length === 1);
  const failed = await eventually(async () => {
    const d = (await deliveriesOf(call.call_id)).find((x) => x.event === 'call.queued');
    return d && (d.attempts as number) >= 1 ? d : undefined;
  });
  const attempts = await attemptsOf(failed.id as string);
  expect(attempts[0]).toMatchObject({ error: 'timeout', response_code: null });
  expect(attempts[0]!.duration_ms as number).toBeGreaterThanOrEqual(950);
  const nextAt = new Date(failed.next_attempt_at as string).getTime() - new Date(attempts[0]!.attempted_at as string).getTime();
  expect(nextAt).toBeGreaterThanOrEqual(1500); // the 429/timeout floor beats the 300 ms schedule
  await rx.waitFor(() => rx.byEvent('call.queued', call.call_id).length === 2, { what: 'retry after timeout' });
  await eventually(async () => (await deliveriesOf(call.call_id)).find((x) => x.event === 'call.queued')?.delivered === true);
});

test('429 pushes the next attempt to the floor; a reset connection is retried; redirects are not followed', async () => {
  const target = await receiver();
  // The n-th request for call.queued gets the n-th answer, whenever it comes.
  const answers: Reply[] = [{ reset: true }, { status: 429, headers: { 'Retry-After': '1' } }, { status: 302, headers: { Location: `${target.url}/elsewhere` } }];
  const rx = await receiver((r): Reply => (r.json.event === 'call.queued' ? (answers[rx.byEvent('call.queued').length - 1] ?? { status: 200 }) : { status: 200 }));
  const org = await orgWithWebhook(rx.url);
  const call = (await place(org, { to: '+14155550003' })).body;
  const deliveryId = await eventually(async () => {
    const d = (await deliveriesOf(call.call_id)).find((x) => x.event === 'call.queued');
    return d && (d.attempts as number) >= 3 ? (d.id as string) : undefined;
  }, { what: 'three attempts' });
  const attempts = await attemptsOf(deliveryId);
  expect(attempts.slice(0, 3).map((a) => [a.error, a.response_code])).toEqual([
    ['connection_reset', null],
    ['http_429', 429],
    ['http_302', 302],
  ]);
  const afterThrottle = new Date(attempts[2]!.attempted_at as string).getTime() - new Date(attempts[1]!.attempted_at as string).getTime();
  expect(afterThrottle).toBeGreaterThanOrEqual(1500);
  expect(target.received).toEqual([]); // the redirect was not followed
});

test('retries stop after the schedule: 1 + 3 attempts, then failed', async () => {
  const rx = await receiver((r) => (r.json.event === 'call.queued' ? { status: 503, body: 'x'.repeat(10_000) } : { status: 200 }));
  const org = await orgWithWebhook(rx.url);
  const call = (await place(org, { to: '+14155550003' })).body;
  const d = await eventually(async () => {
    const x = (await deliveriesOf(call.call_id)).find((y) => y.event === 'call.queued');
    return x?.state === 'failed' ? x : undefined;
  });
  expect(d).toMatchObject({ attempts: 4, delivered: false, response_code: 503, next_attempt_at: null });
  const attempts = await attemptsOf(d.id as string);
  expect(attempts).toHaveLength(4);
  expect(Buffer.byteLength(attempts[0]!.response_excerpt as string)).toBeLessThanOrEqual(4096);
  // Nothing is left in the queue for it (the last attempt's own job included), nor parked (where
  // retries wait), so no fifth attempt can come.
  await eventually(async () => (await jobsFor(d.id as string)) === 0, { what: 'the last attempt’s job to be done' });
  expect((await app.db.pool.query(`select 1 from webhook_parked where delivery_id = $1`, [d.id])).rowCount).toBe(0);
  expect(rx.byEvent('call.queued', call.call_id)).toHaveLength(4);
});

test('without any destination the event is still logged, as undeliverable no_destination', async () => {
  const org = await signup(app);
  const call = (await place(org, { to: '+14155550003' })).body;
  const rows = await eventually(async () => {
    const r = await deliveriesOf(call.call_id);
    return r.length === 2 ? r : undefined;
  });
  for (const d of rows) expect(d).toMatchObject({ state: 'undeliverable', delivered: false, response_code: null, last_error: 'no_destination', url: null });
  const listed = await app.http().get(`/dashboard/webhook-deliveries?call_id=${call.call_id}`).set(bearer(org.token));
  expect(listed.body.data.map((d: { event: string; last_error: string }) => [d.event, d.last_error])).toEqual([
    ['call.ended', 'no_destination'],
    ['call.queued', 'no_destination'],
  ]);
});

test('after a secret rotation, X-Voice-Signature uses the new secret and webhook-signature carries both for 24 h', async () => {
  const rx = await receiver();
  const org = await orgWithWebhook(rx.url);
  const rotated = await app.http().post('/dashboard/webhook/rotate-secret').set(bearer(org.token));
  const newSecret: string = rotated.body.webhook_secret;
  recordSecret(newSecret);
  const call = (await place(org, { to: '+14155550003' })).body;
  await rx.waitFor(() => rx.byEvent('call.queued', call.call_id).length === 1);
  const r = rx.byEvent('call.queued', call.call_id)[0]!;
  expect(r.headers['x-voice-signature']).toBe(`sha256=${createHmac('sha256', newSecret).update(r.raw).digest('hex')}`);
  const sigs = String(r.headers['webhook-signature']).split(' ');
  expect(sigs).toHaveLength(2);
  const headers = { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) };
  expect(new Webhook(newSecret).verify(r.raw.toString(), headers)).toEqual(r.json);
  expect(new Webhook(org.webhookSecret).verify(r.raw.toString(), headers)).toEqual(r.json);
  // After the grace period only the new secret signs.
  await app.db.pool.query(`update organizations set previous_webhook_secret_expires_at = now() - interval '1 second' where id = $1`, [org.orgId]);
  const later = (await place(org, { to: '+14155550003' })).body;
  await rx.waitFor(() => rx.byEvent('call.queued', later.call_id).length === 1);
  const r2 = rx.byEvent('call.queued', later.call_id)[0]!;
  expect(String(r2.headers['webhook-signature']).split(' ')).toHaveLength(1);
  expect(() => new Webhook(org.webhookSecret).verify(r2.raw.toString(), { 'webhook-id': String(r2.headers['webhook-id']), 'webhook-timestamp': String(r2.headers['webhook-timestamp']), 'webhook-signature': String(r2.headers['webhook-signature']) })).toThrow();
});

test('several workers on one database never send one delivery twice at the same time, and deliver everything', async () => {
  let inFlight = 0;
  let maxInFlightSameId = 0;
  const active = new Map<string, number>();
  const rx = await receiver((r) => {
    const id = String(r.headers['webhook-id']);
    active.set(id, (active.get(id) ?? 0) + 1);
    maxInFlightSameId = Math.max(maxInFlightSameId, active.get(id)!);
    inFlight++;
    setTimeout(() => {
      active.set(id, active.get(id)! - 1);
      inFlight--;
    }, 30);
    return { status: 200, delayMs: 30 };
  });
  const second = await startTestApp({ SIMULATOR_SPEEDUP: '2000' }, { worker: true, databaseUrl: app.db.url });
  try {
    const org = await orgWithWebhook(rx.url);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await place(org, { to: '+14155550003' })).body.call_id);
    await rx.waitFor(() => ids.every((id) => rx.byEvent('call.ended', id).length >= 1 && rx.byEvent('call.queued', id).length >= 1), { what: 'all events' });
    expect(maxInFlightSameId).toBe(1);
    // Each delivery reached the receiver, never more often than its logged attempts, and succeeded
    // once. (An attempt may time out on a busy machine and be retried; a second success must not happen.)
    const deliveries = await eventually(async () => {
      const { rows } = await app.db.pool.query(
        `select d.id, d.delivered, array_agg(a.error is null order by a.attempted_at) filter (where a.id is not null) as ok
           from webhook_deliveries d left join webhook_attempts a on a.delivery_id = d.id
          where d.call_id = any($1::uuid[]) group by d.id, d.delivered`,
        [ids],
      );
      return rows.length === ids.length * 2 && rows.every((r) => r.delivered) ? (rows as Array<{ id: string; ok: boolean[] }>) : undefined;
    }, { what: 'every delivery to be recorded as delivered' });
    for (const d of deliveries) {
      const received = rx.received.filter((r) => r.headers['webhook-id'] === d.id).length;
      expect([d.id, received >= 1 && received <= d.ok.length, d.ok.filter(Boolean).length]).toEqual([d.id, true, 1]);
    }
  } finally {
    await second.close();
  }
});
