import { Field, ID, ObjectType } from 'type-graphql';
import { DateTimeScalar } from '../../graphql/scalars';

@ObjectType('ApiKey')
export class ApiKeyType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field({ description: 'First 16 characters of the secret.' })
  prefix!: string;

  @Field(() => DateTimeScalar)
  createdAt!: Date;

  @Field(() => DateTimeScalar, { nullable: true })
  lastUsedAt!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  revokedAt!: Date | null;

  @Field({ description: 'active or revoked' })
  status!: string;
}

@ObjectType('NewApiKey', { description: 'A key just created: the only time its secret is shown.' })
export class NewApiKeyType extends ApiKeyType {
  @Field()
  secret!: string;
}
