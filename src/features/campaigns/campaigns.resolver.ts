import { Arg, Authorized, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../graphql/connection';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import type { SuppressionsService } from '../suppressions';
import type { CampaignsService } from './campaigns.service';
import type { CampaignJson } from './campaigns.presenter';
import {
  CampaignConnection,
  CampaignRecipientPage,
  CampaignType,
  CreateCampaignInput,
  SuppressionPage,
  SuppressionsAddedType,
  type RetryPolicyInput,
} from './campaigns.types';

const toType = (j: CampaignJson): CampaignType => ({
  id: j.campaign_id,
  name: j.name,
  status: j.status,
  counts: j.counts,
  task: j.task,
  questions: j.questions,
  webhookUrl: j.webhook_url,
  metadata: j.metadata,
  startAt: new Date(j.start_at),
  endAt: j.end_at ? new Date(j.end_at) : null,
  timeZone: j.time_zone,
  callingWindow: j.calling_window,
  maxConcurrentCalls: j.max_concurrent_calls,
  maxCallsPerSecond: j.max_calls_per_second,
  retry: j.retry as unknown as Record<string, unknown>,
  createdAt: new Date(j.created_at),
  startedAt: j.started_at ? new Date(j.started_at) : null,
  completedAt: j.completed_at ? new Date(j.completed_at) : null,
});

const after = (v: number | undefined) => (v === undefined || v === null ? undefined : { after_seconds: v });
const retryBody = (r: RetryPolicyInput | undefined) =>
  r && {
    busy: after(r.busyAfterSeconds),
    no_answer: after(r.noAnswerAfterSeconds),
    voicemail: after(r.voicemailAfterSeconds),
    carrier_error: after(r.carrierErrorAfterSeconds),
    callback_requested: after(r.callbackRequestedAfterSeconds),
    max_attempts: r.maxAttempts,
  };


/** The dashboard's campaigns and suppression list: the same services and rules as /v1. */
@Resolver()
export class CampaignsResolver {
  constructor(private readonly deps: { campaigns: CampaignsService; suppressions: SuppressionsService }) {}
  @Authorized()
  @Query(() => CampaignConnection, { description: 'The organization\'s campaigns, newest first.' })
  async campaigns(
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 100, default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' }) afterCursor: string | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<CampaignConnection> {
    const page = await this.deps.campaigns.list(ctx, { limit: first ?? undefined, cursor: afterCursor ?? undefined });
    const nodes = new Map<string, CampaignType>();
    for (const c of page.data) nodes.set(c.id, toType(await this.deps.campaigns.present(ctx.em, c)));
    return toConnection(page, (c) => nodes.get(c.id)!);
  }

  @Authorized()
  @Query(() => CampaignType, { description: 'One campaign with its counts.' })
  async campaign(@Arg('id', () => ID, { description: 'The campaign id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<CampaignType> {
    return toType(await this.deps.campaigns.present(ctx.em, await this.deps.campaigns.get(ctx, id)));
  }

  @Authorized()
  @Query(() => CampaignRecipientPage, { description: 'A campaign\'s recipients, newest first.' })
  async campaignRecipients(
    @Arg('id', () => ID, { description: 'The campaign id.' }) id: string,
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 100, default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' }) afterCursor: string | null,
    @Arg('status', () => String, { nullable: true, description: 'Only recipients in this state (pending, calling, completed, failed, suppressed, canceled).' }) status: string | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<CampaignRecipientPage> {
    const page = await this.deps.campaigns.recipients(ctx, id, { limit: first ?? undefined, cursor: afterCursor ?? undefined, status: status ?? undefined });
    return {
      nodes: page.data.map((r) => ({
        id: r.recipient_id,
        to: r.to,
        timeZone: r.time_zone,
        timeZones: r.time_zones,
        timeZoneSource: r.time_zone_source,
        status: r.status,
        attempts: r.attempts,
        lastCallId: r.last_call_id,
        lastDisposition: r.last_disposition,
        nextAttemptAt: r.next_attempt_at,
        calledBackAt: r.called_back_at ? new Date(r.called_back_at) : null,
        callbackCallId: r.callback_call_id,
      })),
      endCursor: page.next_cursor,
      hasNextPage: page.next_cursor !== null,
    };
  }

  @Authorized()
  @Mutation(() => CampaignType, { description: 'Owner or member. Creates a campaign like POST /v1/campaigns.' })
  async createCampaign(@Arg('input', () => CreateCampaignInput, { description: 'The campaign.' }) input: CreateCampaignInput, @RequestCtx() ctx: Ctx): Promise<CampaignType> {
    const out = await this.deps.campaigns.create(
      ctx,
      {
        name: input.name,
        task: input.task,
        questions: input.questions,
        webhook_url: input.webhookUrl,
        metadata: input.metadata,
        start_at: input.startAt,
        end_at: input.endAt,
        time_zone: input.timeZone,
        calling_window: input.callingWindow,
        max_concurrent_calls: input.maxConcurrentCalls,
        max_calls_per_second: input.maxCallsPerSecond,
        retry: retryBody(input.retry),
        recipients: input.recipients.map((r) => ({ to: r.to, metadata: r.metadata, time_zone: r.timeZone })),
      },
      input.idempotencyKey,
    );
    return toType(out.body);
  }

  @Authorized()
  @Mutation(() => CampaignType, { description: 'Stops starting calls at once.' })
  async pauseCampaign(@Arg('id', () => ID, { description: 'The campaign id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<CampaignType> {
    return toType(await this.deps.campaigns.pause(ctx, id));
  }

  @Authorized()
  @Mutation(() => CampaignType, { description: 'Continues a paused campaign.' })
  async resumeCampaign(@Arg('id', () => ID, { description: 'The campaign id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<CampaignType> {
    return toType(await this.deps.campaigns.resume(ctx, id));
  }

  @Authorized()
  @Mutation(() => CampaignType, { description: 'Ends a campaign; pending recipients are canceled.' })
  async cancelCampaign(@Arg('id', () => ID, { description: 'The campaign id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<CampaignType> {
    return toType(await this.deps.campaigns.cancel(ctx, id));
  }

  @Authorized()
  @Query(() => SuppressionPage, { description: 'The do-not-call list, newest first.' })
  async suppressions(
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 100, default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' }) afterCursor: string | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<SuppressionPage> {
    const page = await this.deps.suppressions.list(ctx, { limit: first ?? undefined, cursor: afterCursor ?? undefined });
    return { nodes: page.data.map((s) => ({ number: s.number, source: s.source, createdAt: s.created_at })), endCursor: page.next_cursor, hasNextPage: page.next_cursor !== null };
  }

  @Authorized()
  @Mutation(() => SuppressionsAddedType, { description: 'Adds numbers to the do-not-call list.' })
  async addSuppressions(@Arg('numbers', () => [String], { description: 'E.164 numbers, up to 10,000.' }) numbers: string[], @RequestCtx() ctx: Ctx): Promise<SuppressionsAddedType> {
    return this.deps.suppressions.add(ctx, { numbers }, 'dashboard');
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Removes a number from the do-not-call list.' })
  async removeSuppression(@Arg('number', { description: 'The E.164 number.' }) number: string, @RequestCtx() ctx: Ctx): Promise<boolean> {
    await this.deps.suppressions.remove(ctx, number);
    return true;
  }
}
