import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { DateTimeScalar } from '../../graphql/scalars';

@ObjectType('CampaignCounts', { description: 'Recipients per state.' })
export class CampaignCountsType {
  @Field(() => Int, { description: 'All recipients.' }) total!: number;
  @Field(() => Int, { description: 'Waiting for their first or next attempt.' }) pending!: number;
  @Field(() => Int, { description: 'With a call open now.' }) calling!: number;
  @Field(() => Int, { description: 'Reached (answered, or voicemail on the last attempt).' }) completed!: number;
  @Field(() => Int, { description: 'Not reached after the last attempt, or an invalid number.' }) failed!: number;
  @Field(() => Int, { description: 'On the suppression list: never called.' }) suppressed!: number;
  @Field(() => Int, { description: 'Not called because the campaign was canceled or ended.' }) canceled!: number;
}

@ObjectType('CampaignProgress', { description: 'Recipients by where they stand; the parts add up to total.' })
export class CampaignProgressType {
  @Field(() => Int, { description: 'All recipients.' }) total!: number;
  @Field(() => Int, { description: 'Reached: answered (or voicemail on the last attempt), and did not opt out.' }) reached!: number;
  @Field(() => Int, { description: 'Reached, and asked not to be called again (their number joined the do-not-call list).' }) optedOut!: number;
  @Field(() => Int, { description: 'Not tried yet.' }) pending!: number;
  @Field(() => Int, { description: 'Tried, waiting for the next attempt (busy, no answer, voicemail, carrier error, call back later).' }) retrying!: number;
  @Field(() => Int, { description: 'With a call open now.' }) calling!: number;
  @Field(() => Int, { description: 'Not reached after the last attempt, or an invalid number.' }) failed!: number;
  @Field(() => Int, { description: 'On the do-not-call list: never called.' }) suppressed!: number;
  @Field(() => Int, { description: 'Not called because the campaign was canceled or ended.' }) canceled!: number;
}

@ObjectType('CallingWindow', { description: 'Local days and hours when calls may start.' })
export class CallingWindowType {
  @Field(() => [String], { description: 'mon, tue, wed, thu, fri, sat, sun' }) days!: string[];
  @Field({ description: 'Opening time, local HH:MM (inclusive).' }) start!: string;
  @Field({ description: 'Closing time, local HH:MM (exclusive; 24:00 allowed).' }) end!: string;
}

@ObjectType('Campaign', { description: 'Many calls with one task, in calling windows, paced and retried (docs/campaigns.md).' })
export class CampaignType {
  @Field(() => ID, { description: 'The id (a UUID).' }) id!: string;
  @Field({ description: 'The campaign name.' }) name!: string;
  @Field({ description: 'scheduled, running, paused, completed or canceled' }) status!: string;
  @Field(() => CampaignCountsType, { description: 'Recipients per state.' }) counts!: CampaignCountsType;
  @Field(() => String, { nullable: true, description: 'What the voice agent does on every call.' }) task!: string | null;
  @Field(() => GraphQLJSON, { description: 'The questions every call asks (as in POST /v1/calls/outbound).' }) questions!: unknown;
  @Field(() => String, { nullable: true, description: 'Destination of the campaign\'s events and its calls\' events, overriding the organization\'s.' }) webhookUrl!: string | null;
  @Field(() => GraphQLJSONObject, { description: 'Merged into every call\'s metadata, under the recipient\'s own.' }) metadata!: Record<string, unknown>;
  @Field(() => DateTimeScalar, { description: 'When calling may begin.' }) startAt!: Date;
  @Field(() => DateTimeScalar, { nullable: true, description: 'After this, nobody new is called.' }) endAt!: Date | null;
  @Field({ description: 'IANA zone of the campaign, the last resort for a recipient.' }) timeZone!: string;
  @Field(() => CallingWindowType, { nullable: true, description: 'When calls may start, in each recipient\'s own zone; null means any time.' }) callingWindow!: CallingWindowType | null;
  @Field(() => Int, { description: 'Calls of this campaign open at the same time, at most.' }) maxConcurrentCalls!: number;
  @Field(() => Float, { description: 'Starts per second, at most.' }) maxCallsPerSecond!: number;
  @Field(() => GraphQLJSONObject, { description: 'busy, no_answer, voicemail, carrier_error, callback_requested ({after_seconds}) and max_attempts.' }) retry!: Record<string, unknown>;
  @Field(() => DateTimeScalar, { description: 'When it was created.' }) createdAt!: Date;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When it first started calling.' }) startedAt!: Date | null;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When it completed or was canceled.' }) completedAt!: Date | null;
}

@ObjectType({ description: 'A page of campaigns, newest first.' })
export class CampaignConnection extends Connection(CampaignType, 'Campaign') {}

@ObjectType('CampaignRecipient', { description: 'One person a campaign calls, with its attempts and outcome.' })
export class CampaignRecipientType {
  @Field(() => ID, { description: 'The id (a UUID).' }) id!: string;
  @Field({ description: 'The number, E.164.' }) to!: string;
  @Field(() => String, { nullable: true, description: 'Its zone when it has exactly one (given or derived).' }) timeZone!: string | null;
  @Field(() => [String], { description: 'The zones its window is evaluated in (all must be open).' }) timeZones!: string[];
  @Field({ description: 'given, number or campaign' }) timeZoneSource!: string;
  @Field({ description: 'pending, calling, completed, failed, suppressed or canceled' }) status!: string;
  @Field(() => Int, { description: 'Calls made so far.' }) attempts!: number;
  @Field(() => ID, { nullable: true, description: 'Its latest call.' }) lastCallId!: string | null;
  @Field(() => String, { nullable: true, description: 'How its latest call ended.' }) lastDisposition!: string | null;
  @Field(() => String, { nullable: true, description: 'When it is tried next (pending only).' }) nextAttemptAt!: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'The structured answers of its latest call, once analyzed.' }) answers!: Record<string, unknown> | null;
  @Field({ description: 'Whether the callee asked, on its latest call, not to be called again.' }) optedOut!: boolean;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When this number last called the organization back (an inbound call linked to this recipient); null if never.' }) calledBackAt!: Date | null;
  @Field(() => ID, { nullable: true, description: 'That inbound call.' }) callbackCallId!: string | null;
}

@ObjectType('CampaignRecipientPage', { description: 'A page of recipients, newest first.' })
export class CampaignRecipientPage {
  @Field(() => [CampaignRecipientType], { description: 'The items of this page.' }) nodes!: CampaignRecipientType[];
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null on the last page.' }) endCursor!: string | null;
  @Field({ description: 'Whether another page follows.' }) hasNextPage!: boolean;
}

@ObjectType('Suppression', { description: 'A number on the do-not-call list.' })
export class SuppressionType {
  @Field({ description: 'The suppressed number, E.164.' }) number!: string;
  @Field({ description: 'api, dashboard (added by hand), opt_out (asked during a call) or import (a file imported)' }) source!: string;
  @Field({ description: 'When it was created.' }) createdAt!: string;
}

@ObjectType('SuppressionPage', { description: 'A page of suppressed numbers, newest first.' })
export class SuppressionPage {
  @Field(() => [SuppressionType], { description: 'The items of this page.' }) nodes!: SuppressionType[];
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null on the last page.' }) endCursor!: string | null;
  @Field({ description: 'Whether another page follows.' }) hasNextPage!: boolean;
}

@ObjectType('SuppressionsAdded', { description: 'The result of adding numbers to the suppression list.' })
export class SuppressionsAddedType {
  @Field(() => Int, { description: 'Numbers newly added.' }) added!: number;
  @Field(() => Int, { description: 'Distinct numbers in the request.' }) numbers!: number;
}

@InputType({ description: 'Local days and hours when calls may start.' })
export class CallingWindowInput {
  @Field(() => [String], { description: 'Local days the window is open: mon, tue, wed, thu, fri, sat, sun.' }) days!: string[];
  @Field({ description: 'Opening time, local HH:MM (inclusive).' }) start!: string;
  @Field({ description: 'Closing time, local HH:MM (exclusive; 24:00 allowed).' }) end!: string;
}

@InputType({ description: 'When to call again, by outcome.' })
export class RetryPolicyInput {
  @Field(() => Int, { nullable: true, description: 'Retry a busy line after this many seconds (default 600).' }) busyAfterSeconds?: number;
  @Field(() => Int, { nullable: true, description: 'Retry an unanswered call after this many seconds (default 3600).' }) noAnswerAfterSeconds?: number;
  @Field(() => Int, { nullable: true, description: 'Retry after voicemail after this many seconds (default 14400).' }) voicemailAfterSeconds?: number;
  @Field(() => Int, { nullable: true, description: 'Retry a carrier error after this many seconds, doubling each time (default 60).' }) carrierErrorAfterSeconds?: number;
  @Field(() => Int, { nullable: true, description: 'Call again a callee who asked to be called later (CALLBACK_REQUESTED) without saying when, after this many seconds (default 3600); with a time, at that time.' }) callbackRequestedAfterSeconds?: number;
  @Field(() => Int, { nullable: true, description: 'Calls per recipient at most (default 3).' }) maxAttempts?: number;
}

@InputType({ description: 'One person to call.' })
export class CampaignRecipientInput {
  @Field({ description: 'The number, E.164.' }) to!: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Merged into every call\'s metadata, under the recipient\'s own.' }) metadata?: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: 'IANA zone; else derived from the number, else the campaign zone.' }) timeZone?: string;
}

@InputType({ description: 'A campaign to create; the same rules as POST /v1/campaigns.' })
export class CreateCampaignInput {
  @Field({ description: 'The campaign name.' }) name!: string;
  @Field(() => String, { nullable: true, description: 'What the voice agent does on every call.' }) task?: string;
  @Field(() => GraphQLJSON, { nullable: true, description: 'As in POST /v1/calls/outbound.' }) questions?: unknown;
  @Field(() => String, { nullable: true, description: 'Destination of the campaign\'s events and its calls\' events, overriding the organization\'s.' }) webhookUrl?: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Merged into every call\'s metadata, under the recipient\'s own.' }) metadata?: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: 'RFC 3339' }) startAt?: string;
  @Field(() => String, { nullable: true, description: 'RFC 3339' }) endAt?: string;
  @Field(() => String, { nullable: true, description: 'IANA zone; else derived from the number, else the campaign zone.' }) timeZone?: string;
  @Field(() => CallingWindowInput, { nullable: true, description: 'When calls may start, in each recipient\'s own zone; null means any time.' }) callingWindow?: CallingWindowInput;
  @Field(() => Int, { nullable: true, description: 'Calls of this campaign open at the same time, at most.' }) maxConcurrentCalls?: number;
  @Field(() => Float, { nullable: true, description: 'Starts per second, at most.' }) maxCallsPerSecond?: number;
  @Field(() => RetryPolicyInput, { nullable: true, description: 'When to call again, by outcome.' }) retry?: RetryPolicyInput;
  @Field(() => [CampaignRecipientInput], { defaultValue: [], description: 'Up to 10,000 recipients.' }) recipients!: CampaignRecipientInput[];
  @Field(() => String, { nullable: true, description: 'Makes retries safe, like the Idempotency-Key header.' }) idempotencyKey?: string;
}

@ObjectType('AnswerCount', { description: 'One answer and how many recipients gave it.' })
export class AnswerCountType {
  @Field(() => GraphQLJSON, { description: 'The answer (true/false, a number, an option or a text).' }) value!: unknown;
  @Field(() => Int, { description: 'Recipients whose latest call recorded it.' }) count!: number;
}

@ObjectType('QuestionAnswers', { description: "The distribution of one question's answers over a campaign's recipients." })
export class QuestionAnswersType {
  @Field({ description: 'The question key.' }) key!: string;
  @Field({ description: 'The question as asked.' }) question!: string;
  @Field({ description: 'string, number, boolean or enum' }) type!: string;
  @Field(() => [String], { nullable: true, description: 'The options of an enum question.' }) options!: string[] | null;
  @Field(() => Int, { description: 'Recipients whose latest call recorded an answer.' }) answered!: number;
  @Field(() => [AnswerCountType], { description: 'Distinct answers, most frequent first (at most 200).' }) values!: AnswerCountType[];
  @Field({ description: 'Whether there were more distinct answers than listed.' }) truncated!: boolean;
}

@ObjectType('InputFieldError', { description: 'What is wrong with one field of an input.' })
export class InputFieldErrorType {
  @Field({ description: 'The field, dotted (recipients.3.to).' }) field!: string;
  @Field({ description: 'What is wrong with it.' }) message!: string;
}

@ObjectType('RecipientPreview', { description: 'One row of a recipient list, checked without creating anything.' })
export class RecipientPreviewType {
  @Field(() => Int, { description: 'Its position in the list, from 0.' }) index!: number;
  @Field(() => String, { nullable: true, description: 'The number in canonical E.164 form; null when the row is invalid.' }) to!: string | null;
  @Field(() => [InputFieldErrorType], { description: 'Why the row would be refused (empty when it is valid).' }) errors!: InputFieldErrorType[];
  @Field(() => [String], { description: 'The zones its calling window would be evaluated in (all must be open).' }) timeZones!: string[];
  @Field(() => String, { nullable: true, description: 'given, number or campaign' }) timeZoneSource!: string | null;
  @Field(() => String, { nullable: true, description: 'When it would first be called (null: invalid or suppressed).' }) firstCallAt!: string | null;
  @Field({ description: 'On the do-not-call list: it would never be called.' }) suppressed!: boolean;
  @Field({ description: 'The same number as an earlier row (each row is called).' }) duplicate!: boolean;
}

@ObjectType('RecipientsPreview', { description: 'A recipient list checked before a campaign is created from it.' })
export class RecipientsPreviewType {
  @Field(() => Int, { description: 'Rows checked.' }) total!: number;
  @Field(() => Int, { description: 'Rows a create would accept.' }) valid!: number;
  @Field(() => Int, { description: 'Rows with errors (a create with any of them is refused as a whole).' }) invalid!: number;
  @Field(() => Int, { description: 'Valid rows whose number is on the do-not-call list.' }) suppressed!: number;
  @Field(() => Int, { description: 'Valid rows repeating an earlier number.' }) duplicates!: number;
  @Field(() => [RecipientPreviewType], { description: 'Every row, in order.' }) rows!: RecipientPreviewType[];
}

@InputType({ description: 'Recipients to check against the window, zone and start a campaign would have.' })
export class PreviewRecipientsInput {
  @Field(() => [CampaignRecipientInput], { description: 'Up to 10,000 rows.' }) recipients!: CampaignRecipientInput[];
  @Field(() => String, { nullable: true, description: 'The campaign zone (default UTC).' }) timeZone?: string;
  @Field(() => CallingWindowInput, { nullable: true, description: 'The calling window; null means any time.' }) callingWindow?: CallingWindowInput;
  @Field(() => String, { nullable: true, description: 'RFC 3339; default now.' }) startAt?: string;
}
