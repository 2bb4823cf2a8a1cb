import 'reflect-metadata';
import type { Server } from 'node:http';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate, openDatabase, type Database } from './db/database';
import { ENTITIES } from './entities';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { buildOpsApp } from './observability/ops-server';
import { startHttpServer, trustedProxyCheck } from './rest/http-server';
import { isReleasedRunnerError } from './queue';
import { createServices } from './services';
import { isConnectionLoss } from './common/connection-loss';
import { createLogger, wantsPrettyLogs, type Logger } from './common/logger';
import { startWorker, type WorkerHandle } from './worker/runner';

/**
 * Start-up: config → database (embedded when DATABASE_URL is unset) → migrations → HTTP and/or
 * worker by ROLE. SIGINT/SIGTERM drain HTTP, let the worker finish or release its jobs, then
 * close the database (and stop the embedded server last).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger({
    level: config.logLevel,
    file: config.logFile,
    pretty: wantsPrettyLogs({ nodeEnv: config.nodeEnv, file: config.logFile, stdoutIsTTY: process.stdout.isTTY }),
  });
  survivePostgresOutages(log);

  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'pg'),
      secretsFile: path.join(config.dataDir, 'secrets.json'),
      database: 'voicegate',
      log: (msg, level = 'info') => log[level](msg),
    });
    url = embedded.url;
    log.info({ data_dir: config.dataDir, port: embedded.port }, 'embedded PostgreSQL is running');
  }

  const db: Database = await openDatabase({
    url,
    entities: ENTITIES,
    poolSize: config.dbPoolSize,
    queuePoolSize: config.role === 'api' ? 8 : config.workerConcurrency + 6,
    keepQueuePoolOpen: true,
    log,
  });
  await migrate(db);
  const services = createServices(config, db, log);
  if (config.role !== 'worker') {
    if (services.mail.mailer.kind === 'file' && config.nodeEnv === 'production') {
      log.warn({ dir: `${config.dataDir}/mail` }, 'SMTP_URL is not set: account mails (verification, password reset, invitations) are only written as .eml files, nobody receives them');
    } else if (services.mail.mailer.kind === 'file') {
      log.info({ dir: `${config.dataDir}/mail` }, 'SMTP_URL is not set: account mails are written as .eml files');
    }
  }
  await services.notifier.start();
  services.apiKeyCache.start();

  // The worker readies its voice engines before it takes jobs (seconds on a cold start). HTTP is
  // served meanwhile, so the API takes calls (queued until the worker runs) and /ready answers
  // "not ready" instead of the port refusing connections.
  let worker: WorkerHandle | undefined;
  const workerStarted =
    config.role === 'api'
      ? Promise.resolve()
      : startWorker(services, { privateServer: embedded !== undefined }).then((w) => {
          worker = w;
          log.info({ concurrency: config.workerConcurrency }, 'worker started');
        });
  // Awaited below, once HTTP is up; this only keeps a failure meanwhile from counting as unhandled.
  workerStarted.catch(() => undefined);

  let server: Server | undefined;
  let stopGraphql: (() => Promise<void>) | undefined;
  if (config.role === 'worker') {
    // Only /health, /ready and /metrics: healthchecks and Prometheus need the worker too.
    server = await startHttpServer(buildOpsApp(services, () => worker?.running() ?? false), { port: config.port, host: config.host, limits: config.http, log });
    log.info({ port: config.port, host: config.host, role: config.role }, 'worker health and metrics listening');
  } else {
    const built = await buildApp(services, { workerRunning: () => worker?.running() ?? false });
    stopGraphql = built.stop;
    server = await startHttpServer(built.listener, {
      port: config.port,
      host: config.host,
      limits: config.http,
      isTrustedProxy: trustedProxyCheck(built.app),
      messages: built.messages,
      log,
    });
    built.attach(server);
    log.info({ port: config.port, host: config.host, role: config.role }, `voicegate listening on http://${config.host}:${config.port}`);
  }
  await workerStarted;

  let shuttingDown: Promise<void> | undefined;
  const shutdown = (signal: string): Promise<void> =>
    (shuttingDown ??= (async () => {
      log.info({ signal }, 'shutting down');
      const closing = server ? new Promise<void>((r) => server!.close(() => r())) : Promise.resolve();
      server?.closeIdleConnections();
      setTimeout(() => server?.closeAllConnections(), 5000).unref();
      // Stopping GraphQL closes the subscription sockets, which server.close() would wait for.
      await Promise.allSettled([closing, worker?.stop(), stopGraphql?.()]);
      await services.mail.drain();
      await services.apiKeyCache.stop();
      await services.notifier.stop();
      await db.close();
      log.info('stopped');
    })());

  // The embedded server's own exit hook waits for our shutdown before stopping PostgreSQL.
  embedded?.setBeforeStop(() => shutdown('exit-hook'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void shutdown(signal).then(async () => {
        await embedded?.stop();
        process.exit(0);
      });
    });
  }
}

/**
 * A lost database connection must never end the process, wherever it surfaces: a library's
 * background promise (graphile-worker's local queue returning jobs: "Error occurred whilst
 * returning jobs from local queue to database queue: Connection terminated unexpectedly") or an
 * idle client's 'error' event. Such errors are logged and the process carries on; the queue
 * runner is rebuilt by its supervisor (src/worker/runner.ts) and /ready reports the outage. The
 * same goes for a replaced runner's own late failure (isReleasedRunnerError).
 * Anything else keeps Node's default: log it and exit.
 */
function survivePostgresOutages(log: Logger): void {
  const stray = (kind: string) => (err: unknown) => {
    if (isConnectionLoss(err)) {
      log.error({ err, kind }, 'a lost database connection surfaced outside any request; carrying on');
      return;
    }
    if (isReleasedRunnerError(err)) {
      log.warn({ err, kind }, 'a replaced queue runner failed in the background after its release; carrying on');
      return;
    }
    log.fatal({ err, kind }, 'unexpected error; exiting');
    log.flush?.();
    process.exit(1);
  };
  process.on('unhandledRejection', stray('unhandledRejection'));
  process.on('uncaughtException', stray('uncaughtException'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('voicegate failed to start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
