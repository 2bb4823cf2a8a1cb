import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { NewApiKeyType } from '../api-keys/api-keys.types';
import { OrganizationType } from '../orgs/orgs.types';
import { UserType } from '../users/users.types';

@ObjectType('AuthPayload')
export class AuthPayloadType {
  @Field()
  accessToken!: string;

  @Field({ description: 'Always "bearer".' })
  tokenType!: string;

  @Field(() => Int, { description: 'Seconds until the token expires.' })
  expiresIn!: number;
}

@ObjectType('SignupPayload')
export class SignupPayloadType extends AuthPayloadType {
  @Field(() => UserType)
  user!: UserType;

  @Field(() => OrganizationType)
  organization!: OrganizationType;

  @Field(() => NewApiKeyType)
  apiKey!: NewApiKeyType;

  @Field({ description: 'The webhook signing secret, shown only here and on rotation.' })
  webhookSecret!: string;
}

@InputType()
export class SignupInput {
  @Field()
  email!: string;

  @Field()
  password!: string;

  @Field(() => String, { nullable: true })
  organizationName?: string | null;
}

@ObjectType('EmailVerification')
export class EmailVerificationType {
  @Field({ description: 'Always true.' })
  emailVerified!: boolean;
}
