import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import jwt from 'jsonwebtoken';
import { bearer, recordSecret, signup, uniqueEmail, type TestOrg } from '../helpers/factories';
import { Mailbox, verifyByMail } from '../helpers/mailbox';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Bad input, tried at scale: hundreds of generated requests (malformed, oversize, deeply nested,
 * invalid UTF-8, wrong media types, unknown fields, forged or broken credentials, odd ids and query
 * strings) against every endpoint. Every answer must be below 500, every REST error must be
 * problem+json with a matching status, and the process must still be healthy afterwards.
 */
// Four groups in parallel: 600 requests. A fixed amount of work, not a time budget: on a busy
// machine a time budget sends fewer requests, and a test must not prove less (or fail) by load.
// Its deadline is generous for the same reason (measured: ~10 requests/s at a load average of 20).
const RUNS_PER_GROUP = 150;
const FUZZ_DEADLINE_MS = 180_000;

let app: TestApp;
let box: Mailbox;
let owner: TestOrg;
let admin: TestOrg;
let ids: { call: string; delivery: string; key: string; user: string; org: string };
let tokens: string[];
let sent = 0;

beforeAll(async () => {
  const adminEmail = uniqueEmail('fuzz-admin');
  box = await Mailbox.start();
  app = await startTestApp({ SMTP_URL: box.url, PLATFORM_ADMIN_EMAILS: adminEmail });
  owner = await signup(app);
  admin = await signup(app, { email: adminEmail });
  await verifyByMail(app, box, admin);
  const call = await app.http().post('/v1/calls/outbound').set(bearer(owner.apiKey)).send({ to: '+14155550100' });
  const deliveries = await app.http().get('/dashboard/webhook-deliveries').set(bearer(owner.token));
  ids = { call: call.body.call_id, delivery: deliveries.body.data[0].id, key: owner.apiKeyId, user: owner.userId, org: owner.orgId };

  const secret = app.config.jwtSecret;
  const claims = { sub: owner.userId, org_id: owner.orgId, role: 'owner', type: 'dashboard' };
  const forged = [
    jwt.sign(claims, 'not-the-secret-but-long-enough-0123456789', { algorithm: 'HS256' }),
    jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: -10 }),
    jwt.sign({ ...claims, type: 'api' }, secret, { algorithm: 'HS256' }),
    jwt.sign({ ...claims, sub: '01a20000-0000-7000-8000-000000000000' }, secret, { algorithm: 'HS256' }),
    jwt.sign({ ...claims, org_id: admin.orgId }, secret, { algorithm: 'HS256' }),
    jwt.sign(claims, secret, { algorithm: 'HS512' }),
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
  ];
  recordSecret(...forged);
  tokens = [owner.token, owner.apiKey, admin.token, ...forged, 'sk_live_' + 'x'.repeat(43), 'sk_test_abc', 'eyJ.garbage.sig', 'a'.repeat(8000)];
}, 60_000);

afterAll(async () => {
  await app?.close();
  await box?.close();
});

// ---------------------------------------------------------------- the surface
type Auth = 'none' | 'jwt' | 'key' | 'admin';
interface Endpoint {
  method: 'get' | 'post' | 'patch';
  path: string; // ":id" is replaced by a generated segment
  auth: Auth;
  valid?: Record<string, unknown>;
}

const call = { to: '+14155550123', task: 'Ask about the order', questions: [{ key: 'ok', question: 'All good?', type: 'boolean' }], metadata: { a: 1 } };
const GROUPS: Record<string, Endpoint[]> = {
  auth: [
    { method: 'post', path: '/auth/signup', auth: 'none', valid: { email: 'fuzz@example.com', password: 'password-123', organization_name: 'Fuzz' } },
    { method: 'post', path: '/auth/login', auth: 'none', valid: { email: 'fuzz@example.com', password: 'password-123' } },
    { method: 'get', path: '/auth/me', auth: 'jwt' },
    { method: 'post', path: '/auth/verify-email', auth: 'none', valid: { token: 'x'.repeat(43) } },
    { method: 'post', path: '/auth/resend-verification', auth: 'jwt' },
    { method: 'post', path: '/auth/password-reset', auth: 'none', valid: { email: 'fuzz@example.com' } },
    { method: 'post', path: '/auth/password-reset/confirm', auth: 'none', valid: { token: 'x'.repeat(43), password: 'password-123' } },
    { method: 'post', path: '/auth/change-password', auth: 'jwt', valid: { current_password: 'not the password', new_password: 'password-123' } },
    { method: 'post', path: '/auth/accept-invitation', auth: 'none', valid: { token: 'x'.repeat(43), password: 'password-123' } },
    { method: 'get', path: '/health', auth: 'none' },
    { method: 'get', path: '/recordings/:id', auth: 'none' },
    { method: 'get', path: '/:id', auth: 'none' },
  ],
  dashboard: [
    { method: 'get', path: '/dashboard/api-keys', auth: 'jwt' },
    { method: 'post', path: '/dashboard/api-keys', auth: 'jwt', valid: { name: 'fuzz' } },
    { method: 'post', path: '/dashboard/api-keys/:id/revoke', auth: 'jwt' },
    { method: 'get', path: '/dashboard/webhook', auth: 'jwt' },
    { method: 'patch', path: '/dashboard/webhook', auth: 'jwt', valid: { webhook_url: 'https://hooks.example.com/x' } },
    { method: 'post', path: '/dashboard/webhook/rotate-secret', auth: 'jwt' },
    { method: 'get', path: '/dashboard/members', auth: 'jwt' },
    { method: 'post', path: '/dashboard/members', auth: 'jwt', valid: { email: 'm@example.com', password: 'password-123', role: 'member' } },
    { method: 'post', path: '/dashboard/members/:id/deactivate', auth: 'jwt' },
    { method: 'get', path: '/dashboard/webhook-deliveries', auth: 'jwt' },
    { method: 'get', path: '/dashboard/webhook-deliveries/:id', auth: 'jwt' },
    { method: 'post', path: '/dashboard/webhook-deliveries/:id/redeliver', auth: 'jwt' },
    { method: 'post', path: '/dashboard/webhook-deliveries/replay', auth: 'jwt', valid: { since: '2026-01-01T00:00:00Z', event: 'call.ended' } },
  ],
  v1: [
    { method: 'post', path: '/v1/calls/outbound', auth: 'key', valid: call },
    { method: 'get', path: '/v1/calls', auth: 'key' },
    { method: 'get', path: '/v1/calls/:id', auth: 'key' },
    { method: 'post', path: '/v1/calls/:id/cancel', auth: 'key' },
  ],
  adminAndGraphql: [
    { method: 'get', path: '/api/admin/organizations', auth: 'admin' },
    { method: 'get', path: '/api/admin/organizations/:id', auth: 'admin' },
    { method: 'post', path: '/api/admin/organizations/:id/activate', auth: 'admin' },
    { method: 'get', path: '/api/admin/users', auth: 'admin' },
    { method: 'post', path: '/api/admin/users/:id/activate', auth: 'admin' },
    { method: 'get', path: '/api/admin/calls', auth: 'admin' },
    { method: 'get', path: '/api/admin/webhook-deliveries', auth: 'admin' },
    { method: 'post', path: '/api/admin/api-keys/:id/revoke', auth: 'admin' },
    { method: 'get', path: '/api/admin/stats', auth: 'admin' },
    { method: 'get', path: '/api/admin/audit-log', auth: 'admin' },
    { method: 'post', path: '/graphql', auth: 'jwt', valid: { query: 'query($first: Int) { me { id } calls(first: $first) { nodes { id } } }', variables: { first: 5 } } },
    { method: 'get', path: '/graphql', auth: 'jwt' },
  ],
};

// ---------------------------------------------------------------- generators
const nested = (n: number, open: string, close: string, inner = '1') => open.repeat(n) + inner + close.repeat(n);

/** A body as bytes plus the media type it claims. */
interface Body {
  type?: string;
  bytes?: Buffer;
  label: string;
}

const json = (v: unknown) => Buffer.from(JSON.stringify(v) ?? 'null');

/** Counterexamples print as their label, not as kilobytes of bytes. */
const printable = (b: Body): Body => Object.assign(b, { [fc.toStringMethod]: () => `Body(${b.label}, ${b.type ?? 'no type'}, ${b.bytes?.length ?? 0} bytes)` });

function bodyArb(e: Endpoint): fc.Arbitrary<Body> {
  return rawBodyArb(e).map(printable);
}

function rawBodyArb(e: Endpoint): fc.Arbitrary<Body> {
  const valid = e.valid ?? {};
  const keys = Object.keys(valid);
  const jsonTypes = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/merge-patch+json', 'APPLICATION/JSON');
  const anyJson = fc.jsonValue({ maxDepth: 4 });
  return fc.oneof(
    // Well-formed JSON of any shape.
    fc.record({ type: jsonTypes, v: anyJson }).map(({ type, v }) => ({ type, bytes: json(v), label: 'json' })),
    // The valid body with one field replaced by anything.
    fc.record({ k: keys.length ? fc.constantFrom(...keys) : fc.string(), v: anyJson }).map(({ k, v }) => ({ type: 'application/json', bytes: json({ ...valid, [k]: v }), label: `mutated ${k}` })),
    // Unknown fields (including prototype-looking ones) beside a valid body.
    fc
      .dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype', 'org_id', 'id', 'role')), anyJson, { maxKeys: 5 })
      .map((extra) => ({ type: 'application/json', bytes: Buffer.from(`{${[...Object.entries(extra), ...Object.entries(valid)].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`), label: 'unknown fields' })),
    // Malformed JSON.
    fc.string({ maxLength: 200 }).map((s) => ({ type: 'application/json', bytes: Buffer.from(s), label: 'malformed' })),
    fc.constantFrom('{', '{"a":}', '[1,2,', '{"to": "+1415" ', '\uFEFF{}', '{"a":1,}', '{/*c*/}', 'NaN', 'nul', '"unterminated', '{"a":1}{"b":2}', '{"a":"\\ud800"}', '{"a":"\\u0000"}').map((s) => ({ type: 'application/json', bytes: Buffer.from(s), label: 'malformed-fixed' })),
    // Top-level scalars and arrays.
    fc.constantFrom('null', 'true', '1', '"s"', '[]', '[{}]', '{}').map((s) => ({ type: 'application/json', bytes: Buffer.from(s), label: 'scalar' })),
    // Invalid UTF-8 inside otherwise plausible JSON.
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => ({
      type: 'application/json',
      bytes: Buffer.concat([Buffer.from(`{"${keys[0] ?? 'x'}":"`), Buffer.from(b.map((x) => x | 0x80)), Buffer.from('"}')]),
      label: 'invalid utf-8',
    })),
    // Deep nesting, huge arrays, oversize.
    fc.integer({ min: 100, max: 25_000 }).map((n) => ({
      type: 'application/json',
      bytes: Buffer.from(`${JSON.stringify(valid).slice(0, -1)}${keys.length ? ',' : ''}"deep":${nested(n, '[', ']')}}`),
      label: `valid + deep unknown field ${n}`,
    })),
    fc.integer({ min: 50, max: 30_000 }).map((n) => ({ type: 'application/json', bytes: Buffer.from(nested(n, '[', ']')), label: `nested arrays ${n}` })),
    fc.integer({ min: 50, max: 6_000 }).map((n) => ({ type: 'application/json', bytes: Buffer.from(`{"to":"+14155550100","metadata":${nested(n, '{"a":', '}')}, "x": ${nested(n, '[', ']')}}`), label: `nested objects ${n}` })),
    fc.integer({ min: 1000, max: 30_000 }).map((n) => ({ type: 'application/json', bytes: Buffer.from(JSON.stringify({ ...valid, [keys[0] ?? 'x']: Array(n).fill(0) })), label: `huge array ${n}` })),
    fc.integer({ min: 64 * 1024 + 1, max: 300 * 1024 }).map((n) => ({ type: 'application/json', bytes: Buffer.from(JSON.stringify({ ...valid, pad: 'x'.repeat(n) })), label: `oversize ${n}` })),
    // Wrong or missing media types.
    fc.record({ type: fc.constantFrom(undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/octet-stream', ';;;', 'application/json; charset="'), v: anyJson }).map(({ type, v }) => ({ type, bytes: json({ ...valid, v }), label: `type ${type}` })),
    // No body at all.
    fc.constant({ label: 'empty' }),
  );
}

const segmentArb = fc.oneof(
  fc.constantFrom('call', 'delivery', 'key', 'user', 'org'),
  fc.uuid().map((u) => `=${u}`),
  fc.string({ maxLength: 80 }).map((s) => `=${s}`),
  fc.constantFrom('=..', '=%00', '=%', '=%ZZ', '=a%2Fb', '=' + 'a'.repeat(3000), '=\u00e9\u4e2d', '=.'),
);

const queryArb = fc.dictionary(
  fc.oneof(fc.constantFrom('limit', 'cursor', 'status', 'q', 'org_id', 'delivered', 'event', 'call_id', 'active', 'target_id', 'query', 'variables', 'exp', 'sig'), fc.string({ maxLength: 10 })),
  fc.oneof(fc.string({ maxLength: 50 }), fc.integer().map(String), fc.constantFrom('0', '-1', '101', '1e3', 'true', 'null', '[]', 'djE6bm90LWEtdXVpZA', '%', '{ me { id } }')),
  { maxKeys: 4 },
);

const authArb = (e: Endpoint) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant<string | undefined>(e.auth === 'none' ? undefined : e.auth) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 100 }).map((i) => `token:${i}`) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer  x', 'Bearer a b', 'Token abc') },
    { weight: 1, arbitrary: fc.string({ maxLength: 100 }).map((s) => `raw:${s}`) },
  );

function authorization(choice: string | undefined, who: TestOrg = owner): string | undefined {
  if (choice === undefined) return undefined;
  if (choice === 'jwt') return `Bearer ${who.token}`;
  if (choice === 'key') return `Bearer ${who.apiKey}`;
  if (choice === 'admin') return `Bearer ${admin.token}`;
  if (choice.startsWith('token:')) return `Bearer ${tokens[Number(choice.slice(6)) % tokens.length]}`;
  if (choice.startsWith('raw:')) return `Bearer ${choice.slice(4)}`;
  return choice;
}

function requestArb(endpoints: Endpoint[]) {
  return fc.constantFrom(...endpoints).chain((e) =>
    fc.record({
      e: fc.constant(e),
      method: fc.oneof({ weight: 8, arbitrary: fc.constant(e.method) }, { weight: 1, arbitrary: fc.constantFrom('get', 'post', 'patch', 'put', 'delete') }),
      segment: segmentArb,
      query: queryArb,
      auth: authArb(e),
      body: bodyArb(e),
      idempotencyKey: fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
      requestId: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
    }),
  );
}

// ---------------------------------------------------------------- sending and judging
const headerSafe = (s: string) => s.replace(/[^\x20-\x7e]/g, '?');

function pathFor(e: Endpoint, segment: string): string {
  const id = segment.startsWith('=') ? segment.slice(1) : ids[segment as keyof typeof ids];
  let encoded: string;
  try {
    encoded = /^[%.a-zA-Z0-9_-]*$/.test(id) ? id : encodeURIComponent(id);
  } catch {
    encoded = 'x';
  }
  return e.path.replace(':id', encoded || 'x');
}

/** Any secret a response hands out is recorded for the log scan (zz-secrets-in-logs). */
function recordResponseSecrets(value: unknown): void {
  if (!value || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' && /secret|token/i.test(k)) recordSecret(v);
    else recordResponseSecrets(v);
  }
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * Bytes exactly as given (supertest would JSON-encode a Buffer sent with a JSON media type), over
 * a fresh loopback connection, with a hard deadline so a hanging socket fails the test.
 */
function rawRequest(method: string, path: string, headers: Record<string, string>, bytes?: Buffer): Promise<Answer> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: method.toUpperCase(), path, headers: { ...headers, ...(bytes ? { 'Content-Length': String(bytes.length) } : {}), Connection: 'close' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Answer['body'] = {};
          try {
            body = text ? JSON.parse(text) : {};
          } catch {
            /* not JSON: judged by the caller */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer within 15 s: ${method} ${path}`)));
    req.on('error', (err: NodeJS.ErrnoException) => {
      // The server may answer 413 and close before reading an oversize body: that is an answer.
      if (err.code === 'EPIPE' || err.code === 'ECONNRESET') return;
      reject(err);
    });
    req.end(bytes);
  });
}

function judge(res: Answer, what: string): void {
  sent++;
  if (res.status >= 500) throw new Error(`${what} -> ${res.status} ${res.text.slice(0, 300)}`);
  recordResponseSecrets(res.body);
  const type = String(res.headers['content-type'] ?? '');
  if (res.status >= 400 && !what.includes(' /graphql')) {
    if (!type.startsWith('application/problem+json')) throw new Error(`${what} -> ${res.status} with ${type}: ${res.text.slice(0, 200)}`);
    const p = JSON.parse(res.text) as Record<string, unknown>;
    if (p.status !== res.status || typeof p.code !== 'string' || typeof p.title !== 'string' || p.type !== 'about:blank') {
      throw new Error(`${what} -> ${res.status}: not a problem document: ${res.text.slice(0, 200)}`);
    }
  }
  if (what.includes(' /graphql') && res.status >= 400 && !/json/.test(type)) throw new Error(`${what} -> ${res.status} with ${type}`);
}

type Generated = { e: Endpoint; method: string; segment: string; query: Record<string, string>; auth?: string; body: Body; idempotencyKey?: string; requestId?: string };

async function fire(g: Generated): Promise<void> {
  const qs = new URLSearchParams(g.query).toString();
  const path = pathFor(g.e, g.segment) + (qs ? `?${qs}` : '');
  const headers: Record<string, string> = {};
  const auth = authorization(g.auth);
  if (auth !== undefined) headers.Authorization = headerSafe(auth);
  if (g.idempotencyKey !== undefined) headers['Idempotency-Key'] = headerSafe(g.idempotencyKey);
  if (g.requestId !== undefined) headers['X-Request-Id'] = headerSafe(g.requestId);
  if (path.startsWith('/graphql') && g.method === 'get') headers['apollo-require-preflight'] = 'true';
  if (g.body.type !== undefined) headers['Content-Type'] = g.body.type;
  const res = await rawRequest(g.method, path, headers, g.method === 'get' ? undefined : g.body.bytes);
  judge(res, `${g.method.toUpperCase()} ${path.slice(0, 120)} [${g.body.label}]`);
}

test('hundreds of generated bad requests: never a 5xx, always problem+json, still healthy', async () => {
  await Promise.all(
    Object.values(GROUPS).map((endpoints) =>
      fc.assert(
        fc.asyncProperty(requestArb(endpoints), async (g) => fire(g as Generated)),
        { numRuns: RUNS_PER_GROUP, endOnFailure: true },
      ),
    ),
  );
  expect(sent).toBe(RUNS_PER_GROUP * 4);
  const health = await app.http().get('/health');
  expect(health.status).toBe(200);
  // The organization still works (the run may legitimately have revoked its first key).
  await app.http().get('/auth/me').set(bearer(owner.token)).expect(200);
  const key = await app.http().post('/dashboard/api-keys').set(bearer(owner.token)).send({ name: 'after-fuzz' });
  recordSecret(key.body.secret);
  await app.http().get('/v1/calls').set(bearer(key.body.secret)).expect(200);
}, FUZZ_DEADLINE_MS);

describe('the classic bad bodies, on every endpoint that takes one', () => {
  const withBodies = Object.values(GROUPS)
    .flat()
    .filter((e) => e.method !== 'get');
  // A fresh organization: the property run above may have revoked the first one's key.
  let fresh: TestOrg;
  beforeAll(async () => {
    fresh = await signup(app);
  });
  const headers = (e: Endpoint, type: string): Record<string, string> => {
    const a = authorization(e.auth === 'none' ? undefined : e.auth, fresh);
    return { 'Content-Type': type, ...(a ? { Authorization: a } : {}) };
  };

  test('oversize (over 64 KiB) is 413 payload_too_large', async () => {
    for (const e of withBodies) {
      const path = pathFor(e, 'call');
      const res = await rawRequest(e.method, path, headers(e, 'application/json'), Buffer.from(JSON.stringify({ ...e.valid, pad: 'x'.repeat(65 * 1024) })));
      judge(res, `${e.method} ${path}`);
      expect([path, res.status, res.body.code ?? res.body.errors?.[0]?.extensions?.reason]).toEqual([path, 413, 'payload_too_large']);
    }
  });

  test('malformed JSON is 400, a non-JSON media type 415, deep nesting never a 5xx', async () => {
    for (const e of withBodies) {
      const path = pathFor(e, 'call');
      const m = await rawRequest(e.method, path, headers(e, 'application/json'), Buffer.from('{"to": '));
      judge(m, `${e.method} ${path} malformed`);
      expect([path, m.status, m.body.code]).toEqual([path, 400, 'bad_request']);
      const w = await rawRequest(e.method, path, headers(e, 'text/plain'), Buffer.from(JSON.stringify(e.valid ?? {})));
      judge(w, `${e.method} ${path} text/plain`);
      expect([path, w.status, w.body.code]).toEqual([path, 415, 'unsupported_media_type']);
      const d = await rawRequest(e.method, path, headers(e, 'application/json'), Buffer.from(`{"x":${nested(20_000, '[', ']')}, "metadata": ${nested(5_000, '{"a":', '}')}}`));
      judge(d, `${e.method} ${path} deep`);
      const u = await rawRequest(e.method, path, headers(e, 'application/json'), Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]));
      judge(u, `${e.method} ${path} invalid utf-8`);
    }
  });

  test('a valid call carrying a deeply nested unknown field is not a 5xx', async () => {
    for (const n of [1_000, 10_000, 30_000]) {
      const body = Buffer.from(`{"to":"+14155550100","x":${nested(n, '[', ']')}}`);
      const res = await rawRequest('post', '/v1/calls/outbound', { 'Content-Type': 'application/json', Authorization: `Bearer ${fresh.apiKey}` }, body);
      judge(res, `POST /v1/calls/outbound nested unknown ${n}`);
      const idem = await rawRequest('post', '/v1/calls/outbound', { 'Content-Type': 'application/json', Authorization: `Bearer ${fresh.apiKey}`, 'Idempotency-Key': `deep-${n}` }, body);
      judge(idem, `POST /v1/calls/outbound nested unknown ${n} with Idempotency-Key`);
    }
  });

  test('unknown fields are refused, consistently (422 unknown_field): nothing is created, stored or polluted', async () => {
    const extra = { is_admin: true, role: 'platform_admin', org_id: admin.orgId, id: '01a20000-0000-7000-8000-000000000000' };
    const email = uniqueEmail('extra');
    const raw = `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${JSON.stringify({ email, password: 'password-123', ...extra }).slice(1)}`;
    const s = await rawRequest('post', '/auth/signup', { 'Content-Type': 'application/json' }, Buffer.from(raw));
    expect([s.status, s.body.code]).toEqual([422, 'unknown_field']);
    expect(s.body.errors.map((e: { field: string }) => e.field)).toEqual(['__proto__', 'constructor', 'is_admin', 'role', 'org_id', 'id']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await app.db.pool.query('select count(*)::int as n from users where email = $1', [email])).rows[0].n).toBe(0);

    const c = await app.http().post('/v1/calls/outbound').set(bearer(fresh.apiKey)).send({ ...call, ...extra, status: 'completed', call_id: 'x' });
    expect([c.status, c.body.code]).toEqual([422, 'unknown_field']);
    expect(c.body.detail).toBe('Unknown field is_admin (and 5 more).');
    const w = await app.http().patch('/dashboard/webhook').set(bearer(fresh.token)).send({ webhook_url: null, secret: 'whsec_x', ...extra });
    expect([w.status, w.body.code, w.body.errors[0]]).toEqual([422, 'unknown_field', { field: 'secret', message: 'is not a known field' }]);
    const k = await app.http().post('/dashboard/api-keys').set(bearer(fresh.token)).send({ name: 'extra', hash: 'x', org_id: admin.orgId });
    expect([k.status, k.body.code]).toEqual([422, 'unknown_field']);
    const { rows } = await app.db.pool.query("select count(*)::int as n from api_keys where org_id = any($1) and name = 'extra'", [[admin.orgId, fresh.orgId]]);
    expect(rows[0].n).toBe(0);
  });
});
