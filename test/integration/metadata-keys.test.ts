import { rawGql } from '../helpers/graphql';
import { bearer, signup } from '../helpers/factories';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Metadata keeps every key, including the ones JavaScript treats specially (docs/security.md):
 * `__proto__`, `constructor` and `prototype` are ordinary keys, returned byte for byte by REST,
 * GraphQL and the webhook body, and none of them reaches a prototype in the server process.
 * Bodies are sent as raw JSON text: a JavaScript object literal would eat `__proto__` itself.
 */
let app: TestApp;
let rx: Receiver;
beforeAll(async () => {
  rx = await Receiver.start();
  app = await startTestApp({}, { worker: true });
});
afterAll(async () => {
  await app.close();
  await rx.close();
});

const METADATA =
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":true}},"prototype":"p","nested":{"__proto__":{"deep":1},"list":[{"__proto__":2}]},"plain":1}';

const placeRaw = (apiKey: string, json: string, headers: Record<string, string> = {}) =>
  app.http().post('/v1/calls/outbound').set(bearer(apiKey)).set(headers).set('Content-Type', 'application/json').send(json);

test('__proto__, constructor and prototype round-trip through create, GET, list, GraphQL and the webhook body', async () => {
  const org = await signup(app);
  const created = await placeRaw(org.apiKey, `{"to":"+14155550123","webhook_url":"${rx.url}/meta","metadata":${METADATA}}`);
  expect(created.status).toBe(201);
  // supertest parses with JSON.parse, which keeps "__proto__" as an own key: stringify shows the real body.
  expect(JSON.stringify(created.body.metadata)).toBe(METADATA);
  const callId = created.body.call_id as string;

  const got = await app.http().get(`/v1/calls/${callId}`).set(bearer(org.apiKey));
  expect(JSON.stringify(got.body.metadata)).toBe(METADATA);

  const list = await app.http().get('/v1/calls').set(bearer(org.apiKey));
  expect(JSON.stringify(list.body.data.find((c: { call_id: string }) => c.call_id === callId).metadata)).toBe(METADATA);

  const gql = await rawGql(app, 'query($id: ID!) { call(id: $id) { metadata } }', { id: callId }, org.token);
  expect(JSON.stringify((gql.data as { call: { metadata: unknown } }).call.metadata)).toBe(METADATA);

  // call.queued and call.ended are separate deliveries (either may arrive first): wait for both.
  await rx.waitFor(() => ['call.queued', 'call.ended'].every((e) => rx.byEvent(e, callId).length >= 1), 60_000, 'call.queued and call.ended webhooks');
  const bodies = rx.received.filter((r) => r.json.call_id === callId);
  expect(bodies.length).toBeGreaterThanOrEqual(2);
  for (const b of bodies) {
    const raw = b.raw.toString('utf8');
    expect(raw).toContain(`"metadata":${METADATA}`);
  }

  // Nothing leaked into prototypes of the process that parsed, stored and served it.
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'deep')).toBe(false);
});

test('an Idempotency-Key replay with the same metadata matches; dropping __proto__ is a different body', async () => {
  const org = await signup(app);
  const body = `{"to":"+14155550124","metadata":${METADATA}}`;
  const first = await placeRaw(org.apiKey, body, { 'Idempotency-Key': 'proto-1' });
  expect(first.status).toBe(201);
  const again = await placeRaw(org.apiKey, body, { 'Idempotency-Key': 'proto-1' });
  expect([again.status, again.headers['idempotent-replayed'], again.body.call_id]).toEqual([201, 'true', first.body.call_id]);
  const without = await placeRaw(org.apiKey, `{"to":"+14155550124","metadata":${METADATA.replace('"__proto__":{"isAdmin":true},', '')}}`, { 'Idempotency-Key': 'proto-1' });
  expect([without.status, without.body.code]).toEqual([409, 'idempotency_conflict']);
});

test('metadata must still be a JSON object', async () => {
  const org = await signup(app);
  for (const bad of ['[]', '"text"', '1', 'true']) {
    const res = await placeRaw(org.apiKey, `{"to":"+14155550125","metadata":${bad}}`);
    expect([bad, res.status, res.body.errors?.[0]?.field]).toEqual([bad, 422, 'metadata']);
  }
  const empty = await placeRaw(org.apiKey, '{"to":"+14155550125","metadata":null}');
  expect([empty.status, empty.body.metadata]).toEqual([201, {}]);
});
