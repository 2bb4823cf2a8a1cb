import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { DateTimeScalar } from '../../graphql/scalars';

@ObjectType('Call')
export class CallType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: 'Same as id; the name REST and webhooks use.' })
  callId!: string;

  @Field()
  to!: string;

  @Field(() => String, { nullable: true })
  from!: string | null;

  @Field({ description: 'queued, ringing, in_progress, completed, failed or canceled' })
  status!: string;

  @Field(() => String, { nullable: true })
  disposition!: string | null;

  @Field(() => Int, { nullable: true })
  durationSeconds!: number | null;

  @Field(() => GraphQLJSONObject)
  metadata!: Record<string, unknown>;

  @Field(() => String, { nullable: true })
  webhookUrl!: string | null;

  @Field(() => String, { nullable: true })
  task!: string | null;

  @Field(() => GraphQLJSON)
  questions!: unknown;

  @Field(() => Int)
  maxDurationSeconds!: number;

  @Field(() => String, { nullable: true })
  transcript!: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true })
  structuredAnswers!: Record<string, unknown> | null;

  @Field(() => String, { nullable: true, description: 'Signed link that works without a credential until it expires.' })
  recordingUrl!: string | null;

  @Field(() => DateTimeScalar)
  createdAt!: Date;

  @Field(() => DateTimeScalar, { nullable: true })
  startedAt!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  endedAt!: Date | null;

  @Field(() => ID, { nullable: true, description: 'The campaign of a campaign call.' })
  campaignId!: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When a scheduled call becomes due.' })
  scheduledAt!: Date | null;
}

@ObjectType()
export class CallConnection extends Connection(CallType, 'Call') {}
