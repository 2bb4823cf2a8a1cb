import { GraphQLJSON } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { AttemptTriggerEnum, DeliveryStateEnum, WebhookEventEnum } from '../../graphql/enums';
import { NodeInterface } from '../../graphql/node';
import { DateTimeScalar, UrlScalar } from '../../graphql/scalars';

@ObjectType('WebhookDelivery', { implements: NodeInterface, description: 'One event for one destination, with its attempts so far.' })
export class WebhookDeliveryType {
  @Field(() => ID, { description: 'The delivery id (a UUID); sent as the webhook-id header.' })
  id!: string;

  @Field(() => ID, { nullable: true, description: 'The call the event is about; null for campaign events.' })
  callId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The campaign of a campaign event; null for call events.' })
  campaignId!: string | null;

  @Field(() => WebhookEventEnum, { description: 'The event sent.' })
  event!: string;

  @Field(() => UrlScalar, { nullable: true, description: 'Where it is sent; null when there was no destination.' })
  url!: string | null;

  @Field(() => DeliveryStateEnum, { description: 'Where the delivery stands.' })
  state!: string;

  @Field({ description: 'Whether a receiver has answered 2xx.' })
  delivered!: boolean;

  @Field(() => Int, { nullable: true, description: 'HTTP status of the last attempt; null when no response was received.' })
  responseCode!: number | null;

  @Field(() => Int, { description: 'Attempts made so far, scheduled and manual.' })
  attempts!: number;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the next scheduled attempt is due (PENDING only).' })
  nextAttemptAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed (e.g. timeout, http_500, no_destination).' })
  lastError!: string | null;

  @Field(() => DateTimeScalar, { description: 'When the event was created.' })
  createdAt!: Date;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When a receiver first answered 2xx.' })
  deliveredAt!: Date | null;
}

@ObjectType('WebhookAttempt', { description: 'One HTTP attempt of a webhook delivery.' })
export class WebhookAttemptType {
  @Field(() => ID, { description: 'The attempt id (a UUID).' })
  id!: string;

  @Field(() => DateTimeScalar, { description: 'When the attempt started.' })
  attemptedAt!: Date;

  @Field(() => UrlScalar, { nullable: true, description: 'Where it was sent; null when there was no destination.' })
  url!: string | null;

  @Field(() => Int, { nullable: true, description: 'HTTP status received; null when none was.' })
  responseCode!: number | null;

  @Field(() => Int, { description: 'How long the attempt took, in milliseconds.' })
  durationMs!: number;

  @Field(() => String, { nullable: true, description: 'Why it failed; null when it succeeded.' })
  error!: string | null;

  @Field(() => String, { nullable: true, description: "The start of the receiver's response body." })
  responseExcerpt!: string | null;

  @Field(() => AttemptTriggerEnum, { description: 'What started the attempt.' })
  trigger!: string;
}

@ObjectType('WebhookDeliveryDetail', { description: 'A webhook delivery with the body sent and every attempt.' })
export class WebhookDeliveryDetailType extends WebhookDeliveryType {
  @Field(() => GraphQLJSON, { description: 'The event body exactly as sent.' })
  payload!: unknown;

  @Field(() => [WebhookAttemptType], { description: 'Every attempt, oldest first.' })
  attemptLog!: WebhookAttemptType[];
}

@ObjectType('ReplayAccepted', { description: 'A replay of undelivered events, accepted to run in the background.' })
export class ReplayAcceptedType {
  @Field(() => DateTimeScalar, { description: 'Events created at or after this time are redelivered.' })
  since!: string;

  @Field(() => WebhookEventEnum, { nullable: true, description: 'Only this event, when given.' })
  event!: string | null;
}

@ObjectType({ description: 'A page of webhook deliveries, newest first.' })
export class WebhookDeliveryConnection extends Connection(WebhookDeliveryType, 'WebhookDelivery') {}
