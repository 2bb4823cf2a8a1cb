import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { freePort } from '../../src/db/free-port';
import { killProcessGroup, spawnService, type ServiceProcess } from '../helpers/child-worker';
import { eventually, signup } from '../helpers/factories';

/**
 * Two real services (`npm start`'s entry point, embedded PostgreSQL) on one DATA_DIR: the second
 * refuses and exits non-zero, naming the first's pid, and the first and its PostgreSQL carry on
 * untouched. A service killed outright (SIGKILL: its PostgreSQL lives on, an orphan) does not hold
 * the directory: the next start stops the orphan and runs, as before.
 */
const secrets = { jwtSecret: randomBytes(32).toString('hex'), encryptionKey: randomBytes(32).toString('base64') };
const tmp = mkdtempSync(path.join(os.tmpdir(), 'voicegate-data-lock-'));
const dataDir = path.join(tmp, 'data');
const pgDir = path.join(dataDir, 'pg');
const started: ServiceProcess[] = [];

afterAll(async () => {
  for (const child of started) killProcessGroup(child); // each group also holds the PostgreSQL its service started
  await Promise.all(started.map((c) => c.exited));
  rmSync(tmp, { recursive: true, force: true });
});

async function spawnOnDataDir(): Promise<{ child: ServiceProcess; base: string; log: () => string }> {
  const port = await freePort();
  const logFile = path.join(tmp, `service-${port}.log`);
  const child = spawnService({
    role: 'all',
    secrets,
    logFile,
    processGroup: true,
    env: { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
  });
  started.push(child);
  // A service refused at start may exit before its logger has created the file.
  return { child, base: `http://127.0.0.1:${port}`, log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '') };
}

async function ready(service: { child: ServiceProcess; base: string }): Promise<void> {
  await eventually(
    async () => {
      if (service.child.exitCode !== null) throw new Error(`the service exited:\n${service.child.output}`);
      return (await request(service.base).get('/ready').catch(() => undefined))?.status === 200;
    },
    { timeoutMs: 60_000, what: 'the service to be ready' },
  );
}

const postmasterPid = () => Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('a second service on a data directory in use refuses and exits non-zero; the first and its PostgreSQL carry on', async () => {
  const first = await spawnOnDataDir();
  await ready(first);
  const postmaster = postmasterPid();

  const second = await spawnOnDataDir();
  // It exits (the refusal), or else it took the directory over and became ready (the failure).
  const outcome = await Promise.race([
    second.child.exited.then((code) => `exited ${code}`),
    ready(second).then(
      () => 'ready',
      () => second.child.exited.then((code) => `exited ${code}`),
    ),
  ]);
  expect([outcome, await second.child.exited]).toEqual(['exited 1', 1]);
  expect(second.child.output).toContain(`the data directory ${pgDir} is in use by process ${first.child.pid}`);
  expect(second.log()).not.toContain('stopping an orphaned PostgreSQL');

  // The first one's PostgreSQL was left alone: same postmaster, and the service still uses it.
  expect(postmasterPid()).toBe(postmaster);
  expect(alive(postmaster)).toBe(true);
  await request(first.base).get('/ready').expect(200);
  await signup({ http: () => request(first.base) } as never);

  // Killed outright, the first service holds nothing any more; its PostgreSQL lives on as an orphan,
  // which the next start stops before starting its own.
  first.child.kill('SIGKILL');
  await first.child.exited;
  expect(alive(postmaster)).toBe(true);
  const third = await spawnOnDataDir();
  await ready(third);
  expect(third.log()).toContain(`stopping an orphaned PostgreSQL (pid ${postmaster})`);
  expect(alive(postmaster)).toBe(false);
  await signup({ http: () => request(third.base) } as never);

  third.child.kill('SIGTERM');
  expect(await third.child.exited).toBe(0);
}, 180_000);
