import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  AdminAuditLogDocument,
  AdminCallsDocument,
  AdminOrganizationDocument,
  AdminOrganizationsDocument,
  AdminRevokeApiKeyDocument,
  AdminSetOrganizationActiveDocument,
  AdminSetUserActiveDocument,
  AdminStatsDocument,
  AdminUsersDocument,
  AdminWebhookDeliveriesDocument,
} from '../graphql/generated';
import { bearer, eventually, recordSecret, signup, uniqueEmail, type TestOrg } from '../helpers/factories';
import { gql } from '../helpers/graphql';
import { Mailbox, verifyByMail } from '../helpers/mailbox';
import { startTestApp, type TestApp } from '../helpers/test-app';

const run = promisify(execFile);

let app: TestApp;
let box: Mailbox;
/** Admin by role, made with the real `npm run admin:promote` command. */
let roleAdmin: TestOrg;
/** Admin by PLATFORM_ADMIN_EMAILS (listed in upper case: the match is case-insensitive). */
let envAdmin: TestOrg;
const envAdminEmail = uniqueEmail('ops');

const ADMIN_GETS = [
  '/api/admin/organizations',
  '/api/admin/users',
  '/api/admin/calls',
  '/api/admin/webhook-deliveries',
  '/api/admin/stats',
  '/api/admin/audit-log',
];

beforeAll(async () => {
  box = await Mailbox.start();
  app = await startTestApp({ SMTP_URL: box.url, PLATFORM_ADMIN_EMAILS: ` nobody@example.com , ${envAdminEmail.toUpperCase()} ` });
  roleAdmin = await signup(app, { organizationName: 'Admin home' });
  // admin:promote promotes verified accounts only (docs/accounts.md).
  await verifyByMail(app, box, roleAdmin);
  const { stdout } = await run(process.execPath, ['-r', '@swc-node/register', path.resolve(__dirname, '../../scripts/promote-admin.ts'), roleAdmin.email.toUpperCase()], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, DATABASE_URL: app.db.url, DATA_DIR: app.config.dataDir, NODE_ENV: 'test', JWT_SECRET: app.config.jwtSecret, SECRETS_ENCRYPTION_KEY: app.config.secretsEncryptionKey.toString('base64') },
  });
  expect(stdout).toContain(`Promoted ${roleAdmin.email} `);
  envAdmin = await signup(app, { email: envAdminEmail });
  // A listed address grants admin rights once its holder verified it.
  await verifyByMail(app, box, envAdmin);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await box?.close();
});

async function admin(method: 'get' | 'post', url: string, token = roleAdmin.token) {
  return app.http()[method](url).set(bearer(token));
}

describe('who may call /api/admin/*', () => {
  test('no token 401, an organization owner 403, an API key 401; both kinds of admin 200', async () => {
    const owner = await signup(app);
    for (const url of ADMIN_GETS) {
      const none = await app.http().get(url);
      expect([url, none.status, none.body.code]).toEqual([url, 401, 'missing_credentials']);
      const asOwner = await admin('get', url, owner.token);
      expect([url, asOwner.status, asOwner.body.code]).toEqual([url, 403, 'insufficient_role']);
      expect(asOwner.headers['content-type']).toContain('application/problem+json');
      const asKey = await admin('get', url, owner.apiKey);
      expect([url, asKey.status, asKey.body.code]).toEqual([url, 401, 'invalid_token']);
      expect([url, (await admin('get', url, roleAdmin.token)).status]).toEqual([url, 200]);
      expect([url, (await admin('get', url, envAdmin.token)).status]).toEqual([url, 200]);
    }
    for (const url of [`/api/admin/organizations/${owner.orgId}/deactivate`, `/api/admin/users/${owner.userId}/deactivate`, `/api/admin/api-keys/${owner.apiKeyId}/revoke`]) {
      const res = await admin('post', url, owner.token);
      expect([url, res.status, res.body.code]).toEqual([url, 403, 'insufficient_role']);
    }
    // Nothing changed.
    await app.http().get('/v1/calls').set(bearer(owner.apiKey)).expect(200);
  });

  test('GraphQL admin fields: FORBIDDEN for an owner, data for an admin', async () => {
    const owner = await signup(app);
    const denied = await gql(app, AdminStatsDocument, {}, owner.token);
    expect(denied.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'insufficient_role' });
    const denied2 = await gql(app, AdminSetOrganizationActiveDocument, { id: owner.orgId, active: false }, owner.token);
    expect(denied2.errors?.[0]?.extensions?.reason).toBe('insufficient_role');
    const anonymous = await gql(app, AdminOrganizationsDocument, {});
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const ok = await gql(app, AdminStatsDocument, {}, envAdmin.token);
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.adminStats.organizations.total).toBeGreaterThanOrEqual(3);
  });

  test('the role is read from the database on each request: a demoted admin is refused at once', async () => {
    const temp = await signup(app);
    await app.db.pool.query(`update users set role = 'platform_admin' where id = $1`, [temp.userId]);
    expect((await admin('get', '/api/admin/stats', temp.token)).status).toBe(200);
    await app.db.pool.query(`update users set role = 'owner' where id = $1`, [temp.userId]);
    expect((await admin('get', '/api/admin/stats', temp.token)).status).toBe(403);
  });
});

describe('organizations', () => {
  test('search by name or member e-mail, counts, cursor pages, detail, 404', async () => {
    const tag = `Acme-${Date.now().toString(36)}`;
    const a = await signup(app, { organizationName: `${tag} one` });
    const b = await signup(app, { organizationName: `${tag} two` });
    await app.http().post('/v1/calls/outbound').set(bearer(a.apiKey)).send({ to: '+14155550100' }).expect(201);
    const extraKey = await app.http().post('/dashboard/api-keys').set(bearer(a.token)).send({ name: 'second' });
    recordSecret(extraKey.body.secret);
    await app.http().post(`/dashboard/api-keys/${extraKey.body.id}/revoke`).set(bearer(a.token)).expect(200);

    const first = await admin('get', `/api/admin/organizations?q=${encodeURIComponent(tag.toLowerCase())}&limit=1`);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0].id).toBe(b.orgId); // newest first
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await admin('get', `/api/admin/organizations?q=${encodeURIComponent(tag)}&limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((o: { id: string }) => o.id)).toEqual([a.orgId]);
    expect(second.body.next_cursor).toBeNull();
    expect(second.body.data[0]).toEqual({
      id: a.orgId,
      name: `${tag} one`,
      active: true,
      webhook_url: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/),
      updated_at: expect.any(String),
      user_count: 1,
      api_key_count: 2,
      active_api_key_count: 1,
      call_count: 1,
      open_call_count: 1,
    });

    const byEmail = await admin('get', `/api/admin/organizations?q=${encodeURIComponent(b.email.toUpperCase())}`);
    expect(byEmail.body.data.map((o: { id: string }) => o.id)).toEqual([b.orgId]);
    const byId = await admin('get', `/api/admin/organizations?q=${a.orgId}`);
    expect(byId.body.data.map((o: { id: string }) => o.id)).toEqual([a.orgId]);
    // LIKE wildcards are literal.
    expect((await admin('get', '/api/admin/organizations?q=%25')).body.data).toEqual([]);

    const detail = await admin('get', `/api/admin/organizations/${a.orgId}`);
    expect(detail.body).toEqual(second.body.data[0]);
    for (const id of ['01a20000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const missing = await admin('get', `/api/admin/organizations/${id}`);
      expect([missing.status, missing.body.code]).toEqual([404, 'not_found']);
    }
    const bad = await admin('get', '/api/admin/organizations?limit=0');
    expect([bad.status, bad.body.code, bad.body.errors[0].field]).toEqual([422, 'validation_error', 'limit']);

    const g = await gql(app, AdminOrganizationsDocument, { q: tag, first: 5 }, roleAdmin.token);
    expect(g.data?.adminOrganizations.nodes.map((o) => [o.id, o.callCount, o.activeApiKeyCount])).toEqual([
      [b.orgId, 0, 1],
      [a.orgId, 1, 1],
    ]);
    const one = await gql(app, AdminOrganizationDocument, { id: a.orgId }, roleAdmin.token);
    expect(one.data?.adminOrganization).toMatchObject({ id: a.orgId, userCount: 1, apiKeyCount: 2 });
  });

  test('deactivation locks out tokens, keys (in every process) and logins at once; activation restores them', async () => {
    const org = await signup(app);
    // A second API process on the same database, with the key warm in its cache.
    const other = await startTestApp({}, { databaseUrl: app.db.url });
    // The other process hears of changes through NOTIFY, a moment after they commit: wait for that
    // notification (its cache hears it first), never for time.
    let heard = 0;
    other.services.notifier.on('voicegate_auth', () => heard++);
    const reachedOther = (since: number, what: string) => eventually(async () => heard > since, { what: `the ${what} to reach the other process` });
    let requestId: string | undefined;
    try {
      for (const a of [app, other]) {
        await a.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);
        await a.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);
      }
      const beforeOff = heard;
      const off = await admin('post', `/api/admin/organizations/${org.orgId}/deactivate`);
      expect(off.status).toBe(200);
      await reachedOther(beforeOff, 'deactivation');
      expect(off.body).toMatchObject({ id: org.orgId, active: false });
      requestId = off.headers['x-request-id'];

      for (const a of [app, other]) {
        const key = await a.http().get('/v1/calls').set(bearer(org.apiKey));
        expect([key.status, key.body.code]).toEqual([403, 'inactive_organization']);
      }
      const me = await app.http().get('/auth/me').set(bearer(org.token));
      expect([me.status, me.body.code]).toEqual([403, 'inactive_organization']);
      const login = await app.http().post('/auth/login').send({ email: org.email, password: org.password });
      expect([login.status, login.body.code]).toEqual([403, 'inactive_organization']);

      const beforeOn = heard;
      const on = await admin('post', `/api/admin/organizations/${org.orgId}/activate`);
      expect(on.body).toMatchObject({ id: org.orgId, active: true });
      await reachedOther(beforeOn, 'activation');
      for (const a of [app, other]) await a.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);
      await app.http().get('/auth/me').set(bearer(org.token)).expect(200);
      const again = await app.http().post('/auth/login').send({ email: org.email, password: org.password });
      expect(again.status).toBe(200);
      recordSecret(again.body.access_token);
    } finally {
      await other.close();
    }

    const audit = await admin('get', `/api/admin/audit-log?target_id=${org.orgId}`);
    expect(audit.body.data.map((e: { action: string }) => e.action)).toEqual(['organization.activate', 'organization.deactivate']);
    expect(audit.body.data[1]).toEqual({
      id: expect.any(String),
      actor_user_id: roleAdmin.userId,
      actor_email: roleAdmin.email,
      action: 'organization.deactivate',
      target_type: 'organization',
      target_id: org.orgId,
      org_id: org.orgId,
      before: { active: true },
      after: { active: false },
      request_id: requestId,
      ip: expect.any(String),
      created_at: expect.stringMatching(/\+00:00$/),
    });
  });

  test('an admin cannot deactivate their own organization', async () => {
    const res = await admin('post', `/api/admin/organizations/${roleAdmin.orgId}/deactivate`);
    expect([res.status, res.body.code]).toEqual([409, 'invalid_state']);
    const g = await gql(app, AdminSetOrganizationActiveDocument, { id: roleAdmin.orgId, active: false }, roleAdmin.token);
    expect(g.errors?.[0]?.extensions?.reason).toBe('invalid_state');
  });
});

describe('users', () => {
  test('search, deactivate (token and login refused at once), activate, not oneself', async () => {
    const org = await signup(app);
    const list = await admin('get', `/api/admin/users?q=${encodeURIComponent(org.email)}`);
    expect(list.body.data).toEqual([
      { id: org.userId, email: org.email, role: 'owner', org_id: org.orgId, active: true, email_verified: false, platform_admin: false, created_at: expect.any(String) },
    ]);
    const admins = await admin('get', `/api/admin/users?q=${encodeURIComponent(envAdminEmail)}`);
    expect(admins.body.data[0]).toMatchObject({ role: 'owner', platform_admin: true });
    const byOrg = await admin('get', `/api/admin/users?org_id=${org.orgId}`);
    expect(byOrg.body.data.map((u: { id: string }) => u.id)).toEqual([org.userId]);

    const off = await admin('post', `/api/admin/users/${org.userId}/deactivate`);
    expect(off.body).toMatchObject({ id: org.userId, active: false });
    const me = await app.http().get('/auth/me').set(bearer(org.token));
    expect([me.status, me.body.code]).toEqual([403, 'inactive_user']);
    const login = await app.http().post('/auth/login').send({ email: org.email, password: org.password });
    expect([login.status, login.body.code]).toEqual([403, 'inactive_user']);
    // API keys belong to the organization, not to the user.
    await app.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);

    const g = await gql(app, AdminSetUserActiveDocument, { id: org.userId, active: true }, envAdmin.token);
    expect(g.data?.adminSetUserActive).toMatchObject({ id: org.userId, active: true, isPlatformAdmin: false });
    await app.http().get('/auth/me').set(bearer(org.token)).expect(200);

    const self = await admin('post', `/api/admin/users/${roleAdmin.userId}/deactivate`);
    expect([self.status, self.body.code]).toEqual([409, 'invalid_state']);
    const missing = await admin('post', '/api/admin/users/01a20000-0000-7000-8000-000000000000/activate');
    expect(missing.status).toBe(404);

    const audit = await gql(app, AdminAuditLogDocument, { targetId: org.userId }, roleAdmin.token);
    expect(audit.data?.adminAuditLog.nodes.map((e) => [e.action, e.actorEmail, e.before, e.after])).toEqual([
      ['USER_ACTIVATE', envAdmin.email, { active: false }, { active: true }],
      ['USER_DEACTIVATE', roleAdmin.email, { active: true }, { active: false }],
    ]);

    const gUsers = await gql(app, AdminUsersDocument, { orgId: org.orgId }, roleAdmin.token);
    expect(gUsers.data?.adminUsers.nodes.map((u) => u.email)).toEqual([org.email]);
  });
});

describe('cross-tenant reads and the leaked-key response', () => {
  test('calls and webhook deliveries of any organization, filtered', async () => {
    const a = await signup(app);
    const b = await signup(app);
    const callA = await app.http().post('/v1/calls/outbound').set(bearer(a.apiKey)).send({ to: '+14155550101', metadata: { n: 1 } });
    await app.http().post('/v1/calls/outbound').set(bearer(b.apiKey)).send({ to: '+14155550102' }).expect(201);
    await app.http().post(`/v1/calls/${callA.body.call_id}/cancel`).set(bearer(a.apiKey)).expect(200);

    const calls = await admin('get', `/api/admin/calls?org_id=${a.orgId}`);
    expect(calls.body.data).toHaveLength(1);
    expect(calls.body.data[0]).toMatchObject({ org_id: a.orgId, call_id: callA.body.call_id, status: 'canceled', metadata: { n: 1 } });
    expect((await admin('get', `/api/admin/calls?org_id=${a.orgId}&status=queued`)).body.data).toEqual([]);
    expect((await admin('get', `/api/admin/calls?org_id=${b.orgId}&status=queued`)).body.data).toHaveLength(1);
    const badStatus = await admin('get', '/api/admin/calls?status=nope');
    expect([badStatus.status, badStatus.body.errors[0].field]).toEqual([422, 'status']);

    const deliveries = await admin('get', `/api/admin/webhook-deliveries?org_id=${a.orgId}`);
    expect(deliveries.body.data.map((d: { event: string }) => d.event).sort()).toEqual(['call.ended', 'call.queued']);
    expect(deliveries.body.data.every((d: { org_id: string }) => d.org_id === a.orgId)).toBe(true);
    const undelivered = await admin('get', `/api/admin/webhook-deliveries?org_id=${a.orgId}&delivered=false`);
    expect(undelivered.body.data).toHaveLength(2);
    expect((await admin('get', `/api/admin/webhook-deliveries?org_id=${a.orgId}&delivered=true`)).body.data).toEqual([]);

    const gCalls = await gql(app, AdminCallsDocument, { orgId: b.orgId }, roleAdmin.token);
    expect(gCalls.data?.adminCalls.nodes.map((c) => [c.orgId, c.to, c.status])).toEqual([[b.orgId, '+14155550102', 'QUEUED']]);
    const gDeliveries = await gql(app, AdminWebhookDeliveriesDocument, { orgId: b.orgId, delivered: false }, roleAdmin.token);
    expect(gDeliveries.data?.adminWebhookDeliveries.nodes.map((d) => [d.orgId, d.event])).toEqual([[b.orgId, 'CALL_QUEUED']]);
  });

  test('revoking any organization key: 200, idempotent, refused at once, audited', async () => {
    const org = await signup(app);
    await app.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);
    const res = await admin('post', `/api/admin/api-keys/${org.apiKeyId}/revoke`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: org.apiKeyId, org_id: org.orgId, status: 'revoked', revoked_at: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain(org.apiKey);
    const refused = await app.http().get('/v1/calls').set(bearer(org.apiKey));
    expect([refused.status, refused.body.code]).toEqual([401, 'invalid_api_key']);

    const again = await gql(app, AdminRevokeApiKeyDocument, { id: org.apiKeyId }, roleAdmin.token);
    expect(again.data?.adminRevokeApiKey).toMatchObject({ id: org.apiKeyId, orgId: org.orgId, status: 'REVOKED', revokedAt: expect.any(String) });
    const owners = await app.http().get('/dashboard/api-keys').set(bearer(org.token));
    expect(owners.body[0]).toMatchObject({ id: org.apiKeyId, status: 'revoked', revoked_at: res.body.revoked_at });
    expect((await admin('post', '/api/admin/api-keys/01a20000-0000-7000-8000-000000000000/revoke')).status).toBe(404);

    const audit = await admin('get', `/api/admin/audit-log?target_id=${org.apiKeyId}`);
    expect(audit.body.data.map((e: { action: string; before: unknown; after: unknown }) => [e.action, e.before, e.after])).toEqual([
      ['api_key.revoke', { revoked_at: expect.any(String) }, { revoked_at: expect.any(String) }],
      ['api_key.revoke', { revoked_at: null }, { revoked_at: expect.any(String) }],
    ]);
  });
});

describe('stats and the audit log', () => {
  test('stats count the whole platform', async () => {
    const res = await admin('get', '/api/admin/stats');
    expect(res.body).toEqual({
      organizations: { total: expect.any(Number), active: expect.any(Number) },
      // The promoted one and the verified listed address.
      users: { total: expect.any(Number), active: expect.any(Number), platform_admins: 2 },
      api_keys: { active: expect.any(Number), revoked: expect.any(Number) },
      calls: {
        total: expect.any(Number),
        last_24h: expect.any(Number),
        open: expect.any(Number),
        by_status: { scheduled: 0, queued: expect.any(Number), ringing: 0, in_progress: 0, completed: 0, failed: 0, canceled: expect.any(Number) },
      },
      webhook_deliveries: { total: expect.any(Number), by_state: expect.any(Object) },
      generated_at: expect.stringMatching(/\+00:00$/),
    });
    const { rows } = await app.db.pool.query('select count(*)::int as n from organizations');
    expect(res.body.organizations.total).toBe(rows[0].n);
  });

  test('the audit log pages newest first, over REST and GraphQL, and includes the promotion', async () => {
    const all: Array<{ id: string; action: string }> = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: Array<{ id: string; action: string }>; next_cursor: string | null } } = await admin(
        'get',
        `/api/admin/audit-log?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      all.push(...page.body.data);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect([...all].sort((x, y) => (x.id < y.id ? 1 : -1)).map((e) => e.id)).toEqual(all.map((e) => e.id));
    const promotion = all.find((e) => e.action === 'user.promote');
    expect(promotion).toMatchObject({ actor_email: 'cli:admin:promote', target_id: roleAdmin.userId, before: { role: 'owner' }, after: { role: 'platform_admin' } });

    const g = await gql(app, AdminAuditLogDocument, { first: 2 }, envAdmin.token);
    expect(g.data?.adminAuditLog.nodes.map((e) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    expect(g.data?.adminAuditLog.pageInfo.hasNextPage).toBe(all.length > 2);
  });
});
