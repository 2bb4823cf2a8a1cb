import { z } from 'zod';
import { listAuditSchema, listCallsSchema as adminListCallsSchema, listDeliveriesSchema as adminListDeliveriesSchema, listOrganizationsSchema, listUsersSchema } from '../features/admin/admin.schemas';
import { createApiKeySchema } from '../features/api-keys/api-keys.schemas';
import {
  acceptInvitationSchema,
  changePasswordSchema,
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signupSchema,
  verifyEmailSchema,
} from '../features/auth/auth.schemas';
import { idempotencyKeySchema, listCallsSchema, placeCallSchema } from '../features/calls/calls.schemas';
import { updateWebhookSchema } from '../features/orgs/webhook-settings.service';
import { addMemberSchema } from '../features/users/members.service';
import { listDeliveriesSchema, replaySchema } from '../features/webhooks/deliveries.service';
import { pageSchema } from '../shared/pagination';
import * as S from './schemas';

/**
 * Every REST operation, described once. Request bodies and query strings point at the zod schemas
 * the services parse with (so the document cannot drift from validation); responses point at the
 * schemas of ./schemas.ts (checked against real responses by test/integration/openapi.test.ts,
 * which also fails when a mounted route is missing here).
 */
export type Auth = 'none' | 'dashboard' | 'apiKey' | 'platformAdmin';

export interface Named {
  id: string;
  schema: z.ZodType;
}

export interface ResponseSpec {
  description: string;
  body?: Named;
  /** Default application/json; text bodies give a plain string schema. */
  contentType?: string;
  headers?: Record<string, { description: string; schema?: Record<string, unknown> }>;
}

export interface Operation {
  method: 'get' | 'post' | 'patch';
  /** OpenAPI path template, e.g. /v1/calls/{call_id}. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  body?: Named & { required: boolean };
  query?: z.ZodObject;
  headers?: Array<{ name: string; description: string; schema: z.ZodType }>;
  responses: Record<number, ResponseSpec>;
  /** Problem (application/problem+json) statuses this operation can answer besides the common ones. */
  errors: number[];
}

const json = (id: string, schema: z.ZodType): Named => ({ id, schema });
const body = (id: string, schema: z.ZodType, required = true): Named & { required: boolean } => ({ id, schema, required });

// Named response bodies, registered once each.
const R = {
  call: json('Call', S.callSchema),
  callList: json('CallList', S.listOf(S.callSchema)),
  apiKey: json('ApiKey', S.apiKeySchema),
  apiKeyArray: json('ApiKeyArray', z.array(S.apiKeySchema)),
  newApiKey: json('NewApiKey', S.newApiKeySchema),
  signup: json('SignupResponse', S.signupResponseSchema),
  login: json('LoginResponse', S.loginResponseSchema),
  me: json('Me', S.meResponseSchema),
  emailVerified: json('EmailVerified', S.emailVerifiedSchema),
  accepted: json('Accepted', S.acceptedSchema),
  user: json('User', S.userSchema),
  userList: json('UserList', S.listOf(S.userSchema)),
  webhook: json('WebhookSettings', S.webhookSettingsSchema),
  webhookUpdated: json('WebhookUpdated', S.webhookUpdatedSchema),
  rotated: json('RotatedWebhookSecret', S.rotatedSecretSchema),
  delivery: json('WebhookDelivery', S.deliverySchema),
  deliveryList: json('WebhookDeliveryList', S.listOf(S.deliverySchema)),
  deliveryDetail: json('WebhookDeliveryDetail', S.deliveryDetailSchema),
  redeliver: json('RedeliverAccepted', S.redeliverAcceptedSchema),
  replay: json('ReplayAccepted', S.replayAcceptedSchema),
  health: json('Health', S.healthSchema),
  ready: json('Readiness', S.readySchema),
  adminOrg: json('AdminOrganization', S.adminOrganizationSchema),
  adminOrgList: json('AdminOrganizationList', S.listOf(S.adminOrganizationSchema)),
  adminUser: json('AdminUser', S.adminUserSchema),
  adminUserList: json('AdminUserList', S.listOf(S.adminUserSchema)),
  adminCallList: json('AdminCallList', S.listOf(S.adminCallSchema)),
  adminDeliveryList: json('AdminWebhookDeliveryList', S.listOf(S.adminDeliverySchema)),
  adminApiKey: json('AdminApiKey', S.adminApiKeySchema),
  adminStats: json('AdminStats', S.adminStatsSchema),
  auditList: json('AuditEntryList', S.listOf(S.auditEntrySchema)),
};

export const RESPONSE_SCHEMAS: Named[] = [...Object.values(R), json('Problem', S.problemSchema)];

const requestId = { 'X-Request-Id': { description: 'The request id (echoed when the client sent a sane one); it is on every log line of the request.' } };
const ok = (description: string, b: Named, extra: Partial<ResponseSpec> = {}): ResponseSpec => ({ description, body: b, ...extra });

export const OPERATIONS: Operation[] = [
  // ---- auth -----------------------------------------------------------------------------------
  {
    method: 'post',
    path: '/auth/signup',
    operationId: 'signup',
    summary: 'Sign up: a new organization, its owner, its first API key and its webhook secret',
    description: 'Returns an access token, the first API key (named `default`) with its full secret and the webhook secret: the only time either secret is shown.',
    tag: 'auth',
    auth: 'none',
    body: body('SignupRequest', signupSchema),
    responses: { 201: ok('Created.', R.signup) },
    errors: [409, 422, 429],
  },
  {
    method: 'post',
    path: '/auth/login',
    operationId: 'login',
    summary: 'Log in with e-mail and password',
    description: 'Unknown e-mail and wrong password give the same 401 invalid_credentials.',
    tag: 'auth',
    auth: 'none',
    body: body('LoginRequest', loginSchema),
    responses: { 200: ok('A dashboard token.', R.login) },
    errors: [401, 403, 422, 429],
  },
  {
    method: 'get',
    path: '/auth/me',
    operationId: 'me',
    summary: 'The current user and organization',
    tag: 'auth',
    auth: 'dashboard',
    responses: { 200: ok('The current user.', R.me) },
    errors: [],
  },
  {
    method: 'post',
    path: '/auth/verify-email',
    operationId: 'verifyEmail',
    summary: 'Verify the e-mail address with the token of a verification mail',
    description:
      'Single use; the token expires 48 h after it was sent. A bad, used or expired token is 400 invalid_token. No credentials are needed, except for an address listed in PLATFORM_ADMIN_EMAILS: that one is verified only with the dashboard token of its own account (else 403 email_not_verified).',
    tag: 'auth',
    auth: 'none',
    body: body('VerifyEmailRequest', verifyEmailSchema),
    responses: { 200: ok('The address is verified.', R.emailVerified) },
    errors: [401, 403, 422],
  },
  {
    method: 'post',
    path: '/auth/resend-verification',
    operationId: 'resendVerification',
    summary: 'Send a new verification mail',
    description: 'Nothing is sent when the address is verified already. At most RATE_LIMIT_SIGNUP_EMAIL_PER_HOUR account mails per address and hour.',
    tag: 'auth',
    auth: 'dashboard',
    responses: { 202: ok('Accepted.', R.accepted) },
    errors: [429],
  },
  {
    method: 'post',
    path: '/auth/password-reset',
    operationId: 'requestPasswordReset',
    summary: 'Mail a password-reset link',
    description: 'Always 202, whether or not the address has an account (no enumeration); only an account gets a mail. The link is good for 60 minutes.',
    tag: 'auth',
    auth: 'none',
    body: body('PasswordResetRequest', passwordResetRequestSchema),
    responses: { 202: ok('Accepted.', R.accepted) },
    errors: [422],
  },
  {
    method: 'post',
    path: '/auth/password-reset/confirm',
    operationId: 'confirmPasswordReset',
    summary: 'Set a new password with the token of a reset mail',
    description: 'Ends every token issued before (401 token_revoked), verifies the address and lifts a login lockout of that address. A bad, used or expired token is 400 invalid_token.',
    tag: 'auth',
    auth: 'none',
    body: body('PasswordResetConfirmRequest', passwordResetConfirmSchema),
    responses: { 200: ok('A new dashboard token.', R.login) },
    errors: [403, 422],
  },
  {
    method: 'post',
    path: '/auth/change-password',
    operationId: 'changePassword',
    summary: 'Change the password (the current one is required)',
    description: 'A wrong current password is 422 with the field current_password (counted like a failed login). Ends every other token; the response carries a new one.',
    tag: 'auth',
    auth: 'dashboard',
    body: body('ChangePasswordRequest', changePasswordSchema),
    responses: { 200: ok('A new dashboard token.', R.login) },
    errors: [422, 429],
  },
  {
    method: 'post',
    path: '/auth/logout-all',
    operationId: 'logoutAll',
    summary: 'Sign out everywhere',
    description: 'Every token of the user, this one included, answers 401 token_revoked from now on.',
    tag: 'auth',
    auth: 'dashboard',
    responses: { 204: { description: 'Signed out everywhere.' } },
    errors: [],
  },
  {
    method: 'post',
    path: '/auth/accept-invitation',
    operationId: 'acceptInvitation',
    summary: 'Accept an invitation: choose a password',
    description: 'Accepting verifies the address. Single use; invitations expire after 7 days. A bad, used or expired token is 400 invalid_token.',
    tag: 'auth',
    auth: 'none',
    body: body('AcceptInvitationRequest', acceptInvitationSchema),
    responses: { 200: ok('A dashboard token.', R.login) },
    errors: [403, 422],
  },

  // ---- API keys -------------------------------------------------------------------------------
  {
    method: 'get',
    path: '/dashboard/api-keys',
    operationId: 'listApiKeys',
    summary: "The organization's API keys, newest first",
    description: 'A bare JSON array (the one list that is not paginated, CONTRACT §0). Secrets are never listed.',
    tag: 'api-keys',
    auth: 'dashboard',
    responses: { 200: ok('The keys.', R.apiKeyArray) },
    errors: [],
  },
  {
    method: 'post',
    path: '/dashboard/api-keys',
    operationId: 'createApiKey',
    summary: 'Create an API key (owner)',
    description: 'The response carries the full secret, this once. An empty body is fine.',
    tag: 'api-keys',
    auth: 'dashboard',
    body: body('CreateApiKeyRequest', createApiKeySchema, false),
    responses: { 201: ok('Created.', R.newApiKey) },
    errors: [422],
  },
  {
    method: 'post',
    path: '/dashboard/api-keys/{id}/revoke',
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key (owner)',
    description: 'Idempotent. Effective at once in every process (cache invalidation by NOTIFY).',
    tag: 'api-keys',
    auth: 'dashboard',
    responses: { 200: ok('The revoked key.', R.apiKey) },
    errors: [404],
  },

  // ---- webhook settings -----------------------------------------------------------------------
  {
    method: 'get',
    path: '/dashboard/webhook',
    operationId: 'getWebhook',
    summary: 'The default webhook URL, the last four characters of the secret and the endpoint\'s health',
    tag: 'webhooks',
    auth: 'dashboard',
    responses: { 200: ok('Settings.', R.webhook) },
    errors: [],
  },
  {
    method: 'patch',
    path: '/dashboard/webhook',
    operationId: 'updateWebhook',
    summary: 'Set or clear the default webhook URL (owner)',
    description: 'Private, loopback, link-local and metadata destinations are refused unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true.',
    tag: 'webhooks',
    auth: 'dashboard',
    body: body('UpdateWebhookRequest', updateWebhookSchema),
    responses: { 200: ok('Updated.', R.webhookUpdated) },
    errors: [422],
  },
  {
    method: 'post',
    path: '/dashboard/webhook/enable',
    operationId: 'enableWebhook',
    summary: 'Enable the default endpoint again after it was disabled for failing (owner)',
    description: 'Events it missed meanwhile are not resent by this: replay them (POST /dashboard/webhook-deliveries/replay).',
    tag: 'webhooks',
    auth: 'dashboard',
    responses: { 200: ok('Settings.', R.webhook) },
    errors: [],
  },
  {
    method: 'post',
    path: '/dashboard/webhook/rotate-secret',
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the webhook secret (owner)',
    description: 'The new secret signs at once; for 24 h the old one also signs (a second `v1,` entry in webhook-signature).',
    tag: 'webhooks',
    auth: 'dashboard',
    responses: { 200: ok('The new secret, shown this once.', R.rotated) },
    errors: [],
  },

  // ---- members --------------------------------------------------------------------------------
  {
    method: 'get',
    path: '/dashboard/members',
    operationId: 'listMembers',
    summary: "The organization's users",
    tag: 'members',
    auth: 'dashboard',
    query: pageSchema,
    responses: { 200: ok('A page of users.', R.userList) },
    errors: [422],
  },
  {
    method: 'post',
    path: '/dashboard/members',
    operationId: 'addMember',
    summary: 'Invite a user to the organization, or add one with a password (owner)',
    description: 'Without `password` an invitation mail is sent (inviting a pending address again sends a fresh link). With it the user exists at once, unverified, and gets a verification mail.',
    tag: 'members',
    auth: 'dashboard',
    body: body('AddMemberRequest', addMemberSchema),
    responses: { 201: ok('Created.', R.user) },
    errors: [409, 422],
  },
  {
    method: 'post',
    path: '/dashboard/members/{id}/deactivate',
    operationId: 'deactivateMember',
    summary: 'Deactivate a user (owner, not oneself)',
    tag: 'members',
    auth: 'dashboard',
    responses: { 200: ok('The deactivated user.', R.user) },
    errors: [404, 409],
  },

  // ---- deliveries -----------------------------------------------------------------------------
  {
    method: 'get',
    path: '/dashboard/webhook-deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'The delivery log, newest first',
    tag: 'webhooks',
    auth: 'dashboard',
    query: listDeliveriesSchema,
    responses: { 200: ok('A page of deliveries.', R.deliveryList) },
    errors: [422],
  },
  {
    method: 'post',
    path: '/dashboard/webhook-deliveries/replay',
    operationId: 'replayWebhooks',
    summary: 'Redeliver every undelivered event since a time (owner)',
    description: "Svix's \"recover\": runs as background work.",
    tag: 'webhooks',
    auth: 'dashboard',
    body: body('ReplayRequest', replaySchema),
    responses: { 202: ok('Accepted.', R.replay) },
    errors: [422],
  },
  {
    method: 'get',
    path: '/dashboard/webhook-deliveries/{id}',
    operationId: 'getWebhookDelivery',
    summary: 'One delivery with its payload and every attempt',
    tag: 'webhooks',
    auth: 'dashboard',
    responses: { 200: ok('The delivery.', R.deliveryDetail) },
    errors: [404],
  },
  {
    method: 'post',
    path: '/dashboard/webhook-deliveries/{id}/redeliver',
    operationId: 'redeliverWebhook',
    summary: 'Queue a manual attempt now (owner)',
    description: 'A manual attempt that fails schedules no further retries.',
    tag: 'webhooks',
    auth: 'dashboard',
    responses: { 202: ok('Accepted.', R.redeliver) },
    errors: [404],
  },

  // ---- calls (API key) ------------------------------------------------------------------------
  {
    method: 'post',
    path: '/v1/calls/outbound',
    operationId: 'placeCall',
    summary: 'Place an outbound call',
    description:
      'The call row, its call.queued event and its jobs are committed in one transaction before the 201. ' +
      'With Idempotency-Key (kept 24 h per organization) a repeat of the same body replays the first response with `Idempotent-Replayed: true`; the same key with another body is 409.',
    tag: 'calls',
    auth: 'apiKey',
    body: body('PlaceCallRequest', placeCallSchema),
    headers: [{ name: 'Idempotency-Key', description: 'Makes retries safe.', schema: idempotencyKeySchema }],
    responses: {
      201: ok('The call, queued.', R.call, {
        headers: {
          Location: { description: '/v1/calls/{call_id}' },
          'Idempotent-Replayed': { description: '`true` when this is a replay of an earlier response.' },
        },
      }),
    },
    errors: [409, 422, 429],
  },
  {
    method: 'get',
    path: '/v1/calls',
    operationId: 'listCalls',
    summary: "The organization's calls, newest first",
    tag: 'calls',
    auth: 'apiKey',
    query: listCallsSchema,
    responses: { 200: ok('A page of calls.', R.callList) },
    errors: [422, 429],
  },
  {
    method: 'get',
    path: '/v1/calls/{call_id}',
    operationId: 'getCall',
    summary: 'One call',
    tag: 'calls',
    auth: 'apiKey',
    responses: { 200: ok('The call.', R.call) },
    errors: [404, 429],
  },
  {
    method: 'post',
    path: '/v1/calls/{call_id}/cancel',
    operationId: 'cancelCall',
    summary: 'Cancel a call that is queued or ringing',
    description: 'Ends the call as canceled and sends call.ended; any other status is 409 invalid_state.',
    tag: 'calls',
    auth: 'apiKey',
    responses: { 200: ok('The canceled call.', R.call) },
    errors: [404, 409, 429],
  },
  {
    method: 'get',
    path: '/recordings/{file}',
    operationId: 'getRecording',
    summary: 'A call recording (signed link, no credential)',
    description: 'The link in `recording_url`: its `expires` and `signature` query parameters are the credential.',
    tag: 'calls',
    auth: 'none',
    query: z.object({ expires: z.string().regex(/^\d{1,12}$/), signature: z.string() }),
    responses: { 200: { description: 'The recording.', contentType: 'audio/wav' } },
    errors: [401, 404],
  },

  // ---- platform admin -------------------------------------------------------------------------
  ...adminOperations(),

  // ---- operations -----------------------------------------------------------------------------
  {
    method: 'get',
    path: '/health',
    operationId: 'health',
    summary: 'Liveness: 200 only while the database answers',
    tag: 'operations',
    auth: 'none',
    responses: { 200: ok('Alive.', R.health) },
    errors: [503],
  },
  {
    method: 'get',
    path: '/ready',
    operationId: 'ready',
    summary: 'Readiness: database and (in processes that run it) the worker',
    tag: 'operations',
    auth: 'none',
    responses: { 200: ok('Ready.', R.ready), 503: ok('Not ready.', R.ready) },
    errors: [],
  },
  {
    method: 'get',
    path: '/metrics',
    operationId: 'metrics',
    summary: 'Prometheus metrics (text exposition format)',
    tag: 'operations',
    auth: 'none',
    responses: { 200: { description: 'Metrics.', contentType: 'text/plain' } },
    errors: [],
  },
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'openapi',
    summary: 'This document',
    description: 'A browsable reference is served at /docs.',
    tag: 'operations',
    auth: 'none',
    responses: { 200: { description: 'OpenAPI 3.1 document.', contentType: 'application/json' } },
    errors: [],
  },
];

function adminOperations(): Operation[] {
  const op = (o: Omit<Operation, 'tag' | 'auth'>): Operation => ({ ...o, tag: 'admin', auth: 'platformAdmin' });
  return [
    op({
      method: 'get',
      path: '/api/admin/organizations',
      operationId: 'adminListOrganizations',
      summary: 'Organizations, with user, key and call counts',
      query: listOrganizationsSchema,
      responses: { 200: ok('A page of organizations.', R.adminOrgList) },
      errors: [422],
    }),
    op({
      method: 'get',
      path: '/api/admin/organizations/{id}',
      operationId: 'adminGetOrganization',
      summary: 'One organization',
      responses: { 200: ok('The organization.', R.adminOrg) },
      errors: [404],
    }),
    op({
      method: 'post',
      path: '/api/admin/organizations/{id}/deactivate',
      operationId: 'adminDeactivateOrganization',
      summary: 'Deactivate an organization (its keys and users are refused at once)',
      responses: { 200: ok('The organization.', R.adminOrg) },
      errors: [404],
    }),
    op({
      method: 'post',
      path: '/api/admin/organizations/{id}/activate',
      operationId: 'adminActivateOrganization',
      summary: 'Activate an organization',
      responses: { 200: ok('The organization.', R.adminOrg) },
      errors: [404],
    }),
    op({
      method: 'get',
      path: '/api/admin/users',
      operationId: 'adminListUsers',
      summary: 'Users of every organization',
      query: listUsersSchema,
      responses: { 200: ok('A page of users.', R.adminUserList) },
      errors: [422],
    }),
    op({
      method: 'post',
      path: '/api/admin/users/{id}/deactivate',
      operationId: 'adminDeactivateUser',
      summary: 'Deactivate a user',
      responses: { 200: ok('The user.', R.adminUser) },
      errors: [404, 409],
    }),
    op({
      method: 'post',
      path: '/api/admin/users/{id}/activate',
      operationId: 'adminActivateUser',
      summary: 'Activate a user',
      responses: { 200: ok('The user.', R.adminUser) },
      errors: [404],
    }),
    op({
      method: 'get',
      path: '/api/admin/calls',
      operationId: 'adminListCalls',
      summary: 'Calls of every organization',
      query: adminListCallsSchema,
      responses: { 200: ok('A page of calls.', R.adminCallList) },
      errors: [422],
    }),
    op({
      method: 'get',
      path: '/api/admin/webhook-deliveries',
      operationId: 'adminListWebhookDeliveries',
      summary: 'Webhook deliveries of every organization',
      query: adminListDeliveriesSchema,
      responses: { 200: ok('A page of deliveries.', R.adminDeliveryList) },
      errors: [422],
    }),
    op({
      method: 'post',
      path: '/api/admin/api-keys/{id}/revoke',
      operationId: 'adminRevokeApiKey',
      summary: 'Revoke any API key (leaked-key response)',
      responses: { 200: ok('The revoked key.', R.adminApiKey) },
      errors: [404],
    }),
    op({
      method: 'get',
      path: '/api/admin/stats',
      operationId: 'adminStats',
      summary: 'Platform-wide counters',
      responses: { 200: ok('Counters.', R.adminStats) },
      errors: [],
    }),
    op({
      method: 'get',
      path: '/api/admin/audit-log',
      operationId: 'adminAuditLog',
      summary: 'Every admin change: who, what, when, before and after',
      query: listAuditSchema,
      responses: { 200: ok('A page of audit entries.', R.auditList) },
      errors: [422],
    }),
  ];
}

export { requestId as REQUEST_ID_HEADER };
