import { bearer, signup } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const isProblem = (res: { status: number; headers: Record<string, string>; body: Record<string, unknown> }, status: number, code: string) => {
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ type: 'about:blank', title: expect.any(String), status, detail: expect.any(String) });
};

test('malformed JSON is 400 bad_request', async () => {
  const org = await signup(app);
  isProblem(await app.http().post('/auth/signup').set('Content-Type', 'application/json').send('{"email": "a@b.c",'), 400, 'bad_request');
  isProblem(await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).set('Content-Type', 'application/json').send('{not json'), 400, 'bad_request');
  isProblem(await app.http().post('/dashboard/api-keys').set(bearer(org.token)).set('Content-Type', 'application/json').send('nul'), 400, 'bad_request');
});

test('bodies over 64 KiB are 413 payload_too_large', async () => {
  const org = await signup(app);
  const big = JSON.stringify({ to: '+15551234567', metadata: { blob: 'x'.repeat(70 * 1024) } });
  isProblem(await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).set('Content-Type', 'application/json').send(big), 413, 'payload_too_large');
  isProblem(await app.http().post('/auth/login').set('Content-Type', 'application/json').send(big), 413, 'payload_too_large');
});

test('a non-JSON body is 415; an empty body is an empty object', async () => {
  const org = await signup(app);
  isProblem(await app.http().post('/auth/login').set('Content-Type', 'text/plain').send('email=a'), 415, 'unsupported_media_type');
  isProblem(await app.http().post('/auth/login').set('Content-Type', 'application/x-www-form-urlencoded').send('email=a&password=b'), 415, 'unsupported_media_type');
  const empty = await app.http().post('/dashboard/api-keys').set(bearer(org.token));
  expect(empty.status).toBe(201);
});

test('unknown routes are 404 problem+json, on every prefix', async () => {
  const org = await signup(app);
  isProblem(await app.http().get('/nope'), 404, 'not_found');
  isProblem(await app.http().get('/v1/nope').set(bearer(org.apiKey)), 404, 'not_found');
  isProblem(await app.http().get('/dashboard/nope').set(bearer(org.token)), 404, 'not_found');
  isProblem(await app.http().delete('/auth/login'), 404, 'not_found');
  // Credentials are checked before routing under protected prefixes.
  isProblem(await app.http().get('/dashboard/nope'), 401, 'missing_credentials');
});

test('health answers 200 while the database answers; responses carry a request id', async () => {
  const res = await app.http().get('/health');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const echoed = await app.http().get('/health').set('X-Request-Id', 'trace-abc.123');
  expect(echoed.headers['x-request-id']).toBe('trace-abc.123');
  const unsafe = await app.http().get('/health').set('X-Request-Id', 'bad id with spaces');
  expect(unsafe.headers['x-request-id']).not.toBe('bad id with spaces');
});

test('a body on a method that takes none is ignored (GraphQL DELETE with a multipart body is a 4xx, not a crash)', async () => {
  const res = await app.http().delete('/graphql').set('Content-Type', 'multipart/form-data; boundary=x').send('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n');
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
});
