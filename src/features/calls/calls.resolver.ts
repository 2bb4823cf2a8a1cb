import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../graphql/connection';
import type { GqlContext } from '../../graphql/context';
import type { Call } from './call.entity';
import type { CallsService } from './calls.service';
import { CallConnection, CallType } from './calls.types';

export const toCallType = (calls: CallsService, c: Call): CallType => {
  const json = calls.present(c);
  return { ...c, id: c.id, callId: c.id, recordingUrl: json.recording_url };
};

@Resolver()
export class CallsResolver {
  @Authorized()
  @Query(() => CallConnection)
  async calls(
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('status', () => String, { nullable: true }) status: string | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<CallConnection> {
    const page = await services.calls.list(ctx, { limit: first ?? undefined, cursor: after ?? undefined, status: (status ?? undefined) as never });
    return toConnection(page, (c) => toCallType(services.calls, c));
  }

  @Authorized()
  @Query(() => CallType)
  async call(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GqlContext): Promise<CallType> {
    return toCallType(services.calls, await services.calls.get(ctx, id));
  }

  @Authorized()
  @Mutation(() => CallType, { description: 'Only while queued or ringing.' })
  async cancelCall(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GqlContext): Promise<CallType> {
    return toCallType(services.calls, await services.calls.cancel(ctx, id));
  }
}
