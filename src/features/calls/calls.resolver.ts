import { Arg, Args, Authorized, ID, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../graphql/connection';
import { PageArgs, pageInput } from '../../graphql/page-args';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../shared/context';
import type { Call } from './call.entity';
import type { CallsService } from './calls.service';
import { CallConnection, CallType } from './calls.types';

export const toCallType = (calls: Pick<CallsService, 'present'>, c: Call): CallType => {
  const json = calls.present(c);
  return { ...c, id: c.id, callId: c.id, recordingUrl: json.recording_url };
};

@Resolver()
export class CallsResolver {
  constructor(private readonly deps: { calls: CallsService }) {}

  @Authorized()
  @Query(() => CallConnection)
  async calls(@Args() page: PageArgs, @Arg('status', () => String, { nullable: true }) status: string | null, @RequestCtx() ctx: Ctx): Promise<CallConnection> {
    const { calls } = this.deps;
    return toConnection(await calls.list(ctx, { ...pageInput(page), status: status ?? undefined }), (c) => toCallType(calls, c));
  }

  @Authorized()
  @Query(() => CallType)
  async call(@Arg('id', () => ID) id: string, @RequestCtx() ctx: Ctx): Promise<CallType> {
    return toCallType(this.deps.calls, await this.deps.calls.get(ctx, id));
  }

  @Authorized()
  @Mutation(() => CallType, { description: 'Only while queued or ringing.' })
  async cancelCall(@Arg('id', () => ID) id: string, @RequestCtx() ctx: Ctx): Promise<CallType> {
    return toCallType(this.deps.calls, await this.deps.calls.cancel(ctx, id));
  }
}
