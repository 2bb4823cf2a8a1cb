import { Arg, Authorized, Mutation, Query, Resolver } from 'type-graphql';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import { MeType } from '../users';
import type { AccountService } from './account.service';
import type { AuthService, SessionToken } from './auth.service';
import { AuthPayloadType, EmailVerificationType, SignupInput, SignupPayloadType } from './auth.types';

const payload = (s: SessionToken): AuthPayloadType => ({ accessToken: s.accessToken, tokenType: s.tokenType, expiresIn: s.expiresIn });

@Resolver()
export class AuthResolver {
  constructor(private readonly deps: { auth: AuthService; accounts: AccountService }) {}

  @Mutation(() => SignupPayloadType, { description: "Creates an organization, its owner, a first API key and a webhook secret; signs the owner in." })
  async signup(@Arg('input', { description: 'The organization and its owner.' }) input: SignupInput, @RequestCtx() ctx: Ctx): Promise<SignupPayloadType> {
    return this.deps.auth.signup(ctx, { email: input.email, password: input.password, organization_name: input.organizationName ?? undefined });
  }

  @Mutation(() => AuthPayloadType, { description: "Signs in with e-mail and password." })
  async login(@Arg('email', () => String, { description: 'Sign-in e-mail.' }) email: string, @Arg('password', { description: 'Password.' }) password: string, @RequestCtx() ctx: Ctx): Promise<AuthPayloadType> {
    return this.deps.auth.login(ctx, { email, password });
  }

  @Mutation(() => EmailVerificationType, { description: 'Uses the token of a verification mail (once; 48 h). Bad, used or expired: BAD_USER_INPUT, reason invalid_token.' })
  async verifyEmail(@Arg('token', { description: 'The token from the verification mail.' }) token: string, @RequestCtx() ctx: Ctx): Promise<EmailVerificationType> {
    // A bearer token, when sent, was checked with the request (graphql/server.ts): an address with
    // admin rights is verified only signed in to its account (docs/accounts.md).
    return this.deps.accounts.verifyEmail(ctx, { token });
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Sends a new verification mail (nothing when already verified). Always true.' })
  async resendVerification(@RequestCtx() ctx: Ctx): Promise<boolean> {
    await this.deps.accounts.resendVerification(ctx);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Mails a reset link when the address has an account. Always true: the answer never tells.' })
  async requestPasswordReset(@Arg('email', { description: 'The e-mail of the account.' }) email: string, @RequestCtx() ctx: Ctx): Promise<boolean> {
    await this.deps.accounts.requestPasswordReset(ctx, { email });
    return true;
  }

  @Mutation(() => AuthPayloadType, { description: 'Sets a new password with the token of a reset mail; ends every earlier session and lifts a login lockout.' })
  async resetPassword(@Arg('token', { description: 'The token from the reset mail.' }) token: string, @Arg('password', { description: 'The new password (at least 8 characters).' }) password: string, @RequestCtx() ctx: Ctx): Promise<AuthPayloadType> {
    return payload(await this.deps.accounts.confirmPasswordReset(ctx, { token, password }));
  }

  @Authorized()
  @Mutation(() => AuthPayloadType, { description: 'Needs the current password; ends every other session and returns a new token.' })
  async changePassword(
    @Arg('currentPassword', { description: 'The password in use now.' }) currentPassword: string,
    @Arg('newPassword', { description: 'The new password (at least 8 characters).' }) newPassword: string,
    @RequestCtx() ctx: Ctx,
  ): Promise<AuthPayloadType> {
    return payload(await this.deps.accounts.changePassword(ctx, { current_password: currentPassword, new_password: newPassword }));
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Ends every token of the current user, this one included. Always true.' })
  async logoutAll(@RequestCtx() ctx: Ctx): Promise<boolean> {
    await this.deps.accounts.logoutAll(ctx);
    return true;
  }

  @Mutation(() => AuthPayloadType, { description: 'Chooses a password with the token of an invitation mail; accepting verifies the address.' })
  async acceptInvitation(@Arg('token', { description: 'The token from the invitation mail.' }) token: string, @Arg('password', { description: 'The password the new member chooses (at least 8 characters).' }) password: string, @RequestCtx() ctx: Ctx): Promise<AuthPayloadType> {
    return payload(await this.deps.accounts.acceptInvitation(ctx, { token, password }));
  }

  @Authorized()
  @Query(() => MeType, { description: "The signed-in user." })
  async me(@RequestCtx() ctx: Ctx): Promise<MeType> {
    const { user, organization } = await this.deps.auth.me(ctx);
    return Object.assign(Object.create(MeType.prototype) as MeType, user, { organization });
  }
}
