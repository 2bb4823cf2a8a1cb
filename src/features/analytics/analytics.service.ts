import { z } from 'zod';
import type { Clock } from '../../common/clock';
import { requireOrg, type Ctx } from '../../common/context';
import { notFound } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { parseInput } from '../../common/validation';

/** The longest range one request may cover: a year of days. */
export const MAX_ANALYTICS_DAYS = 366;
const DAY_MS = 86_400_000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD').refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'must be a real date');
export const analyticsSchema = z
  .strictObject({
    from: day,
    to: day,
    campaign_id: z.string().refine(isUuid, 'must be a campaign id').nullish(),
  })
  .refine((v) => v.to >= v.from, { message: 'must not be before from', path: ['to'] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / DAY_MS < MAX_ANALYTICS_DAYS, { message: `must be at most ${MAX_ANALYTICS_DAYS} days after from`, path: ['to'] });

export interface CallDay {
  day: string;
  calls: number;
  /** Calls per outcome (the disposition; the status when a call ended without one). */
  outcomes: Array<{ outcome: string; count: number }>;
  /** Calls a person answered (disposition human), and their share of the calls that ended. */
  answered: number;
  answer_rate: number | null;
  /** Mean length of the answered calls. */
  average_duration_seconds: number | null;
  /** Over the calls with measured turns: the median of their median turn latency, the 95th percentile of their p95. */
  latency_p50_ms: number | null;
  latency_p95_ms: number | null;
  latency_calls: number;
}

export interface DeliveryDay {
  day: string;
  attempts: number;
  succeeded: number;
  success_rate: number | null;
  average_latency_ms: number | null;
  latency_p95_ms: number | null;
}

export interface Analytics {
  from: string;
  to: string;
  campaign_id: string | null;
  calls: CallDay[];
  deliveries: DeliveryDay[];
}

const round = (v: number | string | null, digits = 0): number | null => (v === null ? null : Number(Number(v).toFixed(digits)));

/**
 * A day's figures are kept once the day has been over this long: calls that ended on it have been
 * analyzed (their turn latency is known) and no attempt can be made on it any more. Until then
 * they are aggregated on every request.
 */
export const DAY_SETTLES_AFTER_MS = 6 * 3_600_000;

const emptyCallDay = (day: string): CallDay => ({ day, calls: 0, outcomes: [], answered: 0, answer_rate: null, average_duration_seconds: null, latency_p50_ms: null, latency_p95_ms: null, latency_calls: 0 });
const emptyDeliveryDay = (day: string): DeliveryDay => ({ day, attempts: 0, succeeded: 0, success_rate: null, average_latency_ms: null, latency_p95_ms: null });
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day) + DAY_MS).toISOString().slice(0, 10);

/**
 * Figures for the dashboard's charts, per UTC day: a call counts on the day it ended, an attempt
 * on the day it was made. Days that are over (DAY_SETTLES_AFTER_MS after their end) are read from
 * `analytics_days`, where the first request that needs one stores it; the others are aggregated in
 * SQL over covering indexes (calls by organization or campaign and end time, webhook attempts by
 * organization and time). So a year of history costs one indexed read of 366 rows, and only the
 * last day or two are aggregated from the calls themselves. Every day of the range is present,
 * with zeros when nothing happened.
 */
export class AnalyticsService {
  constructor(private readonly clock: Clock) {}

  async get(ctx: Ctx, raw: unknown): Promise<Analytics> {
    const orgId = requireOrg(ctx);
    const input = parseInput(analyticsSchema, raw);
    const campaignId = input.campaign_id ?? null;
    if (campaignId) {
      const own: unknown[] = await ctx.em.execute('select 1 from campaigns where id = ? and org_id = ?', [campaignId, orgId]);
      if (own.length === 0) throw notFound('Campaign');
    }
    const scope = campaignId ?? orgId;
    const days: string[] = [];
    for (let t = dayStart(input.from); t <= dayStart(input.to); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
    const now = this.clock.now().getTime();
    const settled = days.filter((d) => dayStart(d) + DAY_MS + DAY_SETTLES_AFTER_MS <= now);
    const open = days.slice(settled.length);

    const figures = new Map<string, { calls: CallDay; deliveries: DeliveryDay }>();
    if (settled.length) {
      const kept: Array<{ day: string; calls: CallDay; deliveries: DeliveryDay }> = await ctx.em.execute(
        `select to_char(day, 'YYYY-MM-DD') as day, calls, deliveries from analytics_days where org_id = ? and scope = ? and day between ?::date and ?::date`,
        [orgId, scope, settled[0], settled.at(-1)],
      );
      for (const k of kept) figures.set(k.day, { calls: k.calls, deliveries: k.deliveries });
      const missing = settled.filter((d) => !figures.has(d));
      if (missing.length) {
        const computed = await this.aggregate(ctx, orgId, campaignId, missing[0]!, missing.at(-1)!);
        const rows = missing.map((d) => ({ day: d, calls: computed.calls.get(d) ?? emptyCallDay(d), deliveries: computed.deliveries.get(d) ?? emptyDeliveryDay(d) }));
        for (const r of rows) figures.set(r.day, r);
        // Two requests may compute the same days: the first stored wins, both are the same figures.
        await ctx.em.execute(
          `insert into analytics_days (org_id, scope, day, calls, deliveries)
           select ?::uuid, ?::uuid, t.day, t.calls, t.deliveries from jsonb_to_recordset(?::jsonb) as t(day date, calls jsonb, deliveries jsonb)
           on conflict (org_id, scope, day) do nothing`,
          [orgId, scope, JSON.stringify(rows)],
        );
      }
    }
    if (open.length) {
      const computed = await this.aggregate(ctx, orgId, campaignId, open[0]!, open.at(-1)!);
      for (const d of open) figures.set(d, { calls: computed.calls.get(d) ?? emptyCallDay(d), deliveries: computed.deliveries.get(d) ?? emptyDeliveryDay(d) });
    }
    return {
      from: input.from,
      to: input.to,
      campaign_id: campaignId,
      calls: days.map((d) => figures.get(d)!.calls),
      deliveries: days.map((d) => figures.get(d)!.deliveries),
    };
  }

  /** The figures of the days from `first` to `last` (included) that had calls or attempts, aggregated in SQL. */
  private async aggregate(ctx: Ctx, orgId: string, campaignId: string | null, first: string, last: string): Promise<{ calls: Map<string, CallDay>; deliveries: Map<string, DeliveryDay> }> {
    const from = `${first}T00:00:00Z`;
    const to = `${dayAfter(last)}T00:00:00Z`;
    const scope = campaignId ? 'campaign_id = ?' : 'org_id = ?';
    const params = [campaignId ?? orgId, from, to];
    const range = `ended_at >= ?::timestamptz and ended_at < ?::timestamptz and ended_at is not null ${campaignId ? 'and campaign_id is not null' : ''}`;
    const [outcomes, perDay, deliveries] = await Promise.all([
      ctx.em.execute(
        `select to_char(ended_at at time zone 'UTC', 'YYYY-MM-DD') as day, coalesce(disposition, status) as outcome, count(*)::int as n
           from calls where ${scope} and ${range} group by 1, 2`,
        params,
      ) as Promise<Array<{ day: string; outcome: string; n: number }>>,
      ctx.em.execute(
        `select to_char(ended_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as calls,
                count(*) filter (where disposition = 'human')::int as answered,
                avg(duration_seconds) filter (where disposition = 'human') as avg_duration,
                percentile_cont(0.5) within group (order by (latency->>'p50_ms')::float8) filter (where (latency->>'turns')::int > 0) as p50,
                percentile_cont(0.95) within group (order by (latency->>'p95_ms')::float8) filter (where (latency->>'turns')::int > 0) as p95,
                count(*) filter (where (latency->>'turns')::int > 0)::int as latency_calls
           from calls where ${scope} and ${range} group by 1`,
        params,
      ) as Promise<Array<{ day: string; calls: number; answered: number; avg_duration: string | null; p50: number | null; p95: number | null; latency_calls: number }>>,
      this.deliveryDays(ctx, orgId, campaignId, from, to),
    ]);
    const calls = new Map<string, CallDay>();
    for (const row of perDay) {
      calls.set(row.day, {
        day: row.day,
        calls: row.calls,
        outcomes: outcomes
          .filter((o) => o.day === row.day)
          .map((o) => ({ outcome: o.outcome, count: o.n }))
          .sort((a, b) => b.count - a.count || a.outcome.localeCompare(b.outcome)),
        answered: row.answered,
        answer_rate: row.calls > 0 ? round(row.answered / row.calls, 4) : null,
        average_duration_seconds: round(row.avg_duration, 1),
        latency_p50_ms: round(row.p50),
        latency_p95_ms: round(row.p95),
        latency_calls: row.latency_calls,
      });
    }
    return { calls, deliveries: new Map(deliveries.map((d) => [d.day, d])) };
  }

  /** Webhook attempts per day: a success is a 2xx answer; latency is the attempt's duration. */
  private async deliveryDays(ctx: Ctx, orgId: string, campaignId: string | null, from: string, to: string): Promise<DeliveryDay[]> {
    // A campaign's attempts: those of its own events and of its calls' events.
    const campaignFilter = campaignId
      ? `and a.delivery_id in (select d.id from webhook_deliveries d left join calls c on c.id = d.call_id where d.org_id = ?::uuid and (d.campaign_id = ?::uuid or c.campaign_id = ?::uuid))`
      : '';
    const rows: Array<{ day: string; attempts: number; succeeded: number; avg_ms: string | null; p95: number | null }> = await ctx.em.execute(
      `select to_char(a.attempted_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as attempts,
              count(*) filter (where a.response_code between 200 and 299)::int as succeeded,
              avg(a.duration_ms) as avg_ms,
              percentile_cont(0.95) within group (order by a.duration_ms) as p95
         from webhook_attempts a
        where a.org_id = ?::uuid and a.attempted_at >= ?::timestamptz and a.attempted_at < ?::timestamptz ${campaignFilter}
        group by 1`,
      campaignId ? [orgId, from, to, orgId, campaignId, campaignId] : [orgId, from, to],
    );
    return rows.map((r) => ({
      day: r.day,
      attempts: r.attempts,
      succeeded: r.succeeded,
      success_rate: r.attempts > 0 ? round(r.succeeded / r.attempts, 4) : null,
      average_latency_ms: round(r.avg_ms),
      latency_p95_ms: round(r.p95),
    }));
  }
}
