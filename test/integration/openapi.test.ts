import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';
import { buildApp } from '../../src/app';
import { MAILED_LINK_PATHS } from '../../src/web/web-app.routes';
import { bearer, signup, uniqueEmail, type TestOrg } from '../helpers/factories';
import { INVITE_SUBJECT, Mailbox, RESET_SUBJECT, VERIFY_SUBJECT, verifyByMail } from '../helpers/mailbox';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The OpenAPI document against the real service: it is valid 3.1, it lists exactly the REST routes
 * that are mounted, and real responses of every operation (successes and problems) and real
 * webhook bodies validate against it.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ADMIN_EMAIL = uniqueEmail('admin');
let app: TestApp;
let doc: Json;
let ajv: Ajv2020;
let rx: Receiver;
let box: Mailbox;
const BASE = 'https://voicegate.test/openapi.json';
const covered = new Set<string>();

beforeAll(async () => {
  box = await Mailbox.start();
  app = await startTestApp({ SMTP_URL: box.url, PLATFORM_ADMIN_EMAILS: ADMIN_EMAIL, SIMULATOR_SPEEDUP: '2000' }, { worker: true });
  rx = await Receiver.start();
  const res = await app.http().get('/openapi.json').expect(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.body;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: BASE, components: doc.components });
});
afterAll(async () => {
  await rx?.close();
  await app?.close();
  await box?.close();
});

const validators = new Map<string, ValidateFunction>();
function validatorFor(schema: Json): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = validators.get(key);
  if (!v) {
    // Local refs (#/components/...) resolve against the document registered as BASE.
    v = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, `"${BASE}#/components/`)));
    validators.set(key, v);
  }
  return v;
}

/** Asserts that `res` is a documented answer of `method path` and that its body matches the schema. */
function conforms(method: string, path: string, res: Response): Response {
  const op = doc.paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${path} is not in the document`);
  const documented = op.responses[String(res.status)];
  if (!documented) throw new Error(`${method} ${path} answered ${res.status}, which is not documented: ${JSON.stringify(res.body)}`);
  expect(res.headers['x-request-id']).toEqual(expect.any(String));
  if (!documented.content) {
    // 204: no body at all.
    expect([res.status, res.headers['content-type'], res.text]).toEqual([204, undefined, '']);
    covered.add(`${method.toLowerCase()} ${path}`);
    return res;
  }
  const [contentType, media] = Object.entries(documented.content)[0] as [string, Json];
  expect(res.headers['content-type']).toContain(contentType);
  if (contentType.includes('json')) {
    const validate = validatorFor(media.schema);
    if (!validate(res.body)) throw new Error(`${method} ${path} ${res.status} does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(res.body).slice(0, 800)}`);
  }
  covered.add(`${method.toLowerCase()} ${path}`);
  return res;
}

function conformsEvent(event: string, body: unknown): void {
  const schema = doc.webhooks[event].post.requestBody.content['application/json'].schema;
  const validate = validatorFor(schema);
  if (!validate(body)) throw new Error(`${event} does not match the document: ${ajv.errorsText(validate.errors)}`);
}

test('the document is OpenAPI 3.1 with valid JSON Schemas, the call and campaign events as webhooks, and a browsable reference', async () => {
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
  for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, Json>)) {
    expect([name, ajv.validateSchema({ ...schema, $schema: undefined })]).toEqual([name, true]);
    validatorFor({ $ref: `#/components/schemas/${name}` });
  }
  // call.transferred's real bodies are checked against the document by test/integration/transfer.test.ts.
  expect(Object.keys(doc.webhooks).sort()).toEqual(['call.analyzed', 'call.ended', 'call.queued', 'call.transferred', 'campaign.completed', 'campaign.paused', 'campaign.started']);
  // Request bodies come from the services' own zod schemas.
  expect(doc.components.schemas.PlaceCallRequest.required).toEqual(['to']);
  expect(doc.components.schemas.PlaceCallRequest.properties.to.pattern).toBe('^\\+[1-9]\\d{7,14}$');
  expect(doc.paths['/v1/calls/outbound'].post.security).toEqual([{ apiKey: [] }]);

  const page = await app.http().get('/docs').expect(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  for (const asset of [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)) {
    expect(asset.startsWith('/docs/')).toBe(true); // everything local, no CDN
    const r = await app.http().get(asset);
    expect([asset, r.status]).toEqual([asset, 200]);
  }
  expect((await app.http().get('/docs/init.js')).text).toContain("url: '/openapi.json'");
  expect((await app.http().get('/docs/assets/package.json')).status).toBe(404);
});

test('every request body is closed (additionalProperties: false), nested objects too; only metadata maps stay open', async () => {
  const open: string[] = [];
  const maps: string[] = [];
  const walk = (schema: Json | undefined, at: string, seen: Set<string>): void => {
    if (!schema || typeof schema !== 'object') return;
    if (typeof schema.$ref === 'string') {
      const id = schema.$ref.replace('#/components/schemas/', '');
      if (!seen.has(id)) walk(doc.components.schemas[id], at, new Set([...seen, id]));
      return;
    }
    if (schema.properties) {
      if (schema.additionalProperties !== false) open.push(at);
      for (const [k, v] of Object.entries(schema.properties as Record<string, Json>)) walk(v, `${at}.${k}`, seen);
    } else if (schema.type === 'object') {
      maps.push(at);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const [i, s] of ((schema[key] ?? []) as Json[]).entries()) walk(s, `${at}|${i}`, seen);
    if (schema.items) walk(schema.items, `${at}[]`, seen);
  };
  let bodies = 0;
  for (const ops of Object.values(doc.paths as Record<string, Json>)) {
    for (const op of Object.values(ops)) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (!body) continue;
      bodies++;
      walk(body, op.operationId, new Set());
    }
  }
  expect(bodies).toBeGreaterThan(10);
  expect(open).toEqual([]);
  expect([...new Set(maps.map((m) => m.replace(/^[^.]+\./, '').replace(/\|\d+/g, '')))].sort()).toEqual(['metadata', 'recipients[].metadata']);
});

test('every mounted REST route is documented, and every documented operation is mounted', async () => {
  const built = await buildApp(app.services);
  try {
    const mounted = new Set<string>();
    const walk = (stack: Json[], prefix: string) => {
      for (const layer of stack) {
        const raw = layer.rawPath as string | string[] | undefined;
        const paths = Array.isArray(raw) ? raw : [raw ?? ''];
        if (layer.route) {
          for (const p of Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path]) {
            for (const m of Object.keys(layer.route.methods)) if (m !== '_all') mounted.add(`${m} ${prefix}${p}`);
          }
        } else if (layer.handle?.stack) {
          for (const p of paths) walk(layer.handle.stack, prefix + (p === '/' ? '' : p));
        }
      }
    };
    walk((built.app as unknown as { router: { stack: Json[] } }).router.stack, '');
    const norm = (s: string) => s.replace(/:[A-Za-z_]+/g, '{}').replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '');
    // The dashboard's pages (the mailed links and `/` lead into /app, see docs/dashboard.md) are not API operations.
    const dashboardPages = new Set(['get /', ...MAILED_LINK_PATHS.map((p) => `get ${p}`)]);
    const rest = [...mounted].filter((r) => !/ \/docs/.test(r) && !dashboardPages.has(r)).map(norm);
    const documented = Object.entries(doc.paths as Record<string, Json>).flatMap(([p, ops]) => Object.keys(ops).map((m) => norm(`${m} ${p}`)));
    expect(rest.length).toBeGreaterThan(30);
    expect(rest.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((d) => !rest.includes(d))).toEqual([]);
  } finally {
    await built.stop();
  }
});

test("each route's documented 413 is the body limit it enforces: 8 MiB for campaign bodies, 64 KiB elsewhere", async () => {
  const too: Record<string, string> = {};
  for (const ops of Object.values(doc.paths as Record<string, Json>)) for (const op of Object.values(ops)) if (op.responses['413']) too[op.operationId] = op.responses['413'].description;
  expect([too.createCampaign, too.appendCampaignRecipients, too.placeCall]).toEqual(['Request body over 8 MiB.', 'Request body over 8 MiB.', 'Request body over 64 KiB.']);
  const others = Object.entries(too).filter(([id]) => id !== 'createCampaign' && id !== 'appendCampaignRecipients');
  expect(others.length).toBeGreaterThan(10);
  expect([...new Set(others.map(([, d]) => d))]).toEqual(['Request body over 64 KiB.']);

  // On the wire: a body of exactly the documented size is read, one byte more is 413 naming that size.
  const limitOf = (id: string) => {
    const [, n, unit] = /^Request body over (\d+) (KiB|MiB)\.$/.exec(too[id]!)!;
    return { bytes: Number(n) * (unit === 'MiB' ? 1024 * 1024 : 1024), label: `${n} ${unit}` };
  };
  // Padded with JSON whitespace: an unknown padding field would be refused (unknown_field).
  const sized = (body: object, size: number): string => {
    const bare = JSON.stringify(body);
    return `${bare.slice(0, -1)}${' '.repeat(size - Buffer.byteLength(bare))}}`;
  };
  const org = await signup(app);
  const post = (path: string, body: string) => app.http().post(path).set(bearer(org.apiKey)).set('Content-Type', 'application/json').send(body);
  const create = limitOf('createCampaign');
  const made = conforms('POST', '/v1/campaigns', await post('/v1/campaigns', sized({ name: 'big', start_at: new Date(Date.now() + 3600_000).toISOString() }, create.bytes)));
  expect(made.status).toBe(201);
  const over = conforms('POST', '/v1/campaigns', await post('/v1/campaigns', sized({ name: 'big' }, create.bytes + 1)));
  expect([over.status, over.body.code, over.body.detail]).toEqual([413, 'payload_too_large', `The request body is larger than ${create.label}.`]);
  const append = limitOf('appendCampaignRecipients');
  const appendPath = `/v1/campaigns/${made.body.campaign_id}/recipients`;
  expect(conforms('POST', '/v1/campaigns/{campaign_id}/recipients', await post(appendPath, sized({ recipients: [{ to: '+14155550131' }] }, append.bytes))).status).toBe(201);
  expect(conforms('POST', '/v1/campaigns/{campaign_id}/recipients', await post(appendPath, sized({ recipients: [{ to: '+14155550131' }] }, append.bytes + 1))).status).toBe(413);
  const call = limitOf('placeCall');
  expect(conforms('POST', '/v1/calls/outbound', await post('/v1/calls/outbound', sized({ to: '+14155550132' }, call.bytes))).status).toBe(201);
  const overCall = conforms('POST', '/v1/calls/outbound', await post('/v1/calls/outbound', sized({ to: '+14155550132' }, call.bytes + 1)));
  expect([overCall.status, overCall.body.detail]).toEqual([413, `The request body is larger than ${call.label}.`]);
});

describe('real responses validate against the document', () => {
  let org: TestOrg;
  let admin: TestOrg;
  let callId: string;

  beforeAll(async () => {
    org = await signup(app);
    admin = await signup(app, { email: ADMIN_EMAIL });
    await verifyByMail(app, box, admin);
  });

  test('auth', async () => {
    const email = uniqueEmail();
    conforms('POST', '/auth/signup', await app.http().post('/auth/signup').send({ email, password: 'correct horse battery' }));
    conforms('POST', '/auth/signup', await app.http().post('/auth/signup').send({ email, password: 'correct horse battery' })); // 409
    conforms('POST', '/auth/signup', await app.http().post('/auth/signup').send({ email: 'nope', password: 'x' })); // 422
    conforms('POST', '/auth/signup', await app.http().post('/auth/signup').set('Content-Type', 'application/json').send('{"email":')); // 400
    conforms('POST', '/auth/login', await app.http().post('/auth/login').send({ email, password: 'correct horse battery' }));
    conforms('POST', '/auth/login', await app.http().post('/auth/login').send({ email, password: 'wrong password!' })); // 401
    conforms('GET', '/auth/me', await app.http().get('/auth/me').set(bearer(org.token)));
    conforms('GET', '/auth/me', await app.http().get('/auth/me')); // 401
  });

  test('account lifecycle: verification, reset, password change, sign-out everywhere, invitations', async () => {
    const user = await signup(app);
    conforms('POST', '/auth/resend-verification', await app.http().post('/auth/resend-verification').set(bearer(user.token)));
    const verification = await box.waitFor(user.email, VERIFY_SUBJECT);
    conforms('POST', '/auth/verify-email', await app.http().post('/auth/verify-email').send({ token: verification.token }));
    conforms('POST', '/auth/verify-email', await app.http().post('/auth/verify-email').send({ token: verification.token })); // 400 invalid_token
    conforms('POST', '/auth/verify-email', await app.http().post('/auth/verify-email').send({})); // 422

    conforms('POST', '/auth/password-reset', await app.http().post('/auth/password-reset').send({ email: user.email }));
    conforms('POST', '/auth/password-reset', await app.http().post('/auth/password-reset').send({ email: uniqueEmail('nobody') }));
    const reset = await box.waitFor(user.email, RESET_SUBJECT);
    conforms('POST', '/auth/password-reset/confirm', await app.http().post('/auth/password-reset/confirm').send({ token: reset.token, password: 'short' })); // 422
    const session = conforms('POST', '/auth/password-reset/confirm', await app.http().post('/auth/password-reset/confirm').send({ token: reset.token, password: 'reset password 1' }));
    conforms('POST', '/auth/password-reset/confirm', await app.http().post('/auth/password-reset/confirm').send({ token: reset.token, password: 'reset password 1' })); // 400
    conforms('GET', '/auth/me', await app.http().get('/auth/me').set(bearer(user.token))); // 401 token_revoked

    const token = session.body.access_token as string;
    conforms('POST', '/auth/change-password', await app.http().post('/auth/change-password').set(bearer(token)).send({ current_password: 'wrong one!', new_password: 'changed password 1' })); // 422
    const changed = conforms('POST', '/auth/change-password', await app.http().post('/auth/change-password').set(bearer(token)).send({ current_password: 'reset password 1', new_password: 'changed password 1' }));
    conforms('POST', '/auth/logout-all', await app.http().post('/auth/logout-all').set(bearer(changed.body.access_token)));
    conforms('POST', '/auth/logout-all', await app.http().post('/auth/logout-all').set(bearer(changed.body.access_token))); // 401

    const invitee = uniqueEmail('invitee');
    conforms('POST', '/dashboard/members', await app.http().post('/dashboard/members').set(bearer(org.token)).send({ email: invitee }));
    const invitation = await box.waitFor(invitee, INVITE_SUBJECT);
    conforms('POST', '/auth/accept-invitation', await app.http().post('/auth/accept-invitation').send({ token: invitation.token, password: 'invited password' }));
    conforms('POST', '/auth/accept-invitation', await app.http().post('/auth/accept-invitation').send({ token: invitation.token, password: 'invited password' })); // 400
  });

  test('API keys, webhook settings and members', async () => {
    conforms('GET', '/dashboard/api-keys', await app.http().get('/dashboard/api-keys').set(bearer(org.token)));
    const created = conforms('POST', '/dashboard/api-keys', await app.http().post('/dashboard/api-keys').set(bearer(org.token)).send({ name: 'staging' }));
    conforms('POST', '/dashboard/api-keys', await app.http().post('/dashboard/api-keys').set(bearer(org.token)));
    conforms('POST', '/dashboard/api-keys', await app.http().post('/dashboard/api-keys').set(bearer(org.token)).send({ name: 'x'.repeat(101) })); // 422
    conforms('POST', '/dashboard/api-keys/{id}/revoke', await app.http().post(`/dashboard/api-keys/${created.body.id}/revoke`).set(bearer(org.token)));
    conforms('POST', '/dashboard/api-keys/{id}/revoke', await app.http().post('/dashboard/api-keys/00000000-0000-7000-8000-000000000000/revoke').set(bearer(org.token))); // 404

    conforms('GET', '/dashboard/webhook', await app.http().get('/dashboard/webhook').set(bearer(org.token)));
    conforms('PATCH', '/dashboard/webhook', await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: `${rx.url}/hooks` }));
    conforms('PATCH', '/dashboard/webhook', await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: 'ftp://x' })); // 422
    conforms('POST', '/dashboard/webhook/rotate-secret', await app.http().post('/dashboard/webhook/rotate-secret').set(bearer(org.token)));
    conforms('POST', '/dashboard/webhook/enable', await app.http().post('/dashboard/webhook/enable').set(bearer(org.token)));

    conforms('GET', '/dashboard/members', await app.http().get('/dashboard/members').set(bearer(org.token)));
    conforms('GET', '/dashboard/members', await app.http().get('/dashboard/members?limit=0').set(bearer(org.token))); // 422
    const member = conforms('POST', '/dashboard/members', await app.http().post('/dashboard/members').set(bearer(org.token)).send({ email: uniqueEmail(), password: 'member password', role: 'member' }));
    conforms('POST', '/dashboard/members/{id}/deactivate', await app.http().post(`/dashboard/members/${member.body.id}/deactivate`).set(bearer(org.token)));
    conforms('POST', '/dashboard/members/{id}/deactivate', await app.http().post(`/dashboard/members/${org.userId}/deactivate`).set(bearer(org.token))); // 409 (oneself)

    conforms('GET', '/dashboard/carrier', await app.http().get('/dashboard/carrier').set(bearer(org.token)));
    conforms('PUT', '/dashboard/carrier', await app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'twilio', account_sid: 'AC' + '0'.repeat(32), auth_token: 'token-for-the-document', numbers: ['+14155550100'] }));
    conforms('PUT', '/dashboard/carrier', await app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'sip', host: '127.0.0.1', numbers: ['+14155550100'] })); // 422
    conforms('DELETE', '/dashboard/carrier', await app.http().delete('/dashboard/carrier').set(bearer(org.token)));
    conforms('POST', '/dashboard/carrier/test', await app.http().post('/dashboard/carrier/test').set(bearer(org.token))); // the simulator: no network
    conforms('GET', '/dashboard/agent', await app.http().get('/dashboard/agent').set(bearer(org.token)));
    conforms('PUT', '/dashboard/agent', await app.http().put('/dashboard/agent').set(bearer(org.token)).send({ language: 'en-US', instructions: 'Be brief.', llm: { url: 'https://llm.example.com/v1', api_key: 'sk-for-the-document', model: 'm' } }));
    conforms('PUT', '/dashboard/agent', await app.http().put('/dashboard/agent').set(bearer(org.token)).send({ language: 'fr-FR' })); // 422 unsupported_language
    for (const hook of ['status', 'twiml', 'gather', 'recording', 'dial', 'message']) {
      const forged = await app.http().post(`/carriers/twilio/calls/00000000-0000-7000-8000-000000000000/${hook}`).set('X-Twilio-Signature', 'forged').type('form').send({ CallSid: 'CA1' });
      conforms('POST', `/carriers/twilio/calls/{call_id}/${hook}`, forged); // 403
    }
    for (const path of ['/carriers/twilio/incoming', '/carriers/twilio/incoming/status']) {
      const forged = await app.http().post(path).set('X-Twilio-Signature', 'forged').type('form').send({ AccountSid: 'AC' + '0'.repeat(32), CallSid: 'CA1' });
      conforms('POST', path, forged); // 403
    }
    conforms('GET', '/dashboard/inbound', await app.http().get('/dashboard/inbound').set(bearer(org.token)));
    conforms(
      'PUT',
      '/dashboard/inbound',
      await app
        .http()
        .put('/dashboard/inbound')
        .set(bearer(org.token))
        .send({ enabled: true, greeting: 'Hello.', questions: [{ key: 'ok', question: 'All good?', type: 'boolean' }], transfer_to: '+14155550100' }),
    );
    conforms('PUT', '/dashboard/inbound', await app.http().put('/dashboard/inbound').set(bearer(org.token)).send({ enabled: 'yes' })); // 422
    conforms('DELETE', '/dashboard/inbound', await app.http().delete('/dashboard/inbound').set(bearer(org.token)));
  });

  test('calls, recordings and the webhook events they cause', async () => {
    const placed = conforms(
      'POST',
      '/v1/calls/outbound',
      await app
        .http()
        .post('/v1/calls/outbound')
        .set(bearer(org.apiKey))
        .set('Idempotency-Key', 'openapi-1')
        .send({ to: '+14155550123', metadata: { ref: 'a' }, questions: [{ key: 'ok', question: 'All good?', type: 'boolean' }] }),
    );
    expect(placed.status).toBe(201);
    callId = placed.body.call_id;
    conforms('POST', '/v1/calls/outbound', await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).set('Idempotency-Key', 'openapi-1').send({ to: '+14155550123', metadata: { ref: 'a' }, questions: [{ key: 'ok', question: 'All good?', type: 'boolean' }] })); // replay
    conforms('POST', '/v1/calls/outbound', await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).set('Idempotency-Key', 'openapi-1').send({ to: '+14155550124' })); // 409
    conforms('POST', '/v1/calls/outbound', await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '0123' })); // 422
    conforms('POST', '/v1/calls/outbound', await app.http().post('/v1/calls/outbound').set(bearer('sk_live_unknown')).send({ to: '+14155550123' })); // 401
    conforms('POST', '/v1/calls/outbound', await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).set('Content-Type', 'text/plain').send('hello')); // 415
    conforms('POST', '/v1/calls/outbound', await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550123', task: 'x'.repeat(70_000) })); // 413

    conforms('GET', '/v1/calls', await app.http().get('/v1/calls?limit=2').set(bearer(org.apiKey)));
    conforms('GET', '/v1/calls', await app.http().get('/v1/calls?status=nope').set(bearer(org.apiKey))); // 422
    conforms('GET', '/v1/calls/{call_id}', await app.http().get(`/v1/calls/${callId}`).set(bearer(org.apiKey)));
    conforms('GET', '/v1/calls/{call_id}', await app.http().get('/v1/calls/not-a-call').set(bearer(org.apiKey))); // 404

    const toCancel = (await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550199' })).body.call_id as string;
    conforms('POST', '/v1/calls/{call_id}/cancel', await app.http().post(`/v1/calls/${toCancel}/cancel`).set(bearer(org.apiKey)));
    conforms('POST', '/v1/calls/{call_id}/cancel', await app.http().post(`/v1/calls/${toCancel}/cancel`).set(bearer(org.apiKey))); // 409

    // Campaigns (scheduled for later, so no campaign event reaches the receiver here) and suppressions.
    const later = new Date(Date.now() + 3600_000).toISOString();
    const v1 = (m: 'get' | 'post' | 'delete', p: string) => app.http()[m](p).set(bearer(org.apiKey));
    const campaign = conforms('POST', '/v1/campaigns', await v1('post', '/v1/campaigns').send({ name: 'doc', start_at: later, calling_window: { days: ['mon'], start: '09:00', end: '17:00' }, recipients: [{ to: '+14155550123', metadata: { a: 1 } }] }));
    const campaignId = campaign.body.campaign_id as string;
    conforms('POST', '/v1/campaigns', await v1('post', '/v1/campaigns').send({ name: 'doc', recipients: [{ to: '12' }] })); // 422
    conforms('GET', '/v1/campaigns', await v1('get', '/v1/campaigns?limit=5'));
    conforms('GET', '/v1/campaigns/{campaign_id}', await v1('get', `/v1/campaigns/${campaignId}`));
    conforms('GET', '/v1/campaigns/{campaign_id}', await v1('get', '/v1/campaigns/nope')); // 404
    conforms('POST', '/v1/campaigns/{campaign_id}/recipients', await v1('post', `/v1/campaigns/${campaignId}/recipients`).send({ recipients: [{ to: '+442071234567', time_zone: 'Europe/London' }] }));
    conforms('GET', '/v1/campaigns/{campaign_id}/recipients', await v1('get', `/v1/campaigns/${campaignId}/recipients?status=pending`));
    conforms('POST', '/v1/campaigns/{campaign_id}/pause', await v1('post', `/v1/campaigns/${campaignId}/pause`));
    conforms('POST', '/v1/campaigns/{campaign_id}/resume', await v1('post', `/v1/campaigns/${campaignId}/resume`));
    conforms('POST', '/v1/campaigns/{campaign_id}/cancel', await v1('post', `/v1/campaigns/${campaignId}/cancel`));
    conforms('POST', '/v1/campaigns/{campaign_id}/cancel', await v1('post', `/v1/campaigns/${campaignId}/cancel`)); // 409
    conforms('POST', '/v1/suppressions', await v1('post', '/v1/suppressions').send({ numbers: ['+14155550998'] }));
    conforms('GET', '/v1/suppressions', await v1('get', '/v1/suppressions'));
    conforms('POST', '/v1/calls/outbound', await v1('post', '/v1/calls/outbound').send({ to: '+14155550998' })); // 422 number_suppressed
    conforms('DELETE', '/v1/suppressions/{number}', await v1('delete', '/v1/suppressions/%2B14155550998'));
    conforms('DELETE', '/v1/suppressions/{number}', await v1('delete', '/v1/suppressions/%2B14155550998')); // 404
    conforms('GET', '/v1/calls/{call_id}', await v1('get', `/v1/calls/${(await v1('post', '/v1/calls/outbound').send({ to: '+14155550997', schedule_at: later })).body.call_id}`)); // scheduled

    // The events, as a receiver gets them.
    // Each event is its own delivery, in no guaranteed order: wait for every kind the set below names.
    await rx.waitFor(
      () => ['call.queued', 'call.ended', 'call.analyzed'].every((e) => rx.byEvent(e, callId).length >= 1) && rx.byEvent('call.ended', toCancel).length >= 1 && rx.byEvent('campaign.paused').length >= 1,
      { what: 'events' },
    );
    for (const r of rx.received) conformsEvent(String(r.json.event), r.json);
    expect(new Set(rx.received.map((r) => r.json.event))).toEqual(new Set(['call.queued', 'call.ended', 'call.analyzed', 'campaign.paused']));

    const call = conforms('GET', '/v1/calls/{call_id}', await app.http().get(`/v1/calls/${callId}`).set(bearer(org.apiKey)));
    const recording = new URL(call.body.recording_url as string);
    conforms('GET', '/recordings/{file}', await app.http().get(recording.pathname + recording.search));
    conforms('GET', '/recordings/{file}', await app.http().get(`${recording.pathname}?expires=1&signature=00`)); // 401
  });

  test('the delivery log', async () => {
    const list = conforms('GET', '/dashboard/webhook-deliveries', await app.http().get(`/dashboard/webhook-deliveries?call_id=${callId}`).set(bearer(org.token)));
    conforms('GET', '/dashboard/webhook-deliveries', await app.http().get('/dashboard/webhook-deliveries?delivered=maybe').set(bearer(org.token))); // 422
    const id = list.body.data[0].id as string;
    conforms('GET', '/dashboard/webhook-deliveries/{id}', await app.http().get(`/dashboard/webhook-deliveries/${id}`).set(bearer(org.token)));
    conforms('GET', '/dashboard/webhook-deliveries/{id}', await app.http().get('/dashboard/webhook-deliveries/nope').set(bearer(org.token))); // 404
    conforms('POST', '/dashboard/webhook-deliveries/{id}/redeliver', await app.http().post(`/dashboard/webhook-deliveries/${id}/redeliver`).set(bearer(org.token)));
    conforms('POST', '/dashboard/webhook-deliveries/replay', await app.http().post('/dashboard/webhook-deliveries/replay').set(bearer(org.token)).send({ since: new Date(Date.now() - 60_000).toISOString() }));
    conforms('POST', '/dashboard/webhook-deliveries/replay', await app.http().post('/dashboard/webhook-deliveries/replay').set(bearer(org.token)).send({ since: 'yesterday' })); // 422
  });

  test('platform administration', async () => {
    const as = bearer(admin.token);
    conforms('GET', '/api/admin/organizations', await app.http().get('/api/admin/organizations').set(bearer(org.token))); // 403
    conforms('GET', '/api/admin/organizations', await app.http().get(`/api/admin/organizations?q=${encodeURIComponent(org.email)}`).set(as));
    conforms('GET', '/api/admin/organizations/{id}', await app.http().get(`/api/admin/organizations/${org.orgId}`).set(as));
    const other = await signup(app);
    conforms('POST', '/api/admin/organizations/{id}/deactivate', await app.http().post(`/api/admin/organizations/${other.orgId}/deactivate`).set(as));
    conforms('POST', '/api/admin/organizations/{id}/activate', await app.http().post(`/api/admin/organizations/${other.orgId}/activate`).set(as));
    conforms('GET', '/api/admin/users', await app.http().get(`/api/admin/users?org_id=${org.orgId}`).set(as));
    conforms('POST', '/api/admin/users/{id}/deactivate', await app.http().post(`/api/admin/users/${other.userId}/deactivate`).set(as));
    conforms('POST', '/api/admin/users/{id}/activate', await app.http().post(`/api/admin/users/${other.userId}/activate`).set(as));
    conforms('GET', '/api/admin/calls', await app.http().get(`/api/admin/calls?org_id=${org.orgId}`).set(as));
    conforms('GET', '/api/admin/webhook-deliveries', await app.http().get(`/api/admin/webhook-deliveries?org_id=${org.orgId}`).set(as));
    conforms('POST', '/api/admin/api-keys/{id}/revoke', await app.http().post(`/api/admin/api-keys/${other.apiKeyId}/revoke`).set(as));
    conforms('POST', '/api/admin/api-keys/{id}/revoke', await app.http().post('/api/admin/api-keys/00000000-0000-7000-8000-000000000000/revoke').set(as)); // 404
    conforms('GET', '/api/admin/stats', await app.http().get('/api/admin/stats').set(as));
    conforms('GET', '/api/admin/audit-log', await app.http().get('/api/admin/audit-log').set(as));
  });

  test('operations endpoints', async () => {
    conforms('GET', '/health', await app.http().get('/health'));
    const ready = conforms('GET', '/ready', await app.http().get('/ready'));
    expect(ready.body).toMatchObject({ status: 'ready', worker: 'ok' });
    conforms('GET', '/metrics', await app.http().get('/metrics'));
    conforms('GET', '/openapi.json', await app.http().get('/openapi.json'));
  });

  afterAll(() => {
    // Every documented operation was exercised at least once above.
    const all = Object.entries(doc.paths as Record<string, Json>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(all.filter((op) => !covered.has(op))).toEqual([]);
  });
});

test('the check itself bites: an undocumented status or a body off the schema fails', async () => {
  const res = await app.http().get('/v1/calls').set(bearer('sk_live_x'));
  expect(res.status).toBe(401);
  expect(() => conforms('GET', '/v1/calls/{call_id}', { ...res, status: 418 } as Response)).toThrow(/not documented/);
  const health = await app.http().get('/health');
  expect(() => conforms('GET', '/health', { ...health, body: { ...health.body, extra: 1 } } as Response)).toThrow(/does not match/);
  const call = { call_id: 'x' };
  expect(() => conforms('GET', '/v1/calls/{call_id}', { ...health, body: call } as Response)).toThrow(/does not match/);
});
