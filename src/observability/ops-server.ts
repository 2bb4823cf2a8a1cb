import express, { type Express } from 'express';
import { errorHandler, notFoundHandler } from '../rest/error-handler';
import { healthRoutes } from '../rest/health.routes';
import { bind, restRouter } from '../rest/router';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Metrics } from './metrics';
import { metricsRoutes } from './metrics.routes';

/**
 * What a worker-only process (ROLE=worker) serves on PORT: /health, /ready and /metrics, for
 * orchestrator healthchecks and Prometheus. No API routes.
 */
export function buildOpsApp(s: { db: Database; config: Config; metrics: Metrics }, workerRunning: () => boolean): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(s.metrics.httpMiddleware);
  app.use(
    restRouter([...bind(healthRoutes, { db: s.db, config: s.config, workerRunning }), ...bind(metricsRoutes, { metrics: s.metrics })], {
      prefix: '',
      mountAuth: 'none',
      authenticate: {},
    }),
  );
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
