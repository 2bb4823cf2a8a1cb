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
  /** The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSON: { input: unknown; output: unknown; }
  /** The `JSONObject` scalar type represents JSON objects as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSONObject: { input: Record<string, unknown>; output: Record<string, unknown>; }
};

export type ActiveTotal = {
  __typename?: 'ActiveTotal';
  active: Scalars['Int']['output'];
  total: Scalars['Int']['output'];
};

export type AddMemberInput = {
  email: Scalars['String']['input'];
  /** Omit it to send an invitation instead: the member chooses their own password. */
  password?: InputMaybe<Scalars['String']['input']>;
  /** member (default) or owner */
  role?: InputMaybe<Scalars['String']['input']>;
};

export type AdminApiKey = {
  __typename?: 'AdminApiKey';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  orgId: Scalars['ID']['output'];
  /** First 16 characters of the secret. */
  prefix: Scalars['String']['output'];
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** active or revoked */
  status: Scalars['String']['output'];
};

export type AdminApiKeyStats = {
  __typename?: 'AdminApiKeyStats';
  active: Scalars['Int']['output'];
  revoked: Scalars['Int']['output'];
};

export type AdminCall = {
  __typename?: 'AdminCall';
  /** Same as id; the name REST and webhooks use. */
  callId: Scalars['ID']['output'];
  createdAt: Scalars['DateTime']['output'];
  disposition?: Maybe<Scalars['String']['output']>;
  durationSeconds?: Maybe<Scalars['Int']['output']>;
  endedAt?: Maybe<Scalars['DateTime']['output']>;
  from?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  maxDurationSeconds: Scalars['Int']['output'];
  metadata: Scalars['JSONObject']['output'];
  orgId: Scalars['ID']['output'];
  questions: Scalars['JSON']['output'];
  /** Signed link that works without a credential until it expires. */
  recordingUrl?: Maybe<Scalars['String']['output']>;
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** queued, ringing, in_progress, completed, failed or canceled */
  status: Scalars['String']['output'];
  structuredAnswers?: Maybe<Scalars['JSONObject']['output']>;
  task?: Maybe<Scalars['String']['output']>;
  to: Scalars['String']['output'];
  transcript?: Maybe<Scalars['String']['output']>;
  webhookUrl?: Maybe<Scalars['String']['output']>;
};

export type AdminCallConnection = {
  __typename?: 'AdminCallConnection';
  edges: Array<AdminCallEdge>;
  nodes: Array<AdminCall>;
  pageInfo: PageInfo;
};

export type AdminCallEdge = {
  __typename?: 'AdminCallEdge';
  cursor: Scalars['String']['output'];
  node: AdminCall;
};

export type AdminCallStats = {
  __typename?: 'AdminCallStats';
  byStatus: Array<CountByValue>;
  last24h: Scalars['Int']['output'];
  /** Queued, ringing or in progress. */
  open: Scalars['Int']['output'];
  total: Scalars['Int']['output'];
};

export type AdminDeliveryStats = {
  __typename?: 'AdminDeliveryStats';
  byState: Array<CountByValue>;
  total: Scalars['Int']['output'];
};

/** An organization with what it holds (platform admins only). */
export type AdminOrganization = {
  __typename?: 'AdminOrganization';
  active: Scalars['Boolean']['output'];
  activeApiKeyCount: Scalars['Int']['output'];
  apiKeyCount: Scalars['Int']['output'];
  callCount: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** Calls queued, ringing or in progress. */
  openCallCount: Scalars['Int']['output'];
  updatedAt: Scalars['DateTime']['output'];
  userCount: Scalars['Int']['output'];
  webhookUrl?: Maybe<Scalars['String']['output']>;
};

export type AdminOrganizationConnection = {
  __typename?: 'AdminOrganizationConnection';
  edges: Array<AdminOrganizationEdge>;
  nodes: Array<AdminOrganization>;
  pageInfo: PageInfo;
};

export type AdminOrganizationEdge = {
  __typename?: 'AdminOrganizationEdge';
  cursor: Scalars['String']['output'];
  node: AdminOrganization;
};

export type AdminStats = {
  __typename?: 'AdminStats';
  apiKeys: AdminApiKeyStats;
  calls: AdminCallStats;
  generatedAt: Scalars['DateTime']['output'];
  organizations: ActiveTotal;
  users: AdminUserStats;
  webhookDeliveries: AdminDeliveryStats;
};

export type AdminUser = {
  __typename?: 'AdminUser';
  active: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  /** True once the holder of the address followed a mailed link (verification, invitation or password reset). */
  emailVerified: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  /** Role platform_admin, or a verified e-mail listed in PLATFORM_ADMIN_EMAILS. */
  isPlatformAdmin: Scalars['Boolean']['output'];
  orgId: Scalars['ID']['output'];
  /** owner, member or platform_admin */
  role: Scalars['String']['output'];
};

export type AdminUserConnection = {
  __typename?: 'AdminUserConnection';
  edges: Array<AdminUserEdge>;
  nodes: Array<AdminUser>;
  pageInfo: PageInfo;
};

export type AdminUserEdge = {
  __typename?: 'AdminUserEdge';
  cursor: Scalars['String']['output'];
  node: AdminUser;
};

export type AdminUserStats = {
  __typename?: 'AdminUserStats';
  active: Scalars['Int']['output'];
  platformAdmins: Scalars['Int']['output'];
  total: Scalars['Int']['output'];
};

export type AdminWebhookDelivery = {
  __typename?: 'AdminWebhookDelivery';
  attempts: Scalars['Int']['output'];
  callId: Scalars['ID']['output'];
  createdAt: Scalars['DateTime']['output'];
  delivered: Scalars['Boolean']['output'];
  deliveredAt?: Maybe<Scalars['DateTime']['output']>;
  event: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastError?: Maybe<Scalars['String']['output']>;
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  orgId: Scalars['ID']['output'];
  responseCode?: Maybe<Scalars['Int']['output']>;
  /** pending, delivered, failed or undeliverable */
  state: Scalars['String']['output'];
  url?: Maybe<Scalars['String']['output']>;
};

export type AdminWebhookDeliveryConnection = {
  __typename?: 'AdminWebhookDeliveryConnection';
  edges: Array<AdminWebhookDeliveryEdge>;
  nodes: Array<AdminWebhookDelivery>;
  pageInfo: PageInfo;
};

export type AdminWebhookDeliveryEdge = {
  __typename?: 'AdminWebhookDeliveryEdge';
  cursor: Scalars['String']['output'];
  node: AdminWebhookDelivery;
};

export type ApiKey = {
  __typename?: 'ApiKey';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  /** First 16 characters of the secret. */
  prefix: Scalars['String']['output'];
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** active or revoked */
  status: Scalars['String']['output'];
};

/** One platform-admin change: who, what, on which target, before and after, when. */
export type AuditEntry = {
  __typename?: 'AuditEntry';
  /** e.g. organization.deactivate, user.activate, api_key.revoke, user.promote */
  action: Scalars['String']['output'];
  actorEmail: Scalars['String']['output'];
  actorUserId: Scalars['ID']['output'];
  after?: Maybe<Scalars['JSONObject']['output']>;
  before?: Maybe<Scalars['JSONObject']['output']>;
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  ip?: Maybe<Scalars['String']['output']>;
  orgId?: Maybe<Scalars['ID']['output']>;
  requestId?: Maybe<Scalars['String']['output']>;
  targetId: Scalars['String']['output'];
  /** organization, user or api_key */
  targetType: Scalars['String']['output'];
};

export type AuditEntryConnection = {
  __typename?: 'AuditEntryConnection';
  edges: Array<AuditEntryEdge>;
  nodes: Array<AuditEntry>;
  pageInfo: PageInfo;
};

export type AuditEntryEdge = {
  __typename?: 'AuditEntryEdge';
  cursor: Scalars['String']['output'];
  node: AuditEntry;
};

export type AuthPayload = {
  __typename?: 'AuthPayload';
  accessToken: Scalars['String']['output'];
  /** Seconds until the token expires. */
  expiresIn: Scalars['Int']['output'];
  /** Always "bearer". */
  tokenType: Scalars['String']['output'];
};

export type Call = {
  __typename?: 'Call';
  /** Same as id; the name REST and webhooks use. */
  callId: Scalars['ID']['output'];
  createdAt: Scalars['DateTime']['output'];
  disposition?: Maybe<Scalars['String']['output']>;
  durationSeconds?: Maybe<Scalars['Int']['output']>;
  endedAt?: Maybe<Scalars['DateTime']['output']>;
  from?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  maxDurationSeconds: Scalars['Int']['output'];
  metadata: Scalars['JSONObject']['output'];
  questions: Scalars['JSON']['output'];
  /** Signed link that works without a credential until it expires. */
  recordingUrl?: Maybe<Scalars['String']['output']>;
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** queued, ringing, in_progress, completed, failed or canceled */
  status: Scalars['String']['output'];
  structuredAnswers?: Maybe<Scalars['JSONObject']['output']>;
  task?: Maybe<Scalars['String']['output']>;
  to: Scalars['String']['output'];
  transcript?: Maybe<Scalars['String']['output']>;
  webhookUrl?: Maybe<Scalars['String']['output']>;
};

export type CallConnection = {
  __typename?: 'CallConnection';
  edges: Array<CallEdge>;
  nodes: Array<Call>;
  pageInfo: PageInfo;
};

export type CallEdge = {
  __typename?: 'CallEdge';
  cursor: Scalars['String']['output'];
  node: Call;
};

export type CountByValue = {
  __typename?: 'CountByValue';
  count: Scalars['Int']['output'];
  value: Scalars['String']['output'];
};

export type EmailVerification = {
  __typename?: 'EmailVerification';
  /** Always true. */
  emailVerified: Scalars['Boolean']['output'];
};

export type Me = {
  __typename?: 'Me';
  active: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  /** True once the holder of the address followed a mailed link (verification, invitation or password reset). */
  emailVerified: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  orgId: Scalars['ID']['output'];
  organization: Organization;
  /** owner, member or platform_admin */
  role: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Chooses a password with the token of an invitation mail; accepting verifies the address. */
  acceptInvitation: AuthPayload;
  /** Owner only. Without a password the member is invited by mail; with one they exist at once, unverified. */
  addMember: User;
  /** Platform admins only. Revokes any organization key (leaked-key response); idempotent. */
  adminRevokeApiKey: AdminApiKey;
  /** Platform admins only. Deactivation locks out tokens, keys and logins at once. */
  adminSetOrganizationActive: AdminOrganization;
  /** Platform admins only; not oneself. */
  adminSetUserActive: AdminUser;
  /** Only while queued or ringing. */
  cancelCall: Call;
  /** Needs the current password; ends every other session and returns a new token. */
  changePassword: AuthPayload;
  /** Owner only. The secret is returned this once. */
  createApiKey: NewApiKey;
  /** Owner only; not oneself. */
  deactivateMember: User;
  login: AuthPayload;
  /** Ends every token of the current user, this one included. Always true. */
  logoutAll: Scalars['Boolean']['output'];
  /** Owner only. Queues a manual attempt now; if it fails, nothing further is scheduled. */
  redeliverWebhook: WebhookDelivery;
  /** Owner only. Redelivers every undelivered event since a time, in the background. */
  replayWebhooks: ReplayAccepted;
  /** Mails a reset link when the address has an account. Always true: the answer never tells. */
  requestPasswordReset: Scalars['Boolean']['output'];
  /** Sends a new verification mail (nothing when already verified). Always true. */
  resendVerification: Scalars['Boolean']['output'];
  /** Sets a new password with the token of a reset mail; ends every earlier session and lifts a login lockout. */
  resetPassword: AuthPayload;
  /** Owner only. Idempotent; effective on the next request. */
  revokeApiKey: ApiKey;
  /** Owner only. */
  rotateWebhookSecret: RotatedWebhookSecret;
  signup: SignupPayload;
  /** Owner only. Pass null to remove the default destination. */
  updateWebhook: WebhookSettings;
  /** Uses the token of a verification mail (once; 48 h). Bad, used or expired: BAD_USER_INPUT, reason invalid_token. */
  verifyEmail: EmailVerification;
};


export type MutationAcceptInvitationArgs = {
  password: Scalars['String']['input'];
  token: Scalars['String']['input'];
};


export type MutationAddMemberArgs = {
  input: AddMemberInput;
};


export type MutationAdminRevokeApiKeyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationAdminSetOrganizationActiveArgs = {
  active: Scalars['Boolean']['input'];
  id: Scalars['ID']['input'];
};


export type MutationAdminSetUserActiveArgs = {
  active: Scalars['Boolean']['input'];
  id: Scalars['ID']['input'];
};


export type MutationCancelCallArgs = {
  id: Scalars['ID']['input'];
};


export type MutationChangePasswordArgs = {
  currentPassword: Scalars['String']['input'];
  newPassword: Scalars['String']['input'];
};


export type MutationCreateApiKeyArgs = {
  name?: InputMaybe<Scalars['String']['input']>;
};


export type MutationDeactivateMemberArgs = {
  id: Scalars['ID']['input'];
};


export type MutationLoginArgs = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};


export type MutationRedeliverWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationReplayWebhooksArgs = {
  event?: InputMaybe<Scalars['String']['input']>;
  since: Scalars['String']['input'];
};


export type MutationRequestPasswordResetArgs = {
  email: Scalars['String']['input'];
};


export type MutationResetPasswordArgs = {
  password: Scalars['String']['input'];
  token: Scalars['String']['input'];
};


export type MutationRevokeApiKeyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSignupArgs = {
  input: SignupInput;
};


export type MutationUpdateWebhookArgs = {
  webhookUrl?: InputMaybe<Scalars['String']['input']>;
};


export type MutationVerifyEmailArgs = {
  token: Scalars['String']['input'];
};

/** A key just created: the only time its secret is shown. */
export type NewApiKey = {
  __typename?: 'NewApiKey';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  /** First 16 characters of the secret. */
  prefix: Scalars['String']['output'];
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  secret: Scalars['String']['output'];
  /** active or revoked */
  status: Scalars['String']['output'];
};

export type Organization = {
  __typename?: 'Organization';
  active: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  webhookUrl?: Maybe<Scalars['String']['output']>;
};

export type PageInfo = {
  __typename?: 'PageInfo';
  /** Pass as `after` to get the next page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

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
  /** The organization's API keys, newest first. */
  apiKeys: Array<ApiKey>;
  call: Call;
  calls: CallConnection;
  me: Me;
  members: UserConnection;
  organization: Organization;
  webhook: WebhookSettings;
  webhookDeliveries: WebhookDeliveryConnection;
  webhookDelivery: WebhookDeliveryDetail;
};


export type QueryAdminAuditLogArgs = {
  action?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orgId?: InputMaybe<Scalars['ID']['input']>;
  targetId?: InputMaybe<Scalars['String']['input']>;
};


export type QueryAdminCallsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orgId?: InputMaybe<Scalars['ID']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
};


export type QueryAdminOrganizationArgs = {
  id: Scalars['ID']['input'];
};


export type QueryAdminOrganizationsArgs = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
};


export type QueryAdminUsersArgs = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orgId?: InputMaybe<Scalars['ID']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
};


export type QueryAdminWebhookDeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  delivered?: InputMaybe<Scalars['Boolean']['input']>;
  event?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orgId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryCallArgs = {
  id: Scalars['ID']['input'];
};


export type QueryCallsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
};


export type QueryMembersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryWebhookDeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  callId?: InputMaybe<Scalars['ID']['input']>;
  delivered?: InputMaybe<Scalars['Boolean']['input']>;
  event?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryWebhookDeliveryArgs = {
  id: Scalars['ID']['input'];
};

export type ReplayAccepted = {
  __typename?: 'ReplayAccepted';
  event?: Maybe<Scalars['String']['output']>;
  since: Scalars['String']['output'];
};

export type RotatedWebhookSecret = {
  __typename?: 'RotatedWebhookSecret';
  /** The new signing secret, shown this once. The previous one keeps signing for 24 hours. */
  webhookSecret: Scalars['String']['output'];
};

export type SignupInput = {
  email: Scalars['String']['input'];
  organizationName?: InputMaybe<Scalars['String']['input']>;
  password: Scalars['String']['input'];
};

export type SignupPayload = {
  __typename?: 'SignupPayload';
  accessToken: Scalars['String']['output'];
  apiKey: NewApiKey;
  /** Seconds until the token expires. */
  expiresIn: Scalars['Int']['output'];
  organization: Organization;
  /** Always "bearer". */
  tokenType: Scalars['String']['output'];
  user: User;
  /** The webhook signing secret, shown only here and on rotation. */
  webhookSecret: Scalars['String']['output'];
};

export type User = {
  __typename?: 'User';
  active: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  /** True once the holder of the address followed a mailed link (verification, invitation or password reset). */
  emailVerified: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  orgId: Scalars['ID']['output'];
  /** owner, member or platform_admin */
  role: Scalars['String']['output'];
};

export type UserConnection = {
  __typename?: 'UserConnection';
  edges: Array<UserEdge>;
  nodes: Array<User>;
  pageInfo: PageInfo;
};

export type UserEdge = {
  __typename?: 'UserEdge';
  cursor: Scalars['String']['output'];
  node: User;
};

export type WebhookAttempt = {
  __typename?: 'WebhookAttempt';
  attemptedAt: Scalars['DateTime']['output'];
  durationMs: Scalars['Int']['output'];
  error?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  responseCode?: Maybe<Scalars['Int']['output']>;
  responseExcerpt?: Maybe<Scalars['String']['output']>;
  /** scheduled or manual */
  trigger: Scalars['String']['output'];
  url?: Maybe<Scalars['String']['output']>;
};

export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  attempts: Scalars['Int']['output'];
  callId: Scalars['ID']['output'];
  createdAt: Scalars['DateTime']['output'];
  delivered: Scalars['Boolean']['output'];
  deliveredAt?: Maybe<Scalars['DateTime']['output']>;
  event: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastError?: Maybe<Scalars['String']['output']>;
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  responseCode?: Maybe<Scalars['Int']['output']>;
  /** pending, delivered, failed or undeliverable */
  state: Scalars['String']['output'];
  url?: Maybe<Scalars['String']['output']>;
};

export type WebhookDeliveryConnection = {
  __typename?: 'WebhookDeliveryConnection';
  edges: Array<WebhookDeliveryEdge>;
  nodes: Array<WebhookDelivery>;
  pageInfo: PageInfo;
};

export type WebhookDeliveryDetail = {
  __typename?: 'WebhookDeliveryDetail';
  attemptLog: Array<WebhookAttempt>;
  attempts: Scalars['Int']['output'];
  callId: Scalars['ID']['output'];
  createdAt: Scalars['DateTime']['output'];
  delivered: Scalars['Boolean']['output'];
  deliveredAt?: Maybe<Scalars['DateTime']['output']>;
  event: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastError?: Maybe<Scalars['String']['output']>;
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** The event body exactly as sent. */
  payload: Scalars['JSON']['output'];
  responseCode?: Maybe<Scalars['Int']['output']>;
  /** pending, delivered, failed or undeliverable */
  state: Scalars['String']['output'];
  url?: Maybe<Scalars['String']['output']>;
};

export type WebhookDeliveryEdge = {
  __typename?: 'WebhookDeliveryEdge';
  cursor: Scalars['String']['output'];
  node: WebhookDelivery;
};

export type WebhookSettings = {
  __typename?: 'WebhookSettings';
  /** Last four characters of the signing secret, to tell secrets apart. */
  secretLast4: Scalars['String']['output'];
  webhookUrl?: Maybe<Scalars['String']['output']>;
};

export type ResendVerificationMutationVariables = Exact<{ [key: string]: never; }>;


export type ResendVerificationMutation = { __typename?: 'Mutation', resendVerification: boolean };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { __typename?: 'Query', me: { __typename?: 'Me', id: string, email: string, role: string, emailVerified: boolean, organization: { __typename?: 'Organization', id: string, name: string, active: boolean } } };

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


export type AdminUsersQuery = { __typename?: 'Query', adminUsers: { __typename?: 'AdminUserConnection', nodes: Array<{ __typename?: 'AdminUser', id: string, email: string, role: string, active: boolean, emailVerified: boolean, isPlatformAdmin: boolean, orgId: string, createdAt: string }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type AdminSetUserActiveMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  active: Scalars['Boolean']['input'];
}>;


export type AdminSetUserActiveMutation = { __typename?: 'Mutation', adminSetUserActive: { __typename?: 'AdminUser', id: string, active: boolean } };

export type AdminAuditLogQueryVariables = Exact<{
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type AdminAuditLogQuery = { __typename?: 'Query', adminAuditLog: { __typename?: 'AuditEntryConnection', nodes: Array<{ __typename?: 'AuditEntry', id: string, action: string, actorEmail: string, targetType: string, targetId: string, createdAt: string, ip?: string | null }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

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
  status?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type CallsQuery = { __typename?: 'Query', calls: { __typename?: 'CallConnection', nodes: Array<{ __typename?: 'Call', id: string, to: string, status: string, disposition?: string | null, durationSeconds?: number | null, createdAt: string }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type CallQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CallQuery = { __typename?: 'Query', call: { __typename?: 'Call', id: string, to: string, from?: string | null, status: string, disposition?: string | null, task?: string | null, questions: unknown, createdAt: string, startedAt?: string | null, endedAt?: string | null, durationSeconds?: number | null, maxDurationSeconds: number, transcript?: string | null, structuredAnswers?: Record<string, unknown> | null, recordingUrl?: string | null, webhookUrl?: string | null, metadata: Record<string, unknown> } };

export type CancelCallMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CancelCallMutation = { __typename?: 'Mutation', cancelCall: { __typename?: 'Call', id: string, status: string } };

export type WebhookDeliveriesQueryVariables = Exact<{
  after?: InputMaybe<Scalars['String']['input']>;
  callId?: InputMaybe<Scalars['ID']['input']>;
  delivered?: InputMaybe<Scalars['Boolean']['input']>;
  event?: InputMaybe<Scalars['String']['input']>;
}>;


export type WebhookDeliveriesQuery = { __typename?: 'Query', webhookDeliveries: { __typename?: 'WebhookDeliveryConnection', nodes: Array<{ __typename?: 'WebhookDelivery', id: string, callId: string, event: string, state: string, attempts: number, responseCode?: number | null, createdAt: string, deliveredAt?: string | null, nextAttemptAt?: string | null, url?: string | null }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type WebhookDeliveryQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type WebhookDeliveryQuery = { __typename?: 'Query', webhookDelivery: { __typename?: 'WebhookDeliveryDetail', id: string, event: string, state: string, payload: unknown, lastError?: string | null, attemptLog: Array<{ __typename?: 'WebhookAttempt', id: string, attemptedAt: string, durationMs: number, responseCode?: number | null, responseExcerpt?: string | null, error?: string | null, trigger: string, url?: string | null }> } };

export type RedeliverWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RedeliverWebhookMutation = { __typename?: 'Mutation', redeliverWebhook: { __typename?: 'WebhookDelivery', id: string, state: string, attempts: number } };

export type ReplayWebhooksMutationVariables = Exact<{
  since: Scalars['String']['input'];
  event?: InputMaybe<Scalars['String']['input']>;
}>;


export type ReplayWebhooksMutation = { __typename?: 'Mutation', replayWebhooks: { __typename?: 'ReplayAccepted', since: string, event?: string | null } };

export type ApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiKeysQuery = { __typename?: 'Query', apiKeys: Array<{ __typename?: 'ApiKey', id: string, name?: string | null, prefix: string, status: string, createdAt: string, lastUsedAt?: string | null, revokedAt?: string | null }> };

export type CreateApiKeyMutationVariables = Exact<{
  name?: InputMaybe<Scalars['String']['input']>;
}>;


export type CreateApiKeyMutation = { __typename?: 'Mutation', createApiKey: { __typename?: 'NewApiKey', id: string, prefix: string, secret: string } };

export type RevokeApiKeyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RevokeApiKeyMutation = { __typename?: 'Mutation', revokeApiKey: { __typename?: 'ApiKey', id: string, status: string, revokedAt?: string | null } };

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


export type MembersQuery = { __typename?: 'Query', members: { __typename?: 'UserConnection', nodes: Array<{ __typename?: 'User', id: string, email: string, role: string, active: boolean, emailVerified: boolean, createdAt: string }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type AddMemberMutationVariables = Exact<{
  input: AddMemberInput;
}>;


export type AddMemberMutation = { __typename?: 'Mutation', addMember: { __typename?: 'User', id: string, email: string } };

export type DeactivateMemberMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeactivateMemberMutation = { __typename?: 'Mutation', deactivateMember: { __typename?: 'User', id: string, active: boolean } };

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

export const ResendVerificationDocument = new TypedDocumentString(`
    mutation ResendVerification {
  resendVerification
}
    `) as unknown as TypedDocumentString<ResendVerificationMutation, ResendVerificationMutationVariables>;
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
    query Calls($status: String, $after: String) {
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
    questions
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
export const WebhookDeliveriesDocument = new TypedDocumentString(`
    query WebhookDeliveries($after: String, $callId: ID, $delivered: Boolean, $event: String) {
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
    mutation ReplayWebhooks($since: String!, $event: String) {
  replayWebhooks(since: $since, event: $event) {
    since
    event
  }
}
    `) as unknown as TypedDocumentString<ReplayWebhooksMutation, ReplayWebhooksMutationVariables>;
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