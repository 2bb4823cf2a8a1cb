import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Config } from '../../config';
import { addJobs, job } from '../../queue';
import type { Clock } from '../../common/clock';
import { requireOrg, type Ctx } from '../../common/context';
import { AppError, notFound } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { decodeCursor, encodeCursor, paginate, type Page } from '../../common/pagination';
import { checkInput, invalidRequest, parseInput } from '../../common/validation';
import { assertPublicDestination, webhookUrlErrors } from '../../common/webhook-url';
import { Call, type CallLifecycle } from '../calls';
import type { LiveEventsPublisher } from '../../common/live-events';
import { Idempotency, idempotencyKeyErrors, IdempotencyKeyTaken } from '../../common/idempotency';
import { recordCampaignEvent } from '../webhooks';
import { CALLBACK_AFTER_DEFAULT, Campaign, type RetryPolicy } from './campaign.entity';
import { checkCampaignSize, enforcePendingCeiling, recipientCount } from './campaign-limits';
import { emptyCounts, presentCampaign, presentRecipient, type CampaignCounts, type CampaignJson, type RecipientRow } from './campaigns.presenter';
import { appendSchema, campaignSchema, listCampaignsSchema, listRecipientsSchema, MAX_RECIPIENTS_PER_REQUEST, type RecipientInput } from './campaigns.schemas';
import { checkRecipients, insertRecipients, prepareRecipients } from './recipients';

export const DEFAULT_RETRY: RetryPolicy = {
  busy: { after_seconds: 600 },
  no_answer: { after_seconds: 3600 },
  voicemail: { after_seconds: 4 * 3600 },
  carrier_error: { after_seconds: 60 },
  callback_requested: CALLBACK_AFTER_DEFAULT,
  max_attempts: 3,
};

export interface Answer<T> {
  status: number;
  body: T;
  replayed: boolean;
}


export async function campaignCounts(em: EntityManager, campaignId: string): Promise<CampaignCounts> {
  const rows: Array<{ status: keyof CampaignCounts; n: number }> = await em.execute(
    'select status, count(*)::int as n from campaign_recipients where campaign_id = ? group by status',
    [campaignId],
  );
  const counts = emptyCounts();
  for (const r of rows) {
    counts[r.status] = r.n;
    counts.total += r.n;
  }
  return counts;
}

export const campaignSubject = (c: Campaign) => ({ orgId: c.orgId, campaignId: c.id, webhookUrl: c.webhookUrl, status: c.status });

/** Campaign rules: create, append, read, pause, resume, cancel (docs/campaigns.md). */
export class CampaignsService {
  /** Announces committed changes of a campaign to live subscribers (set by createServices). */
  live: LiveEventsPublisher | undefined;

  constructor(
    private readonly config: Config,
    private readonly lifecycle: CallLifecycle,
    private readonly clock: Clock,
    private readonly waker: { jobsAdded(n: number): void },
  ) {}

  async present(em: EntityManager, c: Campaign): Promise<CampaignJson> {
    return presentCampaign(c, await campaignCounts(em, c.id));
  }

  async create(ctx: Ctx, raw: unknown, idempotencyKey?: string): Promise<Answer<CampaignJson>> {
    const orgId = requireOrg(ctx);
    const { input, recipients: valid } = await this.checkBody(campaignSchema, raw, idempotencyKey);
    const idem = Idempotency.of(idempotencyKey, input, 'campaigns.create');
    if (idem) {
      const earlier = await idem.find<CampaignJson>(ctx.em, orgId);
      if (earlier) return { ...earlier, replayed: true };
    }
    checkCampaignSize(this.config.campaignLimits, 0, valid.length);
    if (input.webhook_url) await assertPublicDestination('webhook_url', input.webhook_url, this.config.webhookAllowPrivateNetworks);
    const now = this.clock.now();
    const startAt = input.start_at ? new Date(input.start_at) : now;
    const campaign = Object.assign(new Campaign(), {
      orgId,
      name: input.name,
      status: startAt.getTime() > now.getTime() ? 'scheduled' : 'running',
      task: input.task ?? null,
      questions: input.questions ?? [],
      webhookUrl: input.webhook_url ?? null,
      metadata: input.metadata ?? {},
      startAt,
      endAt: input.end_at ? new Date(input.end_at) : null,
      timeZone: input.time_zone ?? 'UTC',
      callingWindow: input.calling_window ?? null,
      maxConcurrentCalls: input.max_concurrent_calls ?? 5,
      maxCallsPerSecond: input.max_calls_per_second ?? 1,
      retry: {
        busy: input.retry?.busy ?? DEFAULT_RETRY.busy,
        no_answer: input.retry?.no_answer ?? DEFAULT_RETRY.no_answer,
        voicemail: input.retry?.voicemail ?? DEFAULT_RETRY.voicemail,
        carrier_error: input.retry?.carrier_error ?? DEFAULT_RETRY.carrier_error,
        callback_requested: input.retry?.callback_requested ?? DEFAULT_RETRY.callback_requested,
        max_attempts: input.retry?.max_attempts ?? DEFAULT_RETRY.max_attempts,
      },
      startedAt: startAt.getTime() > now.getTime() ? null : now,
    } satisfies Partial<Campaign>);
    const recipients = prepareRecipients(valid, campaign, now);
    try {
      const out = await ctx.em.transactional(async (em) => {
        em.persist(campaign);
        await em.flush();
        const pending = await insertRecipients(em, campaign, recipients);
        const body = await this.present(em, campaign);
        if (campaign.status === 'running') await recordCampaignEvent(em, campaignSubject(campaign), 'campaign.started', body.counts);
        await addJobs(em, job('dispatchCampaign', { campaignId: campaign.id }, { runAt: campaign.startAt }));
        if (idem) await idem.store(em, orgId, 201, body);
        await enforcePendingCeiling(em, this.config.campaignLimits, orgId, pending);
        return { status: 201, body, replayed: false };
      });
      this.waker.jobsAdded(1);
      this.live?.campaignChanged({ orgId, campaignId: out.body.campaign_id });
      return out;
    } catch (e) {
      if (!(e instanceof IdempotencyKeyTaken) || !idem) throw e;
      const earlier = await idem.find<CampaignJson>(ctx.em, orgId);
      if (!earlier) throw e;
      return { ...earlier, replayed: true };
    }
  }

  /**
   * Appends up to 10,000 recipients to a campaign that has not ended, within the campaign's and
   * the organization's ceilings (campaign-limits.ts): the campaign's row lock makes its count
   * exact, the organization's advisory lock, taken last, the pending count.
   */
  async append(ctx: Ctx, id: string, raw: unknown, idempotencyKey?: string): Promise<Answer<CampaignJson & { recipients_added: number }>> {
    const orgId = requireOrg(ctx);
    const { input, recipients: valid } = await this.checkBody(appendSchema, raw, idempotencyKey);
    const idem = Idempotency.of(idempotencyKey, input, `campaigns.append ${id}`);
    if (idem) {
      const earlier = await idem.find<CampaignJson & { recipients_added: number }>(ctx.em, orgId);
      if (earlier) return { ...earlier, replayed: true };
    }
    const existing = await this.get(ctx, id);
    const recipients = prepareRecipients(valid, existing, this.clock.now());
    try {
      const out = await ctx.em.transactional(async (em) => {
        const c = await em.findOne(Campaign, { id, orgId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
        if (!c) throw notFound('Campaign');
        if (c.status === 'completed' || c.status === 'canceled') throw new AppError('invalid_state', `Recipients cannot be added to a ${c.status} campaign.`);
        checkCampaignSize(this.config.campaignLimits, await recipientCount(em, c.id), recipients.length);
        const pending = await insertRecipients(em, c, recipients);
        await addJobs(em, job('dispatchCampaign', { campaignId: c.id }, { runAt: c.startAt }));
        const body = { ...(await this.present(em, c)), recipients_added: recipients.length };
        if (idem) await idem.store(em, orgId, 201, body);
        await enforcePendingCeiling(em, this.config.campaignLimits, orgId, pending);
        return { status: 201, body, replayed: false };
      });
      this.waker.jobsAdded(1);
      this.live?.campaignChanged({ orgId, campaignId: id });
      return out;
    } catch (e) {
      if (!(e instanceof IdempotencyKeyTaken) || !idem) throw e;
      const earlier = await idem.find<CampaignJson & { recipients_added: number }>(ctx.em, orgId);
      if (!earlier) throw e;
      return { ...earlier, replayed: true };
    }
  }

  /**
   * The body of a create or an append, checked as a whole: one 422 names every invalid field, the
   * campaign's own, each recipient's (`recipients.<i>.<field>`, as long as `recipients` itself is
   * a list of acceptable length), the Idempotency-Key header's and a well-formed webhook_url's
   * network rule; nothing is looked up before the body is known to be valid.
   */
  private async checkBody<S extends typeof campaignSchema | typeof appendSchema>(
    schema: S,
    raw: unknown,
    idempotencyKey: string | undefined,
  ): Promise<{ input: z.output<S>; recipients: RecipientInput[] }> {
    const checked = checkInput(schema, raw);
    const list = raw !== null && typeof raw === 'object' ? (raw as { recipients?: unknown }).recipients : undefined;
    const items = Array.isArray(list) && list.length <= MAX_RECIPIENTS_PER_REQUEST ? (list as unknown[]) : [];
    const recipients = checkRecipients(items);
    const keyErrors = idempotencyKeyErrors(idempotencyKey);
    if (checked.ok && recipients.errors.length === 0 && keyErrors.length === 0) return { input: checked.data as z.output<S>, recipients: recipients.recipients };
    const network = schema === campaignSchema ? await webhookUrlErrors(raw, this.config.webhookAllowPrivateNetworks) : [];
    throw invalidRequest([...checked.errors, ...recipients.errors, ...keyErrors, ...network]);
  }

  async get(ctx: Ctx, id: string): Promise<Campaign> {
    const orgId = requireOrg(ctx);
    const c = isUuid(id) ? await ctx.em.findOne(Campaign, { id, orgId }) : null;
    if (!c) throw notFound('Campaign');
    return c;
  }

  async list(ctx: Ctx, raw: unknown): Promise<Page<Campaign>> {
    const orgId = requireOrg(ctx);
    return paginate(ctx.em, Campaign, { orgId }, parseInput(listCampaignsSchema, raw));
  }

  async recipients(ctx: Ctx, id: string, raw: unknown): Promise<{ data: ReturnType<typeof presentRecipient>[]; next_cursor: string | null }> {
    const c = await this.get(ctx, id);
    const input = parseInput(listRecipientsSchema, raw);
    const params: unknown[] = [c.id];
    let where = 'r.campaign_id = ?';
    if (input.status) {
      where += ' and r.status = ?';
      params.push(input.status);
    }
    if (input.cursor) {
      where += ' and r.id < ?';
      params.push(decodeCursor(input.cursor));
    }
    // The latest call's answers and opt-out: one primary-key lookup per row of the page.
    const rows: RecipientRow[] = await ctx.em.execute(
      `select r.id, r.to_number, r.metadata, r.time_zone, r.time_zones, r.time_zone_source, r.status, r.attempts, r.last_call_id, r.last_disposition,
              r.next_attempt_at, r.created_at, r.called_back_at, r.callback_call_id, c.structured_answers as answers, c.opted_out
         from campaign_recipients r left join calls c on c.id = r.last_call_id
        where ${where} order by r.id desc limit ${input.limit + 1}`,
      params,
    );
    const more = rows.length > input.limit;
    const page = more ? rows.slice(0, input.limit) : rows;
    return {
      data: page.map((r) =>
        presentRecipient({ ...r, next_attempt_at: r.next_attempt_at && new Date(r.next_attempt_at), created_at: new Date(r.created_at), called_back_at: r.called_back_at && new Date(r.called_back_at) }),
      ),
      next_cursor: more ? encodeCursor(page[page.length - 1]!.id) : null,
    };
  }

  /** Stops starting calls at once: calls not yet handed to the carrier are withdrawn. */
  async pause(ctx: Ctx, id: string): Promise<CampaignJson> {
    return this.transition(ctx, id, ['scheduled', 'running'], async (em, c) => {
      c.status = 'paused';
      await this.withdrawUndialed(em, c, 'pending');
      await em.flush();
      await recordCampaignEvent(em, campaignSubject(c), 'campaign.paused', await campaignCounts(em, c.id));
    });
  }

  async resume(ctx: Ctx, id: string): Promise<CampaignJson> {
    return this.transition(ctx, id, ['paused'], async (em, c) => {
      const now = this.clock.now();
      const firstStart = !c.startedAt && c.startAt.getTime() <= now.getTime();
      c.status = c.startAt.getTime() > now.getTime() ? 'scheduled' : 'running';
      if (firstStart) c.startedAt = now;
      c.paceNextAt = now;
      await em.flush();
      if (firstStart) await recordCampaignEvent(em, campaignSubject(c), 'campaign.started', await campaignCounts(em, c.id));
      await addJobs(em, job('dispatchCampaign', { campaignId: c.id }, { runAt: c.startAt }));
    });
  }

  /** Ends the campaign: nobody else is called; calls already ringing or answered finish. */
  async cancel(ctx: Ctx, id: string): Promise<CampaignJson> {
    return this.transition(ctx, id, ['scheduled', 'running', 'paused'], async (em, c) => {
      c.status = 'canceled';
      c.completedAt = this.clock.now();
      await this.withdrawUndialed(em, c, 'canceled');
      await em.execute(`update campaign_recipients set status = 'canceled', next_attempt_at = null, updated_at = now() where campaign_id = ? and status = 'pending'`, [c.id]);
      await em.flush();
    });
  }

  private async transition(ctx: Ctx, id: string, from: Campaign['status'][], change: (em: EntityManager, c: Campaign) => Promise<void>): Promise<CampaignJson> {
    const orgId = requireOrg(ctx);
    if (!isUuid(id)) throw notFound('Campaign');
    const out = await ctx.em.transactional(async (em) => {
      const c = await em.findOne(Campaign, { id, orgId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!c) throw notFound('Campaign');
      if (!from.includes(c.status)) throw new AppError('invalid_state', `A ${c.status} campaign cannot do that (only ${from.join(', ')}).`);
      await change(em, c);
      return this.present(em, c);
    });
    this.live?.campaignChanged({ orgId, campaignId: id });
    return out;
  }

  /**
   * Calls of the campaign still queued and not yet claimed by a dial (dial_started_at null) end as
   * canceled (call.ended); their recipients go back to `pending` without the attempt counting, or
   * become `canceled`. A dial that claimed its call first goes ahead (it started before this).
   */
  private async withdrawUndialed(em: EntityManager, c: Campaign, recipientStatus: 'pending' | 'canceled'): Promise<void> {
    const calls = await em.find(Call, { campaignId: c.id, status: 'queued', dialStartedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    for (const call of calls) {
      if (call.dialStartedAt) continue;
      await em.execute(
        `update campaign_recipients
            set status = ?, attempts = greatest(attempts - 1, 0), next_attempt_at = case when ? = 'pending' then now() end, updated_at = now()
          where id = ? and last_call_id = ? and status = 'calling'`,
        [recipientStatus, recipientStatus, call.recipientId, call.id],
      );
      await this.lifecycle.finish(em, call, 'canceled', 'canceled', 0);
    }
  }
}
