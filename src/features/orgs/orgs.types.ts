import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType('WebhookHealth', { description: "The default endpoint's state and its last 24 hours of attempts." })
export class WebhookHealthType {
  @Field({ description: 'False once disabled for failing continuously; nothing is sent until enableWebhook.' })
  enabled!: boolean;

  @Field(() => Date, { nullable: true })
  disabledAt!: Date | null;

  @Field(() => String, { nullable: true })
  disabledReason!: string | null;

  @Field(() => Date, { nullable: true, description: 'Since when attempts have failed without a success.' })
  failingSince!: Date | null;

  @Field(() => Int)
  attempts24h!: number;

  @Field(() => Float, { nullable: true, description: 'Share of the attempts that succeeded, 0 to 1.' })
  successRate24h!: number | null;

  @Field(() => Int, { nullable: true })
  averageLatencyMs24h!: number | null;

  @Field(() => Int, { nullable: true })
  p95LatencyMs24h!: number | null;

  @Field(() => Date, { nullable: true })
  lastFailureAt!: Date | null;

  @Field(() => String, { nullable: true })
  lastFailureError!: string | null;

  @Field(() => Date, { nullable: true })
  lastSuccessAt!: Date | null;
}

@ObjectType('WebhookSettings')
export class WebhookSettingsType {
  @Field(() => String, { nullable: true })
  webhookUrl!: string | null;

  @Field({ description: 'Last four characters of the signing secret, to tell secrets apart.' })
  secretLast4!: string;

  @Field(() => WebhookHealthType)
  health!: WebhookHealthType;
}

@ObjectType('RotatedWebhookSecret')
export class RotatedWebhookSecretType {
  @Field({ description: 'The new signing secret, shown this once. The previous one keeps signing for 24 hours.' })
  webhookSecret!: string;
}
