import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { WebhookEventEnum } from '../../graphql/enums';
import { DateTimeScalar } from '../../graphql/scalars';
import { toConnection } from '../../graphql/connection';
import type { GqlContext } from '../../graphql/context';
import type { WebhookDelivery } from './webhook-delivery.entity';
import { ReplayAcceptedType, WebhookDeliveryConnection, WebhookDeliveryDetailType, WebhookDeliveryType } from './deliveries.types';

const toType = (d: WebhookDelivery): WebhookDeliveryType => ({ ...d, nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt : null });

@Resolver()
export class DeliveriesResolver {
  @Authorized()
  @Query(() => WebhookDeliveryConnection, { description: "The organization's webhook deliveries, newest first." })
  async webhookDeliveries(
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 100; default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'Cursor from pageInfo.endCursor of the previous page.' }) after: string | null,
    @Arg('callId', () => ID, { nullable: true, description: 'Only deliveries of this call.' }) callId: string | null,
    @Arg('event', () => WebhookEventEnum, { nullable: true, description: 'Only this event.' }) event: string | null,
    @Arg('delivered', () => Boolean, { nullable: true, description: 'Only delivered (true) or undelivered (false) deliveries.' }) delivered: boolean | null,
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
  @Query(() => WebhookDeliveryDetailType, { description: "One webhook delivery with its body and attempts." })
  async webhookDelivery(@Arg('id', () => ID, { description: 'The delivery id.' }) id: string, @Ctx() { ctx, services }: GqlContext): Promise<WebhookDeliveryDetailType> {
    const { delivery, attempts } = await services.deliveries.get(ctx, id);
    return { ...toType(delivery), payload: JSON.parse(delivery.payload) as unknown, attemptLog: attempts };
  }

  @Authorized()
  @Mutation(() => WebhookDeliveryType, { description: 'Owner only. Queues a manual attempt now; if it fails, nothing further is scheduled.' })
  async redeliverWebhook(@Arg('id', () => ID, { description: 'The delivery to redeliver.' }) id: string, @Ctx() { ctx, services }: GqlContext): Promise<WebhookDeliveryType> {
    return toType(await services.deliveries.redeliver(ctx, id));
  }

  @Authorized()
  @Mutation(() => ReplayAcceptedType, { description: 'Owner only. Redelivers every undelivered event since a time, in the background.' })
  async replayWebhooks(
    @Arg('since', () => DateTimeScalar, { description: 'Redeliver events created at or after this time.' }) since: Date,
    @Arg('event', () => WebhookEventEnum, { nullable: true, description: 'Only this event.' }) event: string | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<ReplayAcceptedType> {
    return services.deliveries.replay(ctx, { since: since.toISOString(), event: (event ?? undefined) as never });
  }
}
