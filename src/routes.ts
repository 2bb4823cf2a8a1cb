import { adminRoutes } from './features/admin/admin.routes';
import { agentSettingsRoutes } from './features/agent-settings/agent-settings.routes';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes';
import { authRoutes } from './features/auth/auth.routes';
import { callsRoutes, recordingsRoutes } from './features/calls/calls.routes';
import { carrierConnectionsRoutes } from './features/carrier-connections/carrier-connections.routes';
import { twilioCallbackRoutes } from './carriers/twilio/twilio-callbacks.routes';
import { twilioIncomingRoutes } from './carriers/twilio/twilio-incoming.routes';
import { campaignsRoutes } from './features/campaigns/campaigns.routes';
import { inboundRoutes } from './features/inbound/inbound.routes';
import { suppressionsRoutes } from './features/suppressions/suppressions.routes';
import { webhookSettingsRoutes } from './features/orgs/webhook-settings.routes';
import { membersRoutes } from './features/users/members.routes';
import { deliveriesRoutes } from './features/webhooks/deliveries.routes';
import { metricsRoutes } from './observability/metrics.routes';
import { openApiJsonRoutes } from './openapi/openapi.routes';
import { healthRoutes } from './rest/health.routes';
import type { RouteDescriptor } from './common/route';

/**
 * The catalogue of REST routes: app.ts mounts each group (with its services) and the OpenAPI
 * document is generated from the same list. A new feature adds its group here and in app.ts.
 */
export const REST_ROUTES = {
  auth: authRoutes,
  apiKeys: apiKeysRoutes,
  webhookSettings: webhookSettingsRoutes,
  carrierConnections: carrierConnectionsRoutes,
  inbound: inboundRoutes,
  agentSettings: agentSettingsRoutes,
  members: membersRoutes,
  deliveries: deliveriesRoutes,
  calls: callsRoutes,
  campaigns: campaignsRoutes,
  suppressions: suppressionsRoutes,
  recordings: recordingsRoutes,
  admin: adminRoutes,
  twilioCallbacks: twilioCallbackRoutes,
  twilioIncoming: twilioIncomingRoutes,
  health: healthRoutes,
  metrics: metricsRoutes,
  openapi: openApiJsonRoutes,
};

export const ALL_ROUTES: readonly RouteDescriptor[] = Object.values(REST_ROUTES).flat();

/** Path templates of every REST route, for route labels (metrics). */
export const ROUTE_PATHS: readonly string[] = [...new Set(ALL_ROUTES.map((r) => r.path))];
