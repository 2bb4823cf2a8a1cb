import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../graphql/connection';
import type { GqlContext } from '../../graphql/context';
import { AddMemberInput, UserConnection, UserType } from './users.types';

@Resolver()
export class MembersResolver {
  @Authorized()
  @Query(() => UserConnection, { description: "The organization's members, newest first." })
  async members(
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 100; default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'Cursor from pageInfo.endCursor of the previous page.' }) after: string | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<UserConnection> {
    const page = await services.members.list(ctx, { limit: first ?? undefined, cursor: after ?? undefined });
    return { ...toConnection(page), totalCount: await services.members.count(ctx) };
  }

  @Authorized()
  @Mutation(() => UserType, { description: 'Owner only. Without a password the member is invited by mail; with one they exist at once, unverified.' })
  async addMember(@Arg('input', { description: 'The new member.' }) input: AddMemberInput, @Ctx() { ctx, services }: GqlContext): Promise<UserType> {
    return services.members.add(ctx, { email: input.email, password: input.password ?? undefined, role: input.role ?? undefined });
  }

  @Authorized()
  @Mutation(() => UserType, { description: 'Owner only; not oneself.' })
  async deactivateMember(@Arg('id', () => ID, { description: 'The user to deactivate.' }) id: string, @Ctx() { ctx, services }: GqlContext): Promise<UserType> {
    return services.members.deactivate(ctx, id);
  }
}
