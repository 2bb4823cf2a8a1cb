import { Arg, Args, Authorized, ID, Mutation, Query, Resolver } from 'type-graphql';
import { WebhookEventEnum } from '../../graphql/enums';
import { DateTimeScalar } from '../../graphql/scalars';
import { toConnection } from '../../graphql/connection';
import { PageArgs, pageInput } from '../../graphql/page-args';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import type { DeliveriesService } from './deliveries.service';
import type { WebhookDelivery } from './webhook-delivery.entity';
import { ReplayAcceptedType, WebhookDeliveryConnection, WebhookDeliveryDetailType, WebhookDeliveryType } from './deliveries.types';

const toType = (d: WebhookDelivery): WebhookDeliveryType => ({ ...d, nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt : null });

@Resolver()
export class DeliveriesResolver {
  constructor(private readonly deps: { deliveries: DeliveriesService }) {}

  @Authorized()
  @Query(() => WebhookDeliveryConnection, { description: "The organization's webhook deliveries, newest first." })
  async webhookDeliveries(
    @Args() page: PageArgs,
    @Arg('callId', () => ID, { nullable: true, description: 'Only deliveries of this call.' }) callId: string | null,
    @Arg('event', () => WebhookEventEnum, { nullable: true, description: 'Only this event.' }) event: string | null,
    @Arg('delivered', () => Boolean, { nullable: true, description: 'Only delivered (true) or undelivered (false) deliveries.' }) delivered: boolean | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<WebhookDeliveryConnection> {
    const result = await this.deps.deliveries.list(ctx, {
      ...pageInput(page),
      call_id: callId ?? undefined,
      event: event ?? undefined,
      delivered: delivered ?? undefined,
    });
    return toConnection(result, toType);
  }

  @Authorized()
  @Query(() => WebhookDeliveryDetailType, { description: "One webhook delivery with its body and attempts." })
  async webhookDelivery(@Arg('id', () => ID, { description: 'The delivery id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<WebhookDeliveryDetailType> {
    const { delivery, attempts } = await this.deps.deliveries.get(ctx, id);
    return { ...toType(delivery), payload: JSON.parse(delivery.payload) as unknown, attemptLog: attempts };
  }

  @Authorized()
  @Mutation(() => WebhookDeliveryType, { description: 'Owner only. Queues a manual attempt now; if it fails, nothing further is scheduled.' })
  async redeliverWebhook(@Arg('id', () => ID, { description: 'The delivery to redeliver.' }) id: string, @RequestCtx() ctx: Ctx): Promise<WebhookDeliveryType> {
    return toType(await this.deps.deliveries.redeliver(ctx, id));
  }

  @Authorized()
  @Mutation(() => ReplayAcceptedType, { description: 'Owner only. Redelivers every undelivered event since a time, in the background.' })
  async replayWebhooks(
    @Arg('since', () => DateTimeScalar, { description: 'Redeliver events created at or after this time.' }) since: Date,
    @Arg('event', () => WebhookEventEnum, { nullable: true, description: 'Only this event.' }) event: string | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<ReplayAcceptedType> {
    return this.deps.deliveries.replay(ctx, { since: since.toISOString(), event: event ?? undefined });
  }
}
