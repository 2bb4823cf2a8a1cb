import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { insertJobsSql, job, addJobs } from '../../queue';
import type { Clock } from '../../common/clock';
import { newId } from '../../common/ids';
import { toPositional } from '../../common/sql';
import { OPEN_CALLS_LOCK_NAMESPACE, insertCampaignCallsCte } from '../calls';
import { buildEventBody, outboxCtes, recordCampaignEvent } from '../webhooks';
import { inWindow, nextCommonOpening } from './calling-window';
import { Campaign } from './campaign.entity';
import { campaignCounts, campaignSubject } from './campaigns.service';

/** At most this many recipients are looked at per tick: a tick is one bounded transaction. */
export const DISPATCH_BATCH = 500;
/** Calls created ahead of their pace slot: at most this many seconds' worth. */
const PACE_LOOKAHEAD_SECONDS = 2;
/** Safety net: an idle running campaign looks again at least this often. */
const IDLE_RECHECK_MS = 30_000;
/** At the organization's ceiling, calls of other campaigns or single calls free room: look again soon. */
const ORG_CEILING_RECHECK_MS = 2000;


/**
 * The calls of one tick, one statement: the call rows (campaign_id, recipient_id, attempt; unique
 * per recipient attempt), their call.queued events through the outbox, their dial jobs due at
 * their pace slots, and the recipients moved to `calling`.
 */
const DISPATCH_SQL = `
with src as (
  select * from json_to_recordset($1::json) as t(call_id uuid, recipient_id uuid, to_number text, metadata json, attempt int, delivery_id uuid, payload text, run_at timestamptz)
), ${insertCampaignCallsCte('c', { from: 'src', orgId: '$2::uuid', webhookUrl: '$3::text', task: '$4::text', questions: '$5::json', maxDurationSeconds: '$6::int', campaignId: '$7::uuid', callerName: 'coalesce((select caller_name from agent_settings where org_id = $2::uuid), (select name from organizations where id = $2::uuid))' })}, r as (
  update campaign_recipients cr
     set status = 'calling', attempts = src.attempt, last_call_id = src.call_id, next_attempt_at = null, updated_at = now()
    from src where cr.id = src.recipient_id
  returning 1
), ${outboxCtes({ from: 'src', orgId: '$2::uuid', callId: 'src.call_id', callUrl: '$3::text', deliveryId: 'src.delivery_id', event: "'call.queued'", payload: 'src.payload' }, { notify: false })},
dial_job as (
  ${insertJobsSql('dial', { from: 'src', fields: { callId: 'src.call_id' }, runAt: 'src.run_at' })}
  returning 1
)
select ((select count(*) from outbox_job) + (select count(*) from dial_job))::int as jobs, (select count(*) from c)::int as calls, (select count(*) from r)::int as recipients`;

interface Candidate {
  id: string;
  to_number: string;
  metadata: Record<string, unknown> | null;
  time_zones: string[];
  attempts: number;
  suppressed: boolean;
}

export interface DispatchResult {
  dialed: number;
  deferred: number;
  suppressed: number;
  next: Date | null;
  /** Set when the tick moved recipients or the campaign's status (what live subscribers hear of). */
  changed?: { orgId: string };
}

/**
 * One tick of a campaign: starts it when due, ends what is past end_at, and turns due recipients
 * inside their calling window into calls, within max_concurrent_calls, the pace, and the
 * organization's open-calls ceiling. Runs in one transaction holding the campaign row, so ticks of
 * one campaign never overlap and pause/cancel (which take the same row) take effect at once.
 */
export class CampaignDispatcher {
  constructor(
    private readonly clock: Clock,
    private readonly maxOpenCallsPerOrg: number,
  ) {}

  async tick(em: EntityManager, campaignId: string): Promise<DispatchResult> {
    const result = await em.transactional(async (tx) => this.tickIn(tx, campaignId));
    if (result.next) {
      // earliest: a wake-up asked for meanwhile (a call ended, a resume) is never postponed.
      await addJobs(em, job('dispatchCampaign', { campaignId }, { runAt: result.next, keyMode: 'earliest' }));
    }
    return result;
  }

  private async tickIn(em: EntityManager, campaignId: string): Promise<DispatchResult> {
    const none: DispatchResult = { dialed: 0, deferred: 0, suppressed: 0, next: null };
    const c = await em.findOne(Campaign, { id: campaignId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!c || c.status === 'paused' || c.status === 'completed' || c.status === 'canceled') return none;
    const now = this.clock.now();
    let started = false;
    if (c.status === 'scheduled') {
      if (c.startAt.getTime() > now.getTime()) return { ...none, next: c.startAt };
      started = true;
      c.status = 'running';
      c.startedAt = now;
      c.paceNextAt = now;
      await em.flush();
      await recordCampaignEvent(em, campaignSubject(c), 'campaign.started', await campaignCounts(em, c.id));
    }
    let ended = false;
    if (c.endAt && c.endAt.getTime() <= now.getTime()) {
      ended = true;
      await em.execute(`update campaign_recipients set status = 'canceled', next_attempt_at = null, updated_at = now() where campaign_id = ? and status = 'pending'`, [c.id]);
    }

    const calling: Array<{ n: number }> = await em.execute(`select count(*)::int as n from campaign_recipients where campaign_id = ? and status = 'calling'`, [c.id]);
    const capacity = c.maxConcurrentCalls - (calling[0]?.n ?? 0);
    await em.execute('select pg_advisory_xact_lock(?::int, hashtext(?))', [OPEN_CALLS_LOCK_NAMESPACE, c.orgId]);
    const open: Array<{ n: number }> = await em.execute(`select count(*)::int as n from calls where org_id = ? and status in ('queued', 'ringing', 'in_progress')`, [c.orgId]);
    const orgHeadroom = this.maxOpenCallsPerOrg - (open[0]?.n ?? 0);
    const paceBudget = Math.max(1, Math.ceil(c.maxCallsPerSecond * PACE_LOOKAHEAD_SECONDS));
    const budget = Math.min(capacity, orgHeadroom, paceBudget, DISPATCH_BATCH);

    let dialed = 0;
    let deferred = 0;
    let suppressed = 0;
    let sawFullBatch = false;
    if (budget > 0) {
      const candidates: Candidate[] = await em.execute(
        `select r.id, r.to_number, r.metadata, r.time_zones, r.attempts, (s.number is not null) as suppressed
           from campaign_recipients r
           left join suppressions s on s.org_id = r.org_id and s.number = r.to_number
          where r.campaign_id = ? and r.status = 'pending' and r.next_attempt_at <= ?
          order by r.next_attempt_at, r.id
          limit ${DISPATCH_BATCH}
          for update of r skip locked`,
        [c.id, now.toISOString()],
      );
      sawFullBatch = candidates.length === DISPATCH_BATCH;
      const toSuppress: string[] = [];
      const later: Array<{ id: string; at: string | null }> = [];
      const chosen: Candidate[] = [];
      for (const r of candidates) {
        if (r.suppressed) toSuppress.push(r.id);
        else if (!r.time_zones.every((z) => inWindow(now, z, c.callingWindow))) {
          const at = nextCommonOpening(now, r.time_zones, c.callingWindow);
          later.push({ id: r.id, at: at ? at.toISOString() : new Date(now.getTime() + 86_400_000).toISOString() });
        } else if (chosen.length < budget) chosen.push(r);
      }
      if (toSuppress.length) {
        await em.execute(`update campaign_recipients set status = 'suppressed', next_attempt_at = null, updated_at = now() where id in (select (json_array_elements_text(?::json))::uuid)`, [JSON.stringify(toSuppress)]);
      }
      if (later.length) {
        await em.execute(
          `update campaign_recipients r set next_attempt_at = t.at, updated_at = now() from json_to_recordset(?::json) as t(id uuid, at timestamptz) where r.id = t.id`,
          [JSON.stringify(later)],
        );
      }
      if (chosen.length) await this.dispatch(em, c, chosen, now);
      dialed = chosen.length;
      deferred = later.length;
      suppressed = toSuppress.length;
    }

    const state: Array<{ pending: number; calling: number; next_due: Date | null }> = await em.execute(
      `select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'calling')::int as calling,
              min(next_attempt_at) filter (where status = 'pending') as next_due
         from campaign_recipients where campaign_id = ? and status in ('pending', 'calling')`,
      [c.id],
    );
    const s = state[0]!;
    if (s.pending === 0 && s.calling === 0) {
      c.status = 'completed';
      c.completedAt = now;
      await em.flush();
      await recordCampaignEvent(em, campaignSubject(c), 'campaign.completed', await campaignCounts(em, c.id));
      return { dialed, deferred, suppressed, next: null, changed: { orgId: c.orgId } };
    }
    const changed = started || ended || dialed > 0 || suppressed > 0 ? { orgId: c.orgId } : undefined;
    // When to look again. Full (concurrency or the organization's ceiling): when a call ends (its
    // outcome wakes the campaign, campaign-outcomes.ts), with a periodic look as a safety net.
    // Pace-limited: in a second. A full batch looked at: at once. Else at the next due recipient.
    let next: number;
    const full = capacity - dialed <= 0 || orgHeadroom - dialed <= 0;
    if (s.pending === 0) next = now.getTime() + IDLE_RECHECK_MS;
    else if (full) next = now.getTime() + (orgHeadroom - dialed <= 0 ? ORG_CEILING_RECHECK_MS : IDLE_RECHECK_MS);
    else if (dialed >= paceBudget) next = now.getTime() + 1000;
    else if (sawFullBatch) next = now.getTime();
    else next = Math.min(now.getTime() + IDLE_RECHECK_MS, s.next_due ? new Date(s.next_due).getTime() : Infinity);
    return { dialed, deferred, suppressed, next: new Date(Math.max(next, Date.now())), changed };
  }

  private async dispatch(em: EntityManager, c: Campaign, chosen: Candidate[], now: Date): Promise<void> {
    const gapMs = 1000 / c.maxCallsPerSecond;
    const first = Math.max(now.getTime(), c.paceNextAt.getTime());
    const rows = chosen.map((r, k) => {
      const callId = newId();
      const metadata = { ...c.metadata, ...(r.metadata ?? {}) };
      const attempt = r.attempts + 1;
      const payload = buildEventBody('call.queued', { orgId: c.orgId, callId, webhookUrl: c.webhookUrl, to: r.to_number, status: 'queued', metadata, campaignId: c.id, direction: 'outbound' });
      return { call_id: callId, recipient_id: r.id, to_number: r.to_number, metadata, attempt, delivery_id: newId(), payload, run_at: new Date(first + k * gapMs).toISOString() };
    });
    const { sql, values } = toPositional(DISPATCH_SQL, [JSON.stringify(rows), c.orgId, c.webhookUrl, c.task, JSON.stringify(c.questions), 600, c.id]);
    await em.execute(sql, values);
  }
}
