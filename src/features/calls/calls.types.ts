import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { DateTimeScalar } from '../../graphql/scalars';

@ObjectType('CarrierStatus')
export class CarrierStatusType {
  @Field(() => Int, { nullable: true, description: 'SIP response code (or the carrier\'s code) when there is one.' })
  code!: number | null;

  @Field()
  reason!: string;
}

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

  @Field(() => Int)
  ringTimeoutSeconds!: number;

  @Field(() => String, { nullable: true })
  voicemailMessage!: string | null;

  @Field(() => String, { nullable: true, description: 'simulator, sip or twilio; null until the call is dialed.' })
  carrier!: string | null;

  @Field(() => String, { nullable: true, description: 'The SIP Call-ID (or the carrier\'s own call id).' })
  carrierCallId!: string | null;

  @Field(() => CarrierStatusType, { nullable: true, description: "The carrier's last word: the SIP final response code and reason." })
  carrierStatus!: CarrierStatusType | null;

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
}

@ObjectType()
export class CallConnection extends Connection(CallType, 'Call') {}
