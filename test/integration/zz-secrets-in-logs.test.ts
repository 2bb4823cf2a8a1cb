import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bearer, eventually, recordSecret, signup } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { readState } from '../setup/test-db';
const { doneMarkerName } = require('../setup/environment') as { doneMarkerName: (testPath: string) => string };

/**
 * Runs last (the sequencer orders `zz-` files at the end): every secret any suite of this run
 * created (recorded through recordSecret in secrets-<pid>.txt) must appear in no log line written
 * during the run. It first makes its own traffic, so it proves something when run alone too:
 * credentials in headers, failed logins, a 5xx carrying SQL with a secret as a parameter, signed
 * webhook deliveries, and an object logged with an Authorization header.
 */
const logDir = readState().logDir;

function listFiles(dir: string, test: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, test));
    else if (test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * Other jest workers may still be running their last files: wait until every other file of this run
 * is done (test/setup/environment.js writes a marker once a file's apps are closed and their logs
 * flushed). Waiting for other files can take a while on a busy machine, hence this test's timeout.
 */
async function waitForOtherFiles(): Promise<void> {
  const files = (JSON.parse(process.env.VOICEGATE_TEST_FILES ?? '[]') as string[]).filter((f) => f !== __filename);
  const pending = () => files.filter((f) => !existsSync(path.join(logDir, 'done', doneMarkerName(f))));
  const deadline = Date.now() + OTHER_FILES_DEADLINE_MS;
  while (pending().length) {
    if (Date.now() > deadline) throw new Error(`other test files never finished: ${pending().join(', ')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const OTHER_FILES_DEADLINE_MS = 270_000;

const mask = (s: string) => `${s.slice(0, 4)}…(${s.length} chars)`;

let app: TestApp;
let receiver: Server;
let received = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(received % 2 ? 500 : 200).end('receiver says hello');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  app = await startTestApp({ LOG_LEVEL: 'debug', WEBHOOK_RETRY_SCHEDULE: '100ms', WEBHOOK_RETRY_FLOOR: '100ms' }, { worker: true });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await new Promise<void>((r) => receiver?.close(() => r()));
});

test('this suite makes traffic full of secrets', async () => {
  const org = await signup(app);
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: hook }).expect(200);

  // Credentials in headers on every kind of route, good and bad.
  await app.http().get('/auth/me').set(bearer(org.token)).expect(200);
  await app.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);
  await app.http().get('/v1/calls').set(bearer(org.token)).expect(401);
  await app.http().get('/auth/me').set(bearer(org.apiKey)).expect(401);
  const forged = `sk_live_${createHash('sha256').update(org.apiKey).digest('base64url')}`;
  recordSecret(forged);
  await app.http().get('/v1/calls').set(bearer(forged)).expect(401);
  await app.http().post('/graphql').set(bearer(org.token)).send({ query: '{ me { id } }' }).expect(200);

  // Passwords in bodies: good, wrong, and malformed.
  const login = await app.http().post('/auth/login').send({ email: org.email, password: org.password });
  recordSecret(login.body.access_token);
  const wrong = `wrong-${org.password}`;
  recordSecret(wrong);
  await app.http().post('/auth/login').send({ email: org.email, password: wrong }).expect(401);
  await app.http().post('/auth/login').set('Content-Type', 'application/json').send(`{"email":"${org.email}","password":"${wrong}"`).expect(400);

  // Secrets handed out and rotated.
  const key = await app.http().post('/dashboard/api-keys').set(bearer(org.token)).send({ name: 'logged?' });
  recordSecret(key.body.secret);
  await app.http().post(`/dashboard/api-keys/${key.body.id}/revoke`).set(bearer(org.token)).expect(200);
  const rotated = await app.http().post('/dashboard/webhook/rotate-secret').set(bearer(org.token));
  recordSecret(rotated.body.webhook_secret);

  // Signed deliveries, failing and succeeding, logged by the worker.
  const placed = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).set('Idempotency-Key', 'secret-scan').send({ to: '+14155550142' });
  expect(placed.status).toBe(201);
  await eventually(async () => received >= 2, { what: 'webhook attempts' });

  // A driver error whose SQL carries secrets as parameter values, logged the way the 5xx path logs it.
  const err = await app.db.orm.em
    .fork()
    .execute('select ?::int as n, ?::text as k, ?::text as p', [org.apiKey, org.webhookSecret, org.password])
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(Error);
  expect(String((err as Error).message)).toContain(org.apiKey); // the raw message does carry it...
  app.services.log.error({ err, req: { headers: { authorization: `Bearer ${org.token}` } } }, 'request failed (secret scan probe)');
  app.services.log.info({ headers: { authorization: `Bearer ${org.apiKey}` }, password: org.password, webhook_secret: org.webhookSecret }, 'careless log call (secret scan probe)');

  // ...and the log line about it must exist, sanitized.
  const ownLogs = () => listFiles(logDir, (n) => n.startsWith('zz-secrets-in-logs') && n.endsWith('.log')).map((f) => readFileSync(f, 'utf8')).join('\n');
  await eventually(async () => ownLogs().includes('careless log call (secret scan probe)'), { what: 'this suite’s log lines to be written' });
  const probe = ownLogs()
    .split('\n')
    .find((l) => l.includes('request failed (secret scan probe)'));
  expect(probe).toBeDefined();
  const entry = JSON.parse(probe!) as { err: { type: string; message: string; code?: string }; req: { headers: { authorization: string } } };
  expect(entry.err.type).toBe('DriverException');
  expect(entry.err.code).toBe('22P02');
  expect(entry.err.message).toMatch(/^\[query omitted\] - invalid input syntax for type integer: "\[redacted\]"$/);
  expect(entry.req.headers.authorization).toBe('[redacted]');
});

test('no secret created during this run appears in any log line', async () => {
  await waitForOtherFiles();
  const secretFiles = listFiles(logDir, (n) => /^secrets-\d+\.txt$/.test(n));
  const secrets = new Set<string>();
  for (const f of secretFiles) {
    for (const line of readFileSync(f, 'utf8').split('\n')) if (line.length >= 8) secrets.add(line);
  }
  // Stored forms that must not leak either: an API key's SHA-256.
  for (const s of [...secrets]) if (s.startsWith('sk_live_')) secrets.add(createHash('sha256').update(s).digest('hex'));
  const logFiles = listFiles(logDir, (n) => n.endsWith('.log'));
  expect(secrets.size).toBeGreaterThan(10);
  expect(logFiles.length).toBeGreaterThan(0);

  const leaks: string[] = [];
  let lines = 0;
  for (const file of logFiles) {
    const text = readFileSync(file, 'utf8');
    lines += text.split('\n').length;
    for (const secret of secrets) {
      const at = text.indexOf(secret);
      if (at >= 0) leaks.push(`${path.basename(file)} line ${text.slice(0, at).split('\n').length}: ${mask(secret)}`);
    }
    // Shapes of credentials nobody recorded (a suite that forgot recordSecret) are caught too.
    const shapes: Array<[string, RegExp]> = [
      ['API key', /sk_live_[A-Za-z0-9]{24,}/],
      ['webhook secret', /whsec_[A-Za-z0-9+/]{24,}/],
      ['JWT', /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
      ['bcrypt hash', /\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}/],
    ];
    for (const [what, re] of shapes) {
      const m = re.exec(text);
      if (m) leaks.push(`${path.basename(file)} line ${text.slice(0, m.index).split('\n').length}: something shaped like a ${what}: ${mask(m[0])}`);
    }
  }
  expect(lines).toBeGreaterThan(20);
  expect(leaks).toEqual([]);
}, OTHER_FILES_DEADLINE_MS + 30_000);
