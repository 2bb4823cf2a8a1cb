import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../graphql/connection';
import type { GqlContext } from '../../graphql/context';
import type { WebhookDelivery } from './webhook-delivery.entity';
import { ReplayAcceptedType, WebhookDeliveryConnection, WebhookDeliveryDetailType, WebhookDeliveryType } from './deliveries.types';

const toType = (d: WebhookDelivery): WebhookDeliveryType => ({ ...d, nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt : null });

@Resolver()
export class DeliveriesResolver {
  @Authorized()
  @Query(() => WebhookDeliveryConnection)
  async webhookDeliveries(
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('callId', () => ID, { nullable: true }) callId: string | null,
    @Arg('event', () => String, { nullable: true }) event: string | null,
    @Arg('delivered', () => Boolean, { nullable: true }) delivered: boolean | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<WebhookDeliveryConnection> {
    const page = await services.deliveries.list(ctx, {
      limit: first ?? undefined,
      cursor: after ?? undefined,
      call_id: callId ?? undefined,
      event: (event ?? undefined) as never,
      delivered: delivered ?? undefined,
    });
    return toConnection(page, toType);
  }

  @Authorized()
  @Query(() => WebhookDeliveryDetailType)
  async webhookDelivery(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GqlContext): Promise<WebhookDeliveryDetailType> {
    const { delivery, attempts } = await services.deliveries.get(ctx, id);
    return { ...toType(delivery), payload: JSON.parse(delivery.payload) as unknown, attemptLog: attempts };
  }

  @Authorized()
  @Mutation(() => WebhookDeliveryType, { description: 'Owner only. Queues a manual attempt now; if it fails, nothing further is scheduled.' })
  async redeliverWebhook(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GqlContext): Promise<WebhookDeliveryType> {
    return toType(await services.deliveries.redeliver(ctx, id));
  }

  @Authorized()
  @Mutation(() => ReplayAcceptedType, { description: 'Owner only. Redelivers every undelivered event since a time, in the background.' })
  async replayWebhooks(
    @Arg('since') since: string,
    @Arg('event', () => String, { nullable: true }) event: string | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<ReplayAcceptedType> {
    return services.deliveries.replay(ctx, { since, event: (event ?? undefined) as never });
  }
}
