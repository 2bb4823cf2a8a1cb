import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { MemberRoleEnum, RoleEnum } from '../../graphql/enums';
import { NodeInterface } from '../../graphql/node';
import { DateTimeScalar, EmailAddressScalar, UrlScalar } from '../../graphql/scalars';
import { Connection } from '../../graphql/connection';
import { OrganizationType } from '../orgs';

@ObjectType('User', { implements: NodeInterface, description: 'A person who signs in to the dashboard of one organization.' })
export class UserType {
  @Field(() => ID, { description: 'The user id (a UUID).' })
  id!: string;

  @Field(() => EmailAddressScalar, { description: 'Sign-in e-mail, lower-cased.' })
  email!: string;

  @Field(() => RoleEnum, { description: 'What the user may do in the organization.' })
  role!: string;

  @Field(() => ID, { description: 'The organization the user belongs to.' })
  orgId!: string;

  @Field({ description: 'False once deactivated: the user can no longer sign in or use a token.' })
  active!: boolean;

  @Field({ description: 'True once the holder of the address followed a mailed link (verification, invitation or password reset).' })
  emailVerified!: boolean;

  @Field(() => DateTimeScalar, { description: 'When the user was created.' })
  createdAt!: Date;
}

@ObjectType('Me', { description: 'The signed-in user, with their organization.' })
export class MeType extends UserType {
  @Field(() => OrganizationType, { description: "The user's organization." })
  organization!: OrganizationType;
}

@ObjectType({ description: "A page of the organization's members." })
export class UserConnection extends Connection(UserType, 'User') {
  @Field(() => Int, { description: 'How many members the organization has in all.' })
  totalCount!: number;
}

@InputType({ description: 'A new member of the organization.' })
export class AddMemberInput {
  @Field({ description: 'Their sign-in e-mail; unique across the service.' })
  email!: string;

  @Field(() => String, { nullable: true, description: 'Omit it to send an invitation instead: the member chooses their own password.' })
  password?: string | null;

  @Field(() => MemberRoleEnum, { nullable: true, description: 'MEMBER (the default) or OWNER.' })
  role?: 'member' | 'owner' | null;
}
