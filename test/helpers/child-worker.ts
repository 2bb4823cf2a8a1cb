import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestApp } from './test-app';

/**
 * The real service entry point (src/main.ts) in a child process, as `ROLE=worker`, on a test
 * app's database with the same deployment secrets: a worker process we can SIGKILL or SIGTERM.
 */
export function spawnWorker(app: TestApp, env: Record<string, string> = {}): ChildProcess & { exited: Promise<number | null> } {
  const root = path.resolve(__dirname, '..', '..');
  const child = spawn(process.execPath, ['-r', '@swc-node/register', path.join(root, 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ROLE: 'worker',
      DATABASE_URL: app.db.url,
      JWT_SECRET: app.config.jwtSecret,
      SECRETS_ENCRYPTION_KEY: app.config.secretsEncryptionKey.toString('base64'),
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      SIMULATOR_SPEEDUP: '2000',
      LOG_LEVEL: 'info',
      LOG_FILE: (app.config.logFile ?? '/dev/null') + '.child.log',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as ChildProcess & { exited: Promise<number | null> };
  child.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return child;
}
