import { Arg, Authorized, Mutation, Query, Resolver } from 'type-graphql';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../shared/context';
import { MeType } from '../users/users.types';
import type { AuthService } from './auth.service';
import { AuthPayloadType, SignupInput, SignupPayloadType } from './auth.types';

@Resolver()
export class AuthResolver {
  constructor(private readonly deps: { auth: AuthService }) {}

  @Mutation(() => SignupPayloadType)
  async signup(@Arg('input') input: SignupInput, @RequestCtx() ctx: Ctx): Promise<SignupPayloadType> {
    return this.deps.auth.signup(ctx, { email: input.email, password: input.password, organization_name: input.organizationName ?? undefined });
  }

  @Mutation(() => AuthPayloadType)
  async login(@Arg('email') email: string, @Arg('password') password: string, @RequestCtx() ctx: Ctx): Promise<AuthPayloadType> {
    return this.deps.auth.login(ctx, { email, password });
  }

  @Authorized()
  @Query(() => MeType)
  async me(@RequestCtx() ctx: Ctx): Promise<MeType> {
    const { user, organization } = await this.deps.auth.me(ctx);
    return Object.assign(Object.create(MeType.prototype) as MeType, user, { organization });
  }
}
