import { decryptSecret } from '../../src/common/crypto';
import { bearer, recordSecret, signup, uniqueEmail } from '../helpers/factories';
import { rawGql } from '../helpers/graphql';
import { startTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
beforeAll(async () => {
  // The production default: private destinations refused; no deployment model.
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
});
afterAll(() => app.close());

const LLM_URL = 'https://llm.example.com/v1';
const KEY = 'sk-org-llm-key-0123456789abcdef';
recordSecret(KEY, 'sk-second-llm-key-0123456789');

async function member(ownerToken: string): Promise<string> {
  const email = uniqueEmail('member');
  const password = `member-${Date.now()}`;
  expect((await app.http().post('/dashboard/members').set(bearer(ownerToken)).send({ email, password, role: 'member' })).status).toBe(201);
  const login = await app.http().post('/auth/login').send({ email, password });
  recordSecret(password, login.body.access_token);
  return login.body.access_token as string;
}

const put = (token: string, body: unknown) => app.http().put('/dashboard/agent').set(bearer(token)).send(body as object);

test('GET shows the defaults: en-US, the script (no model configured), the languages the offline engines hold', async () => {
  const org = await signup(app);
  const res = await app.http().get('/dashboard/agent').set(bearer(org.token));
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    caller_name: null,
    language: 'en-US',
    voice: null,
    instructions: null,
    llm: { enabled: null, active: false, source: null, url: null, model: null, api_key_set: false },
    supported_languages: ['en-US'],
    updated_at: null,
  });
});

test("PUT sets the defaults and the organization's endpoint; the key is encrypted at rest and never returned; another organization sees none of it", async () => {
  const org = await signup(app);
  const other = await signup(app);
  const res = await put(org.token, { caller_name: 'Acme Dental Reception', language: 'en-us', voice: 'slt', instructions: 'Be brief.', llm: { url: LLM_URL, api_key: KEY, model: 'gpt-4o-mini' } });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    caller_name: 'Acme Dental Reception',
    language: 'en-US',
    voice: 'slt',
    instructions: 'Be brief.',
    llm: { enabled: null, active: true, source: 'organization', url: LLM_URL, model: 'gpt-4o-mini', api_key_set: true },
  });
  expect(res.body.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
  expect(res.text).not.toContain(KEY);
  const { rows } = await app.db.pool.query<{ llm_api_key_enc: string }>('select llm_api_key_enc from agent_settings where org_id = $1', [org.orgId]);
  expect(rows[0]!.llm_api_key_enc).not.toContain(KEY);
  expect(decryptSecret(rows[0]!.llm_api_key_enc, app.config.secretsEncryptionKey)).toBe(KEY);
  // Fields left out keep their value; null clears; `llm: false` turns the model off by default.
  const off = await put(org.token, { voice: null, llm: false });
  expect(off.body).toMatchObject({ caller_name: 'Acme Dental Reception', voice: null, llm: { enabled: false, active: false, source: 'organization', api_key_set: true } });
  const again = await app.http().get('/dashboard/agent').set(bearer(org.token));
  expect(again.body).toEqual(off.body);
  expect((await app.http().get('/dashboard/agent').set(bearer(other.token))).body.llm.source).toBeNull();
});

test('the key stays only with its URL: a new URL without a key is refused, the same URL without one keeps it, url null removes the endpoint', async () => {
  const org = await signup(app);
  expect((await put(org.token, { llm: { url: LLM_URL, api_key: KEY, model: 'm1' } })).status).toBe(200);
  const moved = await put(org.token, { llm: { url: 'https://elsewhere.example.com/v1', model: 'm1' } });
  expect(moved.status).toBe(422);
  expect(moved.body.errors).toEqual([{ field: 'llm.api_key', message: expect.stringContaining('required when the URL changes') }]);
  const same = await put(org.token, { llm: { url: LLM_URL, model: 'm2', enabled: true } });
  expect(same.body.llm).toMatchObject({ model: 'm2', api_key_set: true, enabled: true });
  const plan = await app.services.agentSettings.planFor({ orgId: org.orgId, agent: null });
  expect(plan.llm).toEqual({ url: LLM_URL, model: 'm2', apiKey: KEY, allowPrivate: false });
  const removed = await put(org.token, { llm: { url: null } });
  expect(removed.body.llm).toEqual({ enabled: true, active: false, source: null, url: null, model: null, api_key_set: false });
  expect((await app.services.agentSettings.planFor({ orgId: org.orgId, agent: null })).llm).toBeNull();
});

test('refusals: members may not write, private endpoints, unsupported languages, long instructions, unknown fields', async () => {
  const org = await signup(app);
  const m = await member(org.token);
  expect((await app.http().get('/dashboard/agent').set(bearer(m))).status).toBe(200);
  const forbidden = await put(m, { language: 'en-US' });
  expect([forbidden.status, forbidden.body.code]).toEqual([403, 'insufficient_role']);
  for (const url of ['http://127.0.0.1:11434/v1', 'http://169.254.169.254/latest', 'http://10.0.0.5/v1']) {
    const res = await put(org.token, { llm: { url, api_key: KEY, model: 'm' } });
    expect([url, res.status, res.body.errors?.[0]?.field]).toEqual([url, 422, 'llm.url']);
  }
  const french = await put(org.token, { language: 'fr-FR' });
  expect([french.status, french.body.code, french.body.errors]).toEqual([422, 'unsupported_language', [{ field: 'language', message: expect.any(String) }]]);
  const notATag = await put(org.token, { language: 'english please' });
  expect([notATag.status, notATag.body.code]).toEqual([422, 'validation_error']);
  const long = await put(org.token, { instructions: 'x'.repeat(4001) });
  expect([long.status, long.body.errors[0].field]).toEqual([422, 'instructions']);
  const unknown = await put(org.token, { langauge: 'en-US' });
  expect([unknown.status, unknown.body.code]).toEqual([422, 'unknown_field']);
  expect((await app.http().get('/dashboard/agent').set(bearer(org.token))).body.updated_at).toBeNull();
});

test("calls: language, voice, llm and instructions are call input; an unsupported language is 422 unsupported_language; llm: true needs a model; the organization's caller name is the default", async () => {
  const org = await signup(app);
  const place = (body: Record<string, unknown>) => app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155552671', ...body });
  const german = await place({ language: 'de-DE' });
  expect([german.status, german.body.code, german.body.errors?.[0]?.field]).toEqual([422, 'unsupported_language', 'language']);
  // The configured engine (Flite, the default) has no such voice: refused, naming the field and what it takes.
  const unknown = await place({ voice: 'en-us+f2' });
  expect([unknown.status, unknown.body.code, unknown.body.errors]).toEqual([422, 'unsupported_voice', [{ field: 'voice', message: expect.stringContaining('kal16, slt, rms, awb or kal') }]]);
  expect((await put(org.token, { voice: 'nobody' })).body.code).toBe('unsupported_voice');
  const noModel = await place({ llm: true });
  expect([noModel.status, noModel.body.errors?.[0]?.field]).toEqual([422, 'llm']);
  expect((await put(org.token, { caller_name: 'Acme Front Desk', llm: { url: LLM_URL, api_key: KEY, model: 'm' } })).status).toBe(200);
  const placed = await place({ llm: true, language: 'en-us', voice: 'rms', instructions: 'Mention parking.' });
  expect(placed.status).toBe(201);
  expect(placed.body).toMatchObject({ caller_name: 'Acme Front Desk', language: 'en-US', voice: 'rms', llm: true, instructions: 'Mention parking.', agent_log: null });
  const plain = await place({});
  expect(plain.body).toMatchObject({ caller_name: 'Acme Front Desk', language: null, voice: null, llm: null, instructions: null });
  // The plan the carrier gets: the call's own options over the organization's.
  const call = await app.services.carrierPort.find(placed.body.call_id);
  expect(await app.services.agentSettings.planFor(call!)).toEqual({ language: 'en-US', voice: 'rms', instructions: 'Mention parking.', llm: { url: LLM_URL, model: 'm', apiKey: KEY, allowPrivate: false } });
  const scripted = await place({ llm: false });
  expect((await app.services.agentSettings.planFor((await app.services.carrierPort.find(scripted.body.call_id))!)).llm).toBeNull();
});

test('GraphQL: agentSettings and updateAgentSettings follow the same rules (owner only, key never returned)', async () => {
  const org = await signup(app);
  const update = await rawGql(
    app,
    'mutation($input: AgentSettingsInput!) { updateAgentSettings(input: $input) { callerName language voice instructions llm { enabled active source url model apiKeySet } supportedLanguages } }',
    { input: { language: 'en-US', instructions: 'Be kind.', llm: true, llmEndpoint: { url: LLM_URL, apiKey: KEY, model: 'm' } } },
    org.token,
  );
  expect(update.errors).toBeUndefined();
  expect(update.data).toEqual({
    updateAgentSettings: { callerName: null, language: 'en-US', voice: null, instructions: 'Be kind.', llm: { enabled: true, active: true, source: 'organization', url: LLM_URL, model: 'm', apiKeySet: true }, supportedLanguages: ['en-US'] },
  });
  const read = await rawGql(app, '{ agentSettings { instructions llm { apiKeySet } } }', {}, org.token);
  expect(read.data).toEqual({ agentSettings: { instructions: 'Be kind.', llm: { apiKeySet: true } } });
  // Removing the endpoint and turning the model off in one write: both apply.
  const removed = await rawGql(app, 'mutation { updateAgentSettings(input: { llmEndpoint: null, llm: false }) { llm { enabled active source url apiKeySet } } }', {}, org.token);
  expect(removed.errors).toBeUndefined();
  expect(removed.data).toEqual({ updateAgentSettings: { llm: { enabled: false, active: false, source: null, url: null, apiKeySet: false } } });
  const bad = await rawGql(app, 'mutation { updateAgentSettings(input: { language: "ja-JP" }) { language } }', {}, org.token);
  expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'unsupported_language' });
  const m = await member(org.token);
  const denied = await rawGql(app, 'mutation { updateAgentSettings(input: { voice: "x" }) { voice } }', {}, m);
  expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
});
