import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The embedded PostgreSQL's superuser password (docs/security.md): generated on first start
 * and kept in the secrets file; a data directory made by an older release with the fixed password
 * "postgres" still starts, and from then on only the generated password works.
 * Real clusters, each driven by a child process (test/fixtures/embedded-pg.ts).
 */
const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'embedded-pg.ts');

interface Probe {
  ok: boolean;
  error?: string;
  url_database?: string;
  url_has_stored_password?: boolean;
  legacy?: string;
  stored?: string;
}

async function fixture(...args: string[]): Promise<Probe> {
  const { stdout } = await run(process.execPath, ['-r', '@swc-node/register', FIXTURE, ...args], { cwd: ROOT, timeout: 150_000 }).catch(
    (e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? JSON.stringify({ ok: false, error: e.stderr }) }),
  );
  const line = stdout.trim().split('\n').filter((l) => l.startsWith('{')).pop();
  return JSON.parse(line ?? JSON.stringify({ ok: false, error: stdout })) as Probe;
}

let base: string;
beforeAll(() => {
  // PostgreSQL runs as the `postgres` user when we are root: its directory must be reachable.
  base = mkdtempSync(path.join(os.tmpdir(), 'vg-embedded-pw-'));
  chmodSync(base, 0o755);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const passwordIn = (file: string): string | undefined => (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).EMBEDDED_POSTGRES_PASSWORD;

test('a new cluster gets a generated password kept (0600) in the secrets file; "postgres" is refused', async () => {
  const dataDir = path.join(base, 'fresh', 'pg');
  const secrets = path.join(base, 'fresh', 'secrets.json');
  const seen = await fixture('start-and-probe', dataDir, secrets);
  expect(seen).toEqual({ ok: true, url_database: 'voicegate', url_has_stored_password: true, legacy: '28P01', stored: 'ok' });
  const password = passwordIn(secrets)!;
  expect(password.length).toBeGreaterThanOrEqual(32);
  expect(statSync(secrets).mode & 0o077).toBe(0);
}, 180_000);

test('a cluster made with the old fixed password starts, is moved to a generated one, and keeps other secrets', async () => {
  const dataDir = path.join(base, 'legacy', 'pg');
  const secrets = path.join(base, 'legacy', 'secrets.json');
  expect(await fixture('legacy-init', dataDir)).toEqual({ ok: true });
  // A development secrets file written by an older release: JWT and encryption keys, no password.
  writeFileSync(secrets, JSON.stringify({ JWT_SECRET: 'kept-jwt-secret-value-1234567890', SECRETS_ENCRYPTION_KEY: 'a'.repeat(64) }), { mode: 0o600 });

  const upgraded = await fixture('start-and-probe', dataDir, secrets);
  expect(upgraded).toEqual({ ok: true, url_database: 'voicegate', url_has_stored_password: true, legacy: '28P01', stored: 'ok' });
  const stored = JSON.parse(readFileSync(secrets, 'utf8')) as Record<string, string>;
  expect(stored.JWT_SECRET).toBe('kept-jwt-secret-value-1234567890');
  expect(stored.SECRETS_ENCRYPTION_KEY).toBe('a'.repeat(64));
  expect(stored.EMBEDDED_POSTGRES_PASSWORD).not.toBe('postgres');

  // The next start uses the stored password directly and changes nothing.
  const again = await fixture('start-and-probe', dataDir, secrets);
  expect(again).toEqual(upgraded);
  expect(passwordIn(secrets)).toBe(stored.EMBEDDED_POSTGRES_PASSWORD);
}, 240_000);

test('a secrets file that no longer matches the cluster stops start-up with a message saying what to do', async () => {
  const dataDir = path.join(base, 'fresh', 'pg');
  const secrets = path.join(base, 'fresh', 'other-secrets.json');
  writeFileSync(secrets, JSON.stringify({ EMBEDDED_POSTGRES_PASSWORD: 'not-the-right-password-0123456789' }), { mode: 0o600 });
  const seen = await fixture('start-and-probe', dataDir, secrets);
  expect(seen.ok).toBe(false);
  expect(seen.error).toMatch(/refused the password kept in its secrets file/);
}, 180_000);
