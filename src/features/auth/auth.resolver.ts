import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { MeType } from '../users/users.types';
import { AuthPayloadType, SignupInput, SignupPayloadType } from './auth.types';

@Resolver()
export class AuthResolver {
  @Mutation(() => SignupPayloadType, { description: "Creates an organization, its owner, a first API key and a webhook secret; signs the owner in." })
  async signup(@Arg('input', { description: 'The organization and its owner.' }) input: SignupInput, @Ctx() { ctx, services }: GqlContext): Promise<SignupPayloadType> {
    return services.auth.signup(ctx, { email: input.email, password: input.password, organization_name: input.organizationName ?? undefined });
  }

  @Mutation(() => AuthPayloadType, { description: "Signs in with e-mail and password." })
  async login(@Arg('email', () => String, { description: 'Sign-in e-mail.' }) email: string, @Arg('password', { description: 'Password.' }) password: string, @Ctx() { ctx, services }: GqlContext): Promise<AuthPayloadType> {
    return services.auth.login(ctx, { email, password });
  }

  @Authorized()
  @Query(() => MeType, { description: "The signed-in user." })
  async me(@Ctx() { ctx, services }: GqlContext): Promise<MeType> {
    const { user, organization } = await services.auth.me(ctx);
    return Object.assign(Object.create(MeType.prototype) as MeType, user, { organization });
  }
}
