import { createHash } from 'node:crypto';
import { decryptSecret } from '../../src/common/crypto';
import { bearer, recordSecret, signup } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
beforeAll(async () => {
  // The production default: private destinations refused.
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
});
afterAll(() => app.close());

test('GET shows the URL and the last four characters of the secret, never the secret', async () => {
  const org = await signup(app);
  const res = await app.http().get('/dashboard/webhook').set(bearer(org.token));
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ webhook_url: null, secret_last4: org.webhookSecret.slice(-4), health: expect.objectContaining({ enabled: true, attempts_24h: 0 }) });
});

test('PATCH sets and clears the default URL', async () => {
  const org = await signup(app);
  const set = await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: 'https://hooks.example.com/voice?x=1' });
  expect(set.status).toBe(200);
  expect(set.body).toEqual({ webhook_url: 'https://hooks.example.com/voice?x=1' });
  const me = await app.http().get('/auth/me').set(bearer(org.token));
  expect(me.body.organization.webhook_url).toBe('https://hooks.example.com/voice?x=1');
  const cleared = await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: null });
  expect(cleared.body).toEqual({ webhook_url: null });
});

test('URL rules: absolute http(s), no credentials, at most 2048 characters', async () => {
  const org = await signup(app);
  const bad = ['ftp://example.com/x', '/relative/path', 'example.com/hook', 'https://user:pass@example.com/x', `https://example.com/${'a'.repeat(2040)}`, 42, ''];
  for (const url of bad) {
    const res = await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: url });
    expect([String(url).slice(0, 30), res.status, res.body.code, res.body.errors?.[0]?.field]).toEqual([String(url).slice(0, 30), 422, 'validation_error', 'webhook_url']);
  }
  const missing = await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({});
  expect(missing.status).toBe(422);
});

test('private, loopback, link-local, metadata and reserved destinations are refused', async () => {
  const org = await signup(app);
  const blocked = [
    'http://127.0.0.1/hook',
    'http://localhost:8080/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://2130706433/', // 127.0.0.1 in decimal
    'http://0x7f.1/', // 127.0.0.1 in hex shorthand
    'http://[fd00::1]/',
    'http://224.0.0.1/',
    'http://[::127.0.0.1]/', // IPv4-compatible, written [::7f00:1] once parsed
    'http://[::7f00:1]/',
    'http://[64:ff9b::169.254.169.254]/', // NAT64
    'http://[2002:a00:1::]/', // 6to4 of 10.0.0.1
  ];
  for (const url of blocked) {
    const res = await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: url });
    expect([url, res.status, res.body.errors?.[0]?.field]).toEqual([url, 422, 'webhook_url']);
  }
  const ok = await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: 'https://8.8.8.8/hook' });
  expect(ok.status).toBe(200);
});

test('rotate: a new whsec_ secret shown once; stored encrypted with a fingerprint; the old one kept 24 h', async () => {
  const org = await signup(app);
  const res = await app.http().post('/dashboard/webhook/rotate-secret').set(bearer(org.token));
  expect(res.status).toBe(200);
  recordSecret(res.body.webhook_secret);
  expect(Object.keys(res.body)).toEqual(['webhook_secret']);
  const secret: string = res.body.webhook_secret;
  expect(secret).toMatch(/^whsec_/);
  expect(secret).not.toBe(org.webhookSecret);
  const settings = await app.http().get('/dashboard/webhook').set(bearer(org.token));
  expect(settings.body.secret_last4).toBe(secret.slice(-4));

  const { rows } = await app.db.pool.query('select * from organizations where id = $1', [org.orgId]);
  const row = rows[0];
  expect(JSON.stringify(row)).not.toContain(secret.slice(6));
  expect(JSON.stringify(row)).not.toContain(org.webhookSecret.slice(6));
  expect(row.webhook_secret_fingerprint).toBe(createHash('sha256').update(secret).digest('hex'));
  expect(decryptSecret(row.webhook_secret_enc, app.config.secretsEncryptionKey)).toBe(secret);
  expect(decryptSecret(row.previous_webhook_secret_enc, app.config.secretsEncryptionKey)).toBe(org.webhookSecret);
  const graceHours = (new Date(row.previous_webhook_secret_expires_at).getTime() - Date.now()) / 3_600_000;
  expect(graceHours).toBeGreaterThan(23.9);
  expect(graceHours).toBeLessThanOrEqual(24);
});

test('the secret never appears in GET /auth/me, the settings or the key list', async () => {
  const org = await signup(app);
  for (const path of ['/auth/me', '/dashboard/webhook', '/dashboard/api-keys', '/dashboard/members']) {
    const res = await app.http().get(path).set(bearer(org.token));
    expect(JSON.stringify(res.body)).not.toContain(org.webhookSecret.slice(6, 30));
  }
});
