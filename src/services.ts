import type { Config } from './config';
import type { Database } from './db/database';
import { PgNotifier } from './db/notifier';
import { ApiKeyCache } from './features/api-keys/api-key-cache';
import { ApiKeysService } from './features/api-keys/api-keys.service';
import { AdminService } from './features/admin/admin.service';
import { AgentSettingsService } from './features/agent-settings/agent-settings.service';
import { RateLimits } from './rate-limit/rate-limits';
import { AuthService } from './features/auth/auth.service';
import { AccountMail } from './features/mail/account-mail';
import { AccountService } from './features/auth/account.service';
import { createMailer, MailOutbox } from './features/mail/mailer';
import { CallLifecycle } from './features/calls/call-lifecycle';
import { CallsService } from './features/calls/calls.service';
import { RecordingUrls } from './features/calls/recording-url';
import { WebhookSettingsService } from './features/orgs/webhook-settings.service';
import { MembersService } from './features/users/members.service';
import { DeliveriesService } from './features/webhooks/deliveries.service';
import { endpointDisabledNotices } from './features/orgs/endpoint-health';
import { WebhookDeliverer } from './features/webhooks/webhook-deliverer';
import { CarrierRegistry } from './carriers/registry';
import { createMetrics, type Metrics } from './observability/metrics';
import { ROUTE_PATHS } from './routes';
import { CarrierPort } from './features/calls/carrier-port';
import type { Logger } from './common/logger';
import { CarrierConnectionsService } from './features/carrier-connections/carrier-connections.service';
import { ConnectionResolver } from './features/carrier-connections/effective-connection';
import { systemClock, type Clock } from './common/clock';
import { CampaignDispatcher } from './features/campaigns/campaign-dispatcher';
import { campaignCallbackHook, campaignCallbackOfHook, campaignOutcomeHook } from './features/campaigns/campaign-outcomes';
import { InboundIntake } from './features/inbound/inbound-intake';
import { InboundSettingsService } from './features/inbound/inbound.service';
import { CampaignsService } from './features/campaigns/campaigns.service';
import { CampaignInsights } from './features/campaigns/campaign-insights';
import { presentLiveCampaign } from './features/campaigns/campaigns.resolver';
import { AnalyticsService } from './features/analytics/analytics.service';
import { optOutHook, SuppressionsService } from './features/suppressions/suppressions.service';
import { LiveEventsPublisher } from './common/live-events';
import { LiveUpdates } from './graphql/subscriptions/live-updates';
import { toCallType } from './features/calls/calls.resolver';

/** Every service of the process, built once; REST routes and GraphQL resolvers share them. */
export interface Services {
  config: Config;
  db: Database;
  log: Logger;
  notifier: PgNotifier;
  apiKeyCache: ApiKeyCache;
  rateLimits: RateLimits;
  auth: AuthService;
  /** Mails leave through here, after their transaction (docs/accounts.md); drained on shutdown. */
  mail: MailOutbox;
  accounts: AccountService;
  apiKeys: ApiKeysService;
  webhookSettings: WebhookSettingsService;
  members: MembersService;
  calls: CallsService;
  lifecycle: CallLifecycle;
  deliveries: DeliveriesService;
  deliverer: WebhookDeliverer;
  recordingUrls: RecordingUrls;
  admin: AdminService;
  /** The carrier adapters, by name (SIP calls live in the worker process that dialed them). */
  carriers: CarrierRegistry;
  /** The calls feature's side of the carrier port: carriers' events, their reads, dial attempts. */
  carrierPort: CarrierPort;
  /** Which carrier, account and caller IDs an organization's calls use. */
  connections: ConnectionResolver;
  carrierConnections: CarrierConnectionsService;
  /** The organization's inbound settings (GET/PUT/DELETE /dashboard/inbound). */
  inbound: InboundSettingsService;
  /** Where carriers take the calls offered to them (SIP INVITEs, Twilio's incoming webhook). */
  inboundIntake: InboundIntake;
  /** Agent settings per organization, and each call's conversation plan (language model or script). */
  agentSettings: AgentSettingsService;
  metrics: Metrics;
  /** The time for rules that depend on it (calling windows); tests inject their own. */
  clock: Clock;
  campaigns: CampaignsService;
  /** The dashboard's views of campaigns: progress, answers, recipients previewed before creating. */
  campaignInsights: CampaignInsights;
  /** Figures over calls and webhook deliveries for the dashboard's charts. */
  analytics: AnalyticsService;
  dispatcher: CampaignDispatcher;
  suppressions: SuppressionsService;
  /** Announces committed changes to live subscribers in every process. */
  live: LiveEventsPublisher;
  /** This process's subscribers (GraphQL subscriptions). */
  liveUpdates: LiveUpdates;
}

export function createServices(config: Config, db: Database, log: Logger, opts: { clock?: Clock } = {}): Services {
  const clock = opts.clock ?? systemClock;
  const notifier = new PgNotifier(db.pool, log);
  const apiKeyCache = new ApiKeyCache(db.pool, notifier, log);
  const recordingUrls = new RecordingUrls(config);
  const lifecycle = new CallLifecycle(recordingUrls, log, db);
  const connections = new ConnectionResolver(config, db.pool);
  const trunkFor = (call: { orgId: string }) => connections.sipTrunkFor(call.orgId);
  const agentSettings = new AgentSettingsService(config, db.pool);
  const carrierPort = new CarrierPort({ em: () => db.orm.em.fork(), pool: db.pool, lifecycle });
  const inboundIntake = new InboundIntake({ config, pool: db.pool, em: () => db.orm.em.fork(), lifecycle, sipLookup: connections.sipLookup, log });
  const carriers = new CarrierRegistry(config, {
    log,
    events: carrierPort,
    records: carrierPort,
    notifier,
    tokenFor: (orgId, account) => connections.twilioTokenFor(orgId, account),
    trunkFor,
    inbound: inboundIntake,
    planFor: (call) => agentSettings.planFor(call),
  });
  lifecycle.carriers = carriers;
  lifecycle.onFinished(campaignOutcomeHook(clock));
  lifecycle.onAnalyzed(optOutHook);
  lifecycle.onAnalyzed(campaignCallbackHook);
  lifecycle.onInbound(campaignCallbackOfHook);
  const rateLimits = new RateLimits(config, db.pool);
  const metrics = createMetrics({ pool: db.pool, role: config.role, routePaths: ROUTE_PATHS });
  const mail = new MailOutbox(createMailer(config, log), log);
  mail.onOutcome = metrics.mailOutcome;
  lifecycle.turnsStored = metrics.turnLatency;
  const accountMail = new AccountMail(config, mail, rateLimits);
  const auth = new AuthService(config, rateLimits, accountMail);
  const apiKeys = new ApiKeysService(config, apiKeyCache);
  const live = new LiveEventsPublisher(db.notifications);
  lifecycle.live = live;
  const calls = new CallsService(config, lifecycle, recordingUrls, db, (orgId) => connections.numbersFor(orgId), connections.deploymentDefault().numbers, async (orgId) => {
    // A SIP URI transfer target is judged by the rule of the organization's trunk host.
    const c = await connections.forOrg(orgId);
    return c.type === 'sip' ? connections.sipPolicy(c) : null;
  });
  calls.live = live;
  calls.llmAvailable = (orgId) => agentSettings.llmAvailable(orgId);
  const members = new MembersService(config, accountMail);
  members.live = live;
  const deliverer = new WebhookDeliverer(config, db.pool, log);
  deliverer.live = live;
  // The owners hear of a disabled endpoint by mail, not through the endpoint that is failing.
  deliverer.onEndpointDisabled = (orgId) => {
    endpointDisabledNotices(db.pool, orgId).then(
      (notices) => notices.forEach((n) => accountMail.endpointDisabled(orgId, n)),
      (err: unknown) => log.warn({ err, org_id: orgId }, 'could not tell the owners that their webhook endpoint was disabled'),
    );
  };
  const admin = new AdminService(auth, apiKeys, apiKeyCache, log, config.adminStatsCacheMs);
  admin.live = live;
  const accounts = new AccountService(config, auth, rateLimits, accountMail);
  accounts.live = live;
  const liveUpdates = new LiveUpdates(notifier, db.orm, {
    call: (c) => toCallType(calls, c),
    delivery: (d) => ({ ...d, nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt : null }),
    campaign: presentLiveCampaign,
  }, log);
  const campaigns = new CampaignsService(config, lifecycle, clock, db);
  campaigns.live = live;
  return {
    config,
    db,
    log,
    notifier,
    apiKeyCache,
    rateLimits,
    auth,
    mail,
    accounts,
    apiKeys,
    webhookSettings: new WebhookSettingsService(config, db.pool),
    members,
    calls,
    lifecycle,
    deliveries: new DeliveriesService(),
    deliverer,
    recordingUrls,
    admin,
    carriers,
    carrierPort,
    connections,
    carrierConnections: new CarrierConnectionsService(config, connections, rateLimits),
    inbound: new InboundSettingsService(config, connections),
    inboundIntake,
    agentSettings,
    clock,
    campaigns,
    campaignInsights: new CampaignInsights(campaigns, clock),
    analytics: new AnalyticsService(),
    dispatcher: new CampaignDispatcher(clock, config.rateLimit.maxQueuedCallsPerOrg),
    suppressions: new SuppressionsService(),
    metrics,
    live,
    liveUpdates,
  };
}
