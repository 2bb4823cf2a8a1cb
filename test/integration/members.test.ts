import { bearer, recordSecret, signup, uniqueEmail } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function addMember(ownerToken: string, role: 'member' | 'owner' = 'member') {
  const email = uniqueEmail('member');
  const password = `member-${Date.now()}`;
  const res = await app.http().post('/dashboard/members').set(bearer(ownerToken)).send({ email, password, role });
  expect(res.status).toBe(201);
  const login = await app.http().post('/auth/login').send({ email, password });
  recordSecret(password, login.body.access_token);
  return { id: res.body.id as string, email, password, token: login.body.access_token as string, body: res.body };
}

test('an owner adds members; the list is a cursor page of the organization only', async () => {
  const a = await signup(app);
  const b = await signup(app);
  const m = await addMember(a.token);
  expect(m.body).toMatchObject({ email: m.email, role: 'member', org_id: a.orgId, active: true });
  const list = await app.http().get('/dashboard/members?limit=1').set(bearer(a.token));
  expect(list.status).toBe(200);
  expect(list.body.data).toHaveLength(1);
  expect(list.body.next_cursor).toEqual(expect.any(String));
  const page2 = await app.http().get(`/dashboard/members?limit=1&cursor=${list.body.next_cursor}`).set(bearer(a.token));
  const ids = [list.body.data[0].id, page2.body.data[0].id].sort();
  expect(ids).toEqual([a.userId, m.id].sort());
  expect(page2.body.next_cursor).toBeNull();
  const other = await app.http().get('/dashboard/members').set(bearer(b.token));
  expect(other.body.data.map((u: { id: string }) => u.id)).toEqual([b.userId]);
});

test('a member reads everything but changes nothing owners manage (403 insufficient_role)', async () => {
  const owner = await signup(app);
  const m = await addMember(owner.token);
  const reads = ['/auth/me', '/dashboard/api-keys', '/dashboard/webhook', '/dashboard/members', '/dashboard/webhook-deliveries'];
  for (const path of reads) expect([path, (await app.http().get(path).set(bearer(m.token))).status]).toEqual([path, 200]);
  const writes: Array<[string, string, object]> = [
    ['post', '/dashboard/api-keys', { name: 'x' }],
    ['post', `/dashboard/api-keys/${owner.apiKeyId}/revoke`, {}],
    ['patch', '/dashboard/webhook', { webhook_url: 'https://example.com/hook' }],
    ['post', '/dashboard/webhook/rotate-secret', {}],
    ['post', '/dashboard/members', { email: uniqueEmail(), password: 'password123' }],
    ['post', `/dashboard/members/${owner.userId}/deactivate`, {}],
  ];
  for (const [method, path, body] of writes) {
    const res = await (app.http() as unknown as Record<string, (p: string) => import('supertest').Test>)[method]!(path).set(bearer(m.token)).send(body);
    expect([path, res.status, res.body.code]).toEqual([path, 403, 'insufficient_role']);
  }
  // The owner's key is untouched by the refused revoke.
  await app.http().get('/v1/calls').set(bearer(owner.apiKey)).expect(200);
});

test('a second owner can manage; the role is read from the database on every request', async () => {
  const owner = await signup(app);
  const co = await addMember(owner.token, 'owner');
  await app.http().post('/dashboard/api-keys').set(bearer(co.token)).send({ name: 'co-owner key' }).expect(201);
  await app.db.pool.query(`update users set role = 'member' where id = $1`, [co.id]);
  const res = await app.http().post('/dashboard/api-keys').set(bearer(co.token)).send({ name: 'again' });
  expect([res.status, res.body.code]).toEqual([403, 'insufficient_role']);
});

test('deactivating a member locks out their token and login at once; not oneself', async () => {
  const owner = await signup(app);
  const m = await addMember(owner.token);
  const res = await app.http().post(`/dashboard/members/${m.id}/deactivate`).set(bearer(owner.token));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id: m.id, active: false });
  const me = await app.http().get('/auth/me').set(bearer(m.token));
  expect([me.status, me.body.code]).toEqual([403, 'inactive_user']);
  const login = await app.http().post('/auth/login').send({ email: m.email, password: m.password });
  expect([login.status, login.body.code]).toEqual([403, 'inactive_user']);
  const self = await app.http().post(`/dashboard/members/${owner.userId}/deactivate`).set(bearer(owner.token));
  expect([self.status, self.body.code]).toEqual([409, 'invalid_state']);
});

test("another organization's member is 404, and so is an unknown or malformed id", async () => {
  const a = await signup(app);
  const b = await signup(app);
  for (const id of [b.userId, '01900000-0000-7000-8000-000000000000', 'nope']) {
    const res = await app.http().post(`/dashboard/members/${id}/deactivate`).set(bearer(a.token));
    expect([res.status, res.body.code]).toEqual([404, 'not_found']);
  }
  await app.http().get('/auth/me').set(bearer(b.token)).expect(200);
});

test('adding a member with a taken e-mail is 409; bad input is 422', async () => {
  const owner = await signup(app);
  const other = await signup(app);
  const taken = await app.http().post('/dashboard/members').set(bearer(owner.token)).send({ email: other.email, password: 'password123' });
  expect([taken.status, taken.body.code]).toEqual([409, 'email_taken']);
  const bad = await app.http().post('/dashboard/members').set(bearer(owner.token)).send({ email: 'x', password: 'p', role: 'platform_admin' });
  expect(bad.status).toBe(422);
  expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password', 'role']);
});
