import { print } from 'graphql';
import { randomBytes } from 'node:crypto';
import type { Response } from 'supertest';
import { LoginDocument } from '../graphql/generated';
import { bearer, recordSecret, uniqueEmail } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Quotas with small limits, counted in PostgreSQL. Requests come from loopback, where the app
 * trusts X-Forwarded-For (TRUST_PROXY=loopback), so each test speaks from its own client address
 * and the per-IP buckets of one test do not leak into another.
 */
const LIMITS = {
  RATE_LIMIT_ENABLED: 'true',
  RATE_LIMIT_API_KEY_PER_MINUTE: '5',
  RATE_LIMIT_LOGIN_IP_PER_15_MIN: '6',
  RATE_LIMIT_LOGIN_EMAIL_PER_15_MIN: '3',
  RATE_LIMIT_SIGNUP_IP_PER_HOUR: '3',
  RATE_LIMIT_SIGNUP_EMAIL_PER_HOUR: '2',
  MAX_QUEUED_CALLS_PER_ORG: '3',
  // Production's default cost: the limits must stop brute force before bcrypt does the work.
  BCRYPT_COST: '10',
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(LIMITS);
});
afterAll(() => app.close());

let ipCounter = 0;
const newIp = (): string => `198.51.100.${++ipCounter}`;

interface Org {
  email: string;
  password: string;
  token: string;
  apiKey: string;
  orgId: string;
}

async function signupFrom(ip: string, email = uniqueEmail()): Promise<Org> {
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const res = await app.http().post('/auth/signup').set('X-Forwarded-For', ip).send({ email, password });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  recordSecret(password, res.body.access_token, res.body.api_key.secret, res.body.webhook_secret);
  return { email, password, token: res.body.access_token, apiKey: res.body.api_key.secret, orgId: res.body.organization.id };
}

async function newKey(org: Org): Promise<string> {
  const res = await app.http().post('/dashboard/api-keys').set(bearer(org.token)).send({});
  recordSecret(res.body.secret);
  return res.body.secret as string;
}

function expect429(res: Response, policy: string): void {
  expect(res.status).toBe(429);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.body).toMatchObject({ type: 'about:blank', status: 429, code: 'rate_limited', title: 'Too Many Requests' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(res.headers['ratelimit-policy']).toMatch(new RegExp(`^"${policy}";q=\\d+(;w=\\d+)?$`));
  expect(res.headers['ratelimit']).toMatch(new RegExp(`^"${policy}";r=0;t=\\d+$`));
}

describe('login', () => {
  test('per e-mail: the 4th attempt is 429 even with the right password; other e-mails are unaffected', async () => {
    const ip = newIp();
    const org = await signupFrom(ip);
    for (let i = 0; i < 3; i++) {
      const res = await app.http().post('/auth/login').set('X-Forwarded-For', newIp()).send({ email: org.email, password: 'wrong-password' });
      expect([res.status, res.body.code]).toEqual([401, 'invalid_credentials']);
    }
    const locked = await app.http().post('/auth/login').set('X-Forwarded-For', newIp()).send({ email: org.email.toUpperCase(), password: org.password });
    expect429(locked, 'login_email');
    expect(locked.headers['ratelimit-policy']).toBe('"login_email";q=3;w=900');
    // GraphQL login draws from the same bucket.
    const g = await app.http().post('/graphql').set('Content-Type', 'application/json').send({ query: print(LoginDocument), variables: { email: org.email, password: org.password } });
    expect(g.body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', reason: 'rate_limited' });
    expect(g.status).toBe(429); // so an HTTP client can back off
    expect(Number(g.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const other = await signupFrom(newIp());
    const ok = await app.http().post('/auth/login').set('X-Forwarded-For', ip).send({ email: other.email, password: other.password });
    expect(ok.status).toBe(200);
    recordSecret(ok.body.access_token);
  });

  test('a successful login clears the e-mail bucket (failures since the last success are what count)', async () => {
    const org = await signupFrom(newIp());
    const attempt = (password: string) => app.http().post('/auth/login').set('X-Forwarded-For', newIp()).send({ email: org.email, password });
    for (const password of ['bad-1-password', 'bad-2-password', org.password, 'bad-3-password', 'bad-4-password']) {
      const res = await attempt(password);
      expect(res.status).toBe(password === org.password ? 200 : 401);
      if (res.status === 200) recordSecret(res.body.access_token);
    }
  });

  test('per IP: the 7th attempt from one address is 429 whatever the e-mail; another address still gets in', async () => {
    const ip = newIp();
    for (let i = 0; i < 6; i++) {
      const res = await app.http().post('/auth/login').set('X-Forwarded-For', ip).send({ email: uniqueEmail('guess'), password: 'password-guess' });
      expect(res.status).toBe(401);
    }
    expect429(await app.http().post('/auth/login').set('X-Forwarded-For', ip).send({ email: uniqueEmail(), password: 'x' }), 'login_ip');
    // Even a malformed body counts against the address before anything else is done.
    expect429(await app.http().post('/auth/login').set('X-Forwarded-For', ip).send({}), 'login_ip');
    const res = await app.http().post('/auth/login').set('X-Forwarded-For', newIp()).send({ email: uniqueEmail(), password: 'x' });
    expect(res.status).toBe(401);
  });

  test('brute force: of 40 parallel guesses at one account only the quota reaches bcrypt (cost 10)', async () => {
    const org = await signupFrom(newIp());
    const { rows } = await app.db.pool.query<{ password_hash: string }>('select password_hash from users where email = $1', [org.email]);
    expect(rows[0]!.password_hash).toMatch(/^\$2[aby]\$10\$/);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => app.http().post('/auth/login').set('X-Forwarded-For', newIp()).send({ email: org.email, password: `guess-${i}-xxxx` })),
    );
    const statuses = results.map((r) => r.status);
    // The e-mail bucket is taken atomically in PostgreSQL before the password is checked: exactly
    // three guesses were verified (401), every other one was refused without a bcrypt comparison.
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(37);
  });
});

describe('signup', () => {
  test('per IP: 3 an hour from one address, then 429', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) await signupFrom(ip);
    const res = await app.http().post('/auth/signup').set('X-Forwarded-For', ip).send({ email: uniqueEmail(), password: 'password-123' });
    expect429(res, 'signup_ip');
    expect(res.headers['ratelimit-policy']).toBe('"signup_ip";q=3;w=3600');
  });

  test('per e-mail: repeated signups for one address are refused with 429 after the quota', async () => {
    const email = uniqueEmail('taken');
    await signupFrom(newIp(), email);
    const taken = await app.http().post('/auth/signup').set('X-Forwarded-For', newIp()).send({ email, password: 'password-123' });
    expect([taken.status, taken.body.code]).toEqual([409, 'email_taken']);
    expect429(await app.http().post('/auth/signup').set('X-Forwarded-For', newIp()).send({ email: ` ${email.toUpperCase()} `, password: 'password-123' }), 'signup_email');
  });
});

describe('/v1 per API key', () => {
  test('5 a minute per key, RateLimit headers on every answer, 429 after; each key has its own bucket', async () => {
    const org = await signupFrom(newIp());
    for (let i = 0; i < 5; i++) {
      const res = await app.http().get('/v1/calls').set(bearer(org.apiKey));
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"api_key";q=5;w=60');
      expect(res.headers['ratelimit']).toMatch(new RegExp(`^"api_key";r=${4 - i};t=\\d+$`));
    }
    const refused = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550100' });
    expect429(refused, 'api_key');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    const { rows } = await app.db.pool.query('select count(*)::int as n from calls where org_id = $1', [org.orgId]);
    expect(rows[0].n).toBe(0);

    const second = await newKey(org);
    await app.http().get('/v1/calls').set(bearer(second)).expect(200);
    // Unauthenticated traffic is refused by authentication, not counted against anyone's key.
    expect((await app.http().get('/v1/calls')).status).toBe(401);
  });

  test('several API processes share one counter (it lives in PostgreSQL)', async () => {
    const org = await signupFrom(newIp());
    const other = await startTestApp(LIMITS, { databaseUrl: app.db.url });
    try {
      for (const a of [app, other, app, other, app]) await a.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);
      expect429(await other.http().get('/v1/calls').set(bearer(org.apiKey)), 'api_key');
      expect429(await app.http().get('/v1/calls').set(bearer(org.apiKey)), 'api_key');
    } finally {
      await other.close();
    }
  });
});

describe('open calls per organization', () => {
  test('the 4th open call is 429 and leaves nothing behind; ending one makes room', async () => {
    const org = await signupFrom(newIp());
    const keys = [org.apiKey, await newKey(org), await newKey(org)];
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.http().post('/v1/calls/outbound').set(bearer(keys[0]!)).send({ to: `+1415555020${i}` });
      expect(res.status).toBe(201);
      ids.push(res.body.call_id);
    }
    const refused = await app.http().post('/v1/calls/outbound').set(bearer(keys[1]!)).set('Idempotency-Key', 'quota-1').send({ to: '+14155550209' });
    expect429(refused, 'open_calls');
    expect(refused.headers['ratelimit-policy']).toBe('"open_calls";q=3');
    expect(refused.body.detail).toMatch(/3 open calls/);
    const counts = await app.db.pool.query(
      `select (select count(*) from calls where org_id = $1)::int as calls,
              (select count(*) from webhook_deliveries where org_id = $1)::int as events,
              (select count(*) from idempotency_keys where org_id = $1)::int as keys`,
      [org.orgId],
    );
    expect(counts.rows[0]).toEqual({ calls: 3, events: 3, keys: 0 });

    await app.http().post(`/v1/calls/${ids[0]}/cancel`).set(bearer(keys[1]!)).expect(200);
    const retried = await app.http().post('/v1/calls/outbound').set(bearer(keys[1]!)).set('Idempotency-Key', 'quota-1').send({ to: '+14155550209' });
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  test('concurrent placements cannot overshoot the quota', async () => {
    const org = await signupFrom(newIp());
    const keys = [org.apiKey, await newKey(org), await newKey(org)];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => app.http().post('/v1/calls/outbound').set(bearer(keys[i % 3]!)).send({ to: `+1415555030${i % 10}` })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 201)) expect429(r, 'open_calls');
    const { rows } = await app.db.pool.query('select count(*)::int as n from calls where org_id = $1', [org.orgId]);
    expect(rows[0].n).toBe(3);
  });
});
