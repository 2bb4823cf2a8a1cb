import { AdminResolver } from '../features/admin/admin.resolver';
import { AgentSettingsResolver } from '../features/agent-settings/agent-settings.resolver';
import { ApiKeysResolver } from '../features/api-keys/api-keys.resolver';
import { AuthResolver } from '../features/auth/auth.resolver';
import { CallsResolver } from '../features/calls/calls.resolver';
import { CarrierConnectionsResolver } from '../features/carrier-connections/carrier-connections.resolver';
import { CampaignsResolver } from '../features/campaigns/campaigns.resolver';
import { InboundResolver } from '../features/inbound/inbound.resolver';
import { CampaignInsightsResolver } from '../features/campaigns/campaign-insights.resolver';
import { AnalyticsResolver } from '../features/analytics/analytics.resolver';
import { OrganizationResolver } from '../features/orgs/orgs.resolver';
import { MembersResolver } from '../features/users/members.resolver';
import { DeliveriesResolver } from '../features/webhooks/deliveries.resolver';
import type { Services } from '../services';
import type { ResolverContainer } from './context';
import { NodeResolver } from './node.resolver';
import { SubscriptionsResolver } from './subscriptions/subscriptions.resolver';

export const RESOLVERS = [AuthResolver, OrganizationResolver, MembersResolver, ApiKeysResolver, CallsResolver, CarrierConnectionsResolver, DeliveriesResolver, AdminResolver, NodeResolver, SubscriptionsResolver, CampaignsResolver, AgentSettingsResolver, CampaignInsightsResolver, AnalyticsResolver, InboundResolver] as const;

/**
 * One instance of each resolver per process, each given only the services it uses; type-graphql
 * asks this container for them (the schema itself is built without any services).
 */
export function createResolverContainer(s: Services): ResolverContainer {
  const instances = new Map<unknown, unknown>([
    [AuthResolver, new AuthResolver({ auth: s.auth, accounts: s.accounts })],
    [OrganizationResolver, new OrganizationResolver({ auth: s.auth, webhookSettings: s.webhookSettings })],
    [MembersResolver, new MembersResolver({ members: s.members })],
    [ApiKeysResolver, new ApiKeysResolver({ apiKeys: s.apiKeys })],
    [CallsResolver, new CallsResolver({ calls: s.calls })],
    [CarrierConnectionsResolver, new CarrierConnectionsResolver({ carrierConnections: s.carrierConnections })],
    [DeliveriesResolver, new DeliveriesResolver({ deliveries: s.deliveries })],
    [AdminResolver, new AdminResolver({ admin: s.admin, calls: s.calls })],
    [NodeResolver, new NodeResolver({ calls: s.calls })],
    [SubscriptionsResolver, new SubscriptionsResolver({ calls: s.calls, campaigns: s.campaigns, liveUpdates: s.liveUpdates })],
    [CampaignsResolver, new CampaignsResolver({ campaigns: s.campaigns, suppressions: s.suppressions })],
    [InboundResolver, new InboundResolver({ inbound: s.inbound })],
    [AgentSettingsResolver, new AgentSettingsResolver({ agentSettings: s.agentSettings })],
    [CampaignInsightsResolver, new CampaignInsightsResolver({ campaignInsights: s.campaignInsights })],
    [AnalyticsResolver, new AnalyticsResolver({ analytics: s.analytics })],
  ]);
  const get = (someClass: unknown): unknown => {
    const instance = instances.get(someClass);
    if (!instance) throw new Error('A resolver class is missing from createResolverContainer');
    return instance;
  };
  return {
    get,
    instance<T>(resolverClass: abstract new (...args: never[]) => T): T {
      const instance = get(resolverClass);
      if (!(instance instanceof resolverClass)) throw new Error(`${resolverClass.name} is not registered as itself`);
      return instance;
    },
  };
}
