import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../graphql/connection';
import type { GqlContext } from '../../graphql/context';
import { CallStatusEnum } from '../../graphql/enums';
import type { Call, CallStatus } from './call.entity';
import type { CallsService } from './calls.service';
import { CallConnection, CallType, PlaceCallInput } from './calls.types';

export const toCallType = (calls: CallsService, c: Call): CallType => {
  const json = calls.present(c);
  return {
    ...c,
    id: c.id,
    questions: c.questions.map((q) => ({ key: q.key, text: q.question, type: q.type, options: q.options ?? null })),
    recordingUrl: json.recording_url,
  };
};

@Resolver()
export class CallsResolver {
  @Authorized()
  @Query(() => CallConnection, { description: "The organization's calls, newest first." })
  async calls(
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 100; default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'Cursor from pageInfo.endCursor of the previous page.' }) after: string | null,
    @Arg('status', () => CallStatusEnum, { nullable: true, description: 'Only calls with this status.' }) status: CallStatus | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<CallConnection> {
    const page = await services.calls.list(ctx, { limit: first ?? undefined, cursor: after ?? undefined, status: status ?? undefined });
    return toConnection(page, (c) => toCallType(services.calls, c));
  }

  @Authorized()
  @Query(() => CallType, { description: 'One call of the organization.' })
  async call(@Arg('id', () => ID, { description: 'The call id.' }) id: string, @Ctx() { ctx, services }: GqlContext): Promise<CallType> {
    return toCallType(services.calls, await services.calls.get(ctx, id));
  }

  @Authorized()
  @Mutation(() => CallType, { description: 'Only while queued or ringing.' })
  async cancelCall(@Arg('id', () => ID, { description: 'The call to cancel.' }) id: string, @Ctx() { ctx, services }: GqlContext): Promise<CallType> {
    return toCallType(services.calls, await services.calls.cancel(ctx, id));
  }

  @Authorized()
  @Mutation(() => CallType, {
    description: 'Owner or member. Places a call exactly like POST /v1/calls/outbound: same validation, quota, events and idempotency (input.idempotencyKey).',
  })
  async placeCall(@Arg('input', () => PlaceCallInput, { description: 'The call to place.' }) input: PlaceCallInput, @Ctx() { ctx, services }: GqlContext): Promise<CallType> {
    const call = await services.calls.placeFromDashboard(ctx, {
      to: input.to,
      from: input.from,
      task: input.task,
      questions: input.questions?.map((q) => ({ key: q.key, question: q.text, type: q.type, ...(q.options != null ? { options: q.options } : {}) })),
      max_duration_seconds: input.maxDurationSeconds,
      metadata: input.metadata,
      webhook_url: input.webhookUrl,
    }, input.idempotencyKey ?? undefined);
    return toCallType(services.calls, call);
  }
}
