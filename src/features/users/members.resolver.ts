import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../graphql/connection';
import type { GqlContext } from '../../graphql/context';
import { AddMemberInput, UserConnection, UserType } from './users.types';

@Resolver()
export class MembersResolver {
  @Authorized()
  @Query(() => UserConnection)
  async members(
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<UserConnection> {
    return toConnection(await services.members.list(ctx, { limit: first ?? undefined, cursor: after ?? undefined }));
  }

  @Authorized()
  @Mutation(() => UserType, { description: 'Owner only. Without a password the member is invited by mail; with one they exist at once, unverified.' })
  async addMember(@Arg('input') input: AddMemberInput, @Ctx() { ctx, services }: GqlContext): Promise<UserType> {
    return services.members.add(ctx, { email: input.email, password: input.password ?? undefined, role: input.role ?? undefined });
  }

  @Authorized()
  @Mutation(() => UserType, { description: 'Owner only; not oneself.' })
  async deactivateMember(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GqlContext): Promise<UserType> {
    return services.members.deactivate(ctx, id);
  }
}
