import 'reflect-metadata';
import type { Server } from 'node:http';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate, openDatabase, type Database } from './db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { buildOpsApp } from './observability/ops-server';
import { createServices } from './services';
import { createLogger } from './shared/logger';
import { startWorker, type WorkerHandle } from './worker/runner';

/**
 * Start-up: config → database (embedded when DATABASE_URL is unset) → migrations → HTTP and/or
 * worker by ROLE. SIGINT/SIGTERM drain HTTP, let the worker finish or release its jobs, then
 * close the database (and stop the embedded server last).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger({ level: config.logLevel, file: config.logFile });

  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'pg'),
      database: 'voicegate',
      log: (msg) => log.info(msg),
    });
    url = embedded.url;
    log.info({ data_dir: config.dataDir, port: embedded.port }, 'embedded PostgreSQL is running');
  }

  const db: Database = await openDatabase({
    url,
    poolSize: config.dbPoolSize,
    queuePoolSize: config.role === 'api' ? 8 : config.workerConcurrency + 6,
    log,
  });
  await migrate(db);
  const services = createServices(config, db, log);
  await services.notifier.start();
  services.apiKeyCache.start();

  let worker: WorkerHandle | undefined;
  if (config.role !== 'api') {
    worker = await startWorker(services);
    log.info({ concurrency: config.workerConcurrency }, 'worker started');
  }

  let server: Server | undefined;
  let stopGraphql: (() => Promise<void>) | undefined;
  if (config.role === 'worker') {
    // Only /health, /ready and /metrics: healthchecks and Prometheus need the worker too.
    server = buildOpsApp(services, () => worker?.running() ?? false).listen(config.port, config.host);
    await new Promise<void>((resolve, reject) => {
      server!.once('listening', resolve);
      server!.once('error', reject);
    });
    log.info({ port: config.port, host: config.host, role: config.role }, 'worker health and metrics listening');
  } else {
    const built = await buildApp(services, { workerRunning: () => worker?.running() ?? false });
    stopGraphql = built.stop;
    server = built.app.listen(config.port, config.host);
    await new Promise<void>((resolve, reject) => {
      server!.once('listening', resolve);
      server!.once('error', reject);
    });
    server.keepAliveTimeout = 65_000;
    log.info({ port: config.port, host: config.host, role: config.role }, `voicegate listening on http://${config.host}:${config.port}`);
  }

  let shuttingDown: Promise<void> | undefined;
  const shutdown = (signal: string): Promise<void> =>
    (shuttingDown ??= (async () => {
      log.info({ signal }, 'shutting down');
      const closing = server ? new Promise<void>((r) => server!.close(() => r())) : Promise.resolve();
      server?.closeIdleConnections();
      setTimeout(() => server?.closeAllConnections(), 5000).unref();
      await Promise.allSettled([closing, worker?.stop()]);
      await stopGraphql?.().catch(() => undefined);
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

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('voicegate failed to start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
