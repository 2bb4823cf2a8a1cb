import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { bearer, eventually, recordSecret, signup, type TestOrg } from '../helpers/factories';
import { PgCluster } from '../helpers/pg-cluster';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The service over a PostgreSQL server that this test stops and starts again: the API answers 503
 * service_unavailable at once while it is gone (no hanging sockets), /health says so, everything
 * recovers by itself, and no 201 is ever sent for a call that was not committed.
 */

/** Hang detection, not a performance claim: an answer must come, and come as a 503, not a timeout. */
const ANSWER_WITHIN = { response: 8000, deadline: 10_000 };

let cluster: PgCluster;
let app: TestApp;
let org: TestOrg;

beforeAll(async () => {
  cluster = new PgCluster(path.join(os.tmpdir(), `voicegate-resilience-${process.pid}-${Date.now().toString(36)}`));
  const url = await cluster.start();
  app = await startTestApp(
    { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_API_KEY_PER_MINUTE: '100000', RATE_LIMIT_LOGIN_IP_PER_15_MIN: '100000', RATE_LIMIT_SIGNUP_IP_PER_HOUR: '100000' },
    { databaseUrl: url, migrate: true, worker: true },
  );
  org = await signup(app);
}, 60_000);

afterAll(async () => {
  // A graphile-worker runner that shut itself down during the outage throws on stop(); cleanup must go on.
  const worker = app?.worker;
  if (worker) {
    const stop = worker.stop.bind(worker);
    worker.stop = () => stop().catch(() => undefined);
  }
  try {
    await app?.close();
  } finally {
    await cluster?.close();
  }
}, 60_000);

/** Answers captured during the outage, judged by the narrower tests below. */
let graphqlDuringOutage: { status: number; body: { data?: unknown; errors?: Array<{ extensions?: Record<string, unknown> }> } } | undefined;

const placeCall = (i: number) =>
  app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).timeout(ANSWER_WITHIN).send({ to: `+1415555${String(1000 + (i % 9000)).padStart(4, '0')}`, metadata: { i } });

function expectUnavailable(res: { status: number; headers: Record<string, string>; body: Record<string, unknown> }, what: string): void {
  expect([what, res.status, res.body.code]).toEqual([what, 503, 'service_unavailable']);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.headers['retry-after']).toBe('1');
}

test('PostgreSQL stops and comes back: 503 while it is gone, recovery on its own, no 201 without a commit', async () => {
  // Healthy, and the API key is warm in the cache.
  await app.http().get('/health').expect(200);
  expect((await placeCall(0)).status).toBe(201);

  // Traffic keeps flowing while the server goes down underneath it.
  const answered: Array<{ status: number; callId?: string }> = [];
  let flowing = true;
  const loops = Array.from({ length: 4 }, async (_, loop) => {
    for (let i = 1; flowing; i++) {
      const res = await placeCall(loop * 1000 + i);
      answered.push({ status: res.status, callId: res.status === 201 ? res.body.call_id : undefined });
      if (res.status !== 201) await new Promise((r) => setTimeout(r, 20));
    }
  });
  await eventually(async () => answered.filter((a) => a.status === 201).length >= 8, { what: 'calls placed before the outage' });
  await cluster.stop();

  // Down: every kind of request answers 503 problem+json, promptly.
  const health = await app.http().get('/health').timeout(ANSWER_WITHIN);
  expectUnavailable(health, '/health');
  expect((await app.http().get('/ready').timeout(ANSWER_WITHIN)).status).toBe(503);
  expectUnavailable(await placeCall(99_999), 'POST /v1/calls/outbound');
  expectUnavailable(await app.http().get('/v1/calls').set(bearer(org.apiKey)).timeout(ANSWER_WITHIN), 'GET /v1/calls');
  expectUnavailable(await app.http().get('/auth/me').set(bearer(org.token)).timeout(ANSWER_WITHIN), 'GET /auth/me');
  expectUnavailable(await app.http().post('/auth/login').timeout(ANSWER_WITHIN).send({ email: org.email, password: org.password }), 'POST /auth/login');
  graphqlDuringOutage = await app.http().post('/graphql').set(bearer(org.token)).timeout(ANSWER_WITHIN).send({ query: '{ me { id } }' });
  // Answers that do not need the database still come.
  expect((await app.http().get('/nope').timeout(ANSWER_WITHIN)).status).toBe(404);
  expect((await app.http().get('/v1/calls').timeout(ANSWER_WITHIN)).status).toBe(401);

  // The outage lasts until the traffic running through it has met it, not for a set time.
  await eventually(async () => answered.filter((a) => a.status === 503).length >= 4, { what: 'the traffic loops to meet the outage' });
  await cluster.start();

  // Back: the same process recovers without help.
  await eventually(async () => (await app.http().get('/health')).status === 200, { what: '/health to recover' });
  await eventually(async () => (await placeCall(88_888)).status === 201, { what: 'calls to be accepted again' });
  flowing = false;
  await Promise.all(loops);
  const login = await app.http().post('/auth/login').send({ email: org.email, password: org.password });
  expect(login.status).toBe(200);
  recordSecret(login.body.access_token);
  await app.http().get('/auth/me').set(bearer(org.token)).expect(200);
  const g = await app.http().post('/graphql').set(bearer(org.token)).send({ query: '{ me { id } }' });
  expect(g.body.data?.me?.id).toBe(org.userId);

  // Every answer during the whole run was a 201 or a 503, never a 500 or a hang...
  const statuses = new Set(answered.map((a) => a.status));
  expect([...statuses].filter((s) => s !== 201 && s !== 503)).toEqual([]);
  expect(answered.some((a) => a.status === 503)).toBe(true);
  // ...and every 201 names a call that was committed, with its call.queued event.
  const placed = answered.filter((a) => a.callId).map((a) => a.callId!);
  const check = new Client({ connectionString: app.db.url });
  await check.connect();
  try {
    const { rows } = await check.query<{ id: string; events: number }>(
      `select c.id, (select count(*) from webhook_deliveries d where d.call_id = c.id and d.event = 'call.queued')::int as events
         from calls c where c.id = any($1::uuid[])`,
      [placed],
    );
    expect(rows.map((r) => r.id).sort()).toEqual([...placed].sort());
    expect(rows.every((r) => r.events === 1)).toBe(true);
  } finally {
    await check.end();
  }

}, 60_000);

test('GraphQL answered service_unavailable during the outage, without data', () => {
  expect(graphqlDuringOutage).toBeDefined();
  expect([200, 503]).toContain(graphqlDuringOutage!.status);
  expect(graphqlDuringOutage!.body.data ?? null).toBeNull();
  expect(graphqlDuringOutage!.body.errors?.[0]?.extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', reason: 'service_unavailable' });
});

test('the worker resumes after the outage: a call placed afterwards runs to its end', async () => {
  const after = await placeCall(77_777);
  expect(after.status).toBe(201);
  await eventually(
    async () => {
      const res = await app.http().get(`/v1/calls/${after.body.call_id}`).set(bearer(org.apiKey));
      return ['completed', 'failed'].includes(res.body.status);
    },
    { what: 'a call placed after the outage to finish' },
  );
}, 30_000);
