import { Arg, ID, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { CallType } from '../../features/calls/calls.types';
import { WebhookDeliveryType } from '../../features/webhooks/deliveries.types';
import { requireUser } from '../../common/context';
import { AppError } from '../../common/errors';
import type { CallsService } from '../../features/calls/calls.service';
import type { CampaignsService } from '../../features/campaigns/campaigns.service';
import { CampaignType } from '../../features/campaigns/campaigns.types';
import type { LiveSocket } from './live-socket';
import type { LiveUpdates } from './live-updates';
import type { GqlContext } from '../context';

type Data<A> = SubscribeResolverData<unknown, A, GqlContext>;

/** Live updates (docs/graphql.md, "Subscriptions"): only over WebSocket, scoped to the token's organization. */
/** What the subscriptions use; `subscribe` functions reach it through the context's resolver container. */
interface SubscriptionDeps {
  calls: Pick<CallsService, 'get'>;
  campaigns: Pick<CampaignsService, 'get'>;
  liveUpdates: LiveUpdates;
}

const depsOf = (context: GqlContext): SubscriptionDeps => context.resolvers.instance(SubscriptionsResolver).deps;

@Resolver()
export class SubscriptionsResolver {
  constructor(readonly deps: SubscriptionDeps) {}

  @Subscription(() => CallType, {
    description: "Every change of one call (status changes, ended, analyzed), or of all the organization's calls when id is omitted.",
    subscribe: async ({ args, context }: Data<{ id?: string | null }>) => {
      const { orgId } = requireUser(context.ctx);
      // A call of another organization is "not found", as everywhere else.
      const { calls, liveUpdates } = depsOf(context);
      const callId = args.id ? (await calls.get(context.ctx, args.id)).id : null;
      return liveUpdates.subscribe('call', orgId, callId, liveSocketOf(context));
    },
  })
  callUpdated(
    @Root() call: CallType,
    @Arg('id', () => ID, { nullable: true, description: 'The call to follow; omit for every call of the organization.' }) _id: string | null,
  ): CallType {
    return call;
  }

  @Subscription(() => WebhookDeliveryType, {
    description: "Each webhook attempt's outcome, for one call's deliveries or for all of the organization's.",
    subscribe: async ({ args, context }: Data<{ callId?: string | null }>) => {
      const { orgId } = requireUser(context.ctx);
      const { calls, liveUpdates } = depsOf(context);
      const callId = args.callId ? (await calls.get(context.ctx, args.callId)).id : null;
      return liveUpdates.subscribe('delivery', orgId, callId, liveSocketOf(context));
    },
  })
  webhookDeliveryUpdated(
    @Root() delivery: WebhookDeliveryType,
    @Arg('callId', () => ID, { nullable: true, description: "Only this call's deliveries; omit for all of the organization's." }) _callId: string | null,
  ): WebhookDeliveryType {
    return delivery;
  }

  @Subscription(() => CampaignType, {
    description: "A campaign's status and progress whenever they move (a call of it changes, recipients are added or suppressed, it starts, pauses, resumes, completes or is canceled), or any of the organization's campaigns when id is omitted. Changes heard together arrive as one event with the campaign as it is then.",
    subscribe: async ({ args, context }: Data<{ id?: string | null }>) => {
      const { orgId } = requireUser(context.ctx);
      const { campaigns, liveUpdates } = depsOf(context);
      const campaignId = args.id ? (await campaigns.get(context.ctx, args.id)).id : null;
      return liveUpdates.subscribe('campaign', orgId, campaignId, liveSocketOf(context));
    },
  })
  campaignUpdated(
    @Root() campaign: CampaignType,
    @Arg('id', () => ID, { nullable: true, description: "The campaign to follow; omit for all of the organization's." }) _id: string | null,
  ): CampaignType {
    return campaign;
  }
}

function liveSocketOf(context: GqlContext): LiveSocket {
  if (!context.liveSocket) throw new AppError('bad_request', 'Subscriptions are served over WebSocket (graphql-transport-ws) on /graphql.');
  return context.liveSocket;
}
