import { Arg, Args, Authorized, ID, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../graphql/connection';
import { PageArgs, pageInput } from '../../graphql/page-args';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import type { MembersService } from './members.service';
import { AddMemberInput, UserConnection, UserType } from './users.types';

@Resolver()
export class MembersResolver {
  constructor(private readonly deps: { members: MembersService }) {}

  @Authorized()
  @Query(() => UserConnection, { description: "The organization's members, newest first." })
  async members(
    @Args() page: PageArgs,
    @RequestCtx() ctx: Ctx,
  ): Promise<UserConnection> {
    const result = await this.deps.members.list(ctx, pageInput(page));
    return { ...toConnection(result), totalCount: await this.deps.members.count(ctx) };
  }

  @Authorized()
  @Mutation(() => UserType, { description: 'Owner only. Without a password the member is invited by mail; with one they exist at once, unverified.' })
  async addMember(@Arg('input', { description: 'The new member.' }) input: AddMemberInput, @RequestCtx() ctx: Ctx): Promise<UserType> {
    return this.deps.members.add(ctx, { email: input.email, password: input.password ?? undefined, role: input.role ?? undefined });
  }

  @Authorized()
  @Mutation(() => UserType, { description: 'Owner only; not oneself.' })
  async deactivateMember(@Arg('id', () => ID, { description: 'The user to deactivate.' }) id: string, @RequestCtx() ctx: Ctx): Promise<UserType> {
    return this.deps.members.deactivate(ctx, id);
  }
}
