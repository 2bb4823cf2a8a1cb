import 'reflect-metadata';
import cors from 'cors';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { createGraphqlMiddleware } from './graphql/server';
import { apiKeyRateLimit } from './rate-limit/rate-limit.middleware';
import { apiKeyAuth, dashboardAuth, platformAdminAuth } from './rest/auth.middleware';
import { jsonBody, jsonBodyUpTo } from './rest/body';
import { errorHandler, notFoundHandler } from './rest/error-handler';
import { buildOpenApiDocument } from './openapi/document';
import { apiReferenceRoutes } from './openapi/openapi.routes';
import { requestContext } from './rest/request-context';
import { appMessages, bind, exactRoute, listenerWith, restRouter, routeChain, type AppMessages, type RestRouterOptions } from './rest/router';
import { ALL_ROUTES, REST_ROUTES as R } from './routes';
import { twilioFormBody } from './carriers/twilio/twilio-callbacks.routes';
import { TwilioConversation } from './carriers/twilio/twiml';
import type { Services } from './services';
import { webAppRoutes } from './web/web-app.routes';
import type { RequestListener, Server } from 'node:http';

export interface BuiltApp {
  app: Express;
  /** What the HTTP server calls: `app`, with the hot route's requests taken straight to their middlewares (router.ts, listenerWith). */
  listener: RequestListener;
  /** The request and response classes the HTTP server should make (router.ts, appMessages). */
  messages: AppMessages;
  /** Call with the listening HTTP server: serves GraphQL subscriptions (WebSocket) on /graphql. */
  attach(server: Server): void;
  stop(): Promise<void>;
}

/** The HTTP application without listen(): tests and main.ts both call this. */
export async function buildApp(s: Services, opts: { workerRunning?: () => boolean } = {}): Promise<BuiltApp> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', s.config.trustProxy);
  app.set('etag', false);
  // Every request: metrics, security headers, request id, logger and unit of work. JSON API: no
  // CSP needed for responses; the Sandbox landing page loads its own scripts.
  const everyRequest: RequestHandler[] = [s.metrics.httpMiddleware, helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false }), ...requestContext(s.db.orm, s.log)];
  // The integrators' API: its key, its rate limit, then its routes. Each route's body limit is its
  // descriptor's (campaign bodies: 8 MiB, docs/campaigns.md).
  const v1Mount: RequestHandler[] = [apiKeyAuth(s.apiKeys), apiKeyRateLimit(s.rateLimits)];
  const v1Routes = [...bind(R.calls, { calls: s.calls }), ...bind(R.campaigns, { campaigns: s.campaigns }), ...bind(R.suppressions, { suppressions: s.suppressions })];
  const v1Options: RestRouterOptions = { prefix: '/v1', mountAuth: 'apiKey', authenticate: {}, parseBody: jsonBodyUpTo };
  // The hot path, POST /v1/calls/outbound exactly: the same middlewares as below, in the same
  // order, without walking the stack (router.ts, exactRoute).
  const placeCall = exactRoute('post', '/v1/calls/outbound', [...everyRequest, ...v1Mount, ...routeChain(v1Routes, v1Options, 'placeCall')], { onError: errorHandler, end: notFoundHandler });
  app.use(placeCall);
  app.use(...everyRequest);
  // The integrators' API first: the busiest prefix does not walk past every other mount (no other
  // mount serves a path under /v1).
  app.use('/v1', ...v1Mount, restRouter(v1Routes, v1Options));

  const document = JSON.stringify(buildOpenApiDocument({ serverUrl: s.config.publicBaseUrl, routes: ALL_ROUTES }));
  const dashboard = dashboardAuth(s.auth);
  app.use(
    restRouter(
      [
        ...bind(R.health, { db: s.db, config: s.config, workerRunning: opts.workerRunning ?? (() => false) }),
        ...bind(R.metrics, { metrics: s.metrics }),
        ...bind(R.openapi, { document }),
        ...bind(R.recordings, { recordingUrls: s.recordingUrls, carriers: s.carriers }),
      ],
      { prefix: '', mountAuth: 'none', authenticate: {} },
    ),
  );
  app.use(apiReferenceRoutes());

  // Browsers may call the dashboard API and GraphQL from configured origins only; /v1 gets no CORS
  // headers at all (keys are server-to-server).
  const browserCors: RequestHandler = cors({
    origin: (origin, cb) => cb(null, origin !== undefined && s.config.corsOrigins.includes(origin)),
    credentials: false,
    maxAge: 600,
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'RateLimit', 'RateLimit-Policy'],
  });

  // Each prefix keeps its own middleware chain (CORS, authentication, rate limit, body parser);
  // the routes under it come from the features' descriptors, each with only the services it uses.
  app.use('/auth', browserCors, restRouter(bind(R.auth, { auth: s.auth, accounts: s.accounts }), { prefix: '/auth', mountAuth: 'none', authenticate: { dashboard }, parseBody: jsonBodyUpTo }));
  app.use(
    '/dashboard',
    browserCors,
    dashboard,
    restRouter(
      [
        ...bind(R.apiKeys, { apiKeys: s.apiKeys }),
        ...bind(R.webhookSettings, { webhookSettings: s.webhookSettings }),
        ...bind(R.carrierConnections, { carrierConnections: s.carrierConnections }),
        ...bind(R.inbound, { inbound: s.inbound }),
        ...bind(R.agentSettings, { agentSettings: s.agentSettings }),
        ...bind(R.members, { members: s.members }),
        ...bind(R.deliveries, { deliveries: s.deliveries }),
      ],
      { prefix: '/dashboard', mountAuth: 'dashboard', authenticate: {}, parseBody: jsonBodyUpTo },
    ),
  );
  app.use(
    '/api/admin',
    browserCors,
    platformAdminAuth(s.auth),
    restRouter(bind(R.admin, { admin: s.admin, calls: s.calls }), { prefix: '/api/admin', mountAuth: 'platformAdmin', authenticate: {}, parseBody: jsonBodyUpTo }),
  );
  // Twilio posts form parameters and signs them (X-Twilio-Signature, checked by each route): no
  // CORS, no credential of ours, a form parser instead of the JSON one. See docs/twilio.md.
  app.use(
    '/carriers/twilio',
    restRouter(
      [
        ...bind(R.twilioCallbacks, {
          publicBaseUrl: s.config.publicBaseUrl,
          tokenFor: (orgId, account) => s.connections.twilioTokenFor(orgId, account),
          events: s.carrierPort,
          records: s.carrierPort,
          conversation: new TwilioConversation(s.config.publicBaseUrl),
        }),
        ...bind(R.twilioIncoming, {
          publicBaseUrl: s.config.publicBaseUrl,
          inbound: s.inboundIntake,
          events: s.carrierPort,
          records: s.carrierPort,
          conversation: new TwilioConversation(s.config.publicBaseUrl),
        }),
      ],
      { prefix: '/carriers/twilio', mountAuth: 'none', authenticate: {}, parseBody: twilioFormBody },
    ),
  );
  const graphql = await createGraphqlMiddleware(s);
  app.use('/graphql', browserCors, jsonBody, graphql.middleware);
  app.use(webAppRoutes({ publicBaseUrl: s.config.publicBaseUrl, atRoot: s.config.dashboardAtRoot }));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return { app, listener: listenerWith(app, placeCall), messages: appMessages(app), attach: graphql.attach, stop: graphql.stop };
}
