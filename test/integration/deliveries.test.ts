import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { gql } from '../helpers/graphql';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { RedeliverWebhookDocument, ReplayWebhooksDocument, WebhookDeliveriesDocument, WebhookDeliveryDocument } from '../graphql/generated';

let app: TestApp;
let rx: Receiver;
let failing = true;
beforeAll(async () => {
  rx = await Receiver.start(() => (failing ? { status: 500, body: 'down for maintenance' } : { status: 200, body: 'thanks' }));
  app = await startTestApp({ SIMULATOR_SPEEDUP: '2000', WEBHOOK_RETRY_SCHEDULE: '200ms' }, { worker: true });
});
afterAll(async () => {
  await app.close();
  await rx.close();
});

async function failedCall(org: TestOrg): Promise<string> {
  const call = (await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550003', metadata: { n: 1 } })).body;
  await eventually(async () => {
    const r = await app.http().get(`/dashboard/webhook-deliveries?call_id=${call.call_id}`).set(bearer(org.token));
    return r.body.data.length === 2 && r.body.data.every((d: { state: string }) => d.state === 'failed');
  }, { what: 'both events to fail' });
  return call.call_id;
}

test('the delivery log: filters, one delivery with every attempt and the payload; REST and GraphQL agree', async () => {
  failing = true;
  const org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: rx.url }).expect(200);
  const callId = await failedCall(org);
  const list = await app.http().get(`/dashboard/webhook-deliveries?call_id=${callId}&event=call.queued&delivered=false`).set(bearer(org.token));
  expect(list.status).toBe(200);
  expect(list.body.data).toHaveLength(1);
  const d = list.body.data[0];
  expect(d).toMatchObject({ call_id: callId, event: 'call.queued', url: `${rx.url}/`, state: 'failed', delivered: false, response_code: 500, attempts: 2, next_attempt_at: null, last_error: 'http_500' });
  expect((await app.http().get(`/dashboard/webhook-deliveries?call_id=${callId}&delivered=true`).set(bearer(org.token))).body.data).toEqual([]);
  for (const q of ['delivered=maybe', 'event=call.exploded', 'call_id=nope', 'limit=500']) {
    expect([q, (await app.http().get(`/dashboard/webhook-deliveries?${q}`).set(bearer(org.token))).status]).toEqual([q, 422]);
  }
  const detail = await app.http().get(`/dashboard/webhook-deliveries/${d.id}`).set(bearer(org.token));
  expect(detail.body.payload).toMatchObject({ event: 'call.queued', call_id: callId, metadata: { n: 1 } });
  // The list reads rows without managed entities: the same fields as the detail, dates included.
  const { payload: _payload, attempt_log: _log, ...detailFields } = detail.body;
  expect(d).toEqual(detailFields);
  expect(d.created_at).toMatch(/\.\d{6}\+00:00$/);
  expect(detail.body.attempt_log).toHaveLength(2);
  for (const a of detail.body.attempt_log) {
    expect(a).toMatchObject({ response_code: 500, error: 'http_500', response_excerpt: 'down for maintenance', trigger: 'scheduled', url: `${rx.url}/` });
    expect(a.duration_ms).toEqual(expect.any(Number));
    expect(a.attempted_at).toMatch(/\.\d{6}\+00:00$/);
  }
  const g = await gql(app, WebhookDeliveryDocument, { id: d.id }, org.token);
  expect(g.data?.webhookDelivery).toMatchObject({ id: d.id, event: 'CALL_QUEUED', delivered: false, responseCode: 500, attempts: 2, payload: detail.body.payload });
  expect(g.data?.webhookDelivery.attemptLog.map((a) => [a.responseCode, a.trigger.toLowerCase(), a.responseExcerpt])).toEqual(detail.body.attempt_log.map((a: { response_code: number; trigger: string; response_excerpt: string }) => [a.response_code, a.trigger, a.response_excerpt]));
  const gl = await gql(app, WebhookDeliveriesDocument, { callId, delivered: false, first: 10 }, org.token);
  expect(gl.data?.webhookDeliveries.nodes.map((n) => n.id).sort()).toEqual((await app.http().get(`/dashboard/webhook-deliveries?call_id=${callId}`).set(bearer(org.token))).body.data.map((x: { id: string }) => x.id).sort());
});

test('manual redelivery: 202, logged as manual; a failed manual attempt schedules nothing; a successful one delivers', async () => {
  failing = true;
  const org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: rx.url }).expect(200);
  const callId = await failedCall(org);
  const d = (await app.http().get(`/dashboard/webhook-deliveries?call_id=${callId}&event=call.ended`).set(bearer(org.token))).body.data[0];
  const res = await app.http().post(`/dashboard/webhook-deliveries/${d.id}/redeliver`).set(bearer(org.token));
  expect(res.status).toBe(202);
  const afterManual = await eventually(async () => {
    const x = (await app.http().get(`/dashboard/webhook-deliveries/${d.id}`).set(bearer(org.token))).body;
    return x.attempts === 3 ? x : undefined;
  });
  expect(afterManual.attempt_log[2]).toMatchObject({ trigger: 'manual', response_code: 500 });
  expect(afterManual).toMatchObject({ state: 'failed', next_attempt_at: null, delivered: false });
  // Nothing left in the queue for it (the manual attempt's own job included): no further attempt can come.
  await eventually(async () => {
    const { rows } = await app.db.pool.query(`select count(*)::int as n from graphile_worker._private_jobs where payload->>'deliveryId' = $1`, [d.id]);
    return rows[0].n === 0;
  }, { what: 'the manual attempt’s job to be done' });
  expect((await app.http().get(`/dashboard/webhook-deliveries/${d.id}`).set(bearer(org.token))).body.attempts).toBe(3);

  failing = false;
  const g = await gql(app, RedeliverWebhookDocument, { id: d.id }, org.token);
  expect(g.data?.redeliverWebhook.id).toBe(d.id);
  const delivered = await eventually(async () => {
    const x = (await app.http().get(`/dashboard/webhook-deliveries/${d.id}`).set(bearer(org.token))).body;
    return x.delivered ? x : undefined;
  });
  expect(delivered).toMatchObject({ state: 'delivered', response_code: 200, attempts: 4 });
  expect(delivered.attempt_log[3]).toMatchObject({ trigger: 'manual', response_code: 200, response_excerpt: 'thanks' });
});

test('replay redelivers every undelivered event since a time, in the background', async () => {
  failing = true;
  const org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: rx.url }).expect(200);
  const before = new Date().toISOString();
  const c1 = await failedCall(org);
  const c2 = await failedCall(org);
  failing = false;
  const bad = await app.http().post('/dashboard/webhook-deliveries/replay').set(bearer(org.token)).send({ since: 'yesterday' });
  expect([bad.status, bad.body.errors?.[0]?.field]).toEqual([422, 'since']);
  const res = await app.http().post('/dashboard/webhook-deliveries/replay').set(bearer(org.token)).send({ since: before });
  expect(res.status).toBe(202);
  await eventually(async () => {
    const r = await app.http().get('/dashboard/webhook-deliveries?delivered=false').set(bearer(org.token));
    return r.body.data.length === 0;
  }, { what: 'replay to deliver everything' });
  for (const id of [c1, c2]) expect(rx.byEvent('call.ended', id).at(-1)).toBeDefined();
  const g = await gql(app, ReplayWebhooksDocument, { since: before, event: 'CALL_QUEUED' }, org.token);
  expect(g.data?.replayWebhooks?.event).toBe('CALL_QUEUED');
  expect(new Date(g.data!.replayWebhooks.since).getTime()).toBe(new Date(before).getTime());
});

test('tenant isolation: another organization cannot read or redeliver a delivery (404 on both transports)', async () => {
  const a = await signup(app);
  const b = await signup(app);
  const call = (await app.http().post('/v1/calls/outbound').set(bearer(a.apiKey)).send({ to: '+14155550003' })).body;
  const d = await eventually(async () => (await app.http().get(`/dashboard/webhook-deliveries?call_id=${call.call_id}`).set(bearer(a.token))).body.data[0]);
  for (const [method, path] of [['get', `/dashboard/webhook-deliveries/${d.id}`], ['post', `/dashboard/webhook-deliveries/${d.id}/redeliver`]] as const) {
    const res = await app.http()[method](path).set(bearer(b.token));
    expect([path, res.status, res.body.code]).toEqual([path, 404, 'not_found']);
  }
  expect((await app.http().get(`/dashboard/webhook-deliveries?call_id=${call.call_id}`).set(bearer(b.token))).body.data).toEqual([]);
  const g = await gql(app, WebhookDeliveryDocument, { id: d.id }, b.token);
  expect(g.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND', reason: 'not_found' });
  const gr = await gql(app, RedeliverWebhookDocument, { id: d.id }, b.token);
  expect(gr.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND', reason: 'not_found' });
});
