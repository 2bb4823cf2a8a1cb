import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { MeType } from '../users/users.types';
import { AuthPayloadType, SignupInput, SignupPayloadType } from './auth.types';

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

  @Authorized()
  @Query(() => MeType)
  async me(@Ctx() { ctx, services }: GqlContext): Promise<MeType> {
    const { user, organization } = await services.auth.me(ctx);
    return Object.assign(Object.create(MeType.prototype) as MeType, user, { organization });
  }
}
