/* eslint-disable */
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** ISO 8601 UTC timestamp with microseconds and a +00:00 offset, e.g. 2026-11-22T10:15:30.123456+00:00 */
  DateTime: { input: string; output: string; }
  /** An e-mail address, e.g. ada@example.com (stored trimmed and lower-cased). */
  EmailAddress: { input: string; output: string; }
  /** The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSON: { input: unknown; output: unknown; }
  /** The `JSONObject` scalar type represents JSON objects as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSONObject: { input: Record<string, unknown>; output: Record<string, unknown>; }
  /** A phone number in E.164 form: "+", then 8 to 15 digits, no leading 0, e.g. +14155550123. */
  PhoneNumber: { input: string; output: string; }
  /** An absolute http(s) URL, e.g. https://example.com/hooks. Returned exactly as it was given. */
  URL: { input: string; output: string; }
};

/** A count with how many are active. */
export type ActiveTotal = {
  __typename?: 'ActiveTotal';
  /** How many are active. */
  active: Scalars['Int']['output'];
  /** How many in all. */
  total: Scalars['Int']['output'];
};

/** A new member of the organization. */
export type AddMemberInput = {
  /** Their sign-in e-mail; unique across the service. */
  email: Scalars['String']['input'];
  /** Omit it to send an invitation instead: the member chooses their own password. */
  password?: InputMaybe<Scalars['String']['input']>;
  /** MEMBER (the default) or OWNER. */
  role?: InputMaybe<MemberRole>;
};

/** An API key of any organization (platform admins only). */
export type AdminApiKey = Node & {
  __typename?: 'AdminApiKey';
  /** When the key was created. */
  createdAt: Scalars['DateTime']['output'];
  /** The key id (a UUID); not the secret. */
  id: Scalars['ID']['output'];
  /** When the key last authenticated a request (updated at most once a minute). */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  /** A label chosen by the owner. */
  name?: Maybe<Scalars['String']['output']>;
  /** The organization it belongs to. */
  orgId: Scalars['ID']['output'];
  /** First 16 characters of the secret. */
  prefix: Scalars['String']['output'];
  /** When the key was revoked. */
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Whether the key still works. */
  status: ApiKeyStatus;
};

/** API key counts. */
export type AdminApiKeyStats = {
  __typename?: 'AdminApiKeyStats';
  /** How many are active. */
  active: Scalars['Int']['output'];
  /** Revoked keys. */
  revoked: Scalars['Int']['output'];
};

/** A call of any organization (platform admins only). */
export type AdminCall = Node & {
  __typename?: 'AdminCall';
  /** A language model's audit trail (entries as in REST: at_ms, kind, text, name, call_id, arguments, result), once analyzed; null for scripted calls. */
  agentLog?: Maybe<Scalars['JSON']['output']>;
  /** Who answered (answering-machine detection); set when an answered call ends, null for calls never answered. */
  amd?: Maybe<CallAmd>;
  /** When the transcript and answers were recorded. */
  analyzedAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the callee asked to be called back (disposition CALLBACK_REQUESTED); null otherwise. */
  callbackAt?: Maybe<Scalars['DateTime']['output']>;
  /** Inbound calls from a number a campaign called; null otherwise. */
  callbackOf?: Maybe<CallbackOf>;
  /** Who the agent said it calls on behalf of: the input's callerName, else the organization's name when the call was placed. */
  callerName?: Maybe<Scalars['String']['output']>;
  /** The campaign of a campaign call. */
  campaignId?: Maybe<Scalars['ID']['output']>;
  /** The carrier that placed the call; null until it is dialed. */
  carrier?: Maybe<Carrier>;
  /** The SIP Call-ID (or the carrier's own call id); null until it is dialed. */
  carrierCallId?: Maybe<Scalars['String']['output']>;
  /** The carrier's last word: the SIP final response code and reason. */
  carrierStatus?: Maybe<CarrierStatus>;
  /** When the call was placed. */
  createdAt: Scalars['DateTime']['output'];
  /** Who placed the call. */
  direction: CallDirection;
  /** How the call ended; null until it ends. */
  disposition?: Maybe<CallDisposition>;
  /** Talk time in seconds; null until the call ends. */
  durationSeconds?: Maybe<Scalars['Int']['output']>;
  /** When the call reached a final status. */
  endedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Outbound: the caller id shown, when one was given. Inbound: the caller (null when withheld or not a phone number). */
  from?: Maybe<Scalars['PhoneNumber']['output']>;
  /** The call id (a UUID). */
  id: Scalars['ID']['output'];
  /** The call's own instructions for the language model; null: the organization's. */
  instructions?: Maybe<Scalars['String']['output']>;
  /** The call's own language (BCP 47); null: the organization's (default en-US). */
  language?: Maybe<Scalars['String']['output']>;
  /** Turn latency summary; null until the call is analyzed. */
  latency?: Maybe<CallLatency>;
  /** Whether the call asked for a language model (true) or the script (false); null: the default (on when one is configured). */
  llm?: Maybe<Scalars['Boolean']['output']>;
  /** The call is ended after this many seconds of talk. */
  maxDurationSeconds: Scalars['Int']['output'];
  /** The metadata given when the call was placed, returned verbatim. */
  metadata: Scalars['JSONObject']['output'];
  /** The callee asked not to be called again (the number joined the suppression list). */
  optedOut: Scalars['Boolean']['output'];
  /** The organization it belongs to. */
  orgId: Scalars['ID']['output'];
  /** The questions the call asks, in order. */
  questions: Array<Question>;
  /** Signed link that works without a credential until it expires. */
  recordingUrl?: Maybe<Scalars['URL']['output']>;
  /** A call not answered within this many seconds ends as NO_ANSWER. */
  ringTimeoutSeconds: Scalars['Int']['output'];
  /** When a scheduled call becomes due. */
  scheduledAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the far end answered. */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where the call is in its life. */
  status: CallStatus;
  /** Answers keyed by question key, once analyzed; each value has the type of its question. */
  structuredAnswers?: Maybe<Scalars['JSONObject']['output']>;
  /** What the voice agent should do on the call. */
  task?: Maybe<Scalars['String']['output']>;
  /** Outbound: the number called. Inbound: the organization's number the caller dialed. */
  to: Scalars['PhoneNumber']['output'];
  /** Transcript of the conversation, once analyzed. */
  transcript?: Maybe<Scalars['String']['output']>;
  /** What became of the transfer; null until one was tried. */
  transfer?: Maybe<Transfer>;
  /** Where the agent hands the call to a person (E.164, or a SIP URI on a SIP connection); null: it never does. */
  transferTo?: Maybe<Scalars['String']['output']>;
  /** When it does; null without transferTo. */
  transferWhen?: Maybe<TransferWhen>;
  /** One entry per utterance, in order; null until the call is analyzed. */
  turns?: Maybe<Array<CallTurn>>;
  /** The call's own voice; null: the organization's. */
  voice?: Maybe<Scalars['String']['output']>;
  /** Left on an answering machine; without it the agent hangs up. */
  voicemailMessage?: Maybe<Scalars['String']['output']>;
  /** Webhook destination for this call's events, overriding the organization's. */
  webhookUrl?: Maybe<Scalars['URL']['output']>;
};

/** A page, newest first. */
export type AdminCallConnection = {
  __typename?: 'AdminCallConnection';
  /** The items of this page with their cursors. */
  edges: Array<AdminCallEdge>;
  /** The items of this page. */
  nodes: Array<AdminCall>;
  /** How to get the next page. */
  pageInfo: PageInfo;
};

/** One AdminCall in a page, with its cursor. */
export type AdminCallEdge = {
  __typename?: 'AdminCallEdge';
  /** Pass as `after` to get what follows this item. */
  cursor: Scalars['String']['output'];
  /** The AdminCall. */
  node: AdminCall;
};

/** Call counts. */
export type AdminCallStats = {
  __typename?: 'AdminCallStats';
  /** Calls by status (lower-case status names). */
  byStatus: Array<CountByValue>;
  /** Calls placed in the last 24 hours. */
  last24h: Scalars['Int']['output'];
  /** Queued, ringing or in progress. */
  open: Scalars['Int']['output'];
  /** How many in all. */
  total: Scalars['Int']['output'];
};

/** Webhook delivery counts. */
export type AdminDeliveryStats = {
  __typename?: 'AdminDeliveryStats';
  /** Deliveries by state (lower-case state names). */
  byState: Array<CountByValue>;
  /** How many in all. */
  total: Scalars['Int']['output'];
};

/** An organization with what it holds (platform admins only). */
export type AdminOrganization = {
  __typename?: 'AdminOrganization';
  /** False once deactivated by a platform administrator: nothing of it works any more. */
  active: Scalars['Boolean']['output'];
  /** API keys not revoked. */
  activeApiKeyCount: Scalars['Int']['output'];
  /** API keys, revoked or not. */
  apiKeyCount: Scalars['Int']['output'];
  /** Calls ever placed. */
  callCount: Scalars['Int']['output'];
  /** When the organization signed up. */
  createdAt: Scalars['DateTime']['output'];
  /** The organization id (a UUID). */
  id: Scalars['ID']['output'];
  /** Display name. */
  name: Scalars['String']['output'];
  /** Calls queued, ringing or in progress. */
  openCallCount: Scalars['Int']['output'];
  /** When the organization last changed. */
  updatedAt: Scalars['DateTime']['output'];
  /** Members, active or not. */
  userCount: Scalars['Int']['output'];
  /** Default webhook destination for call events. */
  webhookUrl?: Maybe<Scalars['URL']['output']>;
};

/** A page, newest first. */
export type AdminOrganizationConnection = {
  __typename?: 'AdminOrganizationConnection';
  /** The items of this page with their cursors. */
  edges: Array<AdminOrganizationEdge>;
  /** The items of this page. */
  nodes: Array<AdminOrganization>;
  /** How to get the next page. */
  pageInfo: PageInfo;
};

/** One AdminOrganization in a page, with its cursor. */
export type AdminOrganizationEdge = {
  __typename?: 'AdminOrganizationEdge';
  /** Pass as `after` to get what follows this item. */
  cursor: Scalars['String']['output'];
  /** The AdminOrganization. */
  node: AdminOrganization;
};

/** Service-wide numbers for platform administrators. */
export type AdminStats = {
  __typename?: 'AdminStats';
  /** API keys. */
  apiKeys: AdminApiKeyStats;
  /** Calls. */
  calls: AdminCallStats;
  /** When these numbers were computed. */
  generatedAt: Scalars['DateTime']['output'];
  /** Organizations. */
  organizations: ActiveTotal;
  /** Users. */
  users: AdminUserStats;
  /** Webhook deliveries. */
  webhookDeliveries: AdminDeliveryStats;
};

/** A user, as platform administrators see it. */
export type AdminUser = Node & {
  __typename?: 'AdminUser';
  /** False once deactivated: the user can no longer sign in or use a token. */
  active: Scalars['Boolean']['output'];
  /** When the user was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Sign-in e-mail, lower-cased. */
  email: Scalars['EmailAddress']['output'];
  /** True once the holder of the address followed a mailed link (verification, invitation or password reset). */
  emailVerified: Scalars['Boolean']['output'];
  /** The user id (a UUID). */
  id: Scalars['ID']['output'];
  /** Role platform_admin, or a verified e-mail listed in PLATFORM_ADMIN_EMAILS. */
  isPlatformAdmin: Scalars['Boolean']['output'];
  /** The organization the user belongs to. */
  orgId: Scalars['ID']['output'];
  /** What the user may do in the organization. */
  role: Role;
};

/** A page, newest first. */
export type AdminUserConnection = {
  __typename?: 'AdminUserConnection';
  /** The items of this page with their cursors. */
  edges: Array<AdminUserEdge>;
  /** The items of this page. */
  nodes: Array<AdminUser>;
  /** How to get the next page. */
  pageInfo: PageInfo;
};

/** One AdminUser in a page, with its cursor. */
export type AdminUserEdge = {
  __typename?: 'AdminUserEdge';
  /** Pass as `after` to get what follows this item. */
  cursor: Scalars['String']['output'];
  /** The AdminUser. */
  node: AdminUser;
};

/** User counts. */
export type AdminUserStats = {
  __typename?: 'AdminUserStats';
  /** How many are active. */
  active: Scalars['Int']['output'];
  /** Users who are platform administrators. */
  platformAdmins: Scalars['Int']['output'];
  /** How many in all. */
  total: Scalars['Int']['output'];
};

/** A webhook delivery of any organization (platform admins only). */
export type AdminWebhookDelivery = Node & {
  __typename?: 'AdminWebhookDelivery';
  /** Attempts made so far, scheduled and manual. */
  attempts: Scalars['Int']['output'];
  /** The call the event is about; null for campaign events. */
  callId?: Maybe<Scalars['ID']['output']>;
  /** The campaign of a campaign event; null for call events. */
  campaignId?: Maybe<Scalars['ID']['output']>;
  /** When the event was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Whether a receiver has answered 2xx. */
  delivered: Scalars['Boolean']['output'];
  /** When a receiver first answered 2xx. */
  deliveredAt?: Maybe<Scalars['DateTime']['output']>;
  /** The event sent. */
  event: WebhookEvent;
  /** The delivery id (a UUID); sent as the webhook-id header. */
  id: Scalars['ID']['output'];
  /** Why the last attempt failed (e.g. timeout, http_500, no_destination). */
  lastError?: Maybe<Scalars['String']['output']>;
  /** When the next scheduled attempt is due (PENDING only). */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** The organization it belongs to. */
  orgId: Scalars['ID']['output'];
  /** HTTP status of the last attempt; null when no response was received. */
  responseCode?: Maybe<Scalars['Int']['output']>;
  /** Where the delivery stands. */
  state: DeliveryState;
  /** Where it is sent; null when there was no destination. */
  url?: Maybe<Scalars['URL']['output']>;
};

/** A page, newest first. */
export type AdminWebhookDeliveryConnection = {
  __typename?: 'AdminWebhookDeliveryConnection';
  /** The items of this page with their cursors. */
  edges: Array<AdminWebhookDeliveryEdge>;
  /** The items of this page. */
  nodes: Array<AdminWebhookDelivery>;
  /** How to get the next page. */
  pageInfo: PageInfo;
};

/** One AdminWebhookDelivery in a page, with its cursor. */
export type AdminWebhookDeliveryEdge = {
  __typename?: 'AdminWebhookDeliveryEdge';
  /** Pass as `after` to get what follows this item. */
  cursor: Scalars['String']['output'];
  /** The AdminWebhookDelivery. */
  node: AdminWebhookDelivery;
};

/** The language model that leads conversations. The key is never returned. */
export type AgentLlm = {
  __typename?: 'AgentLlm';
  /** Whether a call placed now without `llm` would be led by a language model. */
  active: Scalars['Boolean']['output'];
  /** Whether the organization's endpoint has a key (it is never returned). */
  apiKeySet: Scalars['Boolean']['output'];
  /** The default for calls; null: on when a model is configured. */
  enabled?: Maybe<Scalars['Boolean']['output']>;
  /** The model asked for. */
  model?: Maybe<Scalars['String']['output']>;
  /** Whose endpoint: organization (its own), deployment (LLM_URL), or null (none). */
  source?: Maybe<Scalars['String']['output']>;
  /** The organization's own endpoint (never the deployment's). */
  url?: Maybe<Scalars['String']['output']>;
};

/** The organization's own OpenAI-compatible chat-completions endpoint; url null goes back to the deployment's. */
export type AgentLlmEndpointInput = {
  /** Its API key; left out, the stored key is kept for the same URL. */
  apiKey?: InputMaybe<Scalars['String']['input']>;
  /** The model to ask for; required with a new URL. */
  model?: InputMaybe<Scalars['String']['input']>;
  /** The base URL (https://host/v1); null removes the endpoint. */
  url?: InputMaybe<Scalars['String']['input']>;
};

/** The organization's defaults for its calls' conversations (docs/voice.md). */
export type AgentSettings = {
  __typename?: 'AgentSettings';
  /** Who the agent calls on behalf of when a call gives no callerName; null: the organization's name. */
  callerName?: Maybe<Scalars['String']['output']>;
  /** Extra instructions for the language model (not used by the scripted agent). */
  instructions?: Maybe<Scalars['String']['output']>;
  /** BCP 47; calls without a language of their own use it (default en-US). */
  language: Scalars['String']['output'];
  /** The language model that leads conversations. */
  llm: AgentLlm;
  /** Languages the configured speech engines can both speak and hear (a primary tag: any region of it). */
  supportedLanguages: Array<Scalars['String']['output']>;
  /** When the settings last changed; null when never set. */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The speech engine's voice; null: the engine's default. */
  voice?: Maybe<Scalars['String']['output']>;
};

/** A field left out keeps its value; null clears it. Validated like PUT /dashboard/agent (errors name the REST field). */
export type AgentSettingsInput = {
  /** Up to 80 characters, one line. */
  callerName?: InputMaybe<Scalars['String']['input']>;
  /** Up to 4,000 characters for the language model. */
  instructions?: InputMaybe<Scalars['String']['input']>;
  /** A BCP 47 tag the speech engines can both speak and hear. */
  language?: InputMaybe<Scalars['String']['input']>;
  /** Whether calls use a language model by default (null: yes when one is configured). */
  llm?: InputMaybe<Scalars['Boolean']['input']>;
  /** The organization's own endpoint. */
  llmEndpoint?: InputMaybe<AgentLlmEndpointInput>;
  /** The speech engine's voice name. */
  voice?: InputMaybe<Scalars['String']['input']>;
};

/** Who answered a call, as answering-machine detection decided. */
export type AmdResult =
  /** A person. */
  | 'HUMAN'
  /** An answering machine or voicemail; the voicemail message, if any, was left after its beep. */
  | 'MACHINE'
  /** A call-screening assistant (iOS Call Screening, Google Call Screen); the agent said who calls and why and waited for the person. */
  | 'SCREENED'
  /** Nothing to tell by (silence at the answer, or the call ended first). */
  | 'UNKNOWN';

/** Figures for charts over a range of UTC days, every day present. */
export type Analytics = {
  __typename?: 'Analytics';
  /** Calls per day, by the day they ended. */
  calls: Array<CallDayStats>;
  /** The campaign the figures are limited to, if any. */
  campaignId?: Maybe<Scalars['ID']['output']>;
  /** Webhook attempts per day. */
  deliveries: Array<DeliveryDayStats>;
  /** First day, YYYY-MM-DD. */
  from: Scalars['String']['output'];
  /** Last day (included), YYYY-MM-DD. */
  to: Scalars['String']['output'];
};

/** One answer and how many recipients gave it. */
export type AnswerCount = {
  __typename?: 'AnswerCount';
  /** Recipients whose latest call recorded it. */
  count: Scalars['Int']['output'];
  /** The answer (true/false, a number, an option or a text). */
  value: Scalars['JSON']['output'];
};

/** An organization API key for the /v1 REST API (server to server). */
export type ApiKey = Node & {
  __typename?: 'ApiKey';
  /** When the key was created. */
  createdAt: Scalars['DateTime']['output'];
  /** The key id (a UUID); not the secret. */
  id: Scalars['ID']['output'];
  /** When the key last authenticated a request (updated at most once a minute). */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  /** A label chosen by the owner. */
  name?: Maybe<Scalars['String']['output']>;
  /** First 16 characters of the secret. */
  prefix: Scalars['String']['output'];
  /** When the key was revoked. */
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Whether the key still works. */
  status: ApiKeyStatus;
};

/** Whether an API key still works. */
export type ApiKeyStatus =
  /** The key authenticates requests. */
  | 'ACTIVE'
  /** The key was revoked and is refused. */
  | 'REVOKED';

/** What started a webhook attempt. */
export type AttemptTrigger =
  /** A redelivery asked for by an owner. */
  | 'MANUAL'
  /** The first attempt or a retry of the schedule. */
  | 'SCHEDULED';

/** What a platform administrator changed (REST uses the lower-case dotted names, e.g. user.promote). */
export type AuditAction =
  /** An API key was revoked. */
  | 'API_KEY_REVOKE'
  /** An owner removed the organization's carrier connection (back to the default). */
  | 'CARRIER_REMOVE'
  /** An owner connected or changed the organization's carrier. */
  | 'CARRIER_UPDATE'
  /** An organization was reactivated. */
  | 'ORGANIZATION_ACTIVATE'
  /** An organization was deactivated. */
  | 'ORGANIZATION_DEACTIVATE'
  /** A user was reactivated. */
  | 'USER_ACTIVATE'
  /** A user was deactivated. */
  | 'USER_DEACTIVATE'
  /** A user was made a platform administrator. */
  | 'USER_PROMOTE';

/** One platform-admin change: who, what, on which target, before and after, when. */
export type AuditEntry = {
  __typename?: 'AuditEntry';
  /** What was changed. */
  action: AuditAction;
  /** The administrator's e-mail at the time, or cli:<command> for a command-line change. */
  actorEmail: Scalars['String']['output'];
  /** The administrator who made the change. */
  actorUserId: Scalars['ID']['output'];
  /** The changed fields after the change. */
  after?: Maybe<Scalars['JSONObject']['output']>;
  /** The changed fields before the change. */
  before?: Maybe<Scalars['JSONObject']['output']>;
  /** When the change was made. */
  createdAt: Scalars['DateTime']['output'];
  /** The audit entry id (a UUID). */
  id: Scalars['ID']['output'];
  /** The administrator's client IP. */
  ip?: Maybe<Scalars['String']['output']>;
  /** The organization it belongs to. */
  orgId?: Maybe<Scalars['ID']['output']>;
  /** X-Request-Id of the change, to find its request log line. */
  requestId?: Maybe<Scalars['String']['output']>;
  /** Id of the changed thing. */
  targetId: Scalars['String']['output'];
  /** The kind of thing changed. */
  targetType: AuditTargetType;
};

/** A page, newest first. */
export type AuditEntryConnection = {
  __typename?: 'AuditEntryConnection';
  /** The items of this page with their cursors. */
  edges: Array<AuditEntryEdge>;
  /** The items of this page. */
  nodes: Array<AuditEntry>;
  /** How to get the next page. */
  pageInfo: PageInfo;
};

/** One AuditEntry in a page, with its cursor. */
export type AuditEntryEdge = {
  __typename?: 'AuditEntryEdge';
  /** Pass as `after` to get what follows this item. */
  cursor: Scalars['String']['output'];
  /** The AuditEntry. */
  node: AuditEntry;
};

/** The kind of thing an audit entry is about. */
export type AuditTargetType =
  /** An API key. */
  | 'API_KEY'
  /** An organization's carrier connection. */
  | 'CARRIER_CONNECTION'
  /** An organization. */
  | 'ORGANIZATION'
  /** A user. */
  | 'USER';

/** A dashboard access token. */
export type AuthPayload = {
  __typename?: 'AuthPayload';
  /** The JWT to send as `Authorization: Bearer <token>` (and in connection_init for subscriptions). */
  accessToken: Scalars['String']['output'];
  /** Seconds until the token expires. */
  expiresIn: Scalars['Int']['output'];
  /** Always "bearer". */
  tokenType: Scalars['String']['output'];
};

/** A call of an organization: placed by it (OUTBOUND), or to one of its numbers (INBOUND). */
export type Call = Node & {
  __typename?: 'Call';
  /** A language model's audit trail (entries as in REST: at_ms, kind, text, name, call_id, arguments, result), once analyzed; null for scripted calls. */
  agentLog?: Maybe<Scalars['JSON']['output']>;
  /** Who answered (answering-machine detection); set when an answered call ends, null for calls never answered. */
  amd?: Maybe<CallAmd>;
  /** When the transcript and answers were recorded. */
  analyzedAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the callee asked to be called back (disposition CALLBACK_REQUESTED); null otherwise. */
  callbackAt?: Maybe<Scalars['DateTime']['output']>;
  /** Inbound calls from a number a campaign called; null otherwise. */
  callbackOf?: Maybe<CallbackOf>;
  /** Who the agent said it calls on behalf of: the input's callerName, else the organization's name when the call was placed. */
  callerName?: Maybe<Scalars['String']['output']>;
  /** The campaign of a campaign call. */
  campaignId?: Maybe<Scalars['ID']['output']>;
  /** The carrier that placed the call; null until it is dialed. */
  carrier?: Maybe<Carrier>;
  /** The SIP Call-ID (or the carrier's own call id); null until it is dialed. */
  carrierCallId?: Maybe<Scalars['String']['output']>;
  /** The carrier's last word: the SIP final response code and reason. */
  carrierStatus?: Maybe<CarrierStatus>;
  /** When the call was placed. */
  createdAt: Scalars['DateTime']['output'];
  /** Who placed the call. */
  direction: CallDirection;
  /** How the call ended; null until it ends. */
  disposition?: Maybe<CallDisposition>;
  /** Talk time in seconds; null until the call ends. */
  durationSeconds?: Maybe<Scalars['Int']['output']>;
  /** When the call reached a final status. */
  endedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Outbound: the caller id shown, when one was given. Inbound: the caller (null when withheld or not a phone number). */
  from?: Maybe<Scalars['PhoneNumber']['output']>;
  /** The call id (a UUID). */
  id: Scalars['ID']['output'];
  /** The call's own instructions for the language model; null: the organization's. */
  instructions?: Maybe<Scalars['String']['output']>;
  /** The call's own language (BCP 47); null: the organization's (default en-US). */
  language?: Maybe<Scalars['String']['output']>;
  /** Turn latency summary; null until the call is analyzed. */
  latency?: Maybe<CallLatency>;
  /** Whether the call asked for a language model (true) or the script (false); null: the default (on when one is configured). */
  llm?: Maybe<Scalars['Boolean']['output']>;
  /** The call is ended after this many seconds of talk. */
  maxDurationSeconds: Scalars['Int']['output'];
  /** The metadata given when the call was placed, returned verbatim. */
  metadata: Scalars['JSONObject']['output'];
  /** The callee asked not to be called again (the number joined the suppression list). */
  optedOut: Scalars['Boolean']['output'];
  /** The questions the call asks, in order. */
  questions: Array<Question>;
  /** Signed link that works without a credential until it expires. */
  recordingUrl?: Maybe<Scalars['URL']['output']>;
  /** A call not answered within this many seconds ends as NO_ANSWER. */
  ringTimeoutSeconds: Scalars['Int']['output'];
  /** When a scheduled call becomes due. */
  scheduledAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the far end answered. */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where the call is in its life. */
  status: CallStatus;
  /** Answers keyed by question key, once analyzed; each value has the type of its question. */
  structuredAnswers?: Maybe<Scalars['JSONObject']['output']>;
  /** What the voice agent should do on the call. */
  task?: Maybe<Scalars['String']['output']>;
  /** Outbound: the number called. Inbound: the organization's number the caller dialed. */
  to: Scalars['PhoneNumber']['output'];
  /** Transcript of the conversation, once analyzed. */
  transcript?: Maybe<Scalars['String']['output']>;
  /** What became of the transfer; null until one was tried. */
  transfer?: Maybe<Transfer>;
  /** Where the agent hands the call to a person (E.164, or a SIP URI on a SIP connection); null: it never does. */
  transferTo?: Maybe<Scalars['String']['output']>;
  /** When it does; null without transferTo. */
  transferWhen?: Maybe<TransferWhen>;
  /** One entry per utterance, in order; null until the call is analyzed. */
  turns?: Maybe<Array<CallTurn>>;
  /** The call's own voice; null: the organization's. */
  voice?: Maybe<Scalars['String']['output']>;
  /** Left on an answering machine; without it the agent hangs up. */
  voicemailMessage?: Maybe<Scalars['String']['output']>;
  /** Webhook destination for this call's events, overriding the organization's. */
  webhookUrl?: Maybe<Scalars['URL']['output']>;
};

/** Answering-machine detection: who answered, and how long after the answer that was decided. */
export type CallAmd = {
  __typename?: 'CallAmd';
  /** Milliseconds from the answer to the decision; null when the carrier did not say. */
  ms?: Maybe<Scalars['Int']['output']>;
  /** Who answered. */
  result: AmdResult;
};

/** A page of calls, newest first. */
export type CallConnection = {
  __typename?: 'CallConnection';
  /** The items of this page with their cursors. */
  edges: Array<CallEdge>;
  /** The items of this page. */
  nodes: Array<Call>;
  /** How to get the next page. */
  pageInfo: PageInfo;
};

/** The calls that ended on one UTC day. */
export type CallDayStats = {
  __typename?: 'CallDayStats';
  /** answered / calls (null without calls). */
  answerRate?: Maybe<Scalars['Float']['output']>;
  /** Calls a person answered (disposition human). */
  answered: Scalars['Int']['output'];
  /** Mean duration of the answered calls, in seconds. */
  averageDurationSeconds?: Maybe<Scalars['Float']['output']>;
  /** Calls that ended that day. */
  calls: Scalars['Int']['output'];
  /** The UTC day, YYYY-MM-DD. */
  day: Scalars['String']['output'];
  /** Calls with measured turns (what the latency figures are over). */
  latencyCalls: Scalars['Int']['output'];
  /** Median of the calls' median turn latency (ms), over calls with measured turns. */
  latencyP50Ms?: Maybe<Scalars['Int']['output']>;
  /** 95th percentile of the calls' p95 turn latency (ms), over calls with measured turns. */
  latencyP95Ms?: Maybe<Scalars['Int']['output']>;
  /** Those calls per outcome, most frequent first. */
  outcomes: Array<OutcomeCount>;
};

/** Who placed a call. */
export type CallDirection =
  /** Someone called one of the organization's numbers and the inbound agent answered. */
  | 'INBOUND'
  /** Placed by the organization (placeCall, POST /v1/calls/outbound, a campaign). */
  | 'OUTBOUND';

/** How a call ended; set when it reaches a final status. */
export type CallDisposition =
  /** The line was busy. */
  | 'BUSY'
  /** A person answered and asked to be called later (callbackAt when they said when). A campaign calls again per its retry policy. */
  | 'CALLBACK_REQUESTED'
  /** Canceled before it was answered. */
  | 'CANCELED'
  /** The carrier failed the call. */
  | 'CARRIER_ERROR'
  /** A person answered. */
  | 'HUMAN'
  /** The number does not exist or cannot be reached. */
  | 'INVALID_NUMBER'
  /** Nobody answered before the ring timeout. */
  | 'NO_ANSWER'
  /** A person answered and the call was handed to transferTo, who answered (see transfer). */
  | 'TRANSFERRED'
  /** An answering machine or voicemail answered. */
  | 'VOICEMAIL'
  /** A person answered and said it was the wrong number; the agent ended politely. A campaign never calls it again. */
  | 'WRONG_NUMBER';

/** One Call in a page, with its cursor. */
export type CallEdge = {
  __typename?: 'CallEdge';
  /** Pass as `after` to get what follows this item. */
  cursor: Scalars['String']['output'];
  /** The Call. */
  node: Call;
};

/** Median and 95th percentile (nearest rank) of a call's agent turn latency (totalMs). */
export type CallLatency = {
  __typename?: 'CallLatency';
  /** Median; null when no turn was measured. */
  p50Ms?: Maybe<Scalars['Int']['output']>;
  /** 95th percentile; null when no turn was measured. */
  p95Ms?: Maybe<Scalars['Int']['output']>;
  /** How many agent turns were measured. */
  turns: Scalars['Int']['output'];
};

/** Where a call is in its life. Moves only forward; COMPLETED, FAILED and CANCELED are final. */
export type CallStatus =
  /** Canceled before it was answered. */
  | 'CANCELED'
  /** Ended after being answered. */
  | 'COMPLETED'
  /** Ended without a conversation (busy, no answer, invalid number, carrier error). */
  | 'FAILED'
  /** Answered and talking. */
  | 'IN_PROGRESS'
  /** Accepted and waiting to be dialed. */
  | 'QUEUED'
  /** The far end is ringing. */
  | 'RINGING'
  /** Placed with a schedule time and waiting for it (no call.queued yet). */
  | 'SCHEDULED';

/** One utterance of a call; offsets are in milliseconds from the start of the recording. */
export type CallTurn = {
  __typename?: 'CallTurn';
  /** Where it ends; for an interrupted agent turn, where the callee stopped hearing it. */
  endMs: Scalars['Int']['output'];
  /** An agent turn the callee talked over. */
  interrupted: Scalars['Boolean']['output'];
  /** On agent turns that answer the callee, when the carrier measures them (SIP, simulator); null otherwise. */
  latency?: Maybe<TurnLatency>;
  /** Who spoke. */
  speaker: TurnSpeaker;
  /** Where the utterance starts in the recording. */
  startMs: Scalars['Int']['output'];
  /** What was said (as recognised, for the callee). */
  text: Scalars['String']['output'];
};

/** An inbound call from a number a campaign called: the campaign and its most recent recipient with that number. */
export type CallbackOf = {
  __typename?: 'CallbackOf';
  /** The campaign. */
  campaignId: Scalars['ID']['output'];
  /** The recipient of the campaign with the caller's number. */
  recipientId: Scalars['ID']['output'];
};

/** Local days and hours when calls may start. */
export type CallingWindow = {
  __typename?: 'CallingWindow';
  /** mon, tue, wed, thu, fri, sat, sun */
  days: Array<Scalars['String']['output']>;
  /** Closing time, local HH:MM (exclusive; 24:00 allowed). */
  end: Scalars['String']['output'];
  /** Opening time, local HH:MM (inclusive). */
  start: Scalars['String']['output'];
};

/** Local days and hours when calls may start. */
export type CallingWindowInput = {
  /** Local days the window is open: mon, tue, wed, thu, fri, sat, sun. */
  days: Array<Scalars['String']['input']>;
  /** Closing time, local HH:MM (exclusive; 24:00 allowed). */
  end: Scalars['String']['input'];
  /** Opening time, local HH:MM (inclusive). */
  start: Scalars['String']['input'];
};

/** Many calls with one task, in calling windows, paced and retried (docs/campaigns.md). */
export type Campaign = {
  __typename?: 'Campaign';
  /** When calls may start, in each recipient's own zone; null means any time. */
  callingWindow?: Maybe<CallingWindow>;
  /** When it completed or was canceled. */
  completedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Recipients per state. */
  counts: CampaignCounts;
  /** When it was created. */
  createdAt: Scalars['DateTime']['output'];
  /** After this, nobody new is called. */
  endAt?: Maybe<Scalars['DateTime']['output']>;
  /** The id (a UUID). */
  id: Scalars['ID']['output'];
  /** Starts per second, at most. */
  maxCallsPerSecond: Scalars['Float']['output'];
  /** Calls of this campaign open at the same time, at most. */
  maxConcurrentCalls: Scalars['Int']['output'];
  /** Merged into every call's metadata, under the recipient's own. */
  metadata: Scalars['JSONObject']['output'];
  /** The campaign name. */
  name: Scalars['String']['output'];
  /** Recipients by where they stand: reached, opted out, pending, retrying, calling, failed, suppressed, canceled. */
  progress: CampaignProgress;
  /** The questions every call asks (as in POST /v1/calls/outbound). */
  questions: Scalars['JSON']['output'];
  /** busy, no_answer, voicemail, carrier_error, callback_requested ({after_seconds}) and max_attempts. */
  retry: Scalars['JSONObject']['output'];
  /** When calling may begin. */
  startAt: Scalars['DateTime']['output'];
  /** When it first started calling. */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** scheduled, running, paused, completed or canceled */
  status: Scalars['String']['output'];
  /** What the voice agent does on every call. */
  task?: Maybe<Scalars['String']['output']>;
  /** IANA zone of the campaign, the last resort for a recipient. */
  timeZone: Scalars['String']['output'];
  /** Destination of the campaign's events and its calls' events, overriding the organization's. */
  webhookUrl?: Maybe<Scalars['String']['output']>;
};

/** A page of campaigns, newest first. */
export type CampaignConnection = {
  __typename?: 'CampaignConnection';
  /** The items of this page with their cursors. */
  edges: Array<CampaignEdge>;
  /** The items of this page. */
  nodes: Array<Campaign>;
  /** How to get the next page. */
  pageInfo: PageInfo;
};

/** Recipients per state. */
export type CampaignCounts = {
  __typename?: 'CampaignCounts';
  /** With a call open now. */
  calling: Scalars['Int']['output'];
  /** Not called because the campaign was canceled or ended. */
  canceled: Scalars['Int']['output'];
  /** Reached (answered, or voicemail on the last attempt). */
  completed: Scalars['Int']['output'];
  /** Not reached after the last attempt, or an invalid number. */
  failed: Scalars['Int']['output'];
  /** Waiting for their first or next attempt. */
  pending: Scalars['Int']['output'];
  /** On the suppression list: never called. */
  suppressed: Scalars['Int']['output'];
  /** All recipients. */
  total: Scalars['Int']['output'];
};

/** One Campaign in a page, with its cursor. */
export type CampaignEdge = {
  __typename?: 'CampaignEdge';
  /** Pass as `after` to get what follows this item. */
  cursor: Scalars['String']['output'];
  /** The Campaign. */
  node: Campaign;
};

/** Recipients by where they stand; the parts add up to total. */
export type CampaignProgress = {
  __typename?: 'CampaignProgress';
  /** With a call open now. */
  calling: Scalars['Int']['output'];
  /** Not called because the campaign was canceled or ended. */
  canceled: Scalars['Int']['output'];
  /** Not reached after the last attempt, or an invalid number. */
  failed: Scalars['Int']['output'];
  /** Reached, and asked not to be called again (their number joined the do-not-call list). */
  optedOut: Scalars['Int']['output'];
  /** Not tried yet. */
  pending: Scalars['Int']['output'];
  /** Reached: answered (or voicemail on the last attempt), and did not opt out. */
  reached: Scalars['Int']['output'];
  /** Tried, waiting for the next attempt (busy, no answer, voicemail, carrier error, call back later). */
  retrying: Scalars['Int']['output'];
  /** On the do-not-call list: never called. */
  suppressed: Scalars['Int']['output'];
  /** All recipients. */
  total: Scalars['Int']['output'];
};

/** One person a campaign calls, with its attempts and outcome. */
export type CampaignRecipient = {
  __typename?: 'CampaignRecipient';
  /** The structured answers of its latest call, once analyzed. */
  answers?: Maybe<Scalars['JSONObject']['output']>;
  /** Calls made so far. */
  attempts: Scalars['Int']['output'];
  /** That inbound call. */
  callbackCallId?: Maybe<Scalars['ID']['output']>;
  /** When this number last called the organization back (an inbound call linked to this recipient); null if never. */
  calledBackAt?: Maybe<Scalars['DateTime']['output']>;
  /** The id (a UUID). */
  id: Scalars['ID']['output'];
  /** Its latest call. */
  lastCallId?: Maybe<Scalars['ID']['output']>;
  /** How its latest call ended. */
  lastDisposition?: Maybe<Scalars['String']['output']>;
  /** When it is tried next (pending only). */
  nextAttemptAt?: Maybe<Scalars['String']['output']>;
  /** Whether the callee asked, on its latest call, not to be called again. */
  optedOut: Scalars['Boolean']['output'];
  /** pending, calling, completed, failed, suppressed or canceled */
  status: Scalars['String']['output'];
  /** Its zone when it has exactly one (given or derived). */
  timeZone?: Maybe<Scalars['String']['output']>;
  /** given, number or campaign */
  timeZoneSource: Scalars['String']['output'];
  /** The zones its window is evaluated in (all must be open). */
  timeZones: Array<Scalars['String']['output']>;
  /** The number, E.164. */
  to: Scalars['String']['output'];
};

/** One person to call. */
export type CampaignRecipientInput = {
  /** Merged into every call's metadata, under the recipient's own. */
  metadata?: InputMaybe<Scalars['JSONObject']['input']>;
  /** IANA zone; else derived from the number, else the campaign zone. */
  timeZone?: InputMaybe<Scalars['String']['input']>;
  /** The number, E.164. */
  to: Scalars['String']['input'];
};

/** A page of recipients, newest first. */
export type CampaignRecipientPage = {
  __typename?: 'CampaignRecipientPage';
  /** Pass as `after` for the next page; null on the last page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** Whether another page follows. */
  hasNextPage: Scalars['Boolean']['output'];
  /** The items of this page. */
  nodes: Array<CampaignRecipient>;
};

/** The carrier that places a call. */
export type Carrier =
  /** The built-in simulator: no real phone call. */
  | 'SIMULATOR'
  /** A SIP trunk, with RTP audio and the voice agent. */
  | 'SIP'
  /** Twilio Programmable Voice. */
  | 'TWILIO';

/** The organization's carrier: its own connection, or the deployment default. Secrets are never returned. */
export type CarrierConnection = {
  __typename?: 'CarrierConnection';
  /** Twilio: the Account SID; null for other carriers. */
  accountSid?: Maybe<Scalars['String']['output']>;
  /** Twilio: whether an auth token is stored (it is never returned). */
  authTokenSet?: Maybe<Scalars['Boolean']['output']>;
  /** SIP: the trunk host; null for other carriers. */
  host?: Maybe<Scalars['String']['output']>;
  /** Caller-ID numbers calls may use; the first is the default. Empty: any. */
  numbers: Array<Scalars['String']['output']>;
  /** SIP: whether a password is stored (it is never returned). */
  passwordSet?: Maybe<Scalars['Boolean']['output']>;
  /** SIP: the trunk port; null for other carriers. */
  port?: Maybe<Scalars['Int']['output']>;
  /** The organization's own connection, or the deployment default. */
  source: CarrierConnectionSource;
  /** SIP: the transport (udp); null for other carriers. */
  transport?: Maybe<Scalars['String']['output']>;
  /** Which carrier places the calls. */
  type: Carrier;
  /** When the organization last changed its connection; null for the default. */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
  /** SIP: the digest user name, if any. */
  username?: Maybe<Scalars['String']['output']>;
};

/** SIMULATOR; SIP (host, port, transport, username, password, numbers); TWILIO (accountSid, authToken, numbers). A secret left out is kept. */
export type CarrierConnectionInput = {
  /** Twilio: the Account SID (AC followed by 32 hex characters). */
  accountSid?: InputMaybe<Scalars['String']['input']>;
  /** Twilio: the auth token; left out for the same account, the stored one is kept. */
  authToken?: InputMaybe<Scalars['String']['input']>;
  /** SIP: the trunk host name or IP address. */
  host?: InputMaybe<Scalars['String']['input']>;
  /** SIP and Twilio: the E.164 caller-ID numbers calls may use; the first is the default. */
  numbers?: InputMaybe<Array<Scalars['String']['input']>>;
  /** SIP: the digest password; left out, the stored one is kept for the same host, port and user name. */
  password?: InputMaybe<Scalars['String']['input']>;
  /** SIP: the trunk port (default 5060). */
  port?: InputMaybe<Scalars['Int']['input']>;
  /** SIP: the transport; only udp is supported. */
  transport?: InputMaybe<Scalars['String']['input']>;
  /** Which carrier to connect. */
  type: Carrier;
  /** SIP: the digest user name, if the trunk asks for one. */
  username?: InputMaybe<Scalars['String']['input']>;
};

/** Whose carrier connection an organization's calls use. */
export type CarrierConnectionSource =
  /** The deployment's default carrier (no connection of the organization's own). */
  | 'DEFAULT'
  /** The organization's own connection. */
  | 'ORGANIZATION';

/** The outcome of testing the carrier connection. */
export type CarrierConnectionTest = {
  __typename?: 'CarrierConnectionTest';
  /** What happened, in words. */
  message: Scalars['String']['output'];
  /** Whether the carrier answered as expected. */
  ok: Scalars['Boolean']['output'];
};

/** The carrier's last word on a call, e.g. code 486 and reason "Busy Here" for SIP. */
export type CarrierStatus = {
  __typename?: 'CarrierStatus';
  /** The SIP response code (or the carrier's own code); null when there is none. */
  code?: Maybe<Scalars['Int']['output']>;
  /** The reason phrase, or why the call failed without a response. */
  reason: Scalars['String']['output'];
};

/** How many items have one value. */
export type CountByValue = {
  __typename?: 'CountByValue';
  /** How many have this value. */
  count: Scalars['Int']['output'];
  /** The value counted (a lower-case status or state name). */
  value: Scalars['String']['output'];
};

/** A campaign to create; the same rules as POST /v1/campaigns. */
export type CreateCampaignInput = {
  /** When calls may start, in each recipient's own zone; null means any time. */
  callingWindow?: InputMaybe<CallingWindowInput>;
  /** RFC 3339 */
  endAt?: InputMaybe<Scalars['String']['input']>;
  /** Makes retries safe, like the Idempotency-Key header. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** Starts per second, at most. */
  maxCallsPerSecond?: InputMaybe<Scalars['Float']['input']>;
  /** Calls of this campaign open at the same time, at most. */
  maxConcurrentCalls?: InputMaybe<Scalars['Int']['input']>;
  /** Merged into every call's metadata, under the recipient's own. */
  metadata?: InputMaybe<Scalars['JSONObject']['input']>;
  /** The campaign name. */
  name: Scalars['String']['input'];
  /** As in POST /v1/calls/outbound. */
  questions?: InputMaybe<Scalars['JSON']['input']>;
  /** Up to 10,000 recipients. */
  recipients?: Array<CampaignRecipientInput>;
  /** When to call again, by outcome. */
  retry?: InputMaybe<RetryPolicyInput>;
  /** RFC 3339 */
  startAt?: InputMaybe<Scalars['String']['input']>;
  /** What the voice agent does on every call. */
  task?: InputMaybe<Scalars['String']['input']>;
  /** IANA zone; else derived from the number, else the campaign zone. */
  timeZone?: InputMaybe<Scalars['String']['input']>;
  /** Destination of the campaign's events and its calls' events, overriding the organization's. */
  webhookUrl?: InputMaybe<Scalars['String']['input']>;
};

/** The webhook attempts made on one UTC day. */
export type DeliveryDayStats = {
  __typename?: 'DeliveryDayStats';
  /** Attempts made. */
  attempts: Scalars['Int']['output'];
  /** Mean attempt duration, in milliseconds. */
  averageLatencyMs?: Maybe<Scalars['Int']['output']>;
  /** The UTC day, YYYY-MM-DD. */
  day: Scalars['String']['output'];
  /** 95th percentile of attempt durations, in milliseconds. */
  latencyP95Ms?: Maybe<Scalars['Int']['output']>;
  /** Attempts answered with a 2xx status. */
  succeeded: Scalars['Int']['output'];
  /** succeeded / attempts (null without attempts). */
  successRate?: Maybe<Scalars['Float']['output']>;
};

/** Where a webhook delivery stands. */
export type DeliveryState =
  /** A receiver answered 2xx. */
  | 'DELIVERED'
  /** Every scheduled attempt failed; only a manual redelivery will try again. */
  | 'FAILED'
  /** Waiting for its first attempt or a retry. */
  | 'PENDING'
  /** There was no destination URL. */
  | 'UNDELIVERABLE';

/** The result of following a verification link. */
export type EmailVerification = {
  __typename?: 'EmailVerification';
  /** Always true. */
  emailVerified: Scalars['Boolean']['output'];
};

/** What the agent does when someone calls one of the organization's numbers. Off until saved. */
export type InboundSettings = {
  __typename?: 'InboundSettings';
  /** Whether calls to the organization's numbers are answered (false: SIP 480, Twilio <Reject/>). */
  enabled: Scalars['Boolean']['output'];
  /** What the agent says first; null: the default greeting. */
  greeting?: Maybe<Scalars['String']['output']>;
  /** The questions the agent asks the caller, in order. */
  questions: Array<Question>;
  /** What the agent tells the caller after the greeting. */
  task?: Maybe<Scalars['String']['output']>;
  /** Where a caller may be transferred (E.164, or a SIP URI on a SIP connection). */
  transferTo?: Maybe<Scalars['String']['output']>;
  /** When the settings were last saved; null when they never were. */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where inbound calls' events go; null: the organization's webhook URL. */
  webhookUrl?: Maybe<Scalars['URL']['output']>;
};

/** The whole inbound settings (a field left out is cleared); validated like PUT /dashboard/inbound. */
export type InboundSettingsInput = {
  /** Answer calls to the organization's numbers. */
  enabled: Scalars['Boolean']['input'];
  /** What the agent says first (up to 1000 characters, one line). */
  greeting?: InputMaybe<Scalars['String']['input']>;
  /** Up to 50 questions, keys unique. */
  questions?: InputMaybe<Array<QuestionInput>>;
  /** What the agent tells the caller after the greeting (up to 8000 characters). */
  task?: InputMaybe<Scalars['String']['input']>;
  /** Where a caller may be transferred: E.164, or a SIP URI on a SIP connection. */
  transferTo?: InputMaybe<Scalars['String']['input']>;
  /** Where inbound calls' events go; null: the organization's webhook URL. */
  webhookUrl?: InputMaybe<Scalars['String']['input']>;
};

/** What is wrong with one field of an input. */
export type InputFieldError = {
  __typename?: 'InputFieldError';
  /** The field, dotted (recipients.3.to). */
  field: Scalars['String']['output'];
  /** What is wrong with it. */
  message: Scalars['String']['output'];
};

/** The signed-in user, with their organization. */
export type Me = Node & {
  __typename?: 'Me';
  /** False once deactivated: the user can no longer sign in or use a token. */
  active: Scalars['Boolean']['output'];
  /** When the user was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Sign-in e-mail, lower-cased. */
  email: Scalars['EmailAddress']['output'];
  /** True once the holder of the address followed a mailed link (verification, invitation or password reset). */
  emailVerified: Scalars['Boolean']['output'];
  /** The user id (a UUID). */
  id: Scalars['ID']['output'];
  /** The organization the user belongs to. */
  orgId: Scalars['ID']['output'];
  /** The user's organization. */
  organization: Organization;
  /** What the user may do in the organization. */
  role: Role;
};

/** The roles an owner can give a new member. */
export type MemberRole =
  /** A member (read, place and cancel calls). */
  | 'MEMBER'
  /** Another owner. */
  | 'OWNER';

/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type Mutation = {
  __typename?: 'Mutation';
  /** Chooses a password with the token of an invitation mail; accepting verifies the address. */
  acceptInvitation: AuthPayload;
  /** Owner or member. Adds up to 10,000 recipients to a campaign that has not ended, like POST /v1/campaigns/{id}/recipients. */
  addCampaignRecipients: Campaign;
  /** Owner only. Without a password the member is invited by mail; with one they exist at once, unverified. */
  addMember: User;
  /** Adds numbers to the do-not-call list. */
  addSuppressions: SuppressionsAdded;
  /** Platform admins only. Revokes any organization key (leaked-key response); idempotent. */
  adminRevokeApiKey: AdminApiKey;
  /** Platform admins only. Deactivation locks out tokens, keys and logins at once. */
  adminSetOrganizationActive: AdminOrganization;
  /** Platform admins only; not oneself. */
  adminSetUserActive: AdminUser;
  /** Only while queued or ringing. */
  cancelCall: Call;
  /** Ends a campaign; pending recipients are canceled. */
  cancelCampaign: Campaign;
  /** Needs the current password; ends every other session and returns a new token. */
  changePassword: AuthPayload;
  /** Owner only. The secret is returned this once. */
  createApiKey: NewApiKey;
  /** Owner or member. Creates a campaign like POST /v1/campaigns. */
  createCampaign: Campaign;
  /** Owner only; not oneself. */
  deactivateMember: User;
  /** Owner only. Enables the default endpoint again after it was disabled for failing; replay what it missed. */
  enableWebhook: WebhookSettings;
  /** Adds the numbers of an imported file to the do-not-call list (source import). */
  importSuppressions: SuppressionsAdded;
  /** Signs in with e-mail and password. */
  login: AuthPayload;
  /** Ends every token of the current user, this one included. Always true. */
  logoutAll: Scalars['Boolean']['output'];
  /** Stops starting calls at once. */
  pauseCampaign: Campaign;
  /** Owner or member. Places a call exactly like POST /v1/calls/outbound: same validation, quota, events and idempotency (input.idempotencyKey). */
  placeCall: Call;
  /** Owner only. Queues a manual attempt now; if it fails, nothing further is scheduled. */
  redeliverWebhook: WebhookDelivery;
  /** Owner only: back to the deployment default. */
  removeCarrier: CarrierConnection;
  /** Owner only: forget the inbound settings; calls to the organization's numbers are refused. */
  removeInboundSettings: InboundSettings;
  /** Removes a number from the do-not-call list. */
  removeSuppression: Scalars['Boolean']['output'];
  /** Owner only. Redelivers every undelivered event since a time, in the background. */
  replayWebhooks: ReplayAccepted;
  /** Mails a reset link when the address has an account. Always true: the answer never tells. */
  requestPasswordReset: Scalars['Boolean']['output'];
  /** Sends a new verification mail (nothing when already verified). Always true. */
  resendVerification: Scalars['Boolean']['output'];
  /** Sets a new password with the token of a reset mail; ends every earlier session and lifts a login lockout. */
  resetPassword: AuthPayload;
  /** Continues a paused campaign. */
  resumeCampaign: Campaign;
  /** Owner only. Idempotent; effective on the next request. */
  revokeApiKey: ApiKey;
  /** Owner only. */
  rotateWebhookSecret: RotatedWebhookSecret;
  /** Creates an organization, its owner, a first API key and a webhook secret; signs the owner in. */
  signup: SignupPayload;
  /** Owner only, rate-limited per organization: Twilio fetches the account; SIP sends an OPTIONS ping. Says what went wrong in words. */
  testCarrier: CarrierConnectionTest;
  /** Owner only: change the agent settings (the same rules as PUT /dashboard/agent). */
  updateAgentSettings: AgentSettings;
  /** Owner only: connect a carrier (simulator, SIP trunk or Twilio account). */
  updateCarrier: CarrierConnection;
  /** Owner only: what the agent does when someone calls the organization's numbers (the whole settings). */
  updateInboundSettings: InboundSettings;
  /** Owner only. Pass null to remove the default destination. */
  updateWebhook: WebhookSettings;
  /** Uses the token of a verification mail (once; 48 h). Bad, used or expired: BAD_USER_INPUT, reason invalid_token. */
  verifyEmail: EmailVerification;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationAcceptInvitationArgs = {
  password: Scalars['String']['input'];
  token: Scalars['String']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationAddCampaignRecipientsArgs = {
  id: Scalars['ID']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  recipients: Array<CampaignRecipientInput>;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationAddMemberArgs = {
  input: AddMemberInput;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationAddSuppressionsArgs = {
  numbers: Array<Scalars['String']['input']>;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationAdminRevokeApiKeyArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationAdminSetOrganizationActiveArgs = {
  active: Scalars['Boolean']['input'];
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationAdminSetUserActiveArgs = {
  active: Scalars['Boolean']['input'];
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationCancelCallArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationCancelCampaignArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationChangePasswordArgs = {
  currentPassword: Scalars['String']['input'];
  newPassword: Scalars['String']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationCreateApiKeyArgs = {
  name?: InputMaybe<Scalars['String']['input']>;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationCreateCampaignArgs = {
  input: CreateCampaignInput;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationDeactivateMemberArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationImportSuppressionsArgs = {
  numbers: Array<Scalars['String']['input']>;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationLoginArgs = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationPauseCampaignArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationPlaceCallArgs = {
  input: PlaceCallInput;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationRedeliverWebhookArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationRemoveSuppressionArgs = {
  number: Scalars['String']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationReplayWebhooksArgs = {
  event?: InputMaybe<WebhookEvent>;
  since: Scalars['DateTime']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationRequestPasswordResetArgs = {
  email: Scalars['String']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationResetPasswordArgs = {
  password: Scalars['String']['input'];
  token: Scalars['String']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationResumeCampaignArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationRevokeApiKeyArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationSignupArgs = {
  input: SignupInput;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationUpdateAgentSettingsArgs = {
  input: AgentSettingsInput;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationUpdateCarrierArgs = {
  input: CarrierConnectionInput;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationUpdateInboundSettingsArgs = {
  input: InboundSettingsInput;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationUpdateWebhookArgs = {
  webhookUrl?: InputMaybe<Scalars['String']['input']>;
};


/** What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md). */
export type MutationVerifyEmailArgs = {
  token: Scalars['String']['input'];
};

/** A key just created: the only time its secret is shown. */
export type NewApiKey = Node & {
  __typename?: 'NewApiKey';
  /** When the key was created. */
  createdAt: Scalars['DateTime']['output'];
  /** The key id (a UUID); not the secret. */
  id: Scalars['ID']['output'];
  /** When the key last authenticated a request (updated at most once a minute). */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  /** A label chosen by the owner. */
  name?: Maybe<Scalars['String']['output']>;
  /** First 16 characters of the secret. */
  prefix: Scalars['String']['output'];
  /** When the key was revoked. */
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The full secret, to send as `Authorization: Bearer <secret>`. Shown this once. */
  secret: Scalars['String']['output'];
  /** Whether the key still works. */
  status: ApiKeyStatus;
};

/** An object with a stable, globally unique id that `node(id:)` and `nodes(ids:)` fetch again. */
export type Node = {
  /** Globally unique id of the object. */
  id: Scalars['ID']['output'];
};

/** A customer of the service: its members, keys, calls and webhooks. */
export type Organization = {
  __typename?: 'Organization';
  /** False once deactivated by a platform administrator: nothing of it works any more. */
  active: Scalars['Boolean']['output'];
  /** When the organization signed up. */
  createdAt: Scalars['DateTime']['output'];
  /** The organization id (a UUID). */
  id: Scalars['ID']['output'];
  /** Display name. */
  name: Scalars['String']['output'];
  /** Default webhook destination for call events. */
  webhookUrl?: Maybe<Scalars['URL']['output']>;
};

/** Calls that ended with one outcome. */
export type OutcomeCount = {
  __typename?: 'OutcomeCount';
  /** How many calls. */
  count: Scalars['Int']['output'];
  /** The disposition (human, busy, no_answer...), or the status when the call ended without one. */
  outcome: Scalars['String']['output'];
};

/** Where a page ends and whether another follows. */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** Pass as `after` to get the next page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** Whether another page follows. */
  hasNextPage: Scalars['Boolean']['output'];
};

/** A call to place; the same fields and rules as POST /v1/calls/outbound, validated by the same code (errors name the REST field, e.g. max_duration_seconds). */
export type PlaceCallInput = {
  /** Who the agent says it calls on behalf of (up to 80 characters, one line); default the organization's name. */
  callerName?: InputMaybe<Scalars['String']['input']>;
  /** The caller id to show, in E.164 form. */
  from?: InputMaybe<Scalars['String']['input']>;
  /** Like the Idempotency-Key header: repeating a placement with the same key and input within 24 hours returns the first call; another input is refused. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** Extra instructions for the language model (up to 4,000 characters; not used by the script). */
  instructions?: InputMaybe<Scalars['String']['input']>;
  /** BCP 47 (default the organization's, en-US); refused (unsupported_language) when the speech engines cannot both speak and hear it. */
  language?: InputMaybe<Scalars['String']['input']>;
  /** Whether a language model leads the conversation; default on when one is configured. */
  llm?: InputMaybe<Scalars['Boolean']['input']>;
  /** End the call after this many seconds of talk (10 to 3600; default 600). */
  maxDurationSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** Your own data, returned verbatim (at most 16 KiB serialized). */
  metadata?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Up to 50 questions to ask. */
  questions?: InputMaybe<Array<QuestionInput>>;
  /** Ring for at most this many seconds before giving up as NO_ANSWER (5 to 120; default 30). */
  ringTimeoutSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** RFC 3339 with an offset, at most 90 days ahead: the call stays SCHEDULED until then (docs/campaigns.md). */
  scheduleAt?: InputMaybe<Scalars['String']['input']>;
  /** What the voice agent should do (up to 8000 characters). */
  task?: InputMaybe<Scalars['String']['input']>;
  /** The number to call, in E.164 form (e.g. +14155550123). */
  to: Scalars['String']['input'];
  /** Where to hand the call to a person: E.164, or a SIP URI (sip:user@host) when the carrier connection is SIP. */
  transferTo?: InputMaybe<Scalars['String']['input']>;
  /** When to hand it over; default: when the callee asks for a person. */
  transferWhen?: InputMaybe<TransferWhenInput>;
  /** The speech engine's voice; default the organization's. */
  voice?: InputMaybe<Scalars['String']['input']>;
  /** A message to leave on an answering machine (up to 2000 characters); without it the agent hangs up. */
  voicemailMessage?: InputMaybe<Scalars['String']['input']>;
  /** Webhook destination (an http(s) URL) for this call's events instead of the organization's. */
  webhookUrl?: InputMaybe<Scalars['String']['input']>;
};

/** Recipients to check against the window, zone and start a campaign would have. */
export type PreviewRecipientsInput = {
  /** The calling window; null means any time. */
  callingWindow?: InputMaybe<CallingWindowInput>;
  /** Up to 10,000 rows. */
  recipients: Array<CampaignRecipientInput>;
  /** RFC 3339; default now. */
  startAt?: InputMaybe<Scalars['String']['input']>;
  /** The campaign zone (default UTC). */
  timeZone?: InputMaybe<Scalars['String']['input']>;
};

/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type Query = {
  __typename?: 'Query';
  /** Platform admins only. Newest first. */
  adminAuditLog: AuditEntryConnection;
  /** Platform admins only. */
  adminCalls: AdminCallConnection;
  /** Platform admins only. */
  adminOrganization: AdminOrganization;
  /** Platform admins only. Search by name, member e-mail or id. */
  adminOrganizations: AdminOrganizationConnection;
  /** Platform admins only. */
  adminStats: AdminStats;
  /** Platform admins only. Search by e-mail or id. */
  adminUsers: AdminUserConnection;
  /** Platform admins only. */
  adminWebhookDeliveries: AdminWebhookDeliveryConnection;
  /** The organization's agent settings (the same as GET /dashboard/agent). */
  agentSettings: AgentSettings;
  /** Calls per day by outcome, answer rate, duration, turn latency, and webhook delivery success and latency, per UTC day (at most 366 days). */
  analytics: Analytics;
  /** The organization's API keys, newest first. */
  apiKeys: Array<ApiKey>;
  /** One call of the organization. */
  call: Call;
  /** The organization's calls, newest first. */
  calls: CallConnection;
  /** One campaign with its counts. */
  campaign: Campaign;
  /** How a campaign's recipients answered each of its questions (their latest call's answers). */
  campaignAnswers: Array<QuestionAnswers>;
  /** A campaign's recipients, newest first. */
  campaignRecipients: CampaignRecipientPage;
  /** The organization's campaigns, newest first. */
  campaigns: CampaignConnection;
  /** The organization's effective carrier connection (its own, or the deployment default). */
  carrier: CarrierConnection;
  /** The organization's inbound settings (off until saved). */
  inboundSettings: InboundSettings;
  /** The signed-in user. */
  me: Me;
  /** The organization's members, newest first. */
  members: UserConnection;
  /** Any Call, ApiKey, User or WebhookDelivery of the organization by id; null when there is none (or it is another organization's). */
  node?: Maybe<Node>;
  /** Several objects by id, in the order asked; null for each id that resolves to nothing. */
  nodes: Array<Maybe<Node>>;
  /** The signed-in user's organization. */
  organization: Organization;
  /** Checks recipients (e.g. the rows of a file) against a calling window without creating anything: errors, time zones, first call times, suppressed numbers and repeats. */
  previewCampaignRecipients: RecipientsPreview;
  /** The do-not-call list, newest first. */
  suppressions: SuppressionPage;
  /** The organization's webhook settings. */
  webhook: WebhookSettings;
  /** The organization's webhook deliveries, newest first. */
  webhookDeliveries: WebhookDeliveryConnection;
  /** One webhook delivery with its body and attempts. */
  webhookDelivery: WebhookDeliveryDetail;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryAdminAuditLogArgs = {
  action?: InputMaybe<AuditAction>;
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orgId?: InputMaybe<Scalars['ID']['input']>;
  targetId?: InputMaybe<Scalars['String']['input']>;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryAdminCallsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orgId?: InputMaybe<Scalars['ID']['input']>;
  status?: InputMaybe<CallStatus>;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryAdminOrganizationArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryAdminOrganizationsArgs = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryAdminUsersArgs = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orgId?: InputMaybe<Scalars['ID']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryAdminWebhookDeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  delivered?: InputMaybe<Scalars['Boolean']['input']>;
  event?: InputMaybe<WebhookEvent>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orgId?: InputMaybe<Scalars['ID']['input']>;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryAnalyticsArgs = {
  campaignId?: InputMaybe<Scalars['ID']['input']>;
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryCallArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryCallsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  direction?: InputMaybe<CallDirection>;
  first?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<CallStatus>;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryCampaignArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryCampaignAnswersArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryCampaignRecipientsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['ID']['input'];
  status?: InputMaybe<Scalars['String']['input']>;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryCampaignsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryMembersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryNodesArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryPreviewCampaignRecipientsArgs = {
  input: PreviewRecipientsInput;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QuerySuppressionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryWebhookDeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  callId?: InputMaybe<Scalars['ID']['input']>;
  delivered?: InputMaybe<Scalars['Boolean']['input']>;
  event?: InputMaybe<WebhookEvent>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** What a dashboard or an administrator reads. Every field is scoped to the organization of the token. */
export type QueryWebhookDeliveryArgs = {
  id: Scalars['ID']['input'];
};

/** One question the call asks, and the type of answer it expects. */
export type Question = {
  __typename?: 'Question';
  /** Identifier of the answer in structuredAnswers. */
  key: Scalars['String']['output'];
  /** The allowed answers of an ENUM question; null otherwise. */
  options?: Maybe<Array<Scalars['String']['output']>>;
  /** The question as it is asked (REST and webhooks call this field `question`). */
  text: Scalars['String']['output'];
  /** The type of the expected answer. */
  type: QuestionType;
};

/** The distribution of one question's answers over a campaign's recipients. */
export type QuestionAnswers = {
  __typename?: 'QuestionAnswers';
  /** Recipients whose latest call recorded an answer. */
  answered: Scalars['Int']['output'];
  /** The question key. */
  key: Scalars['String']['output'];
  /** The options of an enum question. */
  options?: Maybe<Array<Scalars['String']['output']>>;
  /** The question as asked. */
  question: Scalars['String']['output'];
  /** Whether there were more distinct answers than listed. */
  truncated: Scalars['Boolean']['output'];
  /** string, number, boolean or enum */
  type: Scalars['String']['output'];
  /** Distinct answers, most frequent first (at most 200). */
  values: Array<AnswerCount>;
};

/** A question for the call to ask. */
export type QuestionInput = {
  /** Identifier of the answer in structuredAnswers: letters, digits and _, up to 64 characters, unique in the call. */
  key: Scalars['String']['input'];
  /** Required for ENUM questions, and only for them: 1 to 50 allowed answers. */
  options?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The question as it is asked (1 to 1000 characters); REST calls this field `question`. */
  text: Scalars['String']['input'];
  /** The type of the expected answer. */
  type: QuestionType;
};

/** The type of the answer a question expects. */
export type QuestionType =
  /** Yes or no. */
  | 'BOOLEAN'
  /** One of the listed options. */
  | 'ENUM'
  /** A number. */
  | 'NUMBER'
  /** Free text. */
  | 'STRING';

/** One row of a recipient list, checked without creating anything. */
export type RecipientPreview = {
  __typename?: 'RecipientPreview';
  /** The same number as an earlier row (each row is called). */
  duplicate: Scalars['Boolean']['output'];
  /** Why the row would be refused (empty when it is valid). */
  errors: Array<InputFieldError>;
  /** When it would first be called (null: invalid or suppressed). */
  firstCallAt?: Maybe<Scalars['String']['output']>;
  /** Its position in the list, from 0. */
  index: Scalars['Int']['output'];
  /** On the do-not-call list: it would never be called. */
  suppressed: Scalars['Boolean']['output'];
  /** given, number or campaign */
  timeZoneSource?: Maybe<Scalars['String']['output']>;
  /** The zones its calling window would be evaluated in (all must be open). */
  timeZones: Array<Scalars['String']['output']>;
  /** The number in canonical E.164 form; null when the row is invalid. */
  to?: Maybe<Scalars['String']['output']>;
};

/** A recipient list checked before a campaign is created from it. */
export type RecipientsPreview = {
  __typename?: 'RecipientsPreview';
  /** Valid rows repeating an earlier number. */
  duplicates: Scalars['Int']['output'];
  /** Rows with errors (a create with any of them is refused as a whole). */
  invalid: Scalars['Int']['output'];
  /** Every row, in order. */
  rows: Array<RecipientPreview>;
  /** Valid rows whose number is on the do-not-call list. */
  suppressed: Scalars['Int']['output'];
  /** Rows checked. */
  total: Scalars['Int']['output'];
  /** Rows a create would accept. */
  valid: Scalars['Int']['output'];
};

/** A replay of undelivered events, accepted to run in the background. */
export type ReplayAccepted = {
  __typename?: 'ReplayAccepted';
  /** Only this event, when given. */
  event?: Maybe<WebhookEvent>;
  /** Events created at or after this time are redelivered. */
  since: Scalars['DateTime']['output'];
};

/** When to call again, by outcome. */
export type RetryPolicyInput = {
  /** Retry a busy line after this many seconds (default 600). */
  busyAfterSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** Call again a callee who asked to be called later (CALLBACK_REQUESTED) without saying when, after this many seconds (default 3600); with a time, at that time. */
  callbackRequestedAfterSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** Retry a carrier error after this many seconds, doubling each time (default 60). */
  carrierErrorAfterSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** Calls per recipient at most (default 3). */
  maxAttempts?: InputMaybe<Scalars['Int']['input']>;
  /** Retry an unanswered call after this many seconds (default 3600). */
  noAnswerAfterSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** Retry after voicemail after this many seconds (default 14400). */
  voicemailAfterSeconds?: InputMaybe<Scalars['Int']['input']>;
};

/** A user's role in their organization. */
export type Role =
  /** Reads everything in the organization and places and cancels calls. */
  | 'MEMBER'
  /** Manages keys, webhook settings and members. */
  | 'OWNER'
  /** Operator of the whole service (admin fields). */
  | 'PLATFORM_ADMIN';

/** The result of rotating the webhook signing secret. */
export type RotatedWebhookSecret = {
  __typename?: 'RotatedWebhookSecret';
  /** The new signing secret, shown this once. The previous one keeps signing for 24 hours. */
  webhookSecret: Scalars['String']['output'];
};

/** A new organization and its first owner. */
export type SignupInput = {
  /** The owner's sign-in e-mail (validated like REST, with field errors). */
  email: Scalars['String']['input'];
  /** Display name of the organization. */
  organizationName?: InputMaybe<Scalars['String']['input']>;
  /** At least 8 characters. */
  password: Scalars['String']['input'];
};

/** Everything a new organization needs, some of it shown only here. */
export type SignupPayload = {
  __typename?: 'SignupPayload';
  /** The JWT to send as `Authorization: Bearer <token>` (and in connection_init for subscriptions). */
  accessToken: Scalars['String']['output'];
  /** A first API key, with its secret (shown only here). */
  apiKey: NewApiKey;
  /** Seconds until the token expires. */
  expiresIn: Scalars['Int']['output'];
  /** The new organization. */
  organization: Organization;
  /** Always "bearer". */
  tokenType: Scalars['String']['output'];
  /** The new owner. */
  user: User;
  /** The webhook signing secret, shown only here and on rotation. */
  webhookSecret: Scalars['String']['output'];
};

/** Live updates over WebSocket (graphql-transport-ws on /graphql), authenticated in connection_init. */
export type Subscription = {
  __typename?: 'Subscription';
  /** Every change of one call (status changes, ended, analyzed), or of all the organization's calls when id is omitted. */
  callUpdated: Call;
  /** A campaign's status and progress whenever they move (a call of it changes, recipients are added or suppressed, it starts, pauses, resumes, completes or is canceled), or any of the organization's campaigns when id is omitted. Changes heard together arrive as one event with the campaign as it is then. */
  campaignUpdated: Campaign;
  /** Each webhook attempt's outcome, for one call's deliveries or for all of the organization's. */
  webhookDeliveryUpdated: WebhookDelivery;
};


/** Live updates over WebSocket (graphql-transport-ws on /graphql), authenticated in connection_init. */
export type SubscriptionCallUpdatedArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
};


/** Live updates over WebSocket (graphql-transport-ws on /graphql), authenticated in connection_init. */
export type SubscriptionCampaignUpdatedArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
};


/** Live updates over WebSocket (graphql-transport-ws on /graphql), authenticated in connection_init. */
export type SubscriptionWebhookDeliveryUpdatedArgs = {
  callId?: InputMaybe<Scalars['ID']['input']>;
};

/** A number on the do-not-call list. */
export type Suppression = {
  __typename?: 'Suppression';
  /** When it was created. */
  createdAt: Scalars['String']['output'];
  /** The suppressed number, E.164. */
  number: Scalars['String']['output'];
  /** api, dashboard (added by hand), opt_out (asked during a call) or import (a file imported) */
  source: Scalars['String']['output'];
};

/** A page of suppressed numbers, newest first. */
export type SuppressionPage = {
  __typename?: 'SuppressionPage';
  /** Pass as `after` for the next page; null on the last page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** Whether another page follows. */
  hasNextPage: Scalars['Boolean']['output'];
  /** The items of this page. */
  nodes: Array<Suppression>;
};

/** The result of adding numbers to the suppression list. */
export type SuppressionsAdded = {
  __typename?: 'SuppressionsAdded';
  /** Numbers newly added. */
  added: Scalars['Int']['output'];
  /** Distinct numbers in the request. */
  numbers: Scalars['Int']['output'];
};

/** What became of a call handed to a person. */
export type Transfer = {
  __typename?: 'Transfer';
  /** The person answered. */
  answered: Scalars['Boolean']['output'];
  /** When the outcome was known. */
  at: Scalars['DateTime']['output'];
  /** Why it did not happen (null when answered); the agent then took a message. */
  failureReason?: Maybe<Scalars['String']['output']>;
  /** How it was handed over. */
  mode: TransferMode;
};

/** Hand over when this question's answer equals the value. */
export type TransferAnswerRule = {
  __typename?: 'TransferAnswerRule';
  /** The value (a string, number or boolean); strings compared without case. */
  equals: Scalars['JSON']['output'];
  /** The question key. */
  key: Scalars['String']['output'];
};

/** Hand over when this question's answer equals the value. */
export type TransferAnswerRuleInput = {
  /** A string, number or boolean; strings compared without case. */
  equals: Scalars['JSON']['input'];
  /** The question key. */
  key: Scalars['String']['input'];
};

/** How a call was handed to a person. */
export type TransferMode =
  /** voicegate dialled the person on the same SIP trunk, told them who is calling and joined the two calls. */
  | 'BRIDGE'
  /** Twilio <Dial>. */
  | 'DIAL'
  /** SIP REFER: the trunk connected the callee to the person and the call left voicegate. */
  | 'REFER';

/** When the agent hands a call to its transferTo. */
export type TransferWhen = {
  __typename?: 'TransferWhen';
  /** A question's answer matches. */
  answer?: Maybe<TransferAnswerRule>;
  /** The callee asks for a person. */
  calleeAsks: Scalars['Boolean']['output'];
  /** The callee presses this key. */
  digit?: Maybe<Scalars['String']['output']>;
};

/** When to hand the call to transferTo (at least one; default: the callee asks). */
export type TransferWhenInput = {
  /** A question's answer matches. */
  answer?: InputMaybe<TransferAnswerRuleInput>;
  /** true: the callee may ask for a person. */
  calleeAsks?: InputMaybe<Scalars['Boolean']['input']>;
  /** The callee presses this key (0-9, * or #). */
  digit?: InputMaybe<Scalars['String']['input']>;
};

/** Where the time of an agent turn that answers the callee went, in milliseconds. */
export type TurnLatency = {
  __typename?: 'TurnLatency';
  /** Choosing what to say. */
  decisionMs: Scalars['Int']['output'];
  /** From the callee's last voiced frame to the moment the turn was judged over. */
  endOfTurnMs: Scalars['Int']['output'];
  /** Recognition still running after the turn was judged over. */
  recognitionMs: Scalars['Int']['output'];
  /** Synthesis still running after the decision (0 when the prompt was ready). */
  synthesisMs: Scalars['Int']['output'];
  /** From the callee's last voiced frame to the agent's first audio frame on the wire. */
  totalMs: Scalars['Int']['output'];
};

/** Who spoke a turn of the conversation. */
export type TurnSpeaker =
  /** The voice agent. */
  | 'AGENT'
  /** The person (or machine) called. */
  | 'CALLEE';

/** A person who signs in to the dashboard of one organization. */
export type User = Node & {
  __typename?: 'User';
  /** False once deactivated: the user can no longer sign in or use a token. */
  active: Scalars['Boolean']['output'];
  /** When the user was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Sign-in e-mail, lower-cased. */
  email: Scalars['EmailAddress']['output'];
  /** True once the holder of the address followed a mailed link (verification, invitation or password reset). */
  emailVerified: Scalars['Boolean']['output'];
  /** The user id (a UUID). */
  id: Scalars['ID']['output'];
  /** The organization the user belongs to. */
  orgId: Scalars['ID']['output'];
  /** What the user may do in the organization. */
  role: Role;
};

/** A page of the organization's members. */
export type UserConnection = {
  __typename?: 'UserConnection';
  /** The items of this page with their cursors. */
  edges: Array<UserEdge>;
  /** The items of this page. */
  nodes: Array<User>;
  /** How to get the next page. */
  pageInfo: PageInfo;
  /** How many members the organization has in all. */
  totalCount: Scalars['Int']['output'];
};

/** One User in a page, with its cursor. */
export type UserEdge = {
  __typename?: 'UserEdge';
  /** Pass as `after` to get what follows this item. */
  cursor: Scalars['String']['output'];
  /** The User. */
  node: User;
};

/** One HTTP attempt of a webhook delivery. */
export type WebhookAttempt = {
  __typename?: 'WebhookAttempt';
  /** When the attempt started. */
  attemptedAt: Scalars['DateTime']['output'];
  /** How long the attempt took, in milliseconds. */
  durationMs: Scalars['Int']['output'];
  /** Why it failed; null when it succeeded. */
  error?: Maybe<Scalars['String']['output']>;
  /** The attempt id (a UUID). */
  id: Scalars['ID']['output'];
  /** HTTP status received; null when none was. */
  responseCode?: Maybe<Scalars['Int']['output']>;
  /** The start of the receiver's response body. */
  responseExcerpt?: Maybe<Scalars['String']['output']>;
  /** What started the attempt. */
  trigger: AttemptTrigger;
  /** Where it was sent; null when there was no destination. */
  url?: Maybe<Scalars['URL']['output']>;
};

/** One event for one destination, with its attempts so far. */
export type WebhookDelivery = Node & {
  __typename?: 'WebhookDelivery';
  /** Attempts made so far, scheduled and manual. */
  attempts: Scalars['Int']['output'];
  /** The call the event is about; null for campaign events. */
  callId?: Maybe<Scalars['ID']['output']>;
  /** The campaign of a campaign event; null for call events. */
  campaignId?: Maybe<Scalars['ID']['output']>;
  /** When the event was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Whether a receiver has answered 2xx. */
  delivered: Scalars['Boolean']['output'];
  /** When a receiver first answered 2xx. */
  deliveredAt?: Maybe<Scalars['DateTime']['output']>;
  /** The event sent. */
  event: WebhookEvent;
  /** The delivery id (a UUID); sent as the webhook-id header. */
  id: Scalars['ID']['output'];
  /** Why the last attempt failed (e.g. timeout, http_500, no_destination). */
  lastError?: Maybe<Scalars['String']['output']>;
  /** When the next scheduled attempt is due (PENDING only). */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** HTTP status of the last attempt; null when no response was received. */
  responseCode?: Maybe<Scalars['Int']['output']>;
  /** Where the delivery stands. */
  state: DeliveryState;
  /** Where it is sent; null when there was no destination. */
  url?: Maybe<Scalars['URL']['output']>;
};

/** A page of webhook deliveries, newest first. */
export type WebhookDeliveryConnection = {
  __typename?: 'WebhookDeliveryConnection';
  /** The items of this page with their cursors. */
  edges: Array<WebhookDeliveryEdge>;
  /** The items of this page. */
  nodes: Array<WebhookDelivery>;
  /** How to get the next page. */
  pageInfo: PageInfo;
};

/** A webhook delivery with the body sent and every attempt. */
export type WebhookDeliveryDetail = Node & {
  __typename?: 'WebhookDeliveryDetail';
  /** Every attempt, oldest first. */
  attemptLog: Array<WebhookAttempt>;
  /** Attempts made so far, scheduled and manual. */
  attempts: Scalars['Int']['output'];
  /** The call the event is about; null for campaign events. */
  callId?: Maybe<Scalars['ID']['output']>;
  /** The campaign of a campaign event; null for call events. */
  campaignId?: Maybe<Scalars['ID']['output']>;
  /** When the event was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Whether a receiver has answered 2xx. */
  delivered: Scalars['Boolean']['output'];
  /** When a receiver first answered 2xx. */
  deliveredAt?: Maybe<Scalars['DateTime']['output']>;
  /** The event sent. */
  event: WebhookEvent;
  /** The delivery id (a UUID); sent as the webhook-id header. */
  id: Scalars['ID']['output'];
  /** Why the last attempt failed (e.g. timeout, http_500, no_destination). */
  lastError?: Maybe<Scalars['String']['output']>;
  /** When the next scheduled attempt is due (PENDING only). */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** The event body exactly as sent. */
  payload: Scalars['JSON']['output'];
  /** HTTP status of the last attempt; null when no response was received. */
  responseCode?: Maybe<Scalars['Int']['output']>;
  /** Where the delivery stands. */
  state: DeliveryState;
  /** Where it is sent; null when there was no destination. */
  url?: Maybe<Scalars['URL']['output']>;
};

/** One WebhookDelivery in a page, with its cursor. */
export type WebhookDeliveryEdge = {
  __typename?: 'WebhookDeliveryEdge';
  /** Pass as `after` to get what follows this item. */
  cursor: Scalars['String']['output'];
  /** The WebhookDelivery. */
  node: WebhookDelivery;
};

/** The events sent to webhooks (the `type` of the event body is the lower-case dotted name, e.g. call.queued). */
export type WebhookEvent =
  /** call.analyzed: the transcript and answers of a completed call are ready. */
  | 'CALL_ANALYZED'
  /** call.ended: a call reached a final status. */
  | 'CALL_ENDED'
  /** call.queued: a call was accepted. */
  | 'CALL_QUEUED'
  /** call.transferred: the agent handed a call to a person, or tried to (answered says which). */
  | 'CALL_TRANSFERRED'
  /** campaign.completed: no recipient of a campaign is pending or calling any more. */
  | 'CAMPAIGN_COMPLETED'
  /** campaign.paused: a campaign was paused. */
  | 'CAMPAIGN_PAUSED'
  /** campaign.started: a campaign began calling. */
  | 'CAMPAIGN_STARTED';

/** The default endpoint's state and its last 24 hours of attempts. */
export type WebhookHealth = {
  __typename?: 'WebhookHealth';
  /** Attempts made in the last 24 hours. */
  attempts24h: Scalars['Int']['output'];
  /** Mean duration of those attempts, in milliseconds. */
  averageLatencyMs24h?: Maybe<Scalars['Int']['output']>;
  /** When it was disabled; null while enabled. */
  disabledAt?: Maybe<Scalars['DateTime']['output']>;
  /** Why it was disabled (failing_since <time>). */
  disabledReason?: Maybe<Scalars['String']['output']>;
  /** False once disabled for failing continuously; nothing is sent to it until enableWebhook. */
  enabled: Scalars['Boolean']['output'];
  /** Since when attempts have failed without a success; null when not failing. */
  failingSince?: Maybe<Scalars['DateTime']['output']>;
  /** The latest failed attempt. */
  lastFailureAt?: Maybe<Scalars['DateTime']['output']>;
  /** Its error (e.g. timeout, http_500). */
  lastFailureError?: Maybe<Scalars['String']['output']>;
  /** The latest successful attempt in the last 24 hours. */
  lastSuccessAt?: Maybe<Scalars['DateTime']['output']>;
  /** 95th percentile of their duration, in milliseconds. */
  p95LatencyMs24h?: Maybe<Scalars['Int']['output']>;
  /** Share of those attempts that succeeded, 0 to 1; null without attempts. */
  successRate24h?: Maybe<Scalars['Float']['output']>;
};

/** The organization's webhook destination and signing secret. */
export type WebhookSettings = {
  __typename?: 'WebhookSettings';
  /** Whether the endpoint is enabled, and how its last 24 hours of attempts went. */
  health: WebhookHealth;
  /** Last four characters of the signing secret, to tell secrets apart. */
  secretLast4: Scalars['String']['output'];
  /** Default destination of call events; null when none. */
  webhookUrl?: Maybe<Scalars['URL']['output']>;
};

export type ResendVerificationMutationVariables = Exact<{ [key: string]: never; }>;


export type ResendVerificationMutation = { __typename?: 'Mutation', resendVerification: boolean };

export type CallUpdatedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type CallUpdatedSubscription = { __typename?: 'Subscription', callUpdated: { __typename?: 'Call', id: string, status: CallStatus } };

export type CampaignUpdatedLiveSubscriptionVariables = Exact<{
  id?: InputMaybe<Scalars['ID']['input']>;
}>;


export type CampaignUpdatedLiveSubscription = { __typename?: 'Subscription', campaignUpdated: { __typename?: 'Campaign', id: string, status: string } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { __typename?: 'Query', me: { __typename?: 'Me', id: string, email: string, role: Role, emailVerified: boolean, organization: { __typename?: 'Organization', id: string, name: string, active: boolean } } };

export type PlaceCallMutationVariables = Exact<{
  input: PlaceCallInput;
}>;


export type PlaceCallMutation = { __typename?: 'Mutation', placeCall: { __typename?: 'Call', id: string, status: CallStatus } };

export type AdminStatsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminStatsQuery = { __typename?: 'Query', adminStats: { __typename?: 'AdminStats', generatedAt: string, organizations: { __typename?: 'ActiveTotal', active: number, total: number }, users: { __typename?: 'AdminUserStats', active: number, total: number, platformAdmins: number }, apiKeys: { __typename?: 'AdminApiKeyStats', active: number, revoked: number }, calls: { __typename?: 'AdminCallStats', total: number, open: number, last24h: number, byStatus: Array<{ __typename?: 'CountByValue', value: string, count: number }> }, webhookDeliveries: { __typename?: 'AdminDeliveryStats', total: number, byState: Array<{ __typename?: 'CountByValue', value: string, count: number }> } } };

export type AdminOrganizationsQueryVariables = Exact<{
  q?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type AdminOrganizationsQuery = { __typename?: 'Query', adminOrganizations: { __typename?: 'AdminOrganizationConnection', nodes: Array<{ __typename?: 'AdminOrganization', id: string, name: string, active: boolean, userCount: number, callCount: number, openCallCount: number, activeApiKeyCount: number, createdAt: string }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type AdminSetOrganizationActiveMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  active: Scalars['Boolean']['input'];
}>;


export type AdminSetOrganizationActiveMutation = { __typename?: 'Mutation', adminSetOrganizationActive: { __typename?: 'AdminOrganization', id: string, active: boolean } };

export type AdminUsersQueryVariables = Exact<{
  q?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type AdminUsersQuery = { __typename?: 'Query', adminUsers: { __typename?: 'AdminUserConnection', nodes: Array<{ __typename?: 'AdminUser', id: string, email: string, role: Role, active: boolean, emailVerified: boolean, isPlatformAdmin: boolean, orgId: string, createdAt: string }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type AdminSetUserActiveMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  active: Scalars['Boolean']['input'];
}>;


export type AdminSetUserActiveMutation = { __typename?: 'Mutation', adminSetUserActive: { __typename?: 'AdminUser', id: string, active: boolean } };

export type AdminAuditLogQueryVariables = Exact<{
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type AdminAuditLogQuery = { __typename?: 'Query', adminAuditLog: { __typename?: 'AuditEntryConnection', nodes: Array<{ __typename?: 'AuditEntry', id: string, action: AuditAction, actorEmail: string, targetType: AuditTargetType, targetId: string, createdAt: string, ip?: string | null }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type AgentSettingsFieldsFragment = { __typename?: 'AgentSettings', callerName?: string | null, language: string, voice?: string | null, instructions?: string | null, supportedLanguages: Array<string>, updatedAt?: string | null, llm: { __typename?: 'AgentLlm', enabled?: boolean | null, active: boolean, source?: string | null, url?: string | null, model?: string | null, apiKeySet: boolean } };

export type AgentSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type AgentSettingsQuery = { __typename?: 'Query', agentSettings: { __typename?: 'AgentSettings', callerName?: string | null, language: string, voice?: string | null, instructions?: string | null, supportedLanguages: Array<string>, updatedAt?: string | null, llm: { __typename?: 'AgentLlm', enabled?: boolean | null, active: boolean, source?: string | null, url?: string | null, model?: string | null, apiKeySet: boolean } } };

export type UpdateAgentSettingsMutationVariables = Exact<{
  input: AgentSettingsInput;
}>;


export type UpdateAgentSettingsMutation = { __typename?: 'Mutation', updateAgentSettings: { __typename?: 'AgentSettings', callerName?: string | null, language: string, voice?: string | null, instructions?: string | null, supportedLanguages: Array<string>, updatedAt?: string | null, llm: { __typename?: 'AgentLlm', enabled?: boolean | null, active: boolean, source?: string | null, url?: string | null, model?: string | null, apiKeySet: boolean } } };

export type AnalyticsViewQueryVariables = Exact<{
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
  campaignId?: InputMaybe<Scalars['ID']['input']>;
}>;


export type AnalyticsViewQuery = { __typename?: 'Query', analytics: { __typename?: 'Analytics', calls: Array<{ __typename?: 'CallDayStats', day: string, calls: number, answered: number, answerRate?: number | null, averageDurationSeconds?: number | null, latencyP50Ms?: number | null, latencyP95Ms?: number | null, latencyCalls: number, outcomes: Array<{ __typename?: 'OutcomeCount', outcome: string, count: number }> }>, deliveries: Array<{ __typename?: 'DeliveryDayStats', day: string, attempts: number, succeeded: number, successRate?: number | null, averageLatencyMs?: number | null, latencyP95Ms?: number | null }> } };

export type CampaignChoicesQueryVariables = Exact<{ [key: string]: never; }>;


export type CampaignChoicesQuery = { __typename?: 'Query', campaigns: { __typename?: 'CampaignConnection', nodes: Array<{ __typename?: 'Campaign', id: string, name: string }> } };

export type LoginMutationVariables = Exact<{
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
}>;


export type LoginMutation = { __typename?: 'Mutation', login: { __typename?: 'AuthPayload', accessToken: string, expiresIn: number } };

export type SignupMutationVariables = Exact<{
  input: SignupInput;
}>;


export type SignupMutation = { __typename?: 'Mutation', signup: { __typename?: 'SignupPayload', accessToken: string, expiresIn: number, webhookSecret: string, apiKey: { __typename?: 'NewApiKey', id: string, prefix: string, secret: string } } };

export type VerifyEmailMutationVariables = Exact<{
  token: Scalars['String']['input'];
}>;


export type VerifyEmailMutation = { __typename?: 'Mutation', verifyEmail: { __typename?: 'EmailVerification', emailVerified: boolean } };

export type RequestPasswordResetMutationVariables = Exact<{
  email: Scalars['String']['input'];
}>;


export type RequestPasswordResetMutation = { __typename?: 'Mutation', requestPasswordReset: boolean };

export type ResetPasswordMutationVariables = Exact<{
  token: Scalars['String']['input'];
  password: Scalars['String']['input'];
}>;


export type ResetPasswordMutation = { __typename?: 'Mutation', resetPassword: { __typename?: 'AuthPayload', accessToken: string, expiresIn: number } };

export type AcceptInvitationMutationVariables = Exact<{
  token: Scalars['String']['input'];
  password: Scalars['String']['input'];
}>;


export type AcceptInvitationMutation = { __typename?: 'Mutation', acceptInvitation: { __typename?: 'AuthPayload', accessToken: string, expiresIn: number } };

export type CallsQueryVariables = Exact<{
  status?: InputMaybe<CallStatus>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type CallsQuery = { __typename?: 'Query', calls: { __typename?: 'CallConnection', nodes: Array<{ __typename?: 'Call', id: string, to: string, status: CallStatus, disposition?: CallDisposition | null, durationSeconds?: number | null, createdAt: string }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type CallQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CallQuery = { __typename?: 'Query', call: { __typename?: 'Call', id: string, to: string, from?: string | null, status: CallStatus, disposition?: CallDisposition | null, task?: string | null, createdAt: string, startedAt?: string | null, endedAt?: string | null, durationSeconds?: number | null, maxDurationSeconds: number, transcript?: string | null, structuredAnswers?: Record<string, unknown> | null, recordingUrl?: string | null, webhookUrl?: string | null, metadata: Record<string, unknown>, callerName?: string | null, optedOut: boolean, callbackAt?: string | null, questions: Array<{ __typename?: 'Question', key: string, text: string }>, turns?: Array<{ __typename?: 'CallTurn', speaker: TurnSpeaker, text: string, startMs: number, endMs: number, interrupted: boolean, latency?: { __typename?: 'TurnLatency', endOfTurnMs: number, recognitionMs: number, decisionMs: number, synthesisMs: number, totalMs: number } | null }> | null, latency?: { __typename?: 'CallLatency', p50Ms?: number | null, p95Ms?: number | null, turns: number } | null } };

export type CancelCallMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CancelCallMutation = { __typename?: 'Mutation', cancelCall: { __typename?: 'Call', id: string, status: CallStatus } };

export type RecipientsPreviewQueryVariables = Exact<{
  input: PreviewRecipientsInput;
}>;


export type RecipientsPreviewQuery = { __typename?: 'Query', previewCampaignRecipients: { __typename?: 'RecipientsPreview', total: number, valid: number, invalid: number, suppressed: number, duplicates: number, rows: Array<{ __typename?: 'RecipientPreview', index: number, to?: string | null, timeZones: Array<string>, timeZoneSource?: string | null, firstCallAt?: string | null, suppressed: boolean, duplicate: boolean, errors: Array<{ __typename?: 'InputFieldError', field: string, message: string }> }> } };

export type CreateCampaignFromFileMutationVariables = Exact<{
  input: CreateCampaignInput;
}>;


export type CreateCampaignFromFileMutation = { __typename?: 'Mutation', createCampaign: { __typename?: 'Campaign', id: string } };

export type AppendCampaignRecipientsMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  recipients: Array<CampaignRecipientInput> | CampaignRecipientInput;
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
}>;


export type AppendCampaignRecipientsMutation = { __typename?: 'Mutation', addCampaignRecipients: { __typename?: 'Campaign', id: string } };

export type CampaignProgressFieldsFragment = { __typename?: 'CampaignProgress', total: number, reached: number, optedOut: number, pending: number, retrying: number, calling: number, failed: number, suppressed: number, canceled: number };

export type CampaignsListQueryVariables = Exact<{
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type CampaignsListQuery = { __typename?: 'Query', campaigns: { __typename?: 'CampaignConnection', nodes: Array<{ __typename?: 'Campaign', id: string, name: string, status: string, createdAt: string, progress: { __typename?: 'CampaignProgress', total: number, reached: number, optedOut: number, pending: number, retrying: number, calling: number, failed: number, suppressed: number, canceled: number } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type CampaignDetailQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CampaignDetailQuery = { __typename?: 'Query', campaign: { __typename?: 'Campaign', id: string, name: string, status: string, task?: string | null, questions: unknown, startAt: string, endAt?: string | null, timeZone: string, maxConcurrentCalls: number, maxCallsPerSecond: number, retry: Record<string, unknown>, createdAt: string, startedAt?: string | null, completedAt?: string | null, callingWindow?: { __typename?: 'CallingWindow', days: Array<string>, start: string, end: string } | null, progress: { __typename?: 'CampaignProgress', total: number, reached: number, optedOut: number, pending: number, retrying: number, calling: number, failed: number, suppressed: number, canceled: number } } };

export type CampaignRecipientsPageQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
}>;


export type CampaignRecipientsPageQuery = { __typename?: 'Query', campaignRecipients: { __typename?: 'CampaignRecipientPage', endCursor?: string | null, hasNextPage: boolean, nodes: Array<{ __typename?: 'CampaignRecipient', id: string, to: string, timeZone?: string | null, timeZones: Array<string>, status: string, attempts: number, lastCallId?: string | null, lastDisposition?: string | null, nextAttemptAt?: string | null, answers?: Record<string, unknown> | null, optedOut: boolean }> } };

export type CampaignAnswersViewQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CampaignAnswersViewQuery = { __typename?: 'Query', campaignAnswers: Array<{ __typename?: 'QuestionAnswers', key: string, question: string, type: string, options?: Array<string> | null, answered: number, truncated: boolean, values: Array<{ __typename?: 'AnswerCount', value: unknown, count: number }> }> };

export type PauseCampaignNowMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PauseCampaignNowMutation = { __typename?: 'Mutation', pauseCampaign: { __typename?: 'Campaign', id: string, status: string } };

export type ResumeCampaignNowMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ResumeCampaignNowMutation = { __typename?: 'Mutation', resumeCampaign: { __typename?: 'Campaign', id: string, status: string } };

export type CancelCampaignNowMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CancelCampaignNowMutation = { __typename?: 'Mutation', cancelCampaign: { __typename?: 'Campaign', id: string, status: string } };

export type CarrierFieldsFragment = { __typename?: 'CarrierConnection', type: Carrier, source: CarrierConnectionSource, host?: string | null, port?: number | null, transport?: string | null, username?: string | null, accountSid?: string | null, numbers: Array<string>, passwordSet?: boolean | null, authTokenSet?: boolean | null, updatedAt?: string | null };

export type CarrierQueryVariables = Exact<{ [key: string]: never; }>;


export type CarrierQuery = { __typename?: 'Query', carrier: { __typename?: 'CarrierConnection', type: Carrier, source: CarrierConnectionSource, host?: string | null, port?: number | null, transport?: string | null, username?: string | null, accountSid?: string | null, numbers: Array<string>, passwordSet?: boolean | null, authTokenSet?: boolean | null, updatedAt?: string | null } };

export type UpdateCarrierMutationVariables = Exact<{
  input: CarrierConnectionInput;
}>;


export type UpdateCarrierMutation = { __typename?: 'Mutation', updateCarrier: { __typename?: 'CarrierConnection', type: Carrier, source: CarrierConnectionSource, host?: string | null, port?: number | null, transport?: string | null, username?: string | null, accountSid?: string | null, numbers: Array<string>, passwordSet?: boolean | null, authTokenSet?: boolean | null, updatedAt?: string | null } };

export type RemoveCarrierMutationVariables = Exact<{ [key: string]: never; }>;


export type RemoveCarrierMutation = { __typename?: 'Mutation', removeCarrier: { __typename?: 'CarrierConnection', type: Carrier, source: CarrierConnectionSource, host?: string | null, port?: number | null, transport?: string | null, username?: string | null, accountSid?: string | null, numbers: Array<string>, passwordSet?: boolean | null, authTokenSet?: boolean | null, updatedAt?: string | null } };

export type TestCarrierMutationVariables = Exact<{ [key: string]: never; }>;


export type TestCarrierMutation = { __typename?: 'Mutation', testCarrier: { __typename?: 'CarrierConnectionTest', ok: boolean, message: string } };

export type WebhookDeliveriesQueryVariables = Exact<{
  after?: InputMaybe<Scalars['String']['input']>;
  callId?: InputMaybe<Scalars['ID']['input']>;
  delivered?: InputMaybe<Scalars['Boolean']['input']>;
  event?: InputMaybe<WebhookEvent>;
}>;


export type WebhookDeliveriesQuery = { __typename?: 'Query', webhookDeliveries: { __typename?: 'WebhookDeliveryConnection', nodes: Array<{ __typename?: 'WebhookDelivery', id: string, callId?: string | null, event: WebhookEvent, state: DeliveryState, attempts: number, responseCode?: number | null, createdAt: string, deliveredAt?: string | null, nextAttemptAt?: string | null, url?: string | null }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type WebhookDeliveryQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type WebhookDeliveryQuery = { __typename?: 'Query', webhookDelivery: { __typename?: 'WebhookDeliveryDetail', id: string, event: WebhookEvent, state: DeliveryState, payload: unknown, lastError?: string | null, attemptLog: Array<{ __typename?: 'WebhookAttempt', id: string, attemptedAt: string, durationMs: number, responseCode?: number | null, responseExcerpt?: string | null, error?: string | null, trigger: AttemptTrigger, url?: string | null }> } };

export type RedeliverWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RedeliverWebhookMutation = { __typename?: 'Mutation', redeliverWebhook: { __typename?: 'WebhookDelivery', id: string, state: DeliveryState, attempts: number } };

export type ReplayWebhooksMutationVariables = Exact<{
  since: Scalars['DateTime']['input'];
  event?: InputMaybe<WebhookEvent>;
}>;


export type ReplayWebhooksMutation = { __typename?: 'Mutation', replayWebhooks: { __typename?: 'ReplayAccepted', since: string, event?: WebhookEvent | null } };

export type InboundSettingsFieldsFragment = { __typename?: 'InboundSettings', enabled: boolean, greeting?: string | null, task?: string | null, webhookUrl?: string | null, transferTo?: string | null, updatedAt?: string | null, questions: Array<{ __typename?: 'Question', key: string, text: string, type: QuestionType, options?: Array<string> | null }> };

export type InboundSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type InboundSettingsQuery = { __typename?: 'Query', inboundSettings: { __typename?: 'InboundSettings', enabled: boolean, greeting?: string | null, task?: string | null, webhookUrl?: string | null, transferTo?: string | null, updatedAt?: string | null, questions: Array<{ __typename?: 'Question', key: string, text: string, type: QuestionType, options?: Array<string> | null }> } };

export type UpdateInboundSettingsMutationVariables = Exact<{
  input: InboundSettingsInput;
}>;


export type UpdateInboundSettingsMutation = { __typename?: 'Mutation', updateInboundSettings: { __typename?: 'InboundSettings', enabled: boolean, greeting?: string | null, task?: string | null, webhookUrl?: string | null, transferTo?: string | null, updatedAt?: string | null, questions: Array<{ __typename?: 'Question', key: string, text: string, type: QuestionType, options?: Array<string> | null }> } };

export type RemoveInboundSettingsMutationVariables = Exact<{ [key: string]: never; }>;


export type RemoveInboundSettingsMutation = { __typename?: 'Mutation', removeInboundSettings: { __typename?: 'InboundSettings', enabled: boolean, greeting?: string | null, task?: string | null, webhookUrl?: string | null, transferTo?: string | null, updatedAt?: string | null, questions: Array<{ __typename?: 'Question', key: string, text: string, type: QuestionType, options?: Array<string> | null }> } };

export type InboundNumbersQueryVariables = Exact<{ [key: string]: never; }>;


export type InboundNumbersQuery = { __typename?: 'Query', carrier: { __typename?: 'CarrierConnection', type: Carrier, source: CarrierConnectionSource, numbers: Array<string> } };

export type ApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiKeysQuery = { __typename?: 'Query', apiKeys: Array<{ __typename?: 'ApiKey', id: string, name?: string | null, prefix: string, status: ApiKeyStatus, createdAt: string, lastUsedAt?: string | null, revokedAt?: string | null }> };

export type CreateApiKeyMutationVariables = Exact<{
  name?: InputMaybe<Scalars['String']['input']>;
}>;


export type CreateApiKeyMutation = { __typename?: 'Mutation', createApiKey: { __typename?: 'NewApiKey', id: string, prefix: string, secret: string } };

export type RevokeApiKeyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RevokeApiKeyMutation = { __typename?: 'Mutation', revokeApiKey: { __typename?: 'ApiKey', id: string, status: ApiKeyStatus, revokedAt?: string | null } };

export type WebhookQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhookQuery = { __typename?: 'Query', webhook: { __typename?: 'WebhookSettings', webhookUrl?: string | null, secretLast4: string } };

export type UpdateWebhookMutationVariables = Exact<{
  webhookUrl?: InputMaybe<Scalars['String']['input']>;
}>;


export type UpdateWebhookMutation = { __typename?: 'Mutation', updateWebhook: { __typename?: 'WebhookSettings', webhookUrl?: string | null, secretLast4: string } };

export type RotateWebhookSecretMutationVariables = Exact<{ [key: string]: never; }>;


export type RotateWebhookSecretMutation = { __typename?: 'Mutation', rotateWebhookSecret: { __typename?: 'RotatedWebhookSecret', webhookSecret: string } };

export type MembersQueryVariables = Exact<{
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type MembersQuery = { __typename?: 'Query', members: { __typename?: 'UserConnection', nodes: Array<{ __typename?: 'User', id: string, email: string, role: Role, active: boolean, emailVerified: boolean, createdAt: string }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type AddMemberMutationVariables = Exact<{
  input: AddMemberInput;
}>;


export type AddMemberMutation = { __typename?: 'Mutation', addMember: { __typename?: 'User', id: string, email: string } };

export type DeactivateMemberMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeactivateMemberMutation = { __typename?: 'Mutation', deactivateMember: { __typename?: 'User', id: string, active: boolean } };

export type SuppressionListQueryVariables = Exact<{
  search?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type SuppressionListQuery = { __typename?: 'Query', suppressions: { __typename?: 'SuppressionPage', endCursor?: string | null, hasNextPage: boolean, nodes: Array<{ __typename?: 'Suppression', number: string, source: string, createdAt: string }> } };

export type AddDoNotCallMutationVariables = Exact<{
  numbers: Array<Scalars['String']['input']> | Scalars['String']['input'];
}>;


export type AddDoNotCallMutation = { __typename?: 'Mutation', addSuppressions: { __typename?: 'SuppressionsAdded', added: number, numbers: number } };

export type ImportDoNotCallMutationVariables = Exact<{
  numbers: Array<Scalars['String']['input']> | Scalars['String']['input'];
}>;


export type ImportDoNotCallMutation = { __typename?: 'Mutation', importSuppressions: { __typename?: 'SuppressionsAdded', added: number, numbers: number } };

export type RemoveDoNotCallMutationVariables = Exact<{
  number: Scalars['String']['input'];
}>;


export type RemoveDoNotCallMutation = { __typename?: 'Mutation', removeSuppression: boolean };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const AgentSettingsFieldsFragmentDoc = new TypedDocumentString(`
    fragment AgentSettingsFields on AgentSettings {
  callerName
  language
  voice
  instructions
  llm {
    enabled
    active
    source
    url
    model
    apiKeySet
  }
  supportedLanguages
  updatedAt
}
    `, {"fragmentName":"AgentSettingsFields"}) as unknown as TypedDocumentString<AgentSettingsFieldsFragment, unknown>;
export const CampaignProgressFieldsFragmentDoc = new TypedDocumentString(`
    fragment CampaignProgressFields on CampaignProgress {
  total
  reached
  optedOut
  pending
  retrying
  calling
  failed
  suppressed
  canceled
}
    `, {"fragmentName":"CampaignProgressFields"}) as unknown as TypedDocumentString<CampaignProgressFieldsFragment, unknown>;
export const CarrierFieldsFragmentDoc = new TypedDocumentString(`
    fragment CarrierFields on CarrierConnection {
  type
  source
  host
  port
  transport
  username
  accountSid
  numbers
  passwordSet
  authTokenSet
  updatedAt
}
    `, {"fragmentName":"CarrierFields"}) as unknown as TypedDocumentString<CarrierFieldsFragment, unknown>;
export const InboundSettingsFieldsFragmentDoc = new TypedDocumentString(`
    fragment InboundSettingsFields on InboundSettings {
  enabled
  greeting
  task
  questions {
    key
    text
    type
    options
  }
  webhookUrl
  transferTo
  updatedAt
}
    `, {"fragmentName":"InboundSettingsFields"}) as unknown as TypedDocumentString<InboundSettingsFieldsFragment, unknown>;
export const ResendVerificationDocument = new TypedDocumentString(`
    mutation ResendVerification {
  resendVerification
}
    `) as unknown as TypedDocumentString<ResendVerificationMutation, ResendVerificationMutationVariables>;
export const CallUpdatedDocument = new TypedDocumentString(`
    subscription CallUpdated {
  callUpdated {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<CallUpdatedSubscription, CallUpdatedSubscriptionVariables>;
export const CampaignUpdatedLiveDocument = new TypedDocumentString(`
    subscription CampaignUpdatedLive($id: ID) {
  campaignUpdated(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<CampaignUpdatedLiveSubscription, CampaignUpdatedLiveSubscriptionVariables>;
export const MeDocument = new TypedDocumentString(`
    query Me {
  me {
    id
    email
    role
    emailVerified
    organization {
      id
      name
      active
    }
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const PlaceCallDocument = new TypedDocumentString(`
    mutation PlaceCall($input: PlaceCallInput!) {
  placeCall(input: $input) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PlaceCallMutation, PlaceCallMutationVariables>;
export const AdminStatsDocument = new TypedDocumentString(`
    query AdminStats {
  adminStats {
    generatedAt
    organizations {
      active
      total
    }
    users {
      active
      total
      platformAdmins
    }
    apiKeys {
      active
      revoked
    }
    calls {
      total
      open
      last24h
      byStatus {
        value
        count
      }
    }
    webhookDeliveries {
      total
      byState {
        value
        count
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AdminStatsQuery, AdminStatsQueryVariables>;
export const AdminOrganizationsDocument = new TypedDocumentString(`
    query AdminOrganizations($q: String, $after: String) {
  adminOrganizations(q: $q, after: $after, first: 20) {
    nodes {
      id
      name
      active
      userCount
      callCount
      openCallCount
      activeApiKeyCount
      createdAt
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<AdminOrganizationsQuery, AdminOrganizationsQueryVariables>;
export const AdminSetOrganizationActiveDocument = new TypedDocumentString(`
    mutation AdminSetOrganizationActive($id: ID!, $active: Boolean!) {
  adminSetOrganizationActive(id: $id, active: $active) {
    id
    active
  }
}
    `) as unknown as TypedDocumentString<AdminSetOrganizationActiveMutation, AdminSetOrganizationActiveMutationVariables>;
export const AdminUsersDocument = new TypedDocumentString(`
    query AdminUsers($q: String, $after: String) {
  adminUsers(q: $q, after: $after, first: 20) {
    nodes {
      id
      email
      role
      active
      emailVerified
      isPlatformAdmin
      orgId
      createdAt
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<AdminUsersQuery, AdminUsersQueryVariables>;
export const AdminSetUserActiveDocument = new TypedDocumentString(`
    mutation AdminSetUserActive($id: ID!, $active: Boolean!) {
  adminSetUserActive(id: $id, active: $active) {
    id
    active
  }
}
    `) as unknown as TypedDocumentString<AdminSetUserActiveMutation, AdminSetUserActiveMutationVariables>;
export const AdminAuditLogDocument = new TypedDocumentString(`
    query AdminAuditLog($after: String) {
  adminAuditLog(after: $after, first: 20) {
    nodes {
      id
      action
      actorEmail
      targetType
      targetId
      createdAt
      ip
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<AdminAuditLogQuery, AdminAuditLogQueryVariables>;
export const AgentSettingsDocument = new TypedDocumentString(`
    query AgentSettings {
  agentSettings {
    ...AgentSettingsFields
  }
}
    fragment AgentSettingsFields on AgentSettings {
  callerName
  language
  voice
  instructions
  llm {
    enabled
    active
    source
    url
    model
    apiKeySet
  }
  supportedLanguages
  updatedAt
}`) as unknown as TypedDocumentString<AgentSettingsQuery, AgentSettingsQueryVariables>;
export const UpdateAgentSettingsDocument = new TypedDocumentString(`
    mutation UpdateAgentSettings($input: AgentSettingsInput!) {
  updateAgentSettings(input: $input) {
    ...AgentSettingsFields
  }
}
    fragment AgentSettingsFields on AgentSettings {
  callerName
  language
  voice
  instructions
  llm {
    enabled
    active
    source
    url
    model
    apiKeySet
  }
  supportedLanguages
  updatedAt
}`) as unknown as TypedDocumentString<UpdateAgentSettingsMutation, UpdateAgentSettingsMutationVariables>;
export const AnalyticsViewDocument = new TypedDocumentString(`
    query AnalyticsView($from: String!, $to: String!, $campaignId: ID) {
  analytics(from: $from, to: $to, campaignId: $campaignId) {
    calls {
      day
      calls
      outcomes {
        outcome
        count
      }
      answered
      answerRate
      averageDurationSeconds
      latencyP50Ms
      latencyP95Ms
      latencyCalls
    }
    deliveries {
      day
      attempts
      succeeded
      successRate
      averageLatencyMs
      latencyP95Ms
    }
  }
}
    `) as unknown as TypedDocumentString<AnalyticsViewQuery, AnalyticsViewQueryVariables>;
export const CampaignChoicesDocument = new TypedDocumentString(`
    query CampaignChoices {
  campaigns(first: 100) {
    nodes {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<CampaignChoicesQuery, CampaignChoicesQueryVariables>;
export const LoginDocument = new TypedDocumentString(`
    mutation Login($email: String!, $password: String!) {
  login(email: $email, password: $password) {
    accessToken
    expiresIn
  }
}
    `) as unknown as TypedDocumentString<LoginMutation, LoginMutationVariables>;
export const SignupDocument = new TypedDocumentString(`
    mutation Signup($input: SignupInput!) {
  signup(input: $input) {
    accessToken
    expiresIn
    webhookSecret
    apiKey {
      id
      prefix
      secret
    }
  }
}
    `) as unknown as TypedDocumentString<SignupMutation, SignupMutationVariables>;
export const VerifyEmailDocument = new TypedDocumentString(`
    mutation VerifyEmail($token: String!) {
  verifyEmail(token: $token) {
    emailVerified
  }
}
    `) as unknown as TypedDocumentString<VerifyEmailMutation, VerifyEmailMutationVariables>;
export const RequestPasswordResetDocument = new TypedDocumentString(`
    mutation RequestPasswordReset($email: String!) {
  requestPasswordReset(email: $email)
}
    `) as unknown as TypedDocumentString<RequestPasswordResetMutation, RequestPasswordResetMutationVariables>;
export const ResetPasswordDocument = new TypedDocumentString(`
    mutation ResetPassword($token: String!, $password: String!) {
  resetPassword(token: $token, password: $password) {
    accessToken
    expiresIn
  }
}
    `) as unknown as TypedDocumentString<ResetPasswordMutation, ResetPasswordMutationVariables>;
export const AcceptInvitationDocument = new TypedDocumentString(`
    mutation AcceptInvitation($token: String!, $password: String!) {
  acceptInvitation(token: $token, password: $password) {
    accessToken
    expiresIn
  }
}
    `) as unknown as TypedDocumentString<AcceptInvitationMutation, AcceptInvitationMutationVariables>;
export const CallsDocument = new TypedDocumentString(`
    query Calls($status: CallStatus, $after: String) {
  calls(first: 20, status: $status, after: $after) {
    nodes {
      id
      to
      status
      disposition
      durationSeconds
      createdAt
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<CallsQuery, CallsQueryVariables>;
export const CallDocument = new TypedDocumentString(`
    query Call($id: ID!) {
  call(id: $id) {
    id
    to
    from
    status
    disposition
    task
    questions {
      key
      text
    }
    createdAt
    startedAt
    endedAt
    durationSeconds
    maxDurationSeconds
    transcript
    structuredAnswers
    recordingUrl
    webhookUrl
    metadata
    callerName
    optedOut
    callbackAt
    turns {
      speaker
      text
      startMs
      endMs
      interrupted
      latency {
        endOfTurnMs
        recognitionMs
        decisionMs
        synthesisMs
        totalMs
      }
    }
    latency {
      p50Ms
      p95Ms
      turns
    }
  }
}
    `) as unknown as TypedDocumentString<CallQuery, CallQueryVariables>;
export const CancelCallDocument = new TypedDocumentString(`
    mutation CancelCall($id: ID!) {
  cancelCall(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<CancelCallMutation, CancelCallMutationVariables>;
export const RecipientsPreviewDocument = new TypedDocumentString(`
    query RecipientsPreview($input: PreviewRecipientsInput!) {
  previewCampaignRecipients(input: $input) {
    total
    valid
    invalid
    suppressed
    duplicates
    rows {
      index
      to
      errors {
        field
        message
      }
      timeZones
      timeZoneSource
      firstCallAt
      suppressed
      duplicate
    }
  }
}
    `) as unknown as TypedDocumentString<RecipientsPreviewQuery, RecipientsPreviewQueryVariables>;
export const CreateCampaignFromFileDocument = new TypedDocumentString(`
    mutation CreateCampaignFromFile($input: CreateCampaignInput!) {
  createCampaign(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateCampaignFromFileMutation, CreateCampaignFromFileMutationVariables>;
export const AppendCampaignRecipientsDocument = new TypedDocumentString(`
    mutation AppendCampaignRecipients($id: ID!, $recipients: [CampaignRecipientInput!]!, $idempotencyKey: String) {
  addCampaignRecipients(
    id: $id
    recipients: $recipients
    idempotencyKey: $idempotencyKey
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<AppendCampaignRecipientsMutation, AppendCampaignRecipientsMutationVariables>;
export const CampaignsListDocument = new TypedDocumentString(`
    query CampaignsList($after: String) {
  campaigns(first: 20, after: $after) {
    nodes {
      id
      name
      status
      createdAt
      progress {
        ...CampaignProgressFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment CampaignProgressFields on CampaignProgress {
  total
  reached
  optedOut
  pending
  retrying
  calling
  failed
  suppressed
  canceled
}`) as unknown as TypedDocumentString<CampaignsListQuery, CampaignsListQueryVariables>;
export const CampaignDetailDocument = new TypedDocumentString(`
    query CampaignDetail($id: ID!) {
  campaign(id: $id) {
    id
    name
    status
    task
    questions
    startAt
    endAt
    timeZone
    callingWindow {
      days
      start
      end
    }
    maxConcurrentCalls
    maxCallsPerSecond
    retry
    createdAt
    startedAt
    completedAt
    progress {
      ...CampaignProgressFields
    }
  }
}
    fragment CampaignProgressFields on CampaignProgress {
  total
  reached
  optedOut
  pending
  retrying
  calling
  failed
  suppressed
  canceled
}`) as unknown as TypedDocumentString<CampaignDetailQuery, CampaignDetailQueryVariables>;
export const CampaignRecipientsPageDocument = new TypedDocumentString(`
    query CampaignRecipientsPage($id: ID!, $first: Int, $after: String, $status: String) {
  campaignRecipients(id: $id, first: $first, after: $after, status: $status) {
    nodes {
      id
      to
      timeZone
      timeZones
      status
      attempts
      lastCallId
      lastDisposition
      nextAttemptAt
      answers
      optedOut
    }
    endCursor
    hasNextPage
  }
}
    `) as unknown as TypedDocumentString<CampaignRecipientsPageQuery, CampaignRecipientsPageQueryVariables>;
export const CampaignAnswersViewDocument = new TypedDocumentString(`
    query CampaignAnswersView($id: ID!) {
  campaignAnswers(id: $id) {
    key
    question
    type
    options
    answered
    truncated
    values {
      value
      count
    }
  }
}
    `) as unknown as TypedDocumentString<CampaignAnswersViewQuery, CampaignAnswersViewQueryVariables>;
export const PauseCampaignNowDocument = new TypedDocumentString(`
    mutation PauseCampaignNow($id: ID!) {
  pauseCampaign(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PauseCampaignNowMutation, PauseCampaignNowMutationVariables>;
export const ResumeCampaignNowDocument = new TypedDocumentString(`
    mutation ResumeCampaignNow($id: ID!) {
  resumeCampaign(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<ResumeCampaignNowMutation, ResumeCampaignNowMutationVariables>;
export const CancelCampaignNowDocument = new TypedDocumentString(`
    mutation CancelCampaignNow($id: ID!) {
  cancelCampaign(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<CancelCampaignNowMutation, CancelCampaignNowMutationVariables>;
export const CarrierDocument = new TypedDocumentString(`
    query Carrier {
  carrier {
    ...CarrierFields
  }
}
    fragment CarrierFields on CarrierConnection {
  type
  source
  host
  port
  transport
  username
  accountSid
  numbers
  passwordSet
  authTokenSet
  updatedAt
}`) as unknown as TypedDocumentString<CarrierQuery, CarrierQueryVariables>;
export const UpdateCarrierDocument = new TypedDocumentString(`
    mutation UpdateCarrier($input: CarrierConnectionInput!) {
  updateCarrier(input: $input) {
    ...CarrierFields
  }
}
    fragment CarrierFields on CarrierConnection {
  type
  source
  host
  port
  transport
  username
  accountSid
  numbers
  passwordSet
  authTokenSet
  updatedAt
}`) as unknown as TypedDocumentString<UpdateCarrierMutation, UpdateCarrierMutationVariables>;
export const RemoveCarrierDocument = new TypedDocumentString(`
    mutation RemoveCarrier {
  removeCarrier {
    ...CarrierFields
  }
}
    fragment CarrierFields on CarrierConnection {
  type
  source
  host
  port
  transport
  username
  accountSid
  numbers
  passwordSet
  authTokenSet
  updatedAt
}`) as unknown as TypedDocumentString<RemoveCarrierMutation, RemoveCarrierMutationVariables>;
export const TestCarrierDocument = new TypedDocumentString(`
    mutation TestCarrier {
  testCarrier {
    ok
    message
  }
}
    `) as unknown as TypedDocumentString<TestCarrierMutation, TestCarrierMutationVariables>;
export const WebhookDeliveriesDocument = new TypedDocumentString(`
    query WebhookDeliveries($after: String, $callId: ID, $delivered: Boolean, $event: WebhookEvent) {
  webhookDeliveries(
    first: 20
    after: $after
    callId: $callId
    delivered: $delivered
    event: $event
  ) {
    nodes {
      id
      callId
      event
      state
      attempts
      responseCode
      createdAt
      deliveredAt
      nextAttemptAt
      url
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const WebhookDeliveryDocument = new TypedDocumentString(`
    query WebhookDelivery($id: ID!) {
  webhookDelivery(id: $id) {
    id
    event
    state
    payload
    lastError
    attemptLog {
      id
      attemptedAt
      durationMs
      responseCode
      responseExcerpt
      error
      trigger
      url
    }
  }
}
    `) as unknown as TypedDocumentString<WebhookDeliveryQuery, WebhookDeliveryQueryVariables>;
export const RedeliverWebhookDocument = new TypedDocumentString(`
    mutation RedeliverWebhook($id: ID!) {
  redeliverWebhook(id: $id) {
    id
    state
    attempts
  }
}
    `) as unknown as TypedDocumentString<RedeliverWebhookMutation, RedeliverWebhookMutationVariables>;
export const ReplayWebhooksDocument = new TypedDocumentString(`
    mutation ReplayWebhooks($since: DateTime!, $event: WebhookEvent) {
  replayWebhooks(since: $since, event: $event) {
    since
    event
  }
}
    `) as unknown as TypedDocumentString<ReplayWebhooksMutation, ReplayWebhooksMutationVariables>;
export const InboundSettingsDocument = new TypedDocumentString(`
    query InboundSettings {
  inboundSettings {
    ...InboundSettingsFields
  }
}
    fragment InboundSettingsFields on InboundSettings {
  enabled
  greeting
  task
  questions {
    key
    text
    type
    options
  }
  webhookUrl
  transferTo
  updatedAt
}`) as unknown as TypedDocumentString<InboundSettingsQuery, InboundSettingsQueryVariables>;
export const UpdateInboundSettingsDocument = new TypedDocumentString(`
    mutation UpdateInboundSettings($input: InboundSettingsInput!) {
  updateInboundSettings(input: $input) {
    ...InboundSettingsFields
  }
}
    fragment InboundSettingsFields on InboundSettings {
  enabled
  greeting
  task
  questions {
    key
    text
    type
    options
  }
  webhookUrl
  transferTo
  updatedAt
}`) as unknown as TypedDocumentString<UpdateInboundSettingsMutation, UpdateInboundSettingsMutationVariables>;
export const RemoveInboundSettingsDocument = new TypedDocumentString(`
    mutation RemoveInboundSettings {
  removeInboundSettings {
    ...InboundSettingsFields
  }
}
    fragment InboundSettingsFields on InboundSettings {
  enabled
  greeting
  task
  questions {
    key
    text
    type
    options
  }
  webhookUrl
  transferTo
  updatedAt
}`) as unknown as TypedDocumentString<RemoveInboundSettingsMutation, RemoveInboundSettingsMutationVariables>;
export const InboundNumbersDocument = new TypedDocumentString(`
    query InboundNumbers {
  carrier {
    type
    source
    numbers
  }
}
    `) as unknown as TypedDocumentString<InboundNumbersQuery, InboundNumbersQueryVariables>;
export const ApiKeysDocument = new TypedDocumentString(`
    query ApiKeys {
  apiKeys {
    id
    name
    prefix
    status
    createdAt
    lastUsedAt
    revokedAt
  }
}
    `) as unknown as TypedDocumentString<ApiKeysQuery, ApiKeysQueryVariables>;
export const CreateApiKeyDocument = new TypedDocumentString(`
    mutation CreateApiKey($name: String) {
  createApiKey(name: $name) {
    id
    prefix
    secret
  }
}
    `) as unknown as TypedDocumentString<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const RevokeApiKeyDocument = new TypedDocumentString(`
    mutation RevokeApiKey($id: ID!) {
  revokeApiKey(id: $id) {
    id
    status
    revokedAt
  }
}
    `) as unknown as TypedDocumentString<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const WebhookDocument = new TypedDocumentString(`
    query Webhook {
  webhook {
    webhookUrl
    secretLast4
  }
}
    `) as unknown as TypedDocumentString<WebhookQuery, WebhookQueryVariables>;
export const UpdateWebhookDocument = new TypedDocumentString(`
    mutation UpdateWebhook($webhookUrl: String) {
  updateWebhook(webhookUrl: $webhookUrl) {
    webhookUrl
    secretLast4
  }
}
    `) as unknown as TypedDocumentString<UpdateWebhookMutation, UpdateWebhookMutationVariables>;
export const RotateWebhookSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookSecret {
  rotateWebhookSecret {
    webhookSecret
  }
}
    `) as unknown as TypedDocumentString<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const MembersDocument = new TypedDocumentString(`
    query Members($after: String) {
  members(first: 20, after: $after) {
    nodes {
      id
      email
      role
      active
      emailVerified
      createdAt
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<MembersQuery, MembersQueryVariables>;
export const AddMemberDocument = new TypedDocumentString(`
    mutation AddMember($input: AddMemberInput!) {
  addMember(input: $input) {
    id
    email
  }
}
    `) as unknown as TypedDocumentString<AddMemberMutation, AddMemberMutationVariables>;
export const DeactivateMemberDocument = new TypedDocumentString(`
    mutation DeactivateMember($id: ID!) {
  deactivateMember(id: $id) {
    id
    active
  }
}
    `) as unknown as TypedDocumentString<DeactivateMemberMutation, DeactivateMemberMutationVariables>;
export const SuppressionListDocument = new TypedDocumentString(`
    query SuppressionList($search: String, $after: String, $first: Int) {
  suppressions(search: $search, after: $after, first: $first) {
    nodes {
      number
      source
      createdAt
    }
    endCursor
    hasNextPage
  }
}
    `) as unknown as TypedDocumentString<SuppressionListQuery, SuppressionListQueryVariables>;
export const AddDoNotCallDocument = new TypedDocumentString(`
    mutation AddDoNotCall($numbers: [String!]!) {
  addSuppressions(numbers: $numbers) {
    added
    numbers
  }
}
    `) as unknown as TypedDocumentString<AddDoNotCallMutation, AddDoNotCallMutationVariables>;
export const ImportDoNotCallDocument = new TypedDocumentString(`
    mutation ImportDoNotCall($numbers: [String!]!) {
  importSuppressions(numbers: $numbers) {
    added
    numbers
  }
}
    `) as unknown as TypedDocumentString<ImportDoNotCallMutation, ImportDoNotCallMutationVariables>;
export const RemoveDoNotCallDocument = new TypedDocumentString(`
    mutation RemoveDoNotCall($number: String!) {
  removeSuppression(number: $number)
}
    `) as unknown as TypedDocumentString<RemoveDoNotCallMutation, RemoveDoNotCallMutationVariables>;