import { Field, ID, ObjectType } from 'type-graphql';
import { ApiKeyStatusEnum } from '../../graphql/enums';
import { NodeInterface } from '../../graphql/node';
import { DateTimeScalar } from '../../graphql/scalars';

@ObjectType('ApiKey', { implements: NodeInterface, description: 'An organization API key for the /v1 REST API (server to server).' })
export class ApiKeyType {
  @Field(() => ID, { description: 'The key id (a UUID); not the secret.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'A label chosen by the owner.' })
  name!: string | null;

  @Field({ description: 'First 16 characters of the secret.' })
  prefix!: string;

  @Field(() => DateTimeScalar, { description: 'When the key was created.' })
  createdAt!: Date;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the key last authenticated a request (updated at most once a minute).' })
  lastUsedAt!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the key was revoked.' })
  revokedAt!: Date | null;

  @Field(() => ApiKeyStatusEnum, { description: 'Whether the key still works.' })
  status!: string;
}

@ObjectType('NewApiKey', { description: 'A key just created: the only time its secret is shown.' })
export class NewApiKeyType extends ApiKeyType {
  @Field({ description: 'The full secret, to send as `Authorization: Bearer <secret>`. Shown this once.' })
  secret!: string;
}
