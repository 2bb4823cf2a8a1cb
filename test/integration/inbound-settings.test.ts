import { bearer, recordSecret, signup, uniqueEmail, type TestOrg } from '../helpers/factories';
import { rawGql } from '../helpers/graphql';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * GET/PUT/DELETE /dashboard/inbound and their GraphQL twins: off until saved, the whole settings
 * on each PUT, questions validated like a call's, webhook_url like the organization's (no private
 * destinations here: WEBHOOK_ALLOW_PRIVATE_NETWORKS is off in this suite), transfer_to an E.164
 * number or (on a SIP connection only) a SIP URI, owners only for changes, each organization its own.
 */
let app: TestApp;
let owner: TestOrg;
let member: { token: string };

beforeAll(async () => {
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false', CARRIER_ALLOW_PRIVATE_NETWORKS: 'true' });
  owner = await signup(app);
  const email = uniqueEmail('member');
  const password = `member-${Date.now()}`;
  await app.http().post('/dashboard/members').set(bearer(owner.token)).send({ email, password, role: 'member' }).expect(201);
  const login = await app.http().post('/auth/login').send({ email, password }).expect(200);
  recordSecret(password, login.body.access_token);
  member = { token: login.body.access_token };
});
afterAll(() => app.close());

const OFF = { enabled: false, greeting: null, task: null, questions: [], webhook_url: null, transfer_to: null, updated_at: null };
const put = (token: string, body: object) => app.http().put('/dashboard/inbound').set(bearer(token)).send(body);

test('off until saved; a PUT stores the whole settings, numbers canonical; GET reads them back; DELETE turns them off', async () => {
  expect((await app.http().get('/dashboard/inbound').set(bearer(owner.token)).expect(200)).body).toEqual(OFF);
  const saved = await put(owner.token, {
    enabled: true,
    greeting: '  Hello, you have reached Acme.  ',
    task: 'Help the caller.',
    questions: [{ key: 'keep', question: 'Keep the appointment?', type: 'boolean' }],
    webhook_url: 'https://hooks.example.com/inbound',
    transfer_to: '+44 0 20 7123 4567'.replace(/ /g, ''),
  });
  expect(saved.status).toBe(200);
  expect(saved.body).toEqual({
    enabled: true,
    greeting: 'Hello, you have reached Acme.',
    task: 'Help the caller.',
    questions: [{ key: 'keep', question: 'Keep the appointment?', type: 'boolean' }],
    webhook_url: 'https://hooks.example.com/inbound',
    transfer_to: '+442071234567',
    updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/),
  });
  expect((await app.http().get('/dashboard/inbound').set(bearer(member.token)).expect(200)).body).toEqual(saved.body);
  // A PUT is the whole settings: what it leaves out is cleared.
  const replaced = await put(owner.token, { enabled: false });
  expect(replaced.body).toMatchObject({ enabled: false, greeting: null, task: null, questions: [], webhook_url: null, transfer_to: null });
  expect((await app.http().delete('/dashboard/inbound').set(bearer(owner.token)).expect(200)).body).toEqual(OFF);
  expect((await app.http().get('/dashboard/inbound').set(bearer(owner.token)).expect(200)).body).toEqual(OFF);
});

test('invalid settings: one 422 naming each field (questions as a call validates them, webhook_url as the organization webhook)', async () => {
  const bad = await put(owner.token, {
    enabled: 'yes',
    greeting: 'two\nlines',
    questions: [
      { key: 'a', question: 'Pick one', type: 'enum' },
      { key: 'a', question: 'Again', type: 'boolean' },
    ],
    webhook_url: 'ftp://example.com/x',
    transfer_to: 'not a number',
    surprise: 1,
  });
  expect(bad.status).toBe(422);
  const fields = (bad.body.errors as Array<{ field: string }>).map((e) => e.field).sort();
  expect(fields).toEqual(expect.arrayContaining(['enabled', 'greeting', 'questions.0.options', 'questions.1.key', 'webhook_url', 'transfer_to', 'surprise']));
  // A private destination is refused like the organization's webhook URL.
  const loopback = await put(owner.token, { enabled: true, webhook_url: 'http://127.0.0.1:9/hook' });
  expect(loopback.status).toBe(422);
  expect(loopback.body.errors).toEqual([{ field: 'webhook_url', message: expect.stringContaining('private') }]);
  // A SIP URI needs a SIP connection (this organization uses the simulator).
  const sipUri = await put(owner.token, { enabled: true, transfer_to: 'sip:frontdesk@pbx.example.com' });
  expect(sipUri.status).toBe(422);
  expect(sipUri.body.errors).toEqual([{ field: 'transfer_to', message: expect.stringContaining('SIP') }]);
  await app.http().put('/dashboard/carrier').set(bearer(owner.token)).send({ type: 'sip', host: 'sip.example.com', numbers: ['+14155550100'] }).expect(200);
  expect((await put(owner.token, { enabled: true, transfer_to: 'sip:frontdesk@pbx.example.com' }).expect(200)).body.transfer_to).toBe('sip:frontdesk@pbx.example.com');
  await app.http().delete('/dashboard/carrier').set(bearer(owner.token)).expect(200);
});

test('members read but do not change; another organization sees only its own settings', async () => {
  await put(owner.token, { enabled: true, greeting: 'Owner greeting.' }).expect(200);
  const refused = await put(member.token, { enabled: false });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('insufficient_role');
  expect((await app.http().delete('/dashboard/inbound').set(bearer(member.token))).status).toBe(403);
  const other = await signup(app);
  expect((await app.http().get('/dashboard/inbound').set(bearer(other.token)).expect(200)).body).toEqual(OFF);
  expect((await app.http().get('/dashboard/inbound').set(bearer(owner.token)).expect(200)).body.greeting).toBe('Owner greeting.');
  // An API key is not a dashboard credential.
  expect((await app.http().get('/dashboard/inbound').set(bearer(owner.apiKey))).status).toBe(401);
});

test('GraphQL: inboundSettings, updateInboundSettings (validated by the same rules), removeInboundSettings', async () => {
  const updated = await rawGql(
    app,
    'mutation($input: InboundSettingsInput!) { updateInboundSettings(input: $input) { enabled greeting questions { key text type } webhookUrl transferTo } }',
    { input: { enabled: true, greeting: 'Hi there.', questions: [{ key: 'ok', text: 'All good?', type: 'BOOLEAN' }], transferTo: '+14155550100' } },
    owner.token,
  );
  expect(updated.data?.updateInboundSettings).toEqual({ enabled: true, greeting: 'Hi there.', questions: [{ key: 'ok', text: 'All good?', type: 'BOOLEAN' }], webhookUrl: null, transferTo: '+14155550100' });
  const read = await rawGql(app, '{ inboundSettings { enabled greeting } }', {}, member.token);
  expect(read.data?.inboundSettings).toEqual({ enabled: true, greeting: 'Hi there.' });
  const invalid = await rawGql(app, 'mutation { updateInboundSettings(input: { enabled: true, webhookUrl: "http://10.0.0.1/x" }) { enabled } }', {}, owner.token);
  expect(invalid.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  const byMember = await rawGql(app, 'mutation { removeInboundSettings { enabled } }', {}, member.token);
  expect(byMember.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
  const removed = await rawGql(app, 'mutation { removeInboundSettings { enabled greeting updatedAt } }', {}, owner.token);
  expect(removed.data?.removeInboundSettings).toEqual({ enabled: false, greeting: null, updatedAt: null });
});
