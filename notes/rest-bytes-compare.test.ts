/* Records normalized REST exchanges (status, headers, body) of the app under APP_ROOT, to compare two checkouts byte for byte.
 * Copy to test/integration/, then: APP_ROOT=/path/to/checkout OUT=/tmp/x.txt npx jest test/integration/rest-bytes-compare.test.ts; diff the two outputs.
 * Only next_cursor values differ between runs (they encode fresh ids). Not part of npm test. */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { createTestDatabase, readState } from '../setup/test-db';

const ROOT = process.env.APP_ROOT!;
/* eslint-disable @typescript-eslint/no-require-imports */
const { buildApp } = require(`${ROOT}/src/app`);
const { loadConfig } = require(`${ROOT}/src/config`);
const { openDatabase } = require(`${ROOT}/src/db/database`);
const { createServices } = require(`${ROOT}/src/services`);
const { createLogger } = require(`${ROOT}/src/common/logger`);

test('record', async () => {
  const database = await createTestDatabase();
  const state = readState();
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'info', BCRYPT_COST: '4', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_ENABLED: 'false',
    PUBLIC_BASE_URL: 'http://127.0.0.1:9', JWT_SECRET: 'x'.repeat(43), SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    DATA_DIR: path.join(state.logDir, 'data'), LOG_FILE: path.join(state.logDir, `bytes-${Date.now()}.log`), DATABASE_URL: database.url,
    PLATFORM_ADMIN_EMAILS: 'admin@bytes.test', CORS_ORIGINS: 'https://dash.example.com',
  });
  const log = createLogger({ level: config.logLevel, file: config.logFile });
  const db = await openDatabase({ url: database.url, poolSize: 4, queuePoolSize: 6 });
  const s = createServices(config, db, log);
  await s.notifier.start();
  s.apiKeyCache.start();
  const built = await buildApp(s, { workerRunning: () => false });
  const server = await new Promise<import('node:http').Server>((r) => { const x = built.app.listen(0, '127.0.0.1', () => r(x)); });
  const http = () => request(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const out: string[] = [];
  const seen = new Map<string, string>();
  const norm = (t: string) =>
    t
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (m) => { if (!seen.has(m)) seen.set(m, `<id${seen.size}>`); return seen.get(m)!; })
      .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<jwt>')
      .replace(/sk_live_\w+/g, '<key>')
      .replace(/whsec_[\w+/=]+/g, '<whsec>')
      .replace(/"secret_last4":"[^"]*"/g, '"secret_last4":"<4>"')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|\+00:00)/g, '<time>')
      .replace(/expires=\d+&signature=[0-9a-f]+/g, '<sig>');
  const rec = async (label: string, req: request.Test) => {
    const res = await req;
    const headers = Object.entries(res.headers).filter(([k]) => !['date', 'x-request-id', 'content-length', 'etag', 'connection', 'keep-alive'].includes(k)).map(([k, v]) => `${k}: ${v}`);
    out.push(`### ${label}\n${res.status}\n${norm(headers.join('\n'))}\n${norm(res.text ?? '')}\n`);
    return res;
  };
  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
  const su = await rec('signup', http().post('/auth/signup').send({ email: 'owner@bytes.test', password: 'correct horse battery', organization_name: 'Bytes' }));
  await rec('signup dup', http().post('/auth/signup').send({ email: 'owner@bytes.test', password: 'correct horse battery' }));
  await rec('signup 422', http().post('/auth/signup').send({ email: 'x', password: 'y' }));
  await rec('signup 400', http().post('/auth/signup').set('Content-Type', 'application/json').send('{"a":'));
  await rec('signup 415', http().post('/auth/signup').set('Content-Type', 'text/plain').send('hi'));
  await rec('login', http().post('/auth/login').send({ email: 'owner@bytes.test', password: 'correct horse battery' }));
  await rec('login 401', http().post('/auth/login').send({ email: 'owner@bytes.test', password: 'wrong password' }));
  const token = su.body.access_token as string;
  const key = su.body.api_key.secret as string;
  await rec('me', http().get('/auth/me').set(auth(token)));
  await rec('me 401', http().get('/auth/me'));
  await rec('me bad', http().get('/auth/me').set('Authorization', 'Basic abc'));
  await rec('keys', http().get('/dashboard/api-keys').set(auth(token)));
  const k2 = await rec('key create', http().post('/dashboard/api-keys').set(auth(token)).send({ name: 'two' }));
  await rec('key create empty', http().post('/dashboard/api-keys').set(auth(token)));
  await rec('key revoke', http().post(`/dashboard/api-keys/${k2.body.id}/revoke`).set(auth(token)));
  await rec('key revoke 404', http().post('/dashboard/api-keys/nope/revoke').set(auth(token)));
  await rec('webhook', http().get('/dashboard/webhook').set(auth(token)));
  await rec('webhook patch', http().patch('/dashboard/webhook').set(auth(token)).send({ webhook_url: 'http://127.0.0.1:9/h' }));
  await rec('webhook patch 422', http().patch('/dashboard/webhook').set(auth(token)).send({ webhook_url: 'ftp://x' }));
  await rec('rotate', http().post('/dashboard/webhook/rotate-secret').set(auth(token)));
  await rec('members', http().get('/dashboard/members?limit=1').set(auth(token)));
  await rec('members 422', http().get('/dashboard/members?limit=0').set(auth(token)));
  const m = await rec('member add', http().post('/dashboard/members').set(auth(token)).send({ email: 'm@bytes.test', password: 'member password' }));
  await rec('member add dup', http().post('/dashboard/members').set(auth(token)).send({ email: 'm@bytes.test', password: 'member password' }));
  await rec('member deactivate', http().post(`/dashboard/members/${m.body.id}/deactivate`).set(auth(token)));
  await rec('dashboard unknown', http().get('/dashboard/nope').set(auth(token)));
  await rec('dashboard unknown noauth', http().get('/dashboard/nope'));
  await rec('cors preflight', http().options('/dashboard/api-keys').set('Origin', 'https://dash.example.com').set('Access-Control-Request-Method', 'POST'));
  await rec('cors get', http().get('/dashboard/api-keys').set('Origin', 'https://dash.example.com').set(auth(token)));
  const placed = await rec('place', http().post('/v1/calls/outbound').set(auth(key)).set('Idempotency-Key', 'k1').send({ to: '+14155550123', metadata: { b: 1, a: 2 } }));
  await rec('place replay', http().post('/v1/calls/outbound').set(auth(key)).set('Idempotency-Key', 'k1').send({ to: '+14155550123', metadata: { b: 1, a: 2 } }));
  await rec('place conflict', http().post('/v1/calls/outbound').set(auth(key)).set('Idempotency-Key', 'k1').send({ to: '+14155550124' }));
  await rec('place bad key', http().post('/v1/calls/outbound').set(auth(key)).set('Idempotency-Key', 'has space').send({ to: '+14155550124' }));
  await rec('place 422', http().post('/v1/calls/outbound').set(auth(key)).send({ to: '012' }));
  await rec('place noidem', http().post('/v1/calls/outbound').set(auth(key)).send({ to: '+14155550125' }));
  await rec('calls', http().get('/v1/calls?limit=1').set(auth(key)));
  await rec('calls 422', http().get('/v1/calls?status=x').set(auth(key)));
  await rec('call', http().get(`/v1/calls/${placed.body.call_id}`).set(auth(key)));
  await rec('call 404', http().get('/v1/calls/nope').set(auth(key)));
  await rec('cancel', http().post(`/v1/calls/${placed.body.call_id}/cancel`).set(auth(key)));
  await rec('cancel 409', http().post(`/v1/calls/${placed.body.call_id}/cancel`).set(auth(key)));
  await rec('v1 with jwt', http().get('/v1/calls').set(auth(token)));
  await rec('v1 head', http().head('/v1/calls').set(auth(key)));
  const dl = await rec('deliveries', http().get('/dashboard/webhook-deliveries').set(auth(token)));
  await rec('deliveries 422', http().get('/dashboard/webhook-deliveries?delivered=maybe').set(auth(token)));
  await rec('delivery', http().get(`/dashboard/webhook-deliveries/${dl.body.data[0]?.id}`).set(auth(token)));
  await rec('delivery 404', http().get('/dashboard/webhook-deliveries/nope').set(auth(token)));
  await rec('redeliver', http().post(`/dashboard/webhook-deliveries/${dl.body.data[0]?.id}/redeliver`).set(auth(token)));
  await rec('replay', http().post('/dashboard/webhook-deliveries/replay').set(auth(token)).send({ since: '2020-01-01T00:00:00Z' }));
  await rec('replay 422', http().post('/dashboard/webhook-deliveries/replay').set(auth(token)).send({ since: 'x' }));
  const adm = await http().post('/auth/signup').send({ email: 'admin@bytes.test', password: 'correct horse battery' });
  const at = adm.body.access_token as string;
  await rec('admin 403', http().get('/api/admin/stats').set(auth(token)));
  await rec('admin orgs', http().get('/api/admin/organizations?q=bytes&limit=5').set(auth(at)));
  await rec('admin org', http().get(`/api/admin/organizations/${su.body.organization.id}`).set(auth(at)));
  await rec('admin org 404', http().get('/api/admin/organizations/nope').set(auth(at)));
  await rec('admin users', http().get(`/api/admin/users?org_id=${su.body.organization.id}`).set(auth(at)));
  await rec('admin users 422', http().get('/api/admin/users?org_id=x').set(auth(at)));
  await rec('admin calls', http().get(`/api/admin/calls?org_id=${su.body.organization.id}`).set(auth(at)));
  await rec('admin deliveries', http().get(`/api/admin/webhook-deliveries?org_id=${su.body.organization.id}`).set(auth(at)));
  await rec('admin user deact', http().post(`/api/admin/users/${m.body.id}/activate`).set(auth(at)));
  await rec('admin org deact', http().post(`/api/admin/organizations/${su.body.organization.id}/deactivate`).set(auth(at)));
  await rec('admin org act', http().post(`/api/admin/organizations/${su.body.organization.id}/activate`).set(auth(at)));
  await rec('admin key revoke', http().post(`/api/admin/api-keys/${k2.body.id}/revoke`).set(auth(at)));
  await rec('admin audit', http().get('/api/admin/audit-log?limit=2').set(auth(at)));
  await rec('recording 404', http().get('/recordings/abc.wav'));
  await rec('recording 401', http().get(`/recordings/${placed.body.call_id}.wav?expires=1&signature=00`));
  await rec('health', http().get('/health'));
  await rec('ready', http().get('/ready'));
  const metrics = await http().get('/metrics');
  out.push(`### metrics\n${metrics.status} ${metrics.headers['content-type']} ${metrics.headers['cache-control']}\n`);
  const doc = await http().get('/openapi.json');
  out.push(`### openapi\n${doc.status} ${doc.headers['content-type']} ${doc.headers['cache-control']}\n`);
  await rec('docs', http().get('/docs'));
  await rec('unknown', http().get('/nope'));
  await rec('graphql me', http().post('/graphql').set(auth(token)).send({ query: '{ me { email role organization { name } } calls(first: 1) { edges { node { status } } } }' }));
  writeFileSync(process.env.OUT!, out.join('\n'));
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  await built.stop();
  await s.apiKeyCache.stop();
  await s.notifier.stop();
  await db.close();
  await database.drop();
});
