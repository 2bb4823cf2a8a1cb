import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { MeType } from '../users/users.types';
import type { SessionToken } from './auth.service';
import { AuthPayloadType, EmailVerificationType, SignupInput, SignupPayloadType } from './auth.types';

const payload = (s: SessionToken): AuthPayloadType => ({ accessToken: s.accessToken, tokenType: s.tokenType, expiresIn: s.expiresIn });

@Resolver()
export class AuthResolver {
  @Mutation(() => SignupPayloadType)
  async signup(@Arg('input') input: SignupInput, @Ctx() { ctx, services }: GqlContext): Promise<SignupPayloadType> {
    return services.auth.signup(ctx, { email: input.email, password: input.password, organization_name: input.organizationName ?? undefined });
  }

  @Mutation(() => AuthPayloadType)
  async login(@Arg('email') email: string, @Arg('password') password: string, @Ctx() { ctx, services }: GqlContext): Promise<AuthPayloadType> {
    return services.auth.login(ctx, { email, password });
  }

  @Mutation(() => EmailVerificationType, { description: 'Uses the token of a verification mail (once; 48 h). Bad, used or expired: BAD_USER_INPUT, reason invalid_token.' })
  async verifyEmail(@Arg('token') token: string, @Ctx() { ctx, services }: GqlContext): Promise<EmailVerificationType> {
    // A bearer token, when sent, was checked with the request (graphql/server.ts): an address with
    // admin rights is verified only signed in to its account (docs/accounts.md).
    return services.accounts.verifyEmail(ctx, { token });
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Sends a new verification mail (nothing when already verified). Always true.' })
  async resendVerification(@Ctx() { ctx, services }: GqlContext): Promise<boolean> {
    await services.accounts.resendVerification(ctx);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Mails a reset link when the address has an account. Always true: the answer never tells.' })
  async requestPasswordReset(@Arg('email') email: string, @Ctx() { ctx, services }: GqlContext): Promise<boolean> {
    await services.accounts.requestPasswordReset(ctx, { email });
    return true;
  }

  @Mutation(() => AuthPayloadType, { description: 'Sets a new password with the token of a reset mail; ends every earlier session and lifts a login lockout.' })
  async resetPassword(@Arg('token') token: string, @Arg('password') password: string, @Ctx() { ctx, services }: GqlContext): Promise<AuthPayloadType> {
    return payload(await services.accounts.confirmPasswordReset(ctx, { token, password }));
  }

  @Authorized()
  @Mutation(() => AuthPayloadType, { description: 'Needs the current password; ends every other session and returns a new token.' })
  async changePassword(
    @Arg('currentPassword') currentPassword: string,
    @Arg('newPassword') newPassword: string,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<AuthPayloadType> {
    return payload(await services.accounts.changePassword(ctx, { current_password: currentPassword, new_password: newPassword }));
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Ends every token of the current user, this one included. Always true.' })
  async logoutAll(@Ctx() { ctx, services }: GqlContext): Promise<boolean> {
    await services.accounts.logoutAll(ctx);
    return true;
  }

  @Mutation(() => AuthPayloadType, { description: 'Chooses a password with the token of an invitation mail; accepting verifies the address.' })
  async acceptInvitation(@Arg('token') token: string, @Arg('password') password: string, @Ctx() { ctx, services }: GqlContext): Promise<AuthPayloadType> {
    return payload(await services.accounts.acceptInvitation(ctx, { token, password }));
  }

  @Authorized()
  @Query(() => MeType)
  async me(@Ctx() { ctx, services }: GqlContext): Promise<MeType> {
    const { user, organization } = await services.auth.me(ctx);
    return Object.assign(Object.create(MeType.prototype) as MeType, user, { organization });
  }
}
