import { Field, ID, ObjectType } from 'type-graphql';
import { DateTimeScalar } from '../../graphql/scalars';

@ObjectType('Organization')
export class OrganizationType {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field()
  active!: boolean;

  @Field(() => String, { nullable: true })
  webhookUrl!: string | null;

  @Field(() => DateTimeScalar)
  createdAt!: Date;
}

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
