import { Field, ObjectType } from 'type-graphql';
import { UrlScalar } from '../../graphql/scalars';

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
