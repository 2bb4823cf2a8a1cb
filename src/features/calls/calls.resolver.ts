import { Arg, Args, Authorized, ID, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../graphql/connection';
import { PageArgs, pageInput } from '../../graphql/page-args';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import { CallDirectionEnum, CallStatusEnum } from '../../graphql/enums';
import type { Call, CallDirection, CallStatus } from './call.entity';
import type { CallsService } from './calls.service';
import { CallConnection, CallType, PlaceCallInput } from './calls.types';

export const toCallType = (calls: Pick<CallsService, 'present'>, c: Call): CallType => {
  const json = calls.present(c);
  return {
    ...c,
    id: c.id,
    questions: c.questions.map((q) => ({ key: q.key, text: q.question, type: q.type, options: q.options ?? null })),
    recordingUrl: json.recording_url,
    callbackOf: json.callback_of ? { campaignId: json.callback_of.campaign_id, recipientId: json.callback_of.recipient_id } : null,
    turns:
      c.turns?.map((t) => ({
        speaker: t.speaker,
        text: t.text,
        startMs: t.start_ms,
        endMs: t.end_ms,
        interrupted: t.interrupted,
        latency: t.latency
          ? { endOfTurnMs: t.latency.end_of_turn_ms, recognitionMs: t.latency.recognition_ms, decisionMs: t.latency.decision_ms, synthesisMs: t.latency.synthesis_ms, totalMs: t.latency.total_ms }
          : null,
      })) ?? null,
    latency: c.latency ? { p50Ms: c.latency.p50_ms, p95Ms: c.latency.p95_ms, turns: c.latency.turns } : null,
    transferWhen: json.transfer_when ? { calleeAsks: json.transfer_when.callee_asks === true, digit: json.transfer_when.digit ?? null, answer: json.transfer_when.answer ?? null } : null,
    transfer: c.transfer ? { mode: c.transfer.mode, answered: c.transfer.answered, failureReason: c.transfer.failure_reason, at: new Date(c.transfer.at) } : null,
    language: json.language,
    voice: json.voice,
    llm: json.llm,
    instructions: json.instructions,
    agentLog: json.agent_log,
  };
};

@Resolver()
export class CallsResolver {
  constructor(private readonly deps: { calls: CallsService }) {}

  @Authorized()
  @Query(() => CallConnection, { description: "The organization's calls, newest first." })
  async calls(
    @Args() page: PageArgs,
    @Arg('status', () => CallStatusEnum, { nullable: true, description: 'Only calls with this status.' }) status: CallStatus | null,
    @Arg('direction', () => CallDirectionEnum, { nullable: true, description: 'Only inbound or only outbound calls.' }) direction: CallDirection | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<CallConnection> {
    const result = await this.deps.calls.list(ctx, { ...pageInput(page), status: status ?? undefined, direction: direction ?? undefined });
    return toConnection(result, (c) => toCallType(this.deps.calls, c));
  }

  @Authorized()
  @Query(() => CallType, { description: 'One call of the organization.' })
  async call(@Arg('id', () => ID, { description: 'The call id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<CallType> {
    return toCallType(this.deps.calls, await this.deps.calls.get(ctx, id));
  }

  @Authorized()
  @Mutation(() => CallType, { description: 'Only while queued or ringing.' })
  async cancelCall(@Arg('id', () => ID, { description: 'The call to cancel.' }) id: string, @RequestCtx() ctx: Ctx): Promise<CallType> {
    return toCallType(this.deps.calls, await this.deps.calls.cancel(ctx, id));
  }

  @Authorized()
  @Mutation(() => CallType, {
    description: 'Owner or member. Places a call exactly like POST /v1/calls/outbound: same validation, quota, events and idempotency (input.idempotencyKey).',
  })
  async placeCall(@Arg('input', () => PlaceCallInput, { description: 'The call to place.' }) input: PlaceCallInput, @RequestCtx() ctx: Ctx): Promise<CallType> {
    const call = await this.deps.calls.placeFromDashboard(ctx, {
      to: input.to,
      from: input.from,
      task: input.task,
      questions: input.questions?.map((q) => ({ key: q.key, question: q.text, type: q.type, ...(q.options != null ? { options: q.options } : {}) })),
      max_duration_seconds: input.maxDurationSeconds,
      ring_timeout_seconds: input.ringTimeoutSeconds,
      voicemail_message: input.voicemailMessage,
      caller_name: input.callerName,
      language: input.language,
      voice: input.voice,
      llm: input.llm,
      instructions: input.instructions,
      metadata: input.metadata,
      webhook_url: input.webhookUrl,
      schedule_at: input.scheduleAt,
      transfer_to: input.transferTo,
      transfer_when: input.transferWhen
        ? {
            ...(input.transferWhen.calleeAsks != null ? { callee_asks: input.transferWhen.calleeAsks } : {}),
            ...(input.transferWhen.digit != null ? { digit: input.transferWhen.digit } : {}),
            ...(input.transferWhen.answer != null ? { answer: { key: input.transferWhen.answer.key, equals: input.transferWhen.answer.equals } } : {}),
          }
        : input.transferWhen,
    }, input.idempotencyKey ?? undefined);
    return toCallType(this.deps.calls, call);
  }
}
