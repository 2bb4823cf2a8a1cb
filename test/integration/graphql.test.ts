import { bearer, recordSecret, signup, uniqueEmail } from '../helpers/factories';
import { gql, rawGql } from '../helpers/graphql';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  AddMemberDocument,
  ApiKeysDocument,
  CreateApiKeyDocument,
  DeactivateMemberDocument,
  LoginDocument,
  MeDocument,
  MembersDocument,
  OrganizationDocument,
  RevokeApiKeyDocument,
  RotateWebhookSecretDocument,
  SignupDocument,
  UpdateWebhookDocument,
  WebhookDocument,
} from '../graphql/generated';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test('signup, login and me through the generated typed documents', async () => {
  const email = uniqueEmail('gql');
  const s = await gql(app, SignupDocument, { input: { email, password: 'graphql password', organizationName: 'GQL Org' } });
  expect(s.errors).toBeUndefined();
  const out = s.data!.signup;
  recordSecret(out.accessToken, out.apiKey.secret, out.webhookSecret);
  expect(out).toMatchObject({ tokenType: 'bearer', expiresIn: 259200, user: { email, role: 'OWNER' }, organization: { name: 'GQL Org' }, apiKey: { name: 'default', status: 'ACTIVE' } });
  expect(out.apiKey.secret).toMatch(/^sk_live_/);
  expect(out.webhookSecret).toMatch(/^whsec_/);
  expect(out.user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);

  const l = await gql(app, LoginDocument, { email: email.toUpperCase(), password: 'graphql password' });
  recordSecret(l.data?.login.accessToken);
  expect(l.data?.login).toMatchObject({ tokenType: 'bearer', expiresIn: 259200 });
  const me = await gql(app, MeDocument, {}, l.data!.login.accessToken);
  expect(me.data?.me).toMatchObject({ id: out.user.id, orgId: out.organization.id, organization: { id: out.organization.id, name: 'GQL Org' } });
  const org = await gql(app, OrganizationDocument, {}, l.data!.login.accessToken);
  expect(org.data?.organization.id).toBe(out.organization.id);
  // An organization's data is never stored by a browser or a proxy, answered or refused.
  const answered = await app.http().get('/graphql').query({ query: '{ organization { id } }' }).set('apollo-require-preflight', 'true').set('Authorization', `Bearer ${l.data!.login.accessToken}`);
  expect(answered.body.data.organization.id).toBe(out.organization.id);
  expect(answered.headers['cache-control']).toBe('no-store');
  const refused = await app.http().get('/graphql').query({ query: '{ organization { id } }' }).set('apollo-require-preflight', 'true');
  expect(refused.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  expect(refused.headers['cache-control']).toBe('no-store');
});

test('errors carry extensions.code and the REST code as extensions.reason', async () => {
  const bad = await gql(app, LoginDocument, { email: 'nobody@example.com', password: 'whatever1' });
  expect(bad.data).toBeNull();
  expect(bad.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'invalid_credentials' });
  const anon = await gql(app, ApiKeysDocument, {});
  expect(anon.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'missing_credentials' });
  const invalid = await gql(app, SignupDocument, { input: { email: 'x', password: 'y' } });
  expect(invalid.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  expect(invalid.errors?.[0]?.extensions?.reason).toBe('validation_error');
  expect(invalid.errors?.[0]?.extensions?.errors?.map((e) => e.field).sort()).toEqual(['email', 'password']);
  const expired = await gql(app, MeDocument, {}, 'eyJhbGciOiJIUzI1NiJ9.eyJ0eXBlIjoiZGFzaGJvYXJkIn0.x');
  expect(expired.status).toBe(401);
  expect(expired.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'invalid_token' });
  expect(JSON.stringify([bad, anon, invalid, expired])).not.toMatch(/stacktrace|\.ts:\d+/);
});

test('API keys: list, create (secret once), revoke; members are forbidden to change them', async () => {
  const org = await signup(app);
  const created = await gql(app, CreateApiKeyDocument, { name: 'gql key' }, org.token);
  recordSecret(created.data?.createApiKey.secret);
  expect(created.data?.createApiKey).toMatchObject({ name: 'gql key', status: 'ACTIVE', secret: expect.stringMatching(/^sk_live_/) });
  const list = await gql(app, ApiKeysDocument, {}, org.token);
  expect(list.data?.apiKeys.map((k) => k.name)).toEqual(['gql key', 'default']);
  const revoked = await gql(app, RevokeApiKeyDocument, { id: created.data!.createApiKey.id }, org.token);
  expect(revoked.data?.revokeApiKey).toMatchObject({ status: 'REVOKED', revokedAt: expect.any(String) });
  const denied = await app.http().get('/v1/calls').set(bearer(created.data!.createApiKey.secret));
  expect(denied.body.code).toBe('invalid_api_key');

  const m = await gql(app, AddMemberDocument, { input: { email: uniqueEmail('m'), password: 'member password' } }, org.token);
  expect(m.data?.addMember).toMatchObject({ role: 'MEMBER', orgId: org.orgId });
  const mLogin = await gql(app, LoginDocument, { email: m.data!.addMember.email, password: 'member password' });
  recordSecret(mLogin.data?.login.accessToken);
  const forbidden = await gql(app, CreateApiKeyDocument, { name: 'nope' }, mLogin.data!.login.accessToken);
  expect(forbidden.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN', reason: 'insufficient_role' });
  const members = await gql(app, MembersDocument, { first: 10 }, mLogin.data!.login.accessToken);
  expect(members.data?.members.nodes).toHaveLength(2);
  const deactivated = await gql(app, DeactivateMemberDocument, { id: m.data!.addMember.id }, org.token);
  expect(deactivated.data?.deactivateMember.active).toBe(false);
  const locked = await gql(app, MeDocument, {}, mLogin.data!.login.accessToken);
  expect(locked.status).toBe(403);
  expect(locked.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN', reason: 'inactive_user' });
});

test('tenant isolation on GraphQL: organization B can neither see nor revoke A\'s keys', async () => {
  const a = await signup(app);
  const b = await signup(app);
  const listB = await gql(app, ApiKeysDocument, {}, b.token);
  expect(listB.data?.apiKeys.map((k) => k.id)).toEqual([b.apiKeyId]);
  const revoke = await gql(app, RevokeApiKeyDocument, { id: a.apiKeyId }, b.token);
  expect(revoke.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND', reason: 'not_found' });
  await app.http().get('/v1/calls').set(bearer(a.apiKey)).expect(200);
});

test('REST and GraphQL return the same data for the same operation', async () => {
  const org = await signup(app);
  const created = await app.http().post('/dashboard/api-keys').set(bearer(org.token)).send({ name: 'parity' });
  recordSecret(created.body.secret);
  const rest = await app.http().get('/dashboard/api-keys').set(bearer(org.token));
  const g = await gql(app, ApiKeysDocument, {}, org.token);
  expect(g.data?.apiKeys.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, status: k.status.toLowerCase(), created_at: k.createdAt, last_used_at: k.lastUsedAt, revoked_at: k.revokedAt }))).toEqual(rest.body);

  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: 'https://example.com/a' }).expect(200);
  const wg = await gql(app, WebhookDocument, {}, org.token);
  const wr = await app.http().get('/dashboard/webhook').set(bearer(org.token));
  const h = wg.data!.webhook.health;
  expect({
    webhook_url: wg.data?.webhook.webhookUrl,
    secret_last4: wg.data?.webhook.secretLast4,
    health: {
      enabled: h.enabled,
      disabled_at: h.disabledAt ?? null,
      disabled_reason: h.disabledReason ?? null,
      failing_since: h.failingSince ?? null,
      attempts_24h: h.attempts24h,
      success_rate_24h: h.successRate24h ?? null,
      average_latency_ms_24h: h.averageLatencyMs24h ?? null,
      p95_latency_ms_24h: h.p95LatencyMs24h ?? null,
      last_failure_at: h.lastFailureAt ?? null,
      last_failure_error: h.lastFailureError ?? null,
      last_success_at: h.lastSuccessAt ?? null,
    },
  }).toEqual(wr.body);

  const upd = await gql(app, UpdateWebhookDocument, { webhookUrl: 'ftp://nope' }, org.token);
  expect(upd.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_error' });
  const rot = await gql(app, RotateWebhookSecretDocument, {}, org.token);
  recordSecret(rot.data?.rotateWebhookSecret.webhookSecret);
  expect((await app.http().get('/dashboard/webhook').set(bearer(org.token))).body.secret_last4).toBe(rot.data!.rotateWebhookSecret.webhookSecret.slice(-4));
});

test('query depth, cost and aliases are bounded before anything runs', async () => {
  const org = await signup(app);
  const ok = await rawGql(app, '{ calls(first: 5) { edges { node { id } } } }', {}, org.token);
  expect(ok.errors).toBeUndefined();
  // Our schema has no cycles, so a tighter limit shows the depth rule at work.
  const shallow = await startTestApp({ GRAPHQL_MAX_DEPTH: '3' });
  try {
    const org2 = await signup(shallow);
    const depthRes = await rawGql(shallow, '{ calls(first: 5) { edges { node { id } } } }', {}, org2.token);
    expect(depthRes.errors?.[0]?.message).toMatch(/depth/i);
    expect(depthRes.data).toBeUndefined();
    expect((await rawGql(shallow, '{ me { organization { id } } }', {}, org2.token)).errors).toBeUndefined();
  } finally {
    await shallow.close();
  }
  const aliases = `{ ${Array.from({ length: 20 }, (_, i) => `k${i}: apiKeys { id }`).join(' ')} }`;
  const aliasRes = await rawGql(app, aliases, {}, org.token);
  expect(aliasRes.errors?.[0]?.message).toMatch(/alias/i);
  expect(aliasRes.data).toBeUndefined();
  const costly = `{ ${Array.from({ length: 14 }, (_, i) => `c${i}: calls(first: 100) { nodes { id to status metadata structuredAnswers transcript } edges { cursor node { id to status metadata } } }`).join(' ')} }`;
  const costRes = await rawGql(app, costly, {}, org.token);
  expect(costRes.errors?.[0]?.message).toMatch(/cost/i);
  expect(costRes.data).toBeUndefined();
});

test('Apollo Sandbox is the landing page outside production; CSRF prevention is on', async () => {
  const page = await app.http().get('/graphql').set('Accept', 'text/html');
  expect(page.status).toBe(200);
  expect(page.text).toMatch(/sandbox/i);
  const csrf = await app.http().get('/graphql?query=%7B__typename%7D');
  expect(csrf.status).toBe(400);
  const simple = await app.http().post('/graphql').set('Content-Type', 'text/plain').send('{"query":"{__typename}"}');
  expect(simple.status).toBeGreaterThanOrEqual(400);
  expect(simple.status).toBeLessThan(500);
});
