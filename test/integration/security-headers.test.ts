import { bearer, signup, type TestOrg } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

const DASHBOARD = 'https://dashboard.example.com';
const EVIL = 'https://evil.example.net';

let app: TestApp;
let org: TestOrg;
beforeAll(async () => {
  app = await startTestApp({ CORS_ORIGINS: `${DASHBOARD}, https://admin.example.com` });
  org = await signup(app);
});
afterAll(() => app.close());

const corsHeaders = (headers: Record<string, string>) => Object.keys(headers).filter((h) => h.startsWith('access-control-'));

describe('CORS', () => {
  test('/v1/* never sends CORS headers, not even to a configured origin or a preflight', async () => {
    for (const origin of [DASHBOARD, EVIL]) {
      const get = await app.http().get('/v1/calls').set('Origin', origin).set(bearer(org.apiKey));
      expect(get.status).toBe(200);
      expect(corsHeaders(get.headers)).toEqual([]);
      const preflight = await app
        .http()
        .options('/v1/calls/outbound')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization, content-type');
      expect(preflight.status).toBeGreaterThanOrEqual(400);
      expect(corsHeaders(preflight.headers)).toEqual([]);
      const refused = await app.http().post('/v1/calls/outbound').set('Origin', origin).set(bearer(org.apiKey)).send({ to: 'bad' });
      expect(refused.status).toBe(422);
      expect(corsHeaders(refused.headers)).toEqual([]);
    }
  });

  test('dashboard, auth, admin and GraphQL: only configured origins, without credentials', async () => {
    for (const path of ['/dashboard/api-keys', '/auth/me', '/auth/login', '/api/admin/stats', '/graphql']) {
      const ok = await app
        .http()
        .options(path)
        .set('Origin', DASHBOARD)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization, content-type');
      expect([path, ok.status]).toEqual([path, 204]);
      expect(ok.headers['access-control-allow-origin']).toBe(DASHBOARD);
      expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
      expect(ok.headers['vary']).toMatch(/Origin/);

      const evil = await app.http().options(path).set('Origin', EVIL).set('Access-Control-Request-Method', 'POST');
      expect([path, evil.headers['access-control-allow-origin']]).toEqual([path, undefined]);
    }
    const real = await app.http().get('/dashboard/api-keys').set('Origin', DASHBOARD).set(bearer(org.token));
    expect(real.headers['access-control-allow-origin']).toBe(DASHBOARD);
    expect(real.headers['access-control-expose-headers']).toMatch(/Retry-After/);
    const evilReal = await app.http().get('/dashboard/api-keys').set('Origin', EVIL).set(bearer(org.token));
    expect(evilReal.status).toBe(200);
    expect(corsHeaders(evilReal.headers)).toEqual([]);
  });
});

describe('security headers (helmet) on every kind of answer', () => {
  test('JSON, problem+json, GraphQL and health answers', async () => {
    const answers = [
      await app.http().get('/v1/calls').set(bearer(org.apiKey)),
      await app.http().get('/v1/calls'),
      await app.http().get('/dashboard/api-keys').set(bearer(org.token)),
      await app.http().get('/nope'),
      await app.http().get('/health'),
      await app.http().post('/graphql').set('Content-Type', 'application/json').send({ query: '{ __typename }' }),
    ];
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('GraphQL CSRF prevention', () => {
  test('a "simple" request a browser could send cross-site is refused before any resolver runs', async () => {
    // GET without a preflight-forcing header: Apollo's CSRF prevention.
    const get = await app.http().get('/graphql').query({ query: '{ me { id } }' }).set(bearer(org.token));
    expect(get.status).toBe(400);
    expect(JSON.stringify(get.body ?? get.text)).not.toContain(org.userId);
    // text/plain, form and multipart bodies: refused.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await app.http().post('/graphql').set('Content-Type', type).set(bearer(org.token)).send('{"query":"{ me { id } }"}');
      expect([type, res.status >= 400 && res.status < 500]).toEqual([type, true]);
      expect(res.text).not.toContain(org.userId);
    }
  });

  test('requests that force a preflight are served', async () => {
    const get = await app.http().get('/graphql').query({ query: '{ me { id } }' }).set('apollo-require-preflight', 'true').set(bearer(org.token));
    expect(get.status).toBe(200);
    expect(get.body.data.me.id).toBe(org.userId);
    const post = await app.http().post('/graphql').set('Content-Type', 'application/json').set(bearer(org.token)).send({ query: '{ me { id } }' });
    expect(post.body.data.me.id).toBe(org.userId);
  });
});
