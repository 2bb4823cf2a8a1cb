import { GraphQLJSON } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { DateTimeScalar } from '../../graphql/scalars';

@ObjectType('WebhookDelivery')
export class WebhookDeliveryType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { nullable: true, description: 'The call the event is about; null for campaign events.' })
  callId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The campaign of a campaign event; null for call events.' })
  campaignId!: string | null;

  @Field()
  event!: string;

  @Field(() => String, { nullable: true })
  url!: string | null;

  @Field({ description: 'pending, delivered, failed or undeliverable' })
  state!: string;

  @Field()
  delivered!: boolean;

  @Field(() => Int, { nullable: true })
  responseCode!: number | null;

  @Field(() => Int)
  attempts!: number;

  @Field(() => DateTimeScalar, { nullable: true })
  nextAttemptAt!: Date | null;

  @Field(() => String, { nullable: true })
  lastError!: string | null;

  @Field(() => DateTimeScalar)
  createdAt!: Date;

  @Field(() => DateTimeScalar, { nullable: true })
  deliveredAt!: Date | null;
}

@ObjectType('WebhookAttempt')
export class WebhookAttemptType {
  @Field(() => ID)
  id!: string;

  @Field(() => DateTimeScalar)
  attemptedAt!: Date;

  @Field(() => String, { nullable: true })
  url!: string | null;

  @Field(() => Int, { nullable: true })
  responseCode!: number | null;

  @Field(() => Int)
  durationMs!: number;

  @Field(() => String, { nullable: true })
  error!: string | null;

  @Field(() => String, { nullable: true })
  responseExcerpt!: string | null;

  @Field({ description: 'scheduled or manual' })
  trigger!: string;
}

@ObjectType('WebhookDeliveryDetail')
export class WebhookDeliveryDetailType extends WebhookDeliveryType {
  @Field(() => GraphQLJSON, { description: 'The event body exactly as sent.' })
  payload!: unknown;

  @Field(() => [WebhookAttemptType])
  attemptLog!: WebhookAttemptType[];
}

@ObjectType('ReplayAccepted')
export class ReplayAcceptedType {
  @Field()
  since!: string;

  @Field(() => String, { nullable: true })
  event!: string | null;
}

@ObjectType()
export class WebhookDeliveryConnection extends Connection(WebhookDeliveryType, 'WebhookDelivery') {}
