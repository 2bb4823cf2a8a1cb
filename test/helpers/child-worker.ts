import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestApp } from './test-app';

/** `output`: the last 20,000 characters the process wrote to stdout and stderr. */
export type ServiceProcess = ChildProcess & { exited: Promise<number | null>; output: string };

/**
 * The real service entry point (src/main.ts) in a child process: a process we can SIGKILL or
 * SIGTERM, or watch survive what happens to its database. Without `databaseUrl` it runs its own
 * embedded PostgreSQL under `DATA_DIR` (give one in `env`). `processGroup` puts it in a process
 * group of its own, which its embedded PostgreSQL joins, so that `killProcessGroup` can kill both
 * at once, as a crash of the whole host would.
 */
export function spawnService(opts: {
  role: 'all' | 'api' | 'worker';
  databaseUrl?: string;
  secrets: { jwtSecret: string; encryptionKey: string };
  logFile: string;
  env?: Record<string, string>;
  processGroup?: boolean;
}): ServiceProcess {
  const root = path.resolve(__dirname, '..', '..');
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['-r', '@swc-node/register', path.join(root, 'src', 'main.ts')], {
    cwd: root,
    detached: opts.processGroup ?? false,
    env: {
      ...env,
      NODE_ENV: 'test',
      ROLE: opts.role,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
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
  child.output = '';
  const keep = (chunk: Buffer) => {
    child.output = (child.output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return child;
}

/** SIGKILLs every process of a group started with `processGroup` (the service and its PostgreSQL). */
export function killProcessGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
  }
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
