import { bearerToken } from '../../common/bearer-token';
import { named, reply, route, type Routes } from '../../common/route';
import { NEW_API_KEY_EXAMPLE, presentNewApiKey } from '../api-keys';
import { ORGANIZATION_EXAMPLE, presentOrganization } from '../orgs';
import { presentUser, USER_EXAMPLE } from '../users';
import type { AccountService } from './account.service';
import {
  acceptedSchema,
  acceptInvitationSchema,
  changePasswordSchema,
  emailVerifiedSchema,
  loginResponseSchema,
  loginSchema,
  meResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signupResponseSchema,
  signupSchema,
  verifyEmailSchema,
} from './auth.schemas';
import type { AuthService, SessionToken } from './auth.service';

export interface AuthDeps {
  auth: AuthService;
  /** Account lifecycle: verification, password reset and change, sign-out everywhere, invitations (docs/accounts.md). */
  accounts: AccountService;
}

const presentSession = (s: SessionToken) => ({ access_token: s.accessToken, token_type: s.tokenType, expires_in: s.expiresIn });
const LoginResponse = named('LoginResponse', loginResponseSchema);
const Accepted = named('Accepted', acceptedSchema);
const MAIL_TOKEN = 'mt_3q2Xb7YcVn9KfP0sLwZ4rT';

const TOKEN_EXAMPLE = { access_token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMTlhNWYyZSJ9.c2lnbmF0dXJl', token_type: 'bearer', expires_in: 259200 };

/** Mounted under /auth (no credential, except /auth/me). */
export const authRoutes: Routes<AuthDeps> = [
  route<AuthDeps>({
    method: 'post',
    path: '/auth/signup',
    operationId: 'signup',
    summary: 'Sign up: a new organization, its owner, its first API key and its webhook secret',
    description: 'Returns an access token, the first API key (named `default`) with its full secret and the webhook secret: the only time either secret is shown.',
    tag: 'auth',
    auth: 'none',
    body: named('SignupRequest', signupSchema),
    responses: { 201: reply('Created.', named('SignupResponse', signupResponseSchema)) },
    errors: [409, 422, 429],
    example: {
      request: { email: 'ada@example.com', password: 'correct horse battery', organization_name: 'Acme' },
      response: {
        ...TOKEN_EXAMPLE,
        user: { id: USER_EXAMPLE.id, email: USER_EXAMPLE.email, role: 'owner', org_id: USER_EXAMPLE.org_id, email_verified: false },
        organization: { id: ORGANIZATION_EXAMPLE.id, name: ORGANIZATION_EXAMPLE.name },
        api_key: { ...NEW_API_KEY_EXAMPLE, name: 'default' },
        webhook_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      },
    },
    handler: async ({ ctx, body }, { auth }) => {
      const out = await auth.signup(ctx, body);
      return {
        status: 201,
        body: {
          ...presentSession(out),
          user: { id: out.user.id, email: out.user.email, role: out.user.role, org_id: out.user.orgId, email_verified: out.user.emailVerified },
          organization: { id: out.organization.id, name: out.organization.name },
          api_key: presentNewApiKey(out.apiKey),
          webhook_secret: out.webhookSecret,
        },
      };
    },
  }),
  route<AuthDeps>({
    method: 'post',
    path: '/auth/login',
    operationId: 'login',
    summary: 'Log in with e-mail and password',
    description: 'Unknown e-mail and wrong password give the same 401 invalid_credentials.',
    tag: 'auth',
    auth: 'none',
    body: named('LoginRequest', loginSchema),
    responses: { 200: reply('A dashboard token.', LoginResponse) },
    errors: [401, 403, 422, 429],
    example: { request: { email: 'ada@example.com', password: 'correct horse battery' }, response: TOKEN_EXAMPLE },
    handler: async ({ ctx, body }, { auth }) => {
      const out = await auth.login(ctx, body);
      return { status: 200, body: presentSession(out) };
    },
  }),
  route<AuthDeps>({
    method: 'get',
    path: '/auth/me',
    operationId: 'me',
    summary: 'The current user and organization',
    tag: 'auth',
    auth: 'dashboard',
    responses: { 200: reply('The current user.', named('Me', meResponseSchema)) },
    errors: [],
    example: { response: { ...USER_EXAMPLE, organization: ORGANIZATION_EXAMPLE } },
    handler: async ({ ctx }, { auth }) => {
      const { user, organization } = await auth.me(ctx);
      return { status: 200, body: { ...presentUser(user), organization: presentOrganization(organization) } };
    },
  }),

  // ---- account lifecycle (docs/accounts.md) ----
  route<AuthDeps>({
    method: 'post',
    path: '/auth/verify-email',
    operationId: 'verifyEmail',
    summary: 'Verify the e-mail address with the token of a verification mail',
    description:
      'Single use; the token expires 48 h after it was sent. A bad, used or expired token is 400 invalid_token. No credentials are needed, except for an address listed in PLATFORM_ADMIN_EMAILS: that one is verified only with the dashboard token of its own account (else 403 email_not_verified).',
    tag: 'auth',
    auth: 'none',
    body: named('VerifyEmailRequest', verifyEmailSchema),
    responses: { 200: reply('The address is verified.', named('EmailVerified', emailVerifiedSchema)) },
    errors: [401, 403, 422],
    example: { request: { token: MAIL_TOKEN }, response: { email_verified: true } },
    handler: async ({ ctx, body, header }, { auth, accounts }) => {
      // Signed in or not: an address with admin rights is verified only signed in (docs/accounts.md).
      const authorization = header('Authorization');
      if (authorization) ctx.actor = await auth.authenticate(ctx, bearerToken(authorization));
      await accounts.verifyEmail(ctx, body);
      return { status: 200, body: { email_verified: true } };
    },
  }),
  route<AuthDeps>({
    method: 'post',
    path: '/auth/resend-verification',
    operationId: 'resendVerification',
    summary: 'Send a new verification mail',
    description:
      'Nothing is sent when the address is verified already. At most RATE_LIMIT_MAIL_EMAIL_PER_HOUR account mails go to one address per hour (and RATE_LIMIT_MAIL_ORG_PER_HOUR per organization): over that the answer is the same 202 and no mail is sent.',
    tag: 'auth',
    auth: 'dashboard',
    responses: { 202: reply('Accepted.', Accepted) },
    errors: [],
    example: { response: { status: 'accepted' } },
    handler: async ({ ctx }, { accounts }) => {
      await accounts.resendVerification(ctx);
      return { status: 202, body: { status: 'accepted' } };
    },
  }),
  route<AuthDeps>({
    method: 'post',
    path: '/auth/password-reset',
    operationId: 'requestPasswordReset',
    summary: 'Mail a password-reset link',
    description: 'Always 202, whether or not the address has an account (no enumeration); only an account gets a mail. The link is good for 60 minutes.',
    tag: 'auth',
    auth: 'none',
    body: named('PasswordResetRequest', passwordResetRequestSchema),
    responses: { 202: reply('Accepted.', Accepted) },
    errors: [422],
    example: { request: { email: 'ada@example.com' }, response: { status: 'accepted' } },
    handler: async ({ ctx, body }, { accounts }) => {
      await accounts.requestPasswordReset(ctx, body);
      return { status: 202, body: { status: 'accepted' } };
    },
  }),
  route<AuthDeps>({
    method: 'post',
    path: '/auth/password-reset/confirm',
    operationId: 'confirmPasswordReset',
    summary: 'Set a new password with the token of a reset mail',
    description: 'Ends every token issued before (401 token_revoked), verifies the address and lifts a login lockout of that address. A bad, used or expired token is 400 invalid_token.',
    tag: 'auth',
    auth: 'none',
    body: named('PasswordResetConfirmRequest', passwordResetConfirmSchema),
    responses: { 200: reply('A new dashboard token.', LoginResponse) },
    errors: [403, 422],
    example: { request: { token: MAIL_TOKEN, password: 'a new long passphrase' }, response: TOKEN_EXAMPLE },
    handler: async ({ ctx, body }, { accounts }) => ({ status: 200, body: presentSession(await accounts.confirmPasswordReset(ctx, body)) }),
  }),
  route<AuthDeps>({
    method: 'post',
    path: '/auth/change-password',
    operationId: 'changePassword',
    summary: 'Change the password (the current one is required)',
    description: 'A wrong current password is 422 with the field current_password (counted like a failed login). Ends every other token; the response carries a new one.',
    tag: 'auth',
    auth: 'dashboard',
    body: named('ChangePasswordRequest', changePasswordSchema),
    responses: { 200: reply('A new dashboard token.', LoginResponse) },
    errors: [422, 429],
    example: { request: { current_password: 'correct horse battery', new_password: 'a new long passphrase' }, response: TOKEN_EXAMPLE },
    handler: async ({ ctx, body }, { accounts }) => ({ status: 200, body: presentSession(await accounts.changePassword(ctx, body)) }),
  }),
  route<AuthDeps>({
    method: 'post',
    path: '/auth/logout-all',
    operationId: 'logoutAll',
    summary: 'Sign out everywhere',
    description: 'Every token of the user, this one included, answers 401 token_revoked from now on.',
    tag: 'auth',
    auth: 'dashboard',
    responses: { 204: { description: 'Signed out everywhere.' } },
    errors: [],
    example: {},
    handler: async ({ ctx }, { accounts }) => {
      await accounts.logoutAll(ctx);
      return { status: 204 };
    },
  }),
  route<AuthDeps>({
    method: 'post',
    path: '/auth/accept-invitation',
    operationId: 'acceptInvitation',
    summary: 'Accept an invitation: choose a password',
    description: 'Accepting verifies the address. Single use; invitations expire after 7 days. A bad, used or expired token is 400 invalid_token.',
    tag: 'auth',
    auth: 'none',
    body: named('AcceptInvitationRequest', acceptInvitationSchema),
    responses: { 200: reply('A dashboard token.', LoginResponse) },
    errors: [403, 422],
    example: { request: { token: MAIL_TOKEN, password: 'a long passphrase' }, response: TOKEN_EXAMPLE },
    handler: async ({ ctx, body }, { accounts }) => ({ status: 200, body: presentSession(await accounts.acceptInvitation(ctx, body)) }),
  }),
];
