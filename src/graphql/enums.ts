import { registerEnumType } from 'type-graphql';

/**
 * GraphQL enums for every closed set. Names are UPPER_CASE (GraphQL convention); each maps to the
 * lower-case string stored in the database and used by REST and webhooks, so REST is unchanged
 * and resolvers and services keep working with the internal values.
 */
type Described<T extends Record<string, string>> = { [K in keyof T]: string };
/** type-graphql's per-value options (its EnumValuesConfig, not exported by the package). */
type ValuesConfig<T extends Record<string, string>> = NonNullable<NonNullable<Parameters<typeof registerEnumType<T>>[1]>['valuesConfig']>;

function defineEnum<T extends Record<string, string>>(values: T, name: string, description: string, valueDescriptions: Described<T>): T {
  const valuesConfig: ValuesConfig<T> = {};
  for (const k of Object.keys(values) as Array<keyof T>) valuesConfig[k] = { description: valueDescriptions[k] };
  registerEnumType(values, { name, description, valuesConfig });
  return values;
}

export const CallStatusEnum = defineEnum(
  { SCHEDULED: 'scheduled', QUEUED: 'queued', RINGING: 'ringing', IN_PROGRESS: 'in_progress', COMPLETED: 'completed', FAILED: 'failed', CANCELED: 'canceled' } as const,
  'CallStatus',
  'Where a call is in its life. Moves only forward; COMPLETED, FAILED and CANCELED are final.',
  {
    SCHEDULED: 'Placed with a schedule time and waiting for it (no call.queued yet).',
    QUEUED: 'Accepted and waiting to be dialed.',
    RINGING: 'The far end is ringing.',
    IN_PROGRESS: 'Answered and talking.',
    COMPLETED: 'Ended after being answered.',
    FAILED: 'Ended without a conversation (busy, no answer, invalid number, carrier error).',
    CANCELED: 'Canceled before it was answered.',
  },
);

export const CallDispositionEnum = defineEnum(
  {
    HUMAN: 'human',
    VOICEMAIL: 'voicemail',
    BUSY: 'busy',
    NO_ANSWER: 'no_answer',
    INVALID_NUMBER: 'invalid_number',
    CARRIER_ERROR: 'carrier_error',
    CANCELED: 'canceled',
    WRONG_NUMBER: 'wrong_number',
    CALLBACK_REQUESTED: 'callback_requested',
    TRANSFERRED: 'transferred',
  } as const,
  'CallDisposition',
  'How a call ended; set when it reaches a final status.',
  {
    HUMAN: 'A person answered.',
    VOICEMAIL: 'An answering machine or voicemail answered.',
    BUSY: 'The line was busy.',
    NO_ANSWER: 'Nobody answered before the ring timeout.',
    INVALID_NUMBER: 'The number does not exist or cannot be reached.',
    CARRIER_ERROR: 'The carrier failed the call.',
    CANCELED: 'Canceled before it was answered.',
    WRONG_NUMBER: 'A person answered and said it was the wrong number; the agent ended politely. A campaign never calls it again.',
    CALLBACK_REQUESTED: 'A person answered and asked to be called later (callbackAt when they said when). A campaign calls again per its retry policy.',
    TRANSFERRED: 'A person answered and the call was handed to transferTo, who answered (see transfer).',
  },
);

export const TransferModeEnum = defineEnum(
  { REFER: 'refer', BRIDGE: 'bridge', DIAL: 'dial' } as const,
  'TransferMode',
  'How a call was handed to a person.',
  {
    REFER: 'SIP REFER: the trunk connected the callee to the person and the call left voicegate.',
    BRIDGE: 'voicegate dialled the person on the same SIP trunk, told them who is calling and joined the two calls.',
    DIAL: 'Twilio <Dial>.',
  },
);

export const AmdResultEnum = defineEnum(
  { HUMAN: 'human', MACHINE: 'machine', SCREENED: 'screened', UNKNOWN: 'unknown' } as const,
  'AmdResult',
  'Who answered a call, as answering-machine detection decided.',
  {
    HUMAN: 'A person.',
    MACHINE: 'An answering machine or voicemail; the voicemail message, if any, was left after its beep.',
    SCREENED: 'A call-screening assistant (iOS Call Screening, Google Call Screen); the agent said who calls and why and waited for the person.',
    UNKNOWN: 'Nothing to tell by (silence at the answer, or the call ended first).',
  },
);

export const CallDirectionEnum = defineEnum(
  { OUTBOUND: 'outbound', INBOUND: 'inbound' } as const,
  'CallDirection',
  'Who placed a call.',
  {
    OUTBOUND: 'Placed by the organization (placeCall, POST /v1/calls/outbound, a campaign).',
    INBOUND: "Someone called one of the organization's numbers and the inbound agent answered.",
  },
);

export const TurnSpeakerEnum = defineEnum(
  { AGENT: 'agent', CALLEE: 'callee' } as const,
  'TurnSpeaker',
  'Who spoke a turn of the conversation.',
  {
    AGENT: 'The voice agent.',
    CALLEE: 'The person (or machine) called.',
  },
);

export const CarrierEnum = defineEnum(
  { SIMULATOR: 'simulator', SIP: 'sip', TWILIO: 'twilio' } as const,
  'Carrier',
  'The carrier that places a call.',
  {
    SIMULATOR: 'The built-in simulator: no real phone call.',
    SIP: 'A SIP trunk, with RTP audio and the voice agent.',
    TWILIO: 'Twilio Programmable Voice.',
  },
);

export const RoleEnum = defineEnum(
  { OWNER: 'owner', MEMBER: 'member', PLATFORM_ADMIN: 'platform_admin' } as const,
  'Role',
  "A user's role in their organization.",
  {
    OWNER: 'Manages keys, webhook settings and members.',
    MEMBER: 'Reads everything in the organization and places and cancels calls.',
    PLATFORM_ADMIN: 'Operator of the whole service (admin fields).',
  },
);

export const MemberRoleEnum = defineEnum(
  { OWNER: 'owner', MEMBER: 'member' } as const,
  'MemberRole',
  'The roles an owner can give a new member.',
  { OWNER: 'Another owner.', MEMBER: 'A member (read, place and cancel calls).' },
);

export const WebhookEventEnum = defineEnum(
  {
    CALL_QUEUED: 'call.queued',
    CALL_ENDED: 'call.ended',
    CALL_ANALYZED: 'call.analyzed',
    CALL_TRANSFERRED: 'call.transferred',
    CAMPAIGN_STARTED: 'campaign.started',
    CAMPAIGN_PAUSED: 'campaign.paused',
    CAMPAIGN_COMPLETED: 'campaign.completed',
  } as const,
  'WebhookEvent',
  'The events sent to webhooks (the `type` of the event body is the lower-case dotted name, e.g. call.queued).',
  {
    CALL_QUEUED: 'call.queued: a call was accepted.',
    CALL_ENDED: 'call.ended: a call reached a final status.',
    CALL_ANALYZED: 'call.analyzed: the transcript and answers of a completed call are ready.',
    CALL_TRANSFERRED: 'call.transferred: the agent handed a call to a person, or tried to (answered says which).',
    CAMPAIGN_STARTED: 'campaign.started: a campaign began calling.',
    CAMPAIGN_PAUSED: 'campaign.paused: a campaign was paused.',
    CAMPAIGN_COMPLETED: 'campaign.completed: no recipient of a campaign is pending or calling any more.',
  },
);

export const DeliveryStateEnum = defineEnum(
  { PENDING: 'pending', DELIVERED: 'delivered', FAILED: 'failed', UNDELIVERABLE: 'undeliverable' } as const,
  'DeliveryState',
  'Where a webhook delivery stands.',
  {
    PENDING: 'Waiting for its first attempt or a retry.',
    DELIVERED: 'A receiver answered 2xx.',
    FAILED: 'Every scheduled attempt failed; only a manual redelivery will try again.',
    UNDELIVERABLE: 'There was no destination URL.',
  },
);

export const AttemptTriggerEnum = defineEnum(
  { SCHEDULED: 'scheduled', MANUAL: 'manual' } as const,
  'AttemptTrigger',
  'What started a webhook attempt.',
  { SCHEDULED: 'The first attempt or a retry of the schedule.', MANUAL: 'A redelivery asked for by an owner.' },
);

export const QuestionTypeEnum = defineEnum(
  { STRING: 'string', NUMBER: 'number', BOOLEAN: 'boolean', ENUM: 'enum' } as const,
  'QuestionType',
  'The type of the answer a question expects.',
  { STRING: 'Free text.', NUMBER: 'A number.', BOOLEAN: 'Yes or no.', ENUM: 'One of the listed options.' },
);

export const ApiKeyStatusEnum = defineEnum(
  { ACTIVE: 'active', REVOKED: 'revoked' } as const,
  'ApiKeyStatus',
  'Whether an API key still works.',
  { ACTIVE: 'The key authenticates requests.', REVOKED: 'The key was revoked and is refused.' },
);

export const AuditActionEnum = defineEnum(
  {
    ORGANIZATION_ACTIVATE: 'organization.activate',
    ORGANIZATION_DEACTIVATE: 'organization.deactivate',
    USER_ACTIVATE: 'user.activate',
    USER_DEACTIVATE: 'user.deactivate',
    USER_PROMOTE: 'user.promote',
    API_KEY_REVOKE: 'api_key.revoke',
    CARRIER_UPDATE: 'carrier.update',
    CARRIER_REMOVE: 'carrier.remove',
  } as const,
  'AuditAction',
  'What a platform administrator changed (REST uses the lower-case dotted names, e.g. user.promote).',
  {
    ORGANIZATION_ACTIVATE: 'An organization was reactivated.',
    ORGANIZATION_DEACTIVATE: 'An organization was deactivated.',
    USER_ACTIVATE: 'A user was reactivated.',
    USER_DEACTIVATE: 'A user was deactivated.',
    USER_PROMOTE: 'A user was made a platform administrator.',
    API_KEY_REVOKE: 'An API key was revoked.',
    CARRIER_UPDATE: "An owner connected or changed the organization's carrier.",
    CARRIER_REMOVE: "An owner removed the organization's carrier connection (back to the default).",
  },
);

export const AuditTargetTypeEnum = defineEnum(
  { ORGANIZATION: 'organization', USER: 'user', API_KEY: 'api_key', CARRIER_CONNECTION: 'carrier_connection' } as const,
  'AuditTargetType',
  'The kind of thing an audit entry is about.',
  { ORGANIZATION: 'An organization.', USER: 'A user.', API_KEY: 'An API key.', CARRIER_CONNECTION: "An organization's carrier connection." },
);

export const CarrierConnectionSourceEnum = defineEnum(
  { ORGANIZATION: 'organization', DEFAULT: 'default' } as const,
  'CarrierConnectionSource',
  "Whose carrier connection an organization's calls use.",
  { ORGANIZATION: "The organization's own connection.", DEFAULT: "The deployment's default carrier (no connection of the organization's own)." },
);

export type EnumValue<T> = T[keyof T];
