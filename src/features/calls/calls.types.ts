import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { AmdResultEnum, CallDirectionEnum, CallDispositionEnum, CallStatusEnum, CarrierEnum, QuestionTypeEnum, TurnSpeakerEnum } from '../../graphql/enums';
import { NodeInterface } from '../../graphql/node';
import { DateTimeScalar, PhoneNumberScalar, UrlScalar } from '../../graphql/scalars';
import type { AmdResult, CallDirection, CallStatus, CarrierName, Disposition as CallDisposition } from './call.entity';
import { TransferType, TransferWhenInput, TransferWhenType } from './transfer.types';

@ObjectType('CarrierStatus', { description: "The carrier's last word on a call, e.g. code 486 and reason \"Busy Here\" for SIP." })
export class CarrierStatusType {
  @Field(() => Int, { nullable: true, description: "The SIP response code (or the carrier's own code); null when there is none." })
  code!: number | null;

  @Field({ description: 'The reason phrase, or why the call failed without a response.' })
  reason!: string;
}

@ObjectType('TurnLatency', { description: 'Where the time of an agent turn that answers the callee went, in milliseconds.' })
export class TurnLatencyType {
  @Field(() => Int, { description: "From the callee's last voiced frame to the moment the turn was judged over." })
  endOfTurnMs!: number;

  @Field(() => Int, { description: 'Recognition still running after the turn was judged over.' })
  recognitionMs!: number;

  @Field(() => Int, { description: 'Choosing what to say.' })
  decisionMs!: number;

  @Field(() => Int, { description: 'Synthesis still running after the decision (0 when the prompt was ready).' })
  synthesisMs!: number;

  @Field(() => Int, { description: "From the callee's last voiced frame to the agent's first audio frame on the wire." })
  totalMs!: number;
}

@ObjectType('CallTurn', { description: 'One utterance of a call; offsets are in milliseconds from the start of the recording.' })
export class CallTurnType {
  @Field(() => TurnSpeakerEnum, { description: 'Who spoke.' })
  speaker!: 'agent' | 'callee';

  @Field({ description: 'What was said (as recognised, for the callee).' })
  text!: string;

  @Field(() => Int, { description: 'Where the utterance starts in the recording.' })
  startMs!: number;

  @Field(() => Int, { description: 'Where it ends; for an interrupted agent turn, where the callee stopped hearing it.' })
  endMs!: number;

  @Field({ description: 'An agent turn the callee talked over.' })
  interrupted!: boolean;

  @Field(() => TurnLatencyType, { nullable: true, description: 'On agent turns that answer the callee, when the carrier measures them (SIP, simulator); null otherwise.' })
  latency!: TurnLatencyType | null;
}

@ObjectType('CallLatency', { description: "Median and 95th percentile (nearest rank) of a call's agent turn latency (totalMs)." })
export class CallLatencyType {
  @Field(() => Int, { nullable: true, description: 'Median; null when no turn was measured.' })
  p50Ms!: number | null;

  @Field(() => Int, { nullable: true, description: '95th percentile; null when no turn was measured.' })
  p95Ms!: number | null;

  @Field(() => Int, { description: 'How many agent turns were measured.' })
  turns!: number;
}

@ObjectType('CallAmd', { description: 'Answering-machine detection: who answered, and how long after the answer that was decided.' })
export class CallAmdType {
  @Field(() => AmdResultEnum, { description: 'Who answered.' })
  result!: AmdResult;

  @Field(() => Int, { nullable: true, description: 'Milliseconds from the answer to the decision; null when the carrier did not say.' })
  ms!: number | null;
}

@ObjectType('Question', { description: 'One question the call asks, and the type of answer it expects.' })
export class QuestionType {
  @Field({ description: 'Identifier of the answer in structuredAnswers.' })
  key!: string;

  @Field({ description: 'The question as it is asked (REST and webhooks call this field `question`).' })
  text!: string;

  @Field(() => QuestionTypeEnum, { description: 'The type of the expected answer.' })
  type!: string;

  @Field(() => [String], { nullable: true, description: 'The allowed answers of an ENUM question; null otherwise.' })
  options?: string[] | null;
}

@InputType('QuestionInput', { description: 'A question for the call to ask.' })
export class QuestionInput {
  @Field({ description: 'Identifier of the answer in structuredAnswers: letters, digits and _, up to 64 characters, unique in the call.' })
  key!: string;

  @Field({ description: 'The question as it is asked (1 to 1000 characters); REST calls this field `question`.' })
  text!: string;

  @Field(() => QuestionTypeEnum, { description: 'The type of the expected answer.' })
  type!: 'string' | 'number' | 'boolean' | 'enum';

  @Field(() => [String], { nullable: true, description: 'Required for ENUM questions, and only for them: 1 to 50 allowed answers.' })
  options?: string[] | null;
}

@ObjectType('CallbackOf', { description: 'An inbound call from a number a campaign called: the campaign and its most recent recipient with that number.' })
export class CallbackOfType {
  @Field(() => ID, { description: 'The campaign.' })
  campaignId!: string;

  @Field(() => ID, { description: 'The recipient of the campaign with the caller\'s number.' })
  recipientId!: string;
}

@ObjectType('Call', { implements: NodeInterface, description: "A call of an organization: placed by it (OUTBOUND), or to one of its numbers (INBOUND)." })
export class CallType {
  @Field(() => ID, { description: 'The call id (a UUID).' })
  id!: string;

  @Field(() => PhoneNumberScalar, { description: 'Outbound: the number called. Inbound: the organization\'s number the caller dialed.' })
  to!: string;

  @Field(() => PhoneNumberScalar, { nullable: true, description: 'Outbound: the caller id shown, when one was given. Inbound: the caller (null when withheld or not a phone number).' })
  from!: string | null;

  @Field(() => CallDirectionEnum, { description: 'Who placed the call.' })
  direction!: CallDirection;

  @Field(() => CallbackOfType, { nullable: true, description: 'Inbound calls from a number a campaign called; null otherwise.' })
  callbackOf!: CallbackOfType | null;

  @Field(() => CallStatusEnum, { description: 'Where the call is in its life.' })
  status!: CallStatus;

  @Field(() => CallDispositionEnum, { nullable: true, description: 'How the call ended; null until it ends.' })
  disposition!: CallDisposition | null;

  @Field(() => Int, { nullable: true, description: 'Talk time in seconds; null until the call ends.' })
  durationSeconds!: number | null;

  @Field(() => GraphQLJSONObject, { description: 'The metadata given when the call was placed, returned verbatim.' })
  metadata!: Record<string, unknown>;

  @Field(() => UrlScalar, { nullable: true, description: "Webhook destination for this call's events, overriding the organization's." })
  webhookUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'What the voice agent should do on the call.' })
  task!: string | null;

  @Field(() => [QuestionType], { description: 'The questions the call asks, in order.' })
  questions!: QuestionType[];

  @Field(() => Int, { description: 'The call is ended after this many seconds of talk.' })
  maxDurationSeconds!: number;

  @Field(() => Int, { description: 'A call not answered within this many seconds ends as NO_ANSWER.' })
  ringTimeoutSeconds!: number;

  @Field(() => String, { nullable: true, description: 'Left on an answering machine; without it the agent hangs up.' })
  voicemailMessage!: string | null;

  @Field(() => CarrierEnum, { nullable: true, description: 'The carrier that placed the call; null until it is dialed.' })
  carrier!: CarrierName | null;

  @Field(() => String, { nullable: true, description: "The SIP Call-ID (or the carrier's own call id); null until it is dialed." })
  carrierCallId!: string | null;

  @Field(() => CarrierStatusType, { nullable: true, description: "The carrier's last word: the SIP final response code and reason." })
  carrierStatus!: CarrierStatusType | null;

  @Field(() => String, { nullable: true, description: 'Transcript of the conversation, once analyzed.' })
  transcript!: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Answers keyed by question key, once analyzed; each value has the type of its question.' })
  structuredAnswers!: Record<string, unknown> | null;

  @Field(() => UrlScalar, { nullable: true, description: 'Signed link that works without a credential until it expires.' })
  recordingUrl!: string | null;

  @Field(() => String, { nullable: true, description: "Who the agent said it calls on behalf of: the input's callerName, else the organization's name when the call was placed." })
  callerName!: string | null;

  @Field(() => String, { nullable: true, description: "The call's own language (BCP 47); null: the organization's (default en-US)." })
  language!: string | null;

  @Field(() => String, { nullable: true, description: "The call's own voice; null: the organization's." })
  voice!: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether the call asked for a language model (true) or the script (false); null: the default (on when one is configured).' })
  llm!: boolean | null;

  @Field(() => String, { nullable: true, description: "The call's own instructions for the language model; null: the organization's." })
  instructions!: string | null;

  @Field(() => GraphQLJSON, { nullable: true, description: "A language model's audit trail (entries as in REST: at_ms, kind, text, name, call_id, arguments, result), once analyzed; null for scripted calls." })
  agentLog!: unknown;

  @Field(() => [CallTurnType], { nullable: true, description: 'One entry per utterance, in order; null until the call is analyzed.' })
  turns!: CallTurnType[] | null;

  @Field(() => CallLatencyType, { nullable: true, description: 'Turn latency summary; null until the call is analyzed.' })
  latency!: CallLatencyType | null;

  @Field({ description: 'The callee asked not to be called again (the number joined the suppression list).' })
  optedOut!: boolean;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the callee asked to be called back (disposition CALLBACK_REQUESTED); null otherwise.' })
  callbackAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Where the agent hands the call to a person (E.164, or a SIP URI on a SIP connection); null: it never does.' })
  transferTo!: string | null;

  @Field(() => TransferWhenType, { nullable: true, description: 'When it does; null without transferTo.' })
  transferWhen!: TransferWhenType | null;

  @Field(() => TransferType, { nullable: true, description: 'What became of the transfer; null until one was tried.' })
  transfer!: TransferType | null;

  @Field(() => CallAmdType, { nullable: true, description: 'Who answered (answering-machine detection); set when an answered call ends, null for calls never answered.' })
  amd!: CallAmdType | null;

  @Field(() => DateTimeScalar, { description: 'When the call was placed.' })
  createdAt!: Date;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the far end answered.' })
  startedAt!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the call reached a final status.' })
  endedAt!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the transcript and answers were recorded.' })
  analyzedAt!: Date | null;

  @Field(() => ID, { nullable: true, description: 'The campaign of a campaign call.' })
  campaignId!: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When a scheduled call becomes due.' })
  scheduledAt!: Date | null;
}

@ObjectType({ description: 'A page of calls, newest first.' })
export class CallConnection extends Connection(CallType, 'Call') {}

@InputType('PlaceCallInput', {
  description: 'A call to place; the same fields and rules as POST /v1/calls/outbound, validated by the same code (errors name the REST field, e.g. max_duration_seconds).',
})
export class PlaceCallInput {
  @Field({ description: 'The number to call, in E.164 form (e.g. +14155550123).' })
  to!: string;

  @Field(() => String, { nullable: true, description: 'The caller id to show, in E.164 form.' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'What the voice agent should do (up to 8000 characters).' })
  task?: string | null;

  @Field(() => [QuestionInput], { nullable: true, description: 'Up to 50 questions to ask.' })
  questions?: QuestionInput[] | null;

  @Field(() => Int, { nullable: true, description: 'End the call after this many seconds of talk (10 to 3600; default 600).' })
  maxDurationSeconds?: number | null;

  @Field(() => Int, { nullable: true, description: 'Ring for at most this many seconds before giving up as NO_ANSWER (5 to 120; default 30).' })
  ringTimeoutSeconds?: number | null;

  @Field(() => String, { nullable: true, description: 'A message to leave on an answering machine (up to 2000 characters); without it the agent hangs up.' })
  voicemailMessage?: string | null;

  @Field(() => String, { nullable: true, description: "Who the agent says it calls on behalf of (up to 80 characters, one line); default the organization's name." })
  callerName?: string | null;

  @Field(() => String, { nullable: true, description: "BCP 47 (default the organization's, en-US); refused (unsupported_language) when the speech engines cannot both speak and hear it." })
  language?: string | null;

  @Field(() => String, { nullable: true, description: "The speech engine's voice; default the organization's." })
  voice?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether a language model leads the conversation; default on when one is configured.' })
  llm?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Extra instructions for the language model (up to 4,000 characters; not used by the script).' })
  instructions?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Your own data, returned verbatim (at most 16 KiB serialized).' })
  metadata?: Record<string, unknown> | null;

  @Field(() => String, { nullable: true, description: "Webhook destination (an http(s) URL) for this call's events instead of the organization's." })
  webhookUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'RFC 3339 with an offset, at most 90 days ahead: the call stays SCHEDULED until then (docs/campaigns.md).' })
  scheduleAt?: string | null;

  @Field(() => String, { nullable: true, description: 'Where to hand the call to a person: E.164, or a SIP URI (sip:user@host) when the carrier connection is SIP.' })
  transferTo?: string | null;

  @Field(() => TransferWhenInput, { nullable: true, description: 'When to hand it over; default: when the callee asks for a person.' })
  transferWhen?: TransferWhenInput | null;

  @Field(() => String, {
    nullable: true,
    description: 'Like the Idempotency-Key header: repeating a placement with the same key and input within 24 hours returns the first call; another input is refused.',
  })
  idempotencyKey?: string | null;
}
