import 'reflect-metadata';
import cors from 'cors';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { adminRoutes } from './features/admin/admin.routes';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes';
import { authRoutes } from './features/auth/auth.routes';
import { callsRoutes } from './features/calls/calls.routes';
import { campaignsRoutes } from './features/campaigns/campaigns.routes';
import { suppressionsRoutes } from './features/suppressions/suppressions.routes';
import { recordingsRoutes } from './features/calls/recordings.routes';
import { webhookSettingsRoutes } from './features/orgs/webhook-settings.routes';
import { membersRoutes } from './features/users/members.routes';
import { deliveriesRoutes } from './features/webhooks/deliveries.routes';
import { createGraphqlMiddleware } from './graphql/server';
import { apiKeyRateLimit } from './rate-limit/rate-limit.middleware';
import { apiKeyAuth, dashboardAuth, platformAdminAuth } from './rest/auth.middleware';
import { jsonBody, jsonBodyUpTo, MAX_CAMPAIGN_BODY_BYTES } from './rest/body';
import { errorHandler, notFoundHandler } from './rest/error-handler';
import { metricsRoutes } from './observability/metrics.routes';
import { openApiRoutes } from './openapi/openapi.routes';
import { healthRoutes } from './rest/health.routes';
import { requestContext } from './rest/request-context';
import type { Services } from './services';

export interface BuiltApp {
  app: Express;
  stop(): Promise<void>;
}

/** The HTTP application without listen(): tests and main.ts both call this. */
export async function buildApp(s: Services, opts: { workerRunning?: () => boolean } = {}): Promise<BuiltApp> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', s.config.trustProxy);
  app.set('etag', false);
  app.use(s.metrics.httpMiddleware);
  // JSON API: no CSP needed for responses; the Sandbox landing page loads its own scripts.
  app.use(helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false }));
  app.use(...requestContext(s.db.orm, s.log));
  app.use(healthRoutes(s, opts.workerRunning ?? (() => false)));
  app.use(metricsRoutes(s.metrics));
  app.use(openApiRoutes({ serverUrl: s.config.publicBaseUrl }));
  app.use(recordingsRoutes(s));

  // Browsers may call the dashboard API and GraphQL from configured origins only; /v1 gets no CORS
  // headers at all (keys are server-to-server).
  const browserCors: RequestHandler = cors({
    origin: (origin, cb) => cb(null, origin !== undefined && s.config.corsOrigins.includes(origin)),
    credentials: false,
    maxAge: 600,
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'RateLimit', 'RateLimit-Policy'],
  });

  app.use('/auth', browserCors, jsonBody, authRoutes(s));
  app.use('/dashboard', browserCors, dashboardAuth(s.auth), jsonBody, apiKeysRoutes(s), webhookSettingsRoutes(s), membersRoutes(s), deliveriesRoutes(s));
  app.use('/api/admin', browserCors, platformAdminAuth(s.auth), jsonBody, adminRoutes(s));
  // Campaign bodies carry up to 10,000 recipients: their own, larger limit (docs/campaigns.md).
  const campaignBody = jsonBodyUpTo(MAX_CAMPAIGN_BODY_BYTES);
  const v1Body: RequestHandler = (req, res, next) => (req.path.startsWith('/campaigns') ? campaignBody : jsonBody)(req, res, next);
  app.use('/v1', apiKeyAuth(s.apiKeys), apiKeyRateLimit(s.rateLimits), v1Body, callsRoutes(s), campaignsRoutes(s), suppressionsRoutes(s));

  const graphql = await createGraphqlMiddleware(s);
  app.use('/graphql', browserCors, jsonBody, graphql.middleware);

  app.use(notFoundHandler);
  app.use(errorHandler);
  return { app, stop: graphql.stop };
}
