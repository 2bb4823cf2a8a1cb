import type { Pool } from 'pg';
import type { AnalyticsQuery } from '../graphql/generated';

type Figures = Pick<AnalyticsQuery['analytics'], 'calls' | 'deliveries'>;

const round = (v: number | string | null, digits = 0): number | null => (v === null ? null : Number(Number(v).toFixed(digits)));

/**
 * The analytics figures recounted from the calls and webhook attempts themselves, with the
 * aggregates the service ran over the raw rows before the roll-ups (issue 26): the oracle the
 * roll-ups must equal, figure for figure.
 */
export async function recountAnalytics(pool: Pool, orgId: string, campaignId: string | null, from: string, to: string): Promise<Figures> {
  const start = `${from}T00:00:00Z`;
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
  const scope = campaignId ? 'campaign_id = $1 and campaign_id is not null' : 'org_id = $1';
  const range = `ended_at >= $2::timestamptz and ended_at < $3::timestamptz and ended_at is not null`;
  const params = [campaignId ?? orgId, start, end];
  const outcomes = (
    await pool.query<{ day: string; outcome: string; n: number }>(
      `select to_char(ended_at at time zone 'UTC', 'YYYY-MM-DD') as day, coalesce(disposition, status) as outcome, count(*)::int as n
         from calls where ${scope} and ${range} group by 1, 2`,
      params,
    )
  ).rows;
  const perDay = (
    await pool.query<{ day: string; calls: number; answered: number; avg_duration: string | null; p50: number | null; p95: number | null; latency_calls: number }>(
      `select to_char(ended_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as calls,
              count(*) filter (where disposition = 'human')::int as answered,
              avg(duration_seconds) filter (where disposition = 'human') as avg_duration,
              percentile_cont(0.5) within group (order by (latency->>'p50_ms')::float8) filter (where (latency->>'turns')::int > 0) as p50,
              percentile_cont(0.95) within group (order by (latency->>'p95_ms')::float8) filter (where (latency->>'turns')::int > 0) as p95,
              count(*) filter (where (latency->>'turns')::int > 0)::int as latency_calls
         from calls where ${scope} and ${range} group by 1`,
      params,
    )
  ).rows;
  const campaignFilter = campaignId
    ? `and a.delivery_id in (select d.id from webhook_deliveries d left join calls c on c.id = d.call_id where d.org_id = $1::uuid and (d.campaign_id = $4::uuid or c.campaign_id = $4::uuid))`
    : '';
  const attempts = (
    await pool.query<{ day: string; attempts: number; succeeded: number; avg_ms: string | null; p95: number | null }>(
      `select to_char(a.attempted_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as attempts,
              count(*) filter (where a.response_code between 200 and 299)::int as succeeded,
              avg(a.duration_ms) as avg_ms, percentile_cont(0.95) within group (order by a.duration_ms) as p95
         from webhook_attempts a
        where a.org_id = $1::uuid and a.attempted_at >= $2::timestamptz and a.attempted_at < $3::timestamptz ${campaignFilter}
        group by 1`,
      campaignId ? [orgId, start, end, campaignId] : [orgId, start, end],
    )
  ).rows;
  const days: string[] = [];
  for (let t = Date.parse(start); t < Date.parse(end); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return {
    calls: days.map((day) => {
      const r = perDay.find((p) => p.day === day);
      return {
        day,
        calls: r?.calls ?? 0,
        outcomes: outcomes
          .filter((o) => o.day === day)
          .map((o) => ({ outcome: o.outcome, count: o.n }))
          .sort((a, b) => b.count - a.count || a.outcome.localeCompare(b.outcome)),
        answered: r?.answered ?? 0,
        answerRate: r && r.calls > 0 ? round(r.answered / r.calls, 4) : null,
        averageDurationSeconds: r ? round(r.avg_duration, 1) : null,
        latencyP50Ms: r ? round(r.p50) : null,
        latencyP95Ms: r ? round(r.p95) : null,
        latencyCalls: r?.latency_calls ?? 0,
      };
    }),
    deliveries: days.map((day) => {
      const r = attempts.find((a) => a.day === day);
      return {
        day,
        attempts: r?.attempts ?? 0,
        succeeded: r?.succeeded ?? 0,
        successRate: r && r.attempts > 0 ? round(r.succeeded / r.attempts, 4) : null,
        averageLatencyMs: r ? round(r.avg_ms) : null,
        latencyP95Ms: r ? round(r.p95) : null,
      };
    }),
  };
}
