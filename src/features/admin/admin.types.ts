import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { AuditActionEnum, AuditTargetTypeEnum } from '../../graphql/enums';
import { DateTimeScalar } from '../../graphql/scalars';
import { ApiKeyType } from '../api-keys';
import { CallType } from '../calls';
import { OrganizationType } from '../orgs';
import { UserType } from '../users';
import { WebhookDeliveryType } from '../webhooks';

@ObjectType('AdminOrganization', { description: 'An organization with what it holds (platform admins only).' })
export class AdminOrganizationType extends OrganizationType {
  @Field(() => DateTimeScalar, { description: 'When the organization last changed.' })
  updatedAt!: Date;

  @Field(() => Int, { description: 'Members, active or not.' })
  userCount!: number;

  @Field(() => Int, { description: 'API keys, revoked or not.' })
  apiKeyCount!: number;

  @Field(() => Int, { description: 'API keys not revoked.' })
  activeApiKeyCount!: number;

  @Field(() => Int, { description: 'Calls ever placed.' })
  callCount!: number;

  @Field(() => Int, { description: 'Calls queued, ringing or in progress.' })
  openCallCount!: number;
}

@ObjectType('AdminUser', { description: 'A user, as platform administrators see it.' })
export class AdminUserType extends UserType {
  @Field({ description: 'Role platform_admin, or a verified e-mail listed in PLATFORM_ADMIN_EMAILS.' })
  isPlatformAdmin!: boolean;
}

@ObjectType('AdminCall', { description: 'A call of any organization (platform admins only).' })
export class AdminCallType extends CallType {
  @Field(() => ID, { description: 'The organization it belongs to.' })
  orgId!: string;
}

@ObjectType('AdminWebhookDelivery', { description: 'A webhook delivery of any organization (platform admins only).' })
export class AdminWebhookDeliveryType extends WebhookDeliveryType {
  @Field(() => ID, { description: 'The organization it belongs to.' })
  orgId!: string;
}

@ObjectType('AdminApiKey', { description: 'An API key of any organization (platform admins only).' })
export class AdminApiKeyType extends ApiKeyType {
  @Field(() => ID, { description: 'The organization it belongs to.' })
  orgId!: string;
}

@ObjectType('AuditEntry', { description: 'One platform-admin change: who, what, on which target, before and after, when.' })
export class AuditEntryType {
  @Field(() => ID, { description: 'The audit entry id (a UUID).' })
  id!: string;

  @Field(() => ID, { description: 'The administrator who made the change.' })
  actorUserId!: string;

  @Field({ description: "The administrator's e-mail at the time, or cli:<command> for a command-line change." })
  actorEmail!: string;

  @Field(() => AuditActionEnum, { description: 'What was changed.' })
  action!: string;

  @Field(() => AuditTargetTypeEnum, { description: 'The kind of thing changed.' })
  targetType!: string;

  @Field({ description: 'Id of the changed thing.' })
  targetId!: string;

  @Field(() => ID, { nullable: true, description: 'The organization it belongs to.' })
  orgId!: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'The changed fields before the change.' })
  before!: Record<string, unknown> | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'The changed fields after the change.' })
  after!: Record<string, unknown> | null;

  @Field(() => String, { nullable: true, description: 'X-Request-Id of the change, to find its request log line.' })
  requestId!: string | null;

  @Field(() => String, { nullable: true, description: 'The administrator\'s client IP.' })
  ip!: string | null;

  @Field(() => DateTimeScalar, { description: 'When the change was made.' })
  createdAt!: Date;
}

@ObjectType('ActiveTotal', { description: 'A count with how many are active.' })
export class ActiveTotalType {
  @Field(() => Int, { description: 'How many in all.' })
  total!: number;

  @Field(() => Int, { description: 'How many are active.' })
  active!: number;
}

@ObjectType('AdminUserStats', { description: 'User counts.' })
export class AdminUserStatsType extends ActiveTotalType {
  @Field(() => Int, { description: 'Users who are platform administrators.' })
  platformAdmins!: number;
}

@ObjectType('AdminApiKeyStats', { description: 'API key counts.' })
export class AdminApiKeyStatsType {
  @Field(() => Int, { description: 'How many are active.' })
  active!: number;

  @Field(() => Int, { description: 'Revoked keys.' })
  revoked!: number;
}

@ObjectType('CountByValue', { description: 'How many items have one value.' })
export class CountByValueType {
  @Field({ description: 'The value counted (a lower-case status or state name).' })
  value!: string;

  @Field(() => Int, { description: 'How many have this value.' })
  count!: number;
}

@ObjectType('AdminCallStats', { description: 'Call counts.' })
export class AdminCallStatsType {
  @Field(() => Int, { description: 'How many in all.' })
  total!: number;

  @Field(() => Int, { description: 'Calls placed in the last 24 hours.' })
  last24h!: number;

  @Field(() => Int, { description: 'Queued, ringing or in progress.' })
  open!: number;

  @Field(() => [CountByValueType], { description: 'Calls by status (lower-case status names).' })
  byStatus!: CountByValueType[];
}

@ObjectType('AdminDeliveryStats', { description: 'Webhook delivery counts.' })
export class AdminDeliveryStatsType {
  @Field(() => Int, { description: 'How many in all.' })
  total!: number;

  @Field(() => [CountByValueType], { description: 'Deliveries by state (lower-case state names).' })
  byState!: CountByValueType[];
}

@ObjectType('AdminStats', { description: 'Service-wide numbers for platform administrators.' })
export class AdminStatsType {
  @Field(() => ActiveTotalType, { description: 'Organizations.' })
  organizations!: ActiveTotalType;

  @Field(() => AdminUserStatsType, { description: 'Users.' })
  users!: AdminUserStatsType;

  @Field(() => AdminApiKeyStatsType, { description: 'API keys.' })
  apiKeys!: AdminApiKeyStatsType;

  @Field(() => AdminCallStatsType, { description: 'Calls.' })
  calls!: AdminCallStatsType;

  @Field(() => AdminDeliveryStatsType, { description: 'Webhook deliveries.' })
  webhookDeliveries!: AdminDeliveryStatsType;

  @Field(() => DateTimeScalar, { description: 'When these numbers were computed.' })
  generatedAt!: Date;
}

@ObjectType({ description: 'A page, newest first.' })
export class AdminOrganizationConnection extends Connection(AdminOrganizationType, 'AdminOrganization') {}

@ObjectType({ description: 'A page, newest first.' })
export class AdminUserConnection extends Connection(AdminUserType, 'AdminUser') {}

@ObjectType({ description: 'A page, newest first.' })
export class AdminCallConnection extends Connection(AdminCallType, 'AdminCall') {}

@ObjectType({ description: 'A page, newest first.' })
export class AdminWebhookDeliveryConnection extends Connection(AdminWebhookDeliveryType, 'AdminWebhookDelivery') {}

@ObjectType({ description: 'A page, newest first.' })
export class AuditEntryConnection extends Connection(AuditEntryType, 'AuditEntry') {}
