import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { DateTimeScalar } from '../../graphql/scalars';
import { ApiKeyType } from '../api-keys/api-keys.types';
import { CallType } from '../calls/calls.types';
import { OrganizationType } from '../orgs/orgs.types';
import { UserType } from '../users/users.types';
import { WebhookDeliveryType } from '../webhooks/deliveries.types';

@ObjectType('AdminOrganization', { description: 'An organization with what it holds (platform admins only).' })
export class AdminOrganizationType extends OrganizationType {
  @Field(() => DateTimeScalar)
  updatedAt!: Date;

  @Field(() => Int)
  userCount!: number;

  @Field(() => Int)
  apiKeyCount!: number;

  @Field(() => Int)
  activeApiKeyCount!: number;

  @Field(() => Int)
  callCount!: number;

  @Field(() => Int, { description: 'Calls queued, ringing or in progress.' })
  openCallCount!: number;
}

@ObjectType('AdminUser')
export class AdminUserType extends UserType {
  @Field({ description: 'Role platform_admin, or a verified e-mail listed in PLATFORM_ADMIN_EMAILS.' })
  isPlatformAdmin!: boolean;
}

@ObjectType('AdminCall')
export class AdminCallType extends CallType {
  @Field(() => ID)
  orgId!: string;
}

@ObjectType('AdminWebhookDelivery')
export class AdminWebhookDeliveryType extends WebhookDeliveryType {
  @Field(() => ID)
  orgId!: string;
}

@ObjectType('AdminApiKey')
export class AdminApiKeyType extends ApiKeyType {
  @Field(() => ID)
  orgId!: string;
}

@ObjectType('AuditEntry', { description: 'One platform-admin change: who, what, on which target, before and after, when.' })
export class AuditEntryType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  actorUserId!: string;

  @Field()
  actorEmail!: string;

  @Field({ description: 'e.g. organization.deactivate, user.activate, api_key.revoke, user.promote' })
  action!: string;

  @Field({ description: 'organization, user or api_key' })
  targetType!: string;

  @Field()
  targetId!: string;

  @Field(() => ID, { nullable: true })
  orgId!: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true })
  before!: Record<string, unknown> | null;

  @Field(() => GraphQLJSONObject, { nullable: true })
  after!: Record<string, unknown> | null;

  @Field(() => String, { nullable: true })
  requestId!: string | null;

  @Field(() => String, { nullable: true })
  ip!: string | null;

  @Field(() => DateTimeScalar)
  createdAt!: Date;
}

@ObjectType('ActiveTotal')
export class ActiveTotalType {
  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  active!: number;
}

@ObjectType('AdminUserStats')
export class AdminUserStatsType extends ActiveTotalType {
  @Field(() => Int)
  platformAdmins!: number;
}

@ObjectType('AdminApiKeyStats')
export class AdminApiKeyStatsType {
  @Field(() => Int)
  active!: number;

  @Field(() => Int)
  revoked!: number;
}

@ObjectType('CountByValue')
export class CountByValueType {
  @Field()
  value!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType('AdminCallStats')
export class AdminCallStatsType {
  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  last24h!: number;

  @Field(() => Int, { description: 'Queued, ringing or in progress.' })
  open!: number;

  @Field(() => [CountByValueType])
  byStatus!: CountByValueType[];
}

@ObjectType('AdminDeliveryStats')
export class AdminDeliveryStatsType {
  @Field(() => Int)
  total!: number;

  @Field(() => [CountByValueType])
  byState!: CountByValueType[];
}

@ObjectType('AdminStats')
export class AdminStatsType {
  @Field(() => ActiveTotalType)
  organizations!: ActiveTotalType;

  @Field(() => AdminUserStatsType)
  users!: AdminUserStatsType;

  @Field(() => AdminApiKeyStatsType)
  apiKeys!: AdminApiKeyStatsType;

  @Field(() => AdminCallStatsType)
  calls!: AdminCallStatsType;

  @Field(() => AdminDeliveryStatsType)
  webhookDeliveries!: AdminDeliveryStatsType;

  @Field(() => DateTimeScalar)
  generatedAt!: Date;
}

@ObjectType()
export class AdminOrganizationConnection extends Connection(AdminOrganizationType, 'AdminOrganization') {}

@ObjectType()
export class AdminUserConnection extends Connection(AdminUserType, 'AdminUser') {}

@ObjectType()
export class AdminCallConnection extends Connection(AdminCallType, 'AdminCall') {}

@ObjectType()
export class AdminWebhookDeliveryConnection extends Connection(AdminWebhookDeliveryType, 'AdminWebhookDelivery') {}

@ObjectType()
export class AuditEntryConnection extends Connection(AuditEntryType, 'AuditEntry') {}
