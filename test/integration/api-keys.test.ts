import { createHash } from 'node:crypto';
import { bearer, eventually, recordSecret, signup } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test('list is a bare array, newest first, without secrets', async () => {
  const org = await signup(app);
  const created = await app.http().post('/dashboard/api-keys').set(bearer(org.token)).send({ name: 'production' });
  expect(created.status).toBe(201);
  recordSecret(created.body.secret);
  const res = await app.http().get('/dashboard/api-keys').set(bearer(org.token));
  expect(res.status).toBe(200);
  expect(Array.isArray(res.body)).toBe(true);
  expect(res.body.map((k: { name: string }) => k.name)).toEqual(['production', 'default']);
  for (const k of res.body) {
    expect(Object.keys(k).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name', 'prefix', 'revoked_at', 'status']);
    expect(k.prefix).toHaveLength(16);
  }
  expect(JSON.stringify(res.body)).not.toContain(created.body.secret);
});

test('create: CSPRNG sk_live_ secret shown once; only its SHA-256 and 16-character prefix are stored', async () => {
  const org = await signup(app);
  const empty = await app.http().post('/dashboard/api-keys').set(bearer(org.token));
  expect(empty.status).toBe(201);
  expect(empty.body.name).toBeNull();
  const named = await app.http().post('/dashboard/api-keys').set(bearer(org.token)).send({ name: 'staging' });
  recordSecret(empty.body.secret, named.body.secret);
  for (const k of [empty.body, named.body]) {
    expect(k.secret).toMatch(/^sk_live_[0-9A-Za-z]{43}$/);
    expect(k.prefix).toBe(k.secret.slice(0, 16));
    expect(k.status).toBe('active');
  }
  expect(empty.body.secret).not.toBe(named.body.secret);
  const { rows } = await app.db.pool.query('select * from api_keys where id = $1', [named.body.id]);
  expect(rows[0].hash).toBe(createHash('sha256').update(named.body.secret).digest('hex'));
  expect(rows[0].prefix).toBe(named.body.secret.slice(0, 16));
  expect(JSON.stringify(rows[0])).not.toContain(named.body.secret);
  // The new key works at once.
  await app.http().get('/v1/calls').set(bearer(named.body.secret)).expect(200);
});

test('name longer than 100 characters is 422', async () => {
  const org = await signup(app);
  const res = await app.http().post('/dashboard/api-keys').set(bearer(org.token)).send({ name: 'n'.repeat(101) });
  expect([res.status, res.body.code, res.body.errors[0].field]).toEqual([422, 'validation_error', 'name']);
});

test('revoke: 200 with revoked_at, idempotent, effective on the very next request', async () => {
  const org = await signup(app);
  const key = await app.http().post('/dashboard/api-keys').set(bearer(org.token)).send({ name: 'leaky' });
  recordSecret(key.body.secret);
  // Warm the in-process key cache so revocation must invalidate it.
  await app.http().get('/v1/calls').set(bearer(key.body.secret)).expect(200);
  await app.http().get('/v1/calls').set(bearer(key.body.secret)).expect(200);
  const res = await app.http().post(`/dashboard/api-keys/${key.body.id}/revoke`).set(bearer(org.token));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id: key.body.id, status: 'revoked', revoked_at: expect.stringMatching(/\+00:00$/) });
  const denied = await app.http().get('/v1/calls').set(bearer(key.body.secret));
  expect([denied.status, denied.body.code]).toEqual([401, 'invalid_api_key']);
  const again = await app.http().post(`/dashboard/api-keys/${key.body.id}/revoke`).set(bearer(org.token));
  expect(again.status).toBe(200);
  expect(again.body.revoked_at).toBe(res.body.revoked_at);
  await app.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);
});

test('revocation is instant in another process too (NOTIFY to every API key cache)', async () => {
  {
    // A second API "process" (its own pools, caches and LISTEN connection) on the same database.
    const org = await signup(app);
    const key = await app.http().post('/dashboard/api-keys').set(bearer(org.token)).send({ name: 'shared' });
    recordSecret(key.body.secret);
    const secondProcess = await startTestApp({}, { databaseUrl: app.db.url });
    try {
      await secondProcess.http().get('/v1/calls').set(bearer(key.body.secret)).expect(200);
      await secondProcess.http().get('/v1/calls').set(bearer(key.body.secret)).expect(200); // cached now
      // Wait for the revocation's NOTIFY to reach the other process (its cache listens first), not for time:
      // the cache keeps a key for a minute, so a 401 right after the notification can only come from it.
      const notified = new Promise<void>((resolve) => secondProcess.services.notifier.on('voicegate_auth', () => resolve()));
      await app.http().post(`/dashboard/api-keys/${key.body.id}/revoke`).set(bearer(org.token)).expect(200);
      await notified;
      const denied = await secondProcess.http().get('/v1/calls').set(bearer(key.body.secret));
      expect([denied.status, denied.body.code]).toEqual([401, 'invalid_api_key']);
    } finally {
      await secondProcess.close();
    }
  }
});

test("tenant isolation: another organization's key cannot be revoked (404) and is not listed", async () => {
  const a = await signup(app);
  const b = await signup(app);
  const res = await app.http().post(`/dashboard/api-keys/${a.apiKeyId}/revoke`).set(bearer(b.token));
  expect([res.status, res.body.code]).toEqual([404, 'not_found']);
  for (const id of ['01900000-0000-7000-8000-000000000000', 'not-a-uuid']) {
    expect((await app.http().post(`/dashboard/api-keys/${id}/revoke`).set(bearer(b.token))).status).toBe(404);
  }
  await app.http().get('/v1/calls').set(bearer(a.apiKey)).expect(200);
  const listB = await app.http().get('/dashboard/api-keys').set(bearer(b.token));
  expect(listB.body.map((k: { id: string }) => k.id)).toEqual([b.apiKeyId]);
});

test('/v1 rejections are exactly the documented ones', async () => {
  const org = await signup(app);
  const cases: Array<[string | undefined, number, string]> = [
    [undefined, 401, 'missing_credentials'],
    [org.token, 401, 'invalid_api_key_format'], // a JWT is not an API key
    ['sk_test_abcdefabcdefabcdefabcdefabcdef', 401, 'invalid_api_key_format'],
    ['SK_LIVE_abcdefabcdefabcdefabcdefabcdef', 401, 'invalid_api_key_format'],
    ['sk_live_' + 'x'.repeat(43), 401, 'invalid_api_key'],
    ['sk_live_', 401, 'invalid_api_key'],
  ];
  for (const [token, status, code] of cases) {
    const req = app.http().get('/v1/calls');
    if (token !== undefined) req.set('Authorization', `Bearer ${token}`);
    const res = await req;
    expect([token?.slice(0, 12), res.status, res.body.code]).toEqual([token?.slice(0, 12), status, code]);
  }
});

test('an API key is refused on the dashboard, /auth/me and GraphQL (401 invalid_token)', async () => {
  const org = await signup(app);
  for (const path of ['/dashboard/api-keys', '/auth/me']) {
    const res = await app.http().get(path).set(bearer(org.apiKey));
    expect([path, res.status, res.body.code]).toEqual([path, 401, 'invalid_token']);
  }
  const g = await app.http().post('/graphql').set(bearer(org.apiKey)).send({ query: '{ me { id } }' });
  expect(g.status).toBe(401);
  expect(g.body.errors[0].extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'invalid_token' });
});

test('last_used_at is recorded (batched, at most once a minute per key)', async () => {
  const org = await signup(app);
  await app.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);
  const used = await eventually(async () => {
    const keys = await app.http().get('/dashboard/api-keys').set(bearer(org.token));
    return keys.body[0].last_used_at as string | null;
  }, { what: 'last_used_at' });
  expect(used).toMatch(/\+00:00$/);
  await app.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);
  await app.services.apiKeyCache.flushUsage(); // what the once-a-second batch would write now
  const keys = await app.http().get('/dashboard/api-keys').set(bearer(org.token));
  expect(keys.body[0].last_used_at).toBe(used); // within the minute: not rewritten
});
