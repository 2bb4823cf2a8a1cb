import { Arg, Authorized, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../graphql/connection';
import { RequestCtx } from '../../graphql/request-ctx';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ctx } from '../../common/context';
import { Campaign } from './campaign.entity';
import { campaignProgress } from './campaign-insights';
import { campaignCounts } from './campaigns.service';
import { presentCampaign } from './campaigns.presenter';
import type { SuppressionsService } from '../suppressions';
import type { CampaignsService } from './campaigns.service';
import type { CampaignJson } from './campaigns.presenter';
import {
  CampaignConnection,
  CampaignRecipientInput,
  CampaignRecipientPage,
  CampaignType,
  CreateCampaignInput,
  SuppressionPage,
  SuppressionsAddedType,
  type RetryPolicyInput,
} from './campaigns.types';

export const toCampaignType = (j: CampaignJson): CampaignType => ({
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

/** A campaign as campaignUpdated sends it: read once per batch of changes, progress included. */
export async function presentLiveCampaign(em: EntityManager, campaignId: string): Promise<{ orgId: string; value: object } | null> {
  const c = await em.findOne(Campaign, { id: campaignId });
  if (!c) return null;
  const [counts, progress] = await Promise.all([campaignCounts(em, c.id), campaignProgress(em, c.id)]);
  return { orgId: c.orgId, value: { ...toCampaignType(presentCampaign(c, counts)), progress: toProgressType(progress) } };
}

export const toProgressType = (p: Awaited<ReturnType<typeof campaignProgress>>) => ({
  total: p.total,
  reached: p.reached,
  optedOut: p.opted_out,
  pending: p.pending,
  retrying: p.retrying,
  calling: p.calling,
  failed: p.failed,
  suppressed: p.suppressed,
  canceled: p.canceled,
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
    for (const c of page.data) nodes.set(c.id, toCampaignType(await this.deps.campaigns.present(ctx.em, c)));
    return toConnection(page, (c) => nodes.get(c.id)!);
  }

  @Authorized()
  @Query(() => CampaignType, { description: 'One campaign with its counts.' })
  async campaign(@Arg('id', () => ID, { description: 'The campaign id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<CampaignType> {
    return toCampaignType(await this.deps.campaigns.present(ctx.em, await this.deps.campaigns.get(ctx, id)));
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
        answers: r.answers,
        optedOut: r.opted_out,
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
    return toCampaignType(out.body);
  }

  @Authorized()
  @Mutation(() => CampaignType, { description: 'Owner or member. Adds up to 10,000 recipients to a campaign that has not ended, like POST /v1/campaigns/{id}/recipients.' })
  async addCampaignRecipients(
    @Arg('id', () => ID, { description: 'The campaign id.' }) id: string,
    @Arg('recipients', () => [CampaignRecipientInput], { description: 'Up to 10,000 recipients.' }) recipients: CampaignRecipientInput[],
    @Arg('idempotencyKey', () => String, { nullable: true, description: 'Makes retries safe, like the Idempotency-Key header.' }) idempotencyKey: string | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<CampaignType> {
    const out = await this.deps.campaigns.append(ctx, id, { recipients: recipients.map((r) => ({ to: r.to, metadata: r.metadata, time_zone: r.timeZone })) }, idempotencyKey ?? undefined);
    return toCampaignType(out.body);
  }

  @Authorized()
  @Mutation(() => CampaignType, { description: 'Stops starting calls at once.' })
  async pauseCampaign(@Arg('id', () => ID, { description: 'The campaign id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<CampaignType> {
    return toCampaignType(await this.deps.campaigns.pause(ctx, id));
  }

  @Authorized()
  @Mutation(() => CampaignType, { description: 'Continues a paused campaign.' })
  async resumeCampaign(@Arg('id', () => ID, { description: 'The campaign id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<CampaignType> {
    return toCampaignType(await this.deps.campaigns.resume(ctx, id));
  }

  @Authorized()
  @Mutation(() => CampaignType, { description: 'Ends a campaign; pending recipients are canceled.' })
  async cancelCampaign(@Arg('id', () => ID, { description: 'The campaign id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<CampaignType> {
    return toCampaignType(await this.deps.campaigns.cancel(ctx, id));
  }

  @Authorized()
  @Query(() => SuppressionPage, { description: 'The do-not-call list, newest first.' })
  async suppressions(
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 100, default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' }) afterCursor: string | null,
    @Arg('search', () => String, { nullable: true, description: 'Only numbers containing these digits (spaces, dashes and + ignored).' }) search: string | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<SuppressionPage> {
    const page = await this.deps.suppressions.list(ctx, { limit: first ?? undefined, cursor: afterCursor ?? undefined, search: search ?? undefined });
    return { nodes: page.data.map((s) => ({ number: s.number, source: s.source, createdAt: s.created_at })), endCursor: page.next_cursor, hasNextPage: page.next_cursor !== null };
  }

  @Authorized()
  @Mutation(() => SuppressionsAddedType, { description: 'Adds numbers to the do-not-call list.' })
  async addSuppressions(@Arg('numbers', () => [String], { description: 'E.164 numbers, up to 10,000.' }) numbers: string[], @RequestCtx() ctx: Ctx): Promise<SuppressionsAddedType> {
    return this.deps.suppressions.add(ctx, { numbers }, 'dashboard');
  }

  @Authorized()
  @Mutation(() => SuppressionsAddedType, { description: 'Adds the numbers of an imported file to the do-not-call list (source import).' })
  async importSuppressions(@Arg('numbers', () => [String], { description: 'E.164 numbers, up to 10,000.' }) numbers: string[], @RequestCtx() ctx: Ctx): Promise<SuppressionsAddedType> {
    return this.deps.suppressions.add(ctx, { numbers }, 'import');
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Removes a number from the do-not-call list.' })
  async removeSuppression(@Arg('number', { description: 'The E.164 number.' }) number: string, @RequestCtx() ctx: Ctx): Promise<boolean> {
    await this.deps.suppressions.remove(ctx, number);
    return true;
  }
}
