import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { migrate, openDatabase, type Database } from '../../src/db/database';
import { ENTITIES } from '../../src/entities';
import { startHttpServer, trustedProxyCheck } from '../../src/rest/http-server';
import { createServices, type Services } from '../../src/services';
import { createLogger } from '../../src/common/logger';
import { startWorker, type WorkerHandle } from '../../src/worker/runner';
import { createTestDatabase, readState } from '../setup/test-db';

export interface TestApp {
  url: string;
  http: () => ReturnType<typeof request>;
  services: Services;
  config: Config;
  db: Database;
  worker?: WorkerHandle;
  startWorker(): Promise<WorkerHandle>;
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

/** Test-friendly defaults; a suite overrides what it exercises. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  BCRYPT_COST: '4',
  SIMULATOR_SPEEDUP: '600',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '200ms,400ms,800ms',
  WEBHOOK_RETRY_FLOOR: '300ms',
  WEBHOOK_TIMEOUT_SECONDS: '2',
  SWEEP_INTERVAL: '500ms',
  RATE_LIMIT_ENABLED: 'false',
  PUBLIC_BASE_URL: 'http://127.0.0.1:9',
  // A worker opens its SIP port once an organization connects a SIP trunk (inbound calls): on
  // loopback, on any free port, unless a suite names one.
  SIP_BIND_ADDRESS: '127.0.0.1',
  SIP_PORT: '0',
  // Suites compare stats with the rows they just wrote.
  ADMIN_STATS_CACHE: '0',
  // The neural opinion loads a speech model in a thread of its own (a few seconds of CPU under
  // jest, which compiles the thread's TypeScript): only the suites that test it turn it on
  // (stt-neural-opinion, the SIP conversation); elsewhere PocketSphinx hears alone, as before it.
  STT_NEURAL_OPINION: 'off',
};

/**
 * The real stack for one test file: its own database (cloned from the migrated template), the
 * real express app listening on an ephemeral port (real HTTP), and optionally the real worker.
 * Logs go to a per-file file under .test-logs so the secret scan can read every line written.
 */
/** Apps on the same database are processes of one deployment: they share its secrets. */
const secretsByDatabase = new Map<string, { JWT_SECRET: string; SECRETS_ENCRYPTION_KEY: string }>();
function deploymentSecrets(url: string) {
  let s = secretsByDatabase.get(url);
  if (!s) secretsByDatabase.set(url, (s = { JWT_SECRET: randomBytes(32).toString('base64url'), SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64') }));
  return s;
}

export interface TestAppOptions {
  worker?: boolean;
  /** Use this database instead of a fresh clone (a second "process" on the same data, or a cluster the test controls); it is not dropped. */
  databaseUrl?: string;
  /** Run migrations first (for a database that is not a clone of the migrated template). */
  migrate?: boolean;
  /** Listen on this port instead of an ephemeral one (when PUBLIC_BASE_URL must name the server). */
  port?: number;
}

export async function startTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const database = opts.databaseUrl ? { url: opts.databaseUrl, drop: async () => undefined } : await createTestDatabase();
  const state = readState();
  const logFile = path.join(state.logDir, `${path.basename(expect.getState().testPath ?? 'suite')}-${process.pid}-${Date.now()}.log`);
  const config = loadConfig({
    ...TEST_ENV,
    ...deploymentSecrets(database.url),
    DATA_DIR: path.join(state.logDir, 'data'),
    LOG_FILE: logFile,
    DATABASE_URL: database.url,
    ...env,
  });
  const log = createLogger({ level: config.logLevel, file: config.logFile });
  const db = await openDatabase({ url: database.url, entities: ENTITIES, poolSize: 6, queuePoolSize: config.workerConcurrency + 6, log });
  if (opts.migrate) await migrate(db);
  const services = createServices(config, db, log);
  await services.notifier.start();
  services.apiKeyCache.start();
  let worker: WorkerHandle | undefined;
  const built = await buildApp(services, { workerRunning: () => worker?.running() ?? false });
  const server: Server = await startHttpServer(built.listener, {
    port: opts.port ?? 0,
    host: '127.0.0.1',
    limits: config.http,
    isTrustedProxy: trustedProxyCheck(built.app),
    messages: built.messages,
    log,
  });
  built.attach(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const app: TestApp = {
    url,
    http: () => request(url),
    services,
    config,
    db,
    get worker() {
      return worker;
    },
    async startWorker() {
      worker ??= await startWorker(services);
      return worker;
    },
    async stopWorker() {
      await worker?.stop();
      worker = undefined;
    },
    async close() {
      await worker?.stop();
      await built.stop(); // closes subscription sockets, which server.close() would wait for
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await services.mail.drain();
      await services.apiKeyCache.stop();
      await services.notifier.stop();
      await db.close();
      await new Promise<void>((resolve) => log.flush(() => resolve()));
      await database.drop();
    },
  };
  if (opts.worker) await app.startWorker();
  return app;
}

/** Every line the app has logged so far, parsed (the logger is flushed first: its writes are asynchronous). */
export async function logLines(app: TestApp): Promise<Array<Record<string, unknown>>> {
  await new Promise<void>((resolve, reject) => app.services.log.flush((err) => (err ? reject(err) : resolve())));
  return readFileSync(app.config.logFile!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
