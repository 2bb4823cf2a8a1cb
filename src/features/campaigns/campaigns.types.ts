import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { DateTimeScalar } from '../../graphql/scalars';

@ObjectType('CampaignCounts', { description: 'Recipients per state.' })
export class CampaignCountsType {
  @Field(() => Int) total!: number;
  @Field(() => Int) pending!: number;
  @Field(() => Int) calling!: number;
  @Field(() => Int) completed!: number;
  @Field(() => Int) failed!: number;
  @Field(() => Int) suppressed!: number;
  @Field(() => Int) canceled!: number;
}

@ObjectType('CallingWindow')
export class CallingWindowType {
  @Field(() => [String], { description: 'mon, tue, wed, thu, fri, sat, sun' }) days!: string[];
  @Field() start!: string;
  @Field() end!: string;
}

@ObjectType('Campaign')
export class CampaignType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field({ description: 'scheduled, running, paused, completed or canceled' }) status!: string;
  @Field(() => CampaignCountsType) counts!: CampaignCountsType;
  @Field(() => String, { nullable: true }) task!: string | null;
  @Field(() => GraphQLJSON) questions!: unknown;
  @Field(() => String, { nullable: true }) webhookUrl!: string | null;
  @Field(() => GraphQLJSONObject) metadata!: Record<string, unknown>;
  @Field(() => DateTimeScalar) startAt!: Date;
  @Field(() => DateTimeScalar, { nullable: true }) endAt!: Date | null;
  @Field() timeZone!: string;
  @Field(() => CallingWindowType, { nullable: true }) callingWindow!: CallingWindowType | null;
  @Field(() => Int) maxConcurrentCalls!: number;
  @Field(() => Float) maxCallsPerSecond!: number;
  @Field(() => GraphQLJSONObject, { description: 'busy, no_answer, voicemail, carrier_error ({after_seconds}) and max_attempts.' }) retry!: Record<string, unknown>;
  @Field(() => DateTimeScalar) createdAt!: Date;
  @Field(() => DateTimeScalar, { nullable: true }) startedAt!: Date | null;
  @Field(() => DateTimeScalar, { nullable: true }) completedAt!: Date | null;
}

@ObjectType()
export class CampaignConnection extends Connection(CampaignType, 'Campaign') {}

@ObjectType('CampaignRecipient')
export class CampaignRecipientType {
  @Field(() => ID) id!: string;
  @Field() to!: string;
  @Field(() => String, { nullable: true }) timeZone!: string | null;
  @Field(() => [String]) timeZones!: string[];
  @Field({ description: 'given, number or campaign' }) timeZoneSource!: string;
  @Field({ description: 'pending, calling, completed, failed, suppressed or canceled' }) status!: string;
  @Field(() => Int) attempts!: number;
  @Field(() => ID, { nullable: true }) lastCallId!: string | null;
  @Field(() => String, { nullable: true }) lastDisposition!: string | null;
  @Field(() => String, { nullable: true }) nextAttemptAt!: string | null;
}

@ObjectType('CampaignRecipientPage')
export class CampaignRecipientPage {
  @Field(() => [CampaignRecipientType]) nodes!: CampaignRecipientType[];
  @Field(() => String, { nullable: true }) endCursor!: string | null;
  @Field() hasNextPage!: boolean;
}

@ObjectType('Suppression')
export class SuppressionType {
  @Field() number!: string;
  @Field({ description: 'api, dashboard or opt_out' }) source!: string;
  @Field() createdAt!: string;
}

@ObjectType('SuppressionPage')
export class SuppressionPage {
  @Field(() => [SuppressionType]) nodes!: SuppressionType[];
  @Field(() => String, { nullable: true }) endCursor!: string | null;
  @Field() hasNextPage!: boolean;
}

@ObjectType('SuppressionsAdded')
export class SuppressionsAddedType {
  @Field(() => Int) added!: number;
  @Field(() => Int) numbers!: number;
}

@InputType()
export class CallingWindowInput {
  @Field(() => [String]) days!: string[];
  @Field() start!: string;
  @Field() end!: string;
}

@InputType()
export class RetryPolicyInput {
  @Field(() => Int, { nullable: true }) busyAfterSeconds?: number;
  @Field(() => Int, { nullable: true }) noAnswerAfterSeconds?: number;
  @Field(() => Int, { nullable: true }) voicemailAfterSeconds?: number;
  @Field(() => Int, { nullable: true }) carrierErrorAfterSeconds?: number;
  @Field(() => Int, { nullable: true }) maxAttempts?: number;
}

@InputType()
export class CampaignRecipientInput {
  @Field() to!: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata?: Record<string, unknown>;
  @Field(() => String, { nullable: true }) timeZone?: string;
}

@InputType()
export class CreateCampaignInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) task?: string;
  @Field(() => GraphQLJSON, { nullable: true, description: 'As in POST /v1/calls/outbound.' }) questions?: unknown;
  @Field(() => String, { nullable: true }) webhookUrl?: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata?: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: 'RFC 3339' }) startAt?: string;
  @Field(() => String, { nullable: true, description: 'RFC 3339' }) endAt?: string;
  @Field(() => String, { nullable: true }) timeZone?: string;
  @Field(() => CallingWindowInput, { nullable: true }) callingWindow?: CallingWindowInput;
  @Field(() => Int, { nullable: true }) maxConcurrentCalls?: number;
  @Field(() => Float, { nullable: true }) maxCallsPerSecond?: number;
  @Field(() => RetryPolicyInput, { nullable: true }) retry?: RetryPolicyInput;
  @Field(() => [CampaignRecipientInput], { defaultValue: [] }) recipients!: CampaignRecipientInput[];
  @Field(() => String, { nullable: true, description: 'Makes retries safe, like the Idempotency-Key header.' }) idempotencyKey?: string;
}
