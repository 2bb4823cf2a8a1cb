import jwt from 'jsonwebtoken';
import { bearer, recordSecret, signup, uniqueEmail } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const expectProblem = (res: { status: number; headers: Record<string, string>; body: Record<string, unknown> }, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ type: 'about:blank', status, code });
  expect(typeof res.body.title).toBe('string');
  expect(JSON.stringify(res.body)).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack trace
};

describe('POST /auth/signup', () => {
  test('creates organization, owner, first key and webhook secret; returns a dashboard token', async () => {
    const email = `  Mixed.Case-${Date.now()}@Example.COM `;
    const res = await app.http().post('/auth/signup').send({ email, password: 'correct horse', organization_name: 'Acme Calls' });
    expect(res.status).toBe(201);
    recordSecret(res.body.access_token, res.body.api_key.secret, res.body.webhook_secret);
    const b = res.body;
    expect(b.token_type).toBe('bearer');
    expect(b.expires_in).toBe(259200);
    expect(b.user).toEqual({ id: expect.any(String), email: email.trim().toLowerCase(), role: 'owner', org_id: b.organization.id, email_verified: false });
    expect(b.organization).toEqual({ id: expect.any(String), name: 'Acme Calls' });
    expect(b.api_key).toMatchObject({ name: 'default', status: 'active', revoked_at: null, last_used_at: null });
    expect(b.api_key.secret).toMatch(/^sk_live_[0-9A-Za-z]{32,}$/);
    expect(b.api_key.prefix).toBe(b.api_key.secret.slice(0, 16));
    expect(b.api_key.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
    expect(b.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(b.webhook_secret.slice(6), 'base64')).toHaveLength(32);

    const header = JSON.parse(Buffer.from(b.access_token.split('.')[0], 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = jwt.verify(b.access_token, app.config.jwtSecret, { algorithms: ['HS256'] }) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: b.user.id, org_id: b.organization.id, role: 'owner', type: 'dashboard' });
    expect((claims.exp as number) - (claims.iat as number)).toBe(259200);
  });

  test('a taken e-mail is 409 email_taken, whatever its case', async () => {
    const org = await signup(app);
    const res = await app.http().post('/auth/signup').send({ email: org.email.toUpperCase(), password: 'another password' });
    expectProblem(res, 409, 'email_taken');
  });

  test('invalid input is 422 with the fields named', async () => {
    const res = await app.http().post('/auth/signup').send({ email: 'not-an-email', password: 'short' });
    expectProblem(res, 422, 'validation_error');
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
  });

  test("passwords: 8 to 72 bytes; bcrypt's limit is enforced in bytes, never truncated", async () => {
    const ok72 = await app.http().post('/auth/signup').send({ email: uniqueEmail(), password: 'a'.repeat(72) });
    expect(ok72.status).toBe(201);
    const long73 = await app.http().post('/auth/signup').send({ email: uniqueEmail(), password: 'a'.repeat(73) });
    expectProblem(long73, 422, 'validation_error');
    expect(long73.body.errors[0]).toMatchObject({ field: 'password', message: expect.stringMatching(/72 bytes/) });
    // 37 two-byte characters: 37 characters but 74 bytes.
    const multibyte = await app.http().post('/auth/signup').send({ email: uniqueEmail(), password: 'é'.repeat(37) });
    expectProblem(multibyte, 422, 'validation_error');
    // Proof that nothing is truncated: a 72-byte password's first 71 bytes do not log in.
    const email = uniqueEmail();
    await app.http().post('/auth/signup').send({ email, password: 'b'.repeat(72) }).expect(201);
    const truncated = await app.http().post('/auth/login').send({ email, password: 'b'.repeat(71) });
    expectProblem(truncated, 401, 'invalid_credentials');
  });
});

describe('POST /auth/login', () => {
  test('returns exactly access_token, token_type, expires_in', async () => {
    const org = await signup(app);
    const res = await app.http().post('/auth/login').send({ email: org.email.toUpperCase(), password: org.password });
    expect(res.status).toBe(200);
    recordSecret(res.body.access_token);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 259200 });
    const me = await app.http().get('/auth/me').set(bearer(res.body.access_token));
    expect(me.status).toBe(200);
  });

  test('unknown e-mail and wrong password give the same 401 body', async () => {
    const org = await signup(app);
    const wrong = await app.http().post('/auth/login').send({ email: org.email, password: 'wrong password' });
    const unknown = await app.http().post('/auth/login').send({ email: uniqueEmail('nobody'), password: 'wrong password' });
    expectProblem(wrong, 401, 'invalid_credentials');
    expectProblem(unknown, 401, 'invalid_credentials');
    expect(unknown.body).toEqual(wrong.body);
  });

  test('an unknown e-mail still pays for a bcrypt comparison (no user-enumeration by timing)', async () => {
    // A behavioural check, not a performance assertion: without the dummy comparison an unknown
    // e-mail answers in a fraction of a millisecond of server work, far below a bcrypt compare.
    const cost12 = await startTestApp({ BCRYPT_COST: '12' });
    try {
      const email = uniqueEmail();
      await cost12.http().post('/auth/signup').send({ email, password: 'timing password' }).expect(201);
      const time = async (body: object) => {
        const t = process.hrtime.bigint();
        await cost12.http().post('/auth/login').send(body).expect(401);
        return Number(process.hrtime.bigint() - t) / 1e6;
      };
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        wrong.push(await time({ email, password: 'not it' }));
        unknown.push(await time({ email: uniqueEmail('ghost'), password: 'not it' }));
      }
      expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
    } finally {
      await cost12.close();
    }
  });

  test('malformed bodies are refused cleanly', async () => {
    expectProblem(await app.http().post('/auth/login').set('Content-Type', 'application/json').send('{"email":'), 400, 'bad_request');
    expectProblem(await app.http().post('/auth/login').send({ email: 42 }), 422, 'validation_error');
  });
});

describe('GET /auth/me and token validation', () => {
  test('returns the user and organization', async () => {
    const org = await signup(app, { organizationName: 'Me Corp' });
    const res = await app.http().get('/auth/me').set(bearer(org.token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: org.userId,
      email: org.email,
      role: 'owner',
      org_id: org.orgId,
      active: true,
      email_verified: false,
      created_at: expect.stringMatching(/\.\d{6}\+00:00$/),
      organization: { id: org.orgId, name: 'Me Corp', active: true, webhook_url: null, created_at: expect.any(String) },
    });
  });

  test('every bad token is 401 with the right code', async () => {
    const org = await signup(app);
    const claims = { org_id: org.orgId, role: 'owner', type: 'dashboard' };
    const secret = app.config.jwtSecret;
    const cases: Array<[string, string | undefined, string]> = [
      ['no header', undefined, 'missing_credentials'],
      ['expired', jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, secret, { algorithm: 'HS256', subject: org.userId }), 'token_expired'],
      ['tampered payload', (() => {
        const [h, , s] = org.token.split('.');
        const p = Buffer.from(JSON.stringify({ ...claims, role: 'platform_admin', sub: org.userId, exp: 9999999999 })).toString('base64url');
        return `${h}.${p}.${s}`;
      })(), 'invalid_token'],
      ['tampered signature', org.token.slice(0, -2) + (org.token.endsWith('AA') ? 'BB' : 'AA'), 'invalid_token'],
      ['wrong secret', jwt.sign(claims, 'another-secret-another-secret!!', { algorithm: 'HS256', subject: org.userId, expiresIn: 60 }), 'invalid_token'],
      ['alg none', `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, sub: org.userId, exp: 9999999999 })).toString('base64url')}.`, 'invalid_token'],
      ['HS512 with the right secret', jwt.sign(claims, secret, { algorithm: 'HS512', subject: org.userId, expiresIn: 60 }), 'invalid_token'],
      ['HS384 with the right secret', jwt.sign(claims, secret, { algorithm: 'HS384', subject: org.userId, expiresIn: 60 }), 'invalid_token'],
      ['wrong type', jwt.sign({ ...claims, type: 'api' }, secret, { algorithm: 'HS256', subject: org.userId, expiresIn: 60 }), 'invalid_token'],
      ['no type', jwt.sign({ org_id: org.orgId, role: 'owner' }, secret, { algorithm: 'HS256', subject: org.userId, expiresIn: 60 }), 'invalid_token'],
      ['org_id of another organization', jwt.sign({ ...claims, org_id: '01900000-0000-7000-8000-000000000000' }, secret, { algorithm: 'HS256', subject: org.userId, expiresIn: 60 }), 'invalid_token'],
      ['API key used as a token', org.apiKey, 'invalid_token'],
      ['garbage', 'not.a.jwt', 'invalid_token'],
    ];
    for (const [name, token, code] of cases) {
      const req = app.http().get('/auth/me');
      if (token !== undefined) req.set('Authorization', `Bearer ${token}`);
      const res = await req;
      expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status: 401, code });
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    }
    const basic = await app.http().get('/auth/me').set('Authorization', 'Basic dXNlcjpwYXNz');
    expectProblem(basic, 401, 'missing_credentials');
  });

  test('JWT_EXPIRE_HOURS sets the lifetime', async () => {
    const short = await startTestApp({ JWT_EXPIRE_HOURS: '1' });
    try {
      const org = await signup(short);
      const res = await short.http().post('/auth/login').send({ email: org.email, password: org.password });
      expect(res.body.expires_in).toBe(3600);
      const c = jwt.decode(res.body.access_token) as { exp: number; iat: number };
      expect(c.exp - c.iat).toBe(3600);
    } finally {
      await short.close();
    }
  });
});

describe('inactive users and organizations: 403 on every request, at once', () => {
  test('an inactive organization locks out its tokens, keys and logins; reactivation restores them', async () => {
    const org = await signup(app);
    await app.http().get('/auth/me').set(bearer(org.token)).expect(200);
    await app.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);
    await app.db.pool.query('update organizations set active = false where id = $1', [org.orgId]);
    // Out-of-band change (as an admin tool would make): tell the key cache, as the admin service does.
    await app.services.apiKeyCache.invalidate({ orgId: org.orgId });
    expectProblem(await app.http().get('/auth/me').set(bearer(org.token)), 403, 'inactive_organization');
    expectProblem(await app.http().get('/dashboard/api-keys').set(bearer(org.token)), 403, 'inactive_organization');
    expectProblem(await app.http().get('/v1/calls').set(bearer(org.apiKey)), 403, 'inactive_organization');
    expectProblem(await app.http().post('/auth/login').send({ email: org.email, password: org.password }), 403, 'inactive_organization');
    await app.db.pool.query('update organizations set active = true where id = $1', [org.orgId]);
    await app.services.apiKeyCache.invalidate({ orgId: org.orgId });
    await app.http().get('/auth/me').set(bearer(org.token)).expect(200);
    await app.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);
  });
});
