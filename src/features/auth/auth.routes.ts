import { named, reply, route, type Routes } from '../../shared/route';
import { presentNewApiKey } from '../api-keys/api-keys.presenter';
import { NEW_API_KEY_EXAMPLE } from '../api-keys/api-keys.schemas';
import { presentOrganization } from '../orgs/orgs.presenter';
import { ORGANIZATION_EXAMPLE } from '../orgs/orgs.schemas';
import { presentUser } from '../users/users.presenter';
import { USER_EXAMPLE } from '../users/users.schemas';
import { loginResponseSchema, loginSchema, meResponseSchema, signupResponseSchema, signupSchema } from './auth.schemas';
import type { AuthService } from './auth.service';

export interface AuthDeps {
  auth: AuthService;
}

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
        user: { id: USER_EXAMPLE.id, email: USER_EXAMPLE.email, role: 'owner', org_id: USER_EXAMPLE.org_id },
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
          access_token: out.accessToken,
          token_type: out.tokenType,
          expires_in: out.expiresIn,
          user: { id: out.user.id, email: out.user.email, role: out.user.role, org_id: out.user.orgId },
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
    responses: { 200: reply('A dashboard token.', named('LoginResponse', loginResponseSchema)) },
    errors: [401, 403, 422, 429],
    example: { request: { email: 'ada@example.com', password: 'correct horse battery' }, response: TOKEN_EXAMPLE },
    handler: async ({ ctx, body }, { auth }) => {
      const out = await auth.login(ctx, body);
      return { status: 200, body: { access_token: out.accessToken, token_type: out.tokenType, expires_in: out.expiresIn } };
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
];
