import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { DateTimeScalar } from '../../graphql/scalars';
import { Connection } from '../../graphql/connection';
import { OrganizationType } from '../orgs/orgs.types';

@ObjectType('User')
export class UserType {
  @Field(() => ID)
  id!: string;

  @Field()
  email!: string;

  @Field({ description: 'owner, member or platform_admin' })
  role!: string;

  @Field(() => ID)
  orgId!: string;

  @Field()
  active!: boolean;

  @Field({ description: 'True once the holder of the address followed a mailed link (verification, invitation or password reset).' })
  emailVerified!: boolean;

  @Field(() => DateTimeScalar)
  createdAt!: Date;
}

@ObjectType('Me')
export class MeType extends UserType {
  @Field(() => OrganizationType)
  organization!: OrganizationType;
}

@ObjectType()
export class UserConnection extends Connection(UserType, 'User') {}

@InputType()
export class AddMemberInput {
  @Field()
  email!: string;

  @Field(() => String, { nullable: true, description: 'Omit it to send an invitation instead: the member chooses their own password.' })
  password?: string | null;

  @Field(() => String, { nullable: true, description: 'member (default) or owner' })
  role?: 'member' | 'owner' | null;
}
