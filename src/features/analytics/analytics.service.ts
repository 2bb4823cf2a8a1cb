import { z } from 'zod';
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

const emptyCallDay = (day: string): CallDay => ({ day, calls: 0, outcomes: [], answered: 0, answer_rate: null, average_duration_seconds: null, latency_p50_ms: null, latency_p95_ms: null, latency_calls: 0 });
const emptyDeliveryDay = (day: string): DeliveryDay => ({ day, attempts: 0, succeeded: 0, success_rate: null, average_latency_ms: null, latency_p95_ms: null });
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A day's roll-up (see the migrations 20261129460000 and 20261129491000: its shards added up), with the figures kept for its version, if any. */
interface RollupRow {
  day: string;
  version: string;
  /** This process holds the day's figures at this version (then the kept ones are not sent). */
  held: boolean;
  kept_calls: CallDay | null;
  kept_deliveries: DeliveryDay | null;
  calls: number;
  answered: number;
  avg_duration: string | null;
  latency_calls: number;
  attempts: number;
  succeeded: number;
  avg_attempt_ms: string | null;
}

/** A day's figures at one version of its roll-up. Shared between requests: never mutated. */
interface DayFigures {
  version: string;
  calls: CallDay;
  deliveries: DeliveryDay;
}

/** Days' figures an API process holds (about 1 KB each): the most recently used, at most this many. */
const DAYS_HELD = 20_000;

/**
 * The figures of days at the version they were read at. A version's figures never change (a new
 * call or attempt makes a new version), so what is held is checked against the version the request
 * reads from the roll-ups, and needs no invalidation between processes.
 */
class DayFiguresMemory {
  private readonly entries = new Map<string, DayFigures>();

  version(key: string): string | undefined {
    return this.entries.get(key)?.version;
  }

  get(key: string, version: string): DayFigures | undefined {
    const held = this.entries.get(key);
    if (!held || held.version !== version) return undefined;
    // Most recently used last, so the bound drops the days nobody reads.
    this.entries.delete(key);
    this.entries.set(key, held);
    return held;
  }

  set(key: string, figures: DayFigures): void {
    this.entries.delete(key);
    this.entries.set(key, figures);
    if (this.entries.size > DAYS_HELD) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** How many times each value occurred, in increasing order of value. */
type Counted = Array<{ value: number; n: number }>;

/**
 * PostgreSQL's `percentile_cont(p)` over the values counted, with the same float8 arithmetic
 * (the two values around position p·(N−1), interpolated), so the figure is the one the
 * aggregate gives over the rows themselves.
 */
export function percentileCont(counted: Counted, p: number): number | null {
  const total = counted.reduce((a, c) => a + c.n, 0);
  if (total === 0) return null;
  const pos = p * (total - 1);
  const first = Math.floor(pos);
  const second = Math.ceil(pos);
  const at = (k: number): number => {
    let seen = 0;
    for (const c of counted) {
      seen += c.n;
      if (k < seen) return c.value;
    }
    return counted.at(-1)!.value;
  };
  const lo = at(first);
  return second === first ? lo : lo + (at(second) - lo) * (pos - first);
}

/**
 * Figures for the dashboard's charts, per UTC day: a call counts on the day it ended, an attempt
 * on the day it was made. They are read from roll-ups per organization (or campaign) and day,
 * kept up to date by PostgreSQL triggers in the transaction that ends a call, changes it, or
 * records an attempt (migration 20261129460000; each row split into shards by the writing
 * connection so that concurrent writers do not queue on one row, 20261129491000): counts and sums, calls per outcome, and how many
 * times each latency value occurred (for exact percentiles). A range of days is one indexed read
 * of at most 366 roll-up rows joined with the figures computed for their current version
 * (`analytics_days`); only the days whose roll-up changed since (typically today) are computed
 * again, from their outcome and value counts. Each API process also holds the figures it read, by
day and version, and the read sends kept figures only for the days it does not hold (parsing them
was the largest part of a 90-day request's CPU after GraphQL's own). No request reads the calls or attempts themselves,
 * so its cost does not grow with them. Every day of the range is present, with zeros when nothing
 * happened.
 */
export class AnalyticsService {
  async get(ctx: Ctx, raw: unknown): Promise<Analytics> {
    const orgId = requireOrg(ctx);
    const input = parseInput(analyticsSchema, raw);
    const campaignId = input.campaign_id ?? null;
    if (campaignId) {
      const own: unknown[] = await ctx.em.execute('select 1 from campaigns where id = ? and org_id = ?', [campaignId, orgId]);
      if (own.length === 0) throw notFound('Campaign');
    }
    const scope = campaignId ?? orgId;
    // Requests for the same figures while they are being read share one read: when a range's days
    // must be computed (a new range, a new campaign, a busy day), a dashboard's burst of requests
    // would otherwise each compute them and contend for the same analytics_days rows.
    const key = `${orgId}|${scope}|${input.from}|${input.to}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const reading = this.read(ctx, orgId, scope, campaignId, input.from, input.to).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, reading);
    return reading;
  }

  private readonly inFlight = new Map<string, Promise<Analytics>>();
  /** The figures of days at the version they were read at (they never change for a version), shared by every request of this process. */
  private readonly known = new DayFiguresMemory();

  private async read(ctx: Ctx, orgId: string, scope: string, campaignId: string | null, from: string, to: string): Promise<Analytics> {
    const days: string[] = [];
    for (let t = dayStart(from); t <= dayStart(to); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
    const memoryKey = (day: string) => `${orgId}|${scope}|${day}`;
    // The days this process holds figures for, as day:version: the statement sends the figures
    // kept in the database only for the others, so a dashboard read again parses no JSON.
    const held: string[] = [];
    for (const d of days) {
      const version = this.known.version(memoryKey(d));
      if (version !== undefined) held.push(`${d}:${version}`);
    }

    const rows: RollupRow[] = await ctx.em.execute(
      `select to_char(r.day, 'YYYY-MM-DD') as day, r.version::text as version,
              h.held is not null as held, case when h.held is null then k.calls end as kept_calls, case when h.held is null then k.deliveries end as kept_deliveries,
              r.calls, r.answered, case when r.answered_timed > 0 then r.answered_seconds::numeric / r.answered_timed end as avg_duration,
              r.latency_calls, r.attempts, r.succeeded, case when r.attempts_timed > 0 then r.attempt_ms::numeric / r.attempts_timed end as avg_attempt_ms
         from analytics_day_rollups r
         left join unnest(string_to_array(?, ',')) as h(held) on h.held = to_char(r.day, 'YYYY-MM-DD') || ':' || r.version
         left join analytics_days k on h.held is null and k.org_id = r.org_id and k.scope = r.scope and k.day = r.day and k.version = r.version
        where r.org_id = ? and r.scope = ? and r.day between ?::date and ?::date`,
      [held.join(','), orgId, scope, from, to],
    );
    const figures = new Map<string, DayFigures>();
    for (const r of rows) {
      const kept = r.held ? this.known.get(memoryKey(r.day), r.version) : r.kept_calls && r.kept_deliveries ? { version: r.version, calls: r.kept_calls, deliveries: r.kept_deliveries } : undefined;
      if (!kept) continue;
      figures.set(r.day, kept);
      if (!r.held) this.known.set(memoryKey(r.day), kept);
    }
    const changed = rows.filter((r) => !figures.has(r.day));
    if (changed.length) {
      const computed = await this.compute(ctx, orgId, scope, changed);
      for (const c of computed) {
        figures.set(c.day, c);
        this.known.set(memoryKey(c.day), c);
      }
      // Two requests may compute the same version: both are the same figures. A newer version wins.
      await ctx.em.execute(
        `insert into analytics_days (org_id, scope, day, version, calls, deliveries)
         select ?::uuid, ?::uuid, t.day, t.version, t.calls, t.deliveries from jsonb_to_recordset(?::jsonb) as t(day date, version bigint, calls jsonb, deliveries jsonb)
         on conflict (org_id, scope, day) do update set version = excluded.version, calls = excluded.calls, deliveries = excluded.deliveries, computed_at = now()
          where analytics_days.version < excluded.version`,
        [orgId, scope, JSON.stringify(computed)],
      );
    }
    return {
      from,
      to,
      campaign_id: campaignId,
      calls: days.map((d) => figures.get(d)?.calls ?? emptyCallDay(d)),
      deliveries: days.map((d) => figures.get(d)?.deliveries ?? emptyDeliveryDay(d)),
    };
  }

  /** The figures of the days whose roll-up changed since they were last computed: two indexed reads of their counts. */
  private async compute(ctx: Ctx, orgId: string, scope: string, rows: RollupRow[]): Promise<Array<DayFigures & { day: string }>> {
    // One parameter (a list of dates as text): the query builder would spread an array into several.
    const dayList = rows.map((r) => r.day).join(',');
    const [outcomes, values] = await Promise.all([
      ctx.em.execute(
        `select to_char(day, 'YYYY-MM-DD') as day, outcome, n from analytics_day_outcomes where org_id = ? and scope = ? and day = any(string_to_array(?, ',')::date[]) and n > 0`,
        [orgId, scope, dayList],
      ) as Promise<Array<{ day: string; outcome: string; n: number }>>,
      ctx.em.execute(
        `select to_char(day, 'YYYY-MM-DD') as day, metric, value, n from analytics_day_values where org_id = ? and scope = ? and day = any(string_to_array(?, ',')::date[]) and n > 0 order by day, metric, value`,
        [orgId, scope, dayList],
      ) as Promise<Array<{ day: string; metric: 'latency_p50_ms' | 'latency_p95_ms' | 'attempt_ms'; value: number; n: number }>>,
    ]);
    // Grouped once: filtering the whole list per day and metric made 90 days' first computation
    // quadratic (hundreds of ms with a value list per millisecond of attempt latency).
    const byDayMetric = new Map<string, Counted>();
    for (const v of values) {
      const key = `${v.day}|${v.metric}`;
      let list = byDayMetric.get(key);
      if (!list) byDayMetric.set(key, (list = []));
      list.push({ value: Number(v.value), n: v.n });
    }
    const outcomesByDay = new Map<string, Array<{ outcome: string; count: number }>>();
    for (const o of outcomes) {
      let list = outcomesByDay.get(o.day);
      if (!list) outcomesByDay.set(o.day, (list = []));
      list.push({ outcome: o.outcome, count: o.n });
    }
    const counted = (day: string, metric: string): Counted => byDayMetric.get(`${day}|${metric}`) ?? [];
    return rows.map((r) => ({
      day: r.day,
      version: r.version,
      calls: {
        day: r.day,
        calls: r.calls,
        outcomes: (outcomesByDay.get(r.day) ?? []).sort((a, b) => b.count - a.count || a.outcome.localeCompare(b.outcome)),
        answered: r.answered,
        answer_rate: r.calls > 0 ? round(r.answered / r.calls, 4) : null,
        average_duration_seconds: round(r.avg_duration, 1),
        latency_p50_ms: round(percentileCont(counted(r.day, 'latency_p50_ms'), 0.5)),
        latency_p95_ms: round(percentileCont(counted(r.day, 'latency_p95_ms'), 0.95)),
        latency_calls: r.latency_calls,
      },
      deliveries: {
        day: r.day,
        attempts: r.attempts,
        succeeded: r.succeeded,
        success_rate: r.attempts > 0 ? round(r.succeeded / r.attempts, 4) : null,
        average_latency_ms: round(r.avg_attempt_ms),
        latency_p95_ms: round(percentileCont(counted(r.day, 'attempt_ms'), 0.95)),
      },
    }));
  }
}
