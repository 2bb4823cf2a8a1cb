import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { DateTimeScalar, UrlScalar } from '../../graphql/scalars';

@ObjectType('WebhookHealth', { description: "The default endpoint's state and its last 24 hours of attempts." })
export class WebhookHealthType {
  @Field({ description: 'False once disabled for failing continuously; nothing is sent to it until enableWebhook.' })
  enabled!: boolean;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When it was disabled; null while enabled.' })
  disabledAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Why it was disabled (failing_since <time>).' })
  disabledReason!: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'Since when attempts have failed without a success; null when not failing.' })
  failingSince!: Date | null;

  @Field(() => Int, { description: 'Attempts made in the last 24 hours.' })
  attempts24h!: number;

  @Field(() => Float, { nullable: true, description: 'Share of those attempts that succeeded, 0 to 1; null without attempts.' })
  successRate24h!: number | null;

  @Field(() => Int, { nullable: true, description: 'Mean duration of those attempts, in milliseconds.' })
  averageLatencyMs24h!: number | null;

  @Field(() => Int, { nullable: true, description: '95th percentile of their duration, in milliseconds.' })
  p95LatencyMs24h!: number | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'The latest failed attempt.' })
  lastFailureAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Its error (e.g. timeout, http_500).' })
  lastFailureError!: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'The latest successful attempt in the last 24 hours.' })
  lastSuccessAt!: Date | null;
}

@ObjectType('Organization', { description: 'A customer of the service: its members, keys, calls and webhooks.' })
export class OrganizationType {
  @Field(() => ID, { description: 'The organization id (a UUID).' })
  id!: string;

  @Field({ description: 'Display name.' })
  name!: string;

  @Field({ description: 'False once deactivated by a platform administrator: nothing of it works any more.' })
  active!: boolean;

  @Field(() => UrlScalar, { nullable: true, description: 'Default webhook destination for call events.' })
  webhookUrl!: string | null;

  @Field(() => DateTimeScalar, { description: 'When the organization signed up.' })
  createdAt!: Date;
}

@ObjectType('WebhookSettings', { description: "The organization's webhook destination and signing secret." })
export class WebhookSettingsType {
  @Field(() => UrlScalar, { nullable: true, description: 'Default destination of call events; null when none.' })
  webhookUrl!: string | null;

  @Field({ description: 'Last four characters of the signing secret, to tell secrets apart.' })
  secretLast4!: string;

  @Field(() => WebhookHealthType, { description: 'Whether the endpoint is enabled, and how its last 24 hours of attempts went.' })
  health!: WebhookHealthType;
}

@ObjectType('RotatedWebhookSecret', { description: 'The result of rotating the webhook signing secret.' })
export class RotatedWebhookSecretType {
  @Field({ description: 'The new signing secret, shown this once. The previous one keeps signing for 24 hours.' })
  webhookSecret!: string;
}
