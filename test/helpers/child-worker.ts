import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestApp } from './test-app';

export type ServiceProcess = ChildProcess & { exited: Promise<number | null> };

/**
 * The real service entry point (src/main.ts) in a child process: a process we can SIGKILL or
 * SIGTERM, or watch survive what happens to its database.
 */
export function spawnService(opts: { role: 'all' | 'api' | 'worker'; databaseUrl: string; secrets: { jwtSecret: string; encryptionKey: string }; logFile: string; env?: Record<string, string> }): ServiceProcess {
  const root = path.resolve(__dirname, '..', '..');
  const child = spawn(process.execPath, ['-r', '@swc-node/register', path.join(root, 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ROLE: opts.role,
      DATABASE_URL: opts.databaseUrl,
      JWT_SECRET: opts.secrets.jwtSecret,
      SECRETS_ENCRYPTION_KEY: opts.secrets.encryptionKey,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      SIMULATOR_SPEEDUP: '2000',
      LOG_LEVEL: 'info',
      LOG_FILE: opts.logFile,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as ServiceProcess;
  child.stdout?.resume();
  child.stderr?.resume();
  child.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return child;
}

/** A `ROLE=worker` process on a test app's database, with the same deployment secrets. */
export function spawnWorker(app: TestApp, env: Record<string, string> = {}): ServiceProcess {
  return spawnService({
    role: 'worker',
    databaseUrl: app.db.url,
    secrets: { jwtSecret: app.config.jwtSecret, encryptionKey: app.config.secretsEncryptionKey.toString('base64') },
    logFile: (app.config.logFile ?? '/dev/null') + '.child.log',
    env,
  });
}
