import type { Pool } from 'pg';

/** Health of an organization's webhook endpoint, from its state and its last 24 h of attempts. */
export interface EndpointHealth {
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  /** Since when attempts to the default endpoint have failed without a success (null: not failing). */
  failingSince: Date | null;
  attempts24h: number;
  /** Share of those attempts that succeeded, 0..1 (null without attempts). */
  successRate24h: number | null;
  averageLatencyMs24h: number | null;
  p95LatencyMs24h: number | null;
  lastFailureAt: Date | null;
  lastFailureError: string | null;
  lastSuccessAt: Date | null;
}

/** One query over the organization's attempts of the last 24 h (index on org_id, attempted_at). */
export async function readEndpointHealth(pool: Pick<Pool, 'query'>, orgId: string): Promise<EndpointHealth> {
  const { rows } = await pool.query<{
    disabled_at: Date | null;
    disabled_reason: string | null;
    failing_since: Date | null;
    attempts: number;
    ok: number;
    avg_ms: number | null;
    p95_ms: number | null;
    last_failure_at: Date | null;
    last_failure_error: string | null;
    last_success_at: Date | null;
  }>(
    `with recent as (
       select attempted_at, duration_ms, error from webhook_attempts
        where org_id = $1 and attempted_at > now() - interval '24 hours'
     )
     select o.webhook_disabled_at as disabled_at, o.webhook_disabled_reason as disabled_reason, o.webhook_failing_since as failing_since,
            (select count(*) from recent)::int as attempts,
            (select count(*) from recent where error is null)::int as ok,
            (select round(avg(duration_ms))::int from recent) as avg_ms,
            (select percentile_disc(0.95) within group (order by duration_ms) from recent) as p95_ms,
            lf.attempted_at as last_failure_at, lf.error as last_failure_error,
            (select max(attempted_at) from webhook_attempts where org_id = $1 and error is null and attempted_at > now() - interval '24 hours') as last_success_at
       from organizations o
       left join lateral (select attempted_at, error from webhook_attempts where org_id = o.id and error is not null order by attempted_at desc limit 1) lf on true
      where o.id = $1`,
    [orgId],
  );
  const r = rows[0];
  if (!r) throw new Error('organization not found');
  return {
    enabled: r.disabled_at === null,
    disabledAt: r.disabled_at,
    disabledReason: r.disabled_reason,
    failingSince: r.failing_since,
    attempts24h: r.attempts,
    successRate24h: r.attempts > 0 ? r.ok / r.attempts : null,
    averageLatencyMs24h: r.avg_ms,
    p95LatencyMs24h: r.p95_ms,
    lastFailureAt: r.last_failure_at,
    lastFailureError: r.last_failure_error,
    lastSuccessAt: r.last_success_at,
  };
}

/** The owners to tell that their organization's endpoint was disabled, with what the mail says. */
export interface EndpointDisabledNotice {
  email: string;
  organizationName: string;
  url: string | null;
  reason: string | null;
}

export async function endpointDisabledNotices(pool: Pick<Pool, 'query'>, orgId: string): Promise<EndpointDisabledNotice[]> {
  const { rows } = await pool.query<{ email: string; name: string; url: string | null; reason: string | null }>(
    `select u.email, o.name, o.webhook_url as url, o.webhook_disabled_reason as reason
       from organizations o join users u on u.org_id = o.id and u.role = 'owner' and u.active
      where o.id = $1 and o.webhook_disabled_at is not null`,
    [orgId],
  );
  return rows.map((r) => ({ email: r.email, organizationName: r.name, url: r.url, reason: r.reason }));
}
