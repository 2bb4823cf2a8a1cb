import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { NewApiKeyType } from '../api-keys';
import { OrganizationType } from '../orgs';
import { UserType } from '../users';

@ObjectType('AuthPayload', { description: 'A dashboard access token.' })
export class AuthPayloadType {
  @Field({ description: 'The JWT to send as `Authorization: Bearer <token>` (and in connection_init for subscriptions).' })
  accessToken!: string;

  @Field({ description: 'Always "bearer".' })
  tokenType!: string;

  @Field(() => Int, { description: 'Seconds until the token expires.' })
  expiresIn!: number;
}

@ObjectType('SignupPayload', { description: 'Everything a new organization needs, some of it shown only here.' })
export class SignupPayloadType extends AuthPayloadType {
  @Field(() => UserType, { description: 'The new owner.' })
  user!: UserType;

  @Field(() => OrganizationType, { description: 'The new organization.' })
  organization!: OrganizationType;

  @Field(() => NewApiKeyType, { description: 'A first API key, with its secret (shown only here).' })
  apiKey!: NewApiKeyType;

  @Field({ description: 'The webhook signing secret, shown only here and on rotation.' })
  webhookSecret!: string;
}

@InputType({ description: 'A new organization and its first owner.' })
export class SignupInput {
  @Field({ description: "The owner's sign-in e-mail (validated like REST, with field errors)." })
  email!: string;

  @Field({ description: 'At least 8 characters.' })
  password!: string;

  @Field(() => String, { nullable: true, description: 'Display name of the organization.' })
  organizationName?: string | null;
}

@ObjectType('EmailVerification', { description: 'The result of following a verification link.' })
export class EmailVerificationType {
  @Field({ description: 'Always true.' })
  emailVerified!: boolean;
}
