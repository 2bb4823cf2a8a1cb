import type { Pool } from 'pg';
import { addJobs, job, RETRY_PRIORITY } from '../../src/queue';
import { scheduleRelease } from '../../src/features/webhooks/parking';

/**
 * A backlog of `n` pending deliveries for one organization's call, each with its scheduled job,
 * written straight into the database (faster than placing n calls). Each payload names the
 * delivery itself as `call_id`, so the bench receiver can tell them apart. With `parkedAt` (a
 * destination), retries are written as the service holds a failing receiver's retries: parked
 * under the destination with no job each, and the destination's release job.
 */
export async function insertBacklog(pg: Pick<Pool, 'query'>, orgId: string, callId: string, n: number, opts: { retries?: boolean; parkedAt?: string } = {}): Promise<string[]> {
  const { rows } = await pg.query<{ id: string }>(
    `insert into webhook_deliveries (id, org_id, call_id, event, url, payload, state, next_attempt_at)
     select x.id, $1, $2, 'call.queued', o.webhook_url,
            json_build_object('event', 'call.queued', 'org_id', $1::uuid, 'call_id', x.id, 'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"'))::text,
            'pending', now()
       from organizations o, (select gen_random_uuid() as id from generate_series(1, $3::int)) x
      where o.id = $1
     returning id`,
    [orgId, callId, n],
  );
  const ids = rows.map((r) => r.id);
  // As retries (a failing receiver's backlog is made of them): attempted once already, retry priority.
  if (opts.retries) await pg.query(`update webhook_deliveries set attempts = 1, scheduled_attempts = 1, last_error = 'timeout' where id = any($1::uuid[])`, [ids]);
  const priority = opts.retries ? RETRY_PRIORITY : 0;
  if (opts.parkedAt) {
    await pg.query(
      `insert into webhook_parked (delivery_id, destination, trigger, priority, due_at) select unnest($1::uuid[]), $2, 'scheduled', $3, now()`,
      [ids, opts.parkedAt, priority],
    );
    await scheduleRelease(pg, opts.parkedAt, new Date());
    return ids;
  }
  for (let i = 0; i < ids.length; i += 5000) await addJobs(pg, ...ids.slice(i, i + 5000).map((deliveryId) => job('deliver', { deliveryId }, { priority })));
  return ids;
}

export const cursorOf = (id: string): string => Buffer.from(`v1:${id}`).toString('base64url');

export interface DashQuery {
  name: string;
  path: string;
  token: 'user' | 'apiKey' | 'admin';
  /** The statement the service runs for it (for EXPLAIN), with its parameters. */
  explain?: { sql: string; params: unknown[] };
}

/**
 * The dashboard's org-scoped queries over the seeded data, for one organization: first and deep
 * pages of calls and deliveries with each filter, one call with its deliveries, and admin stats.
 */
export async function dashboardQueries(pg: Pick<Pool, 'query'>, orgId: string, campaignId?: string): Promise<DashQuery[]> {
  const one = async (sql: string, params: unknown[]) => (await pg.query<{ id: string }>(sql, params)).rows[0]?.id;
  const nCalls = Number((await pg.query<{ n: string }>(`select count(*) as n from calls where org_id = $1`, [orgId])).rows[0]!.n);
  const nDeliveries = Number((await pg.query<{ n: string }>(`select count(*) as n from webhook_deliveries where org_id = $1`, [orgId])).rows[0]!.n);
  const deepCall = await one(`select id from calls where org_id = $1 order by id desc offset $2 limit 1`, [orgId, Math.floor(nCalls * 0.9)]);
  const deepCallDone = await one(`select id from calls where org_id = $1 and status = 'completed' order by id desc offset $2 limit 1`, [orgId, Math.floor(nCalls * 0.5)]);
  const deepDelivery = await one(`select id from webhook_deliveries where org_id = $1 order by id desc offset $2 limit 1`, [orgId, Math.floor(nDeliveries * 0.9)]);
  const aCall = await one(`select id from calls where org_id = $1 order by id desc offset $2 limit 1`, [orgId, Math.floor(nCalls / 3)]);
  const cols = 'select * from';
  const q: DashQuery[] = [
    { name: 'calls, first page', path: '/v1/calls?limit=50', token: 'apiKey', explain: { sql: `${cols} calls where org_id = $1 order by id desc limit 51`, params: [orgId] } },
    {
      name: 'calls, deep page (90 %)',
      path: `/v1/calls?limit=50&cursor=${cursorOf(deepCall!)}`,
      token: 'apiKey',
      explain: { sql: `${cols} calls where org_id = $1 and id < $2 order by id desc limit 51`, params: [orgId, deepCall] },
    },
    { name: 'calls, status=failed', path: '/v1/calls?limit=50&status=failed', token: 'apiKey', explain: { sql: `${cols} calls where org_id = $1 and status = 'failed' order by id desc limit 51`, params: [orgId] } },
    {
      name: 'calls, status=completed, deep page',
      path: `/v1/calls?limit=50&status=completed&cursor=${cursorOf(deepCallDone!)}`,
      token: 'apiKey',
      explain: { sql: `${cols} calls where org_id = $1 and status = 'completed' and id < $2 order by id desc limit 51`, params: [orgId, deepCallDone] },
    },
    {
      name: 'deliveries, first page',
      path: '/dashboard/webhook-deliveries?limit=50',
      token: 'user',
      explain: { sql: `${cols} webhook_deliveries where org_id = $1 order by id desc limit 51`, params: [orgId] },
    },
    {
      name: 'deliveries, deep page (90 %)',
      path: `/dashboard/webhook-deliveries?limit=50&cursor=${cursorOf(deepDelivery!)}`,
      token: 'user',
      explain: { sql: `${cols} webhook_deliveries where org_id = $1 and id < $2 order by id desc limit 51`, params: [orgId, deepDelivery] },
    },
    {
      name: 'deliveries, event=call.ended',
      path: '/dashboard/webhook-deliveries?limit=50&event=call.ended',
      token: 'user',
      explain: { sql: `${cols} webhook_deliveries where org_id = $1 and event = 'call.ended' order by id desc limit 51`, params: [orgId] },
    },
    {
      name: 'deliveries, delivered=false',
      path: '/dashboard/webhook-deliveries?limit=50&delivered=false',
      token: 'user',
      explain: { sql: `${cols} webhook_deliveries where org_id = $1 and delivered = false order by id desc limit 51`, params: [orgId] },
    },
    {
      name: 'deliveries, delivered=false, deep page',
      path: `/dashboard/webhook-deliveries?limit=50&delivered=false&cursor=${cursorOf(deepDelivery!)}`,
      token: 'user',
      explain: { sql: `${cols} webhook_deliveries where org_id = $1 and delivered = false and id < $2 order by id desc limit 51`, params: [orgId, deepDelivery] },
    },
    { name: 'one call', path: `/v1/calls/${aCall}`, token: 'apiKey', explain: { sql: `${cols} calls where id = $1 and org_id = $2`, params: [aCall, orgId] } },
    {
      name: "one call's deliveries",
      path: `/dashboard/webhook-deliveries?limit=50&call_id=${aCall}`,
      token: 'user',
      explain: { sql: `${cols} webhook_deliveries where org_id = $1 and call_id = $2 order by id desc limit 51`, params: [orgId, aCall] },
    },
    { name: 'webhook settings and health', path: '/dashboard/webhook', token: 'user' },
    // The dashboard's analytics (GraphQL over GET): per-day roll-ups, for the organization and for a campaign.
    analyticsQuery(orgId, 30),
    analyticsQuery(orgId, 90),
    ...(campaignId ? [analyticsQuery(orgId, 30, campaignId), analyticsQuery(orgId, 90, campaignId)] : []),
    {
      name: 'admin stats (platform-wide)',
      path: '/api/admin/stats',
      token: 'admin',
      explain: { sql: `select state, count(*)::int as n from webhook_deliveries group by state`, params: [] },
    },
  ];
  return q;
}

const ANALYTICS_QUERY =
  'query($from: String!, $to: String!, $campaignId: ID) { analytics(from: $from, to: $to, campaignId: $campaignId) { calls { day calls outcomes { outcome count } answered answerRate averageDurationSeconds latencyP50Ms latencyP95Ms } deliveries { day attempts succeeded successRate averageLatencyMs latencyP95Ms } } }';

/** The analytics of the last `days` days, as the dashboard asks for them, of the organization or of one campaign. */
function analyticsQuery(orgId: string, days: number, campaignId?: string): DashQuery {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const variables = encodeURIComponent(JSON.stringify({ from, to, campaignId: campaignId ?? null }));
  return {
    name: `analytics, ${days} days${campaignId ? ', one campaign' : ''}`,
    path: `/graphql?query=${encodeURIComponent(ANALYTICS_QUERY)}&variables=${variables}`,
    token: 'user',
    // The statement every request runs (src/features/analytics): the range's roll-ups with the figures kept for their version.
    explain: {
      sql: `select to_char(r.day, 'YYYY-MM-DD') as day, r.version::text as version, k.calls as kept_calls, k.deliveries as kept_deliveries,
                   r.calls, r.answered, case when r.answered_timed > 0 then r.answered_seconds::numeric / r.answered_timed end as avg_duration,
                   r.latency_calls, r.attempts, r.succeeded, case when r.attempts_timed > 0 then r.attempt_ms::numeric / r.attempts_timed end as avg_attempt_ms
              from analytics_day_rollups r
              left join analytics_days k on k.org_id = r.org_id and k.scope = r.scope and k.day = r.day and k.version = r.version
             where r.org_id = $1 and r.scope = $2 and r.day between $3::date and $4::date`,
      params: [orgId, campaignId ?? orgId, from, to],
    },
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of each query's statement, as text. */
export async function explainAll(pg: Pick<Pool, 'query'>, queries: DashQuery[]): Promise<string> {
  const out: string[] = [];
  for (const q of queries) {
    if (!q.explain) continue;
    const { rows } = await pg.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${q.explain.sql}`, q.explain.params);
    out.push(`-- ${q.name}\n${q.explain.sql.replace(/\$\d/g, '?')}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
  }
  return out.join('\n');
}
