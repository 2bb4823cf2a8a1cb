import { Field, ID, ObjectType } from 'type-graphql';
import { DateTimeScalar, UrlScalar } from '../../graphql/scalars';

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
}

@ObjectType('RotatedWebhookSecret', { description: 'The result of rotating the webhook signing secret.' })
export class RotatedWebhookSecretType {
  @Field({ description: 'The new signing secret, shown this once. The previous one keeps signing for 24 hours.' })
  webhookSecret!: string;
}
