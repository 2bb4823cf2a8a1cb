import { Field, ObjectType } from 'type-graphql';

@ObjectType('WebhookSettings')
export class WebhookSettingsType {
  @Field(() => String, { nullable: true })
  webhookUrl!: string | null;

  @Field({ description: 'Last four characters of the signing secret, to tell secrets apart.' })
  secretLast4!: string;
}

@ObjectType('RotatedWebhookSecret')
export class RotatedWebhookSecretType {
  @Field({ description: 'The new signing secret, shown this once. The previous one keeps signing for 24 hours.' })
  webhookSecret!: string;
}
