import { Migration } from '@mikro-orm/migrations';

/** Rows per organization, scope and day that concurrent writers spread over. */
const SHARDS = 16;

/**
 * The analytics roll-ups (Migration20261129460000) kept one row per organization, scope and UTC
 * day, so every call an organization ended and every batch of webhook attempts it recorded updated
 * the same row, and its row lock serialized those transactions through their commits (and the
 * WAL flush). Measured in the bench's lifecycle phase (40-79 calls/s): the roll-up statements were
 * three quarters of PostgreSQL's execution time, 6.7-12.6 ms per call mostly waiting for that lock,
 * while the rest of a call's statements took under 1 ms each.
 *
 * Now each roll-up row is one of 16 shards, picked by the writing connection
 * (`pg_backend_pid() % 16`): a connection's transactions run one after another, so they never wait
 * for each other, and two connections wait only when they pick the same shard. Readers add the
 * shards up through three views (`analytics_day_rollups`, `analytics_day_outcomes`,
 * `analytics_day_values`); a day's `version` is the sum of its shards' versions, which still
 * grows with every change. `analytics_rebuild()` writes shard 0.
 */
export class Migration20261129491000_analytics_shards extends Migration {
  override async up(): Promise<void> {
    for (const t of ['analytics_rollups', 'analytics_outcomes', 'analytics_values']) {
      this.addSql(`alter table ${t} add column shard smallint not null default 0;`);
      this.addSql(`comment on column ${t}.shard is 'one of the ${SHARDS} rows concurrent writers spread over (pg_backend_pid() % ${SHARDS}); readers add them up';`);
    }
    this.addSql(`alter table analytics_rollups drop constraint analytics_rollups_pkey, add primary key (org_id, scope, day, shard);`);
    this.addSql(`alter table analytics_outcomes drop constraint analytics_outcomes_pkey, add primary key (org_id, scope, day, outcome, shard);`);
    this.addSql(`alter table analytics_values drop constraint analytics_values_pkey, add primary key (org_id, scope, day, metric, value, shard);`);
    this.addSql(functions(`pg_backend_pid() % ${SHARDS}`));
    this.addSql(rebuild('(org_id, scope, day, shard)'));
    this.addSql(`
create view analytics_day_rollups as
  select org_id, scope, day, sum(version)::bigint as version, sum(calls)::int as calls, sum(answered)::int as answered,
         sum(answered_seconds)::bigint as answered_seconds, sum(answered_timed)::int as answered_timed, sum(latency_calls)::int as latency_calls,
         sum(attempts)::int as attempts, sum(succeeded)::int as succeeded, sum(attempt_ms)::bigint as attempt_ms, sum(attempts_timed)::int as attempts_timed
    from analytics_rollups group by org_id, scope, day;`);
    this.addSql(`
create view analytics_day_outcomes as
  select org_id, scope, day, outcome, sum(n)::int as n from analytics_outcomes group by org_id, scope, day, outcome;`);
    this.addSql(`
create view analytics_day_values as
  select org_id, scope, day, metric, value, sum(n)::int as n from analytics_values group by org_id, scope, day, metric, value;`);
    this.addSql(`comment on view analytics_day_rollups is 'analytics_rollups with its shards added up: one row per organization, scope and day';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop view if exists analytics_day_values;`);
    this.addSql(`drop view if exists analytics_day_outcomes;`);
    this.addSql(`drop view if exists analytics_day_rollups;`);
    // The shards go with their column: the roll-ups are emptied, then recounted by the old functions.
    this.addSql(`delete from analytics_days; delete from analytics_values; delete from analytics_outcomes; delete from analytics_rollups;`);
    this.addSql(`alter table analytics_rollups drop constraint analytics_rollups_pkey, drop column shard, add primary key (org_id, scope, day);`);
    this.addSql(`alter table analytics_outcomes drop constraint analytics_outcomes_pkey, drop column shard, add primary key (org_id, scope, day, outcome);`);
    this.addSql(`alter table analytics_values drop constraint analytics_values_pkey, drop column shard, add primary key (org_id, scope, day, metric, value);`);
    this.addSql(functions('null'));
    this.addSql(rebuild('(org_id, scope, day)'));
    this.addSql(`select analytics_rebuild();`);
  }
}

/**
 * The triggers' functions of Migration20261129460000 with the shard in every row they write
 * (`shard` is an SQL expression, or `null` for the unsharded tables of `down`).
 */
function functions(shard: string): string {
  const col = shard === 'null' ? '' : ', shard';
  const val = shard === 'null' ? '' : `, ${shard}`;
  const key = (cols: string) => (shard === 'null' ? `(${cols})` : `(${cols}, shard)`);
  return `
create or replace function analytics_count_call(c calls, sign integer) returns void language plpgsql as $$
declare
  d date := (c.ended_at at time zone 'UTC')::date;
  human boolean := coalesce(c.disposition = 'human', false);
  measured boolean := coalesce((c.latency->>'turns')::int > 0, false);
  s uuid;
begin
  for s in select x from unnest(array[c.org_id, c.campaign_id]) x where x is not null order by x loop
    insert into analytics_rollups as r (org_id, scope, day, calls, answered, answered_seconds, answered_timed, latency_calls${col})
    values (c.org_id, s, d, sign,
            case when human then sign else 0 end,
            case when human then coalesce(c.duration_seconds, 0) * sign else 0 end,
            case when human and c.duration_seconds is not null then sign else 0 end,
            case when measured then sign else 0 end${val})
    on conflict ${key('org_id, scope, day')} do update
       set version = r.version + 1, calls = r.calls + excluded.calls, answered = r.answered + excluded.answered,
           answered_seconds = r.answered_seconds + excluded.answered_seconds, answered_timed = r.answered_timed + excluded.answered_timed,
           latency_calls = r.latency_calls + excluded.latency_calls;
    insert into analytics_outcomes as o (org_id, scope, day, outcome, n${col}) values (c.org_id, s, d, coalesce(c.disposition, c.status), sign${val})
    on conflict ${key('org_id, scope, day, outcome')} do update set n = o.n + excluded.n;
    if measured then
      insert into analytics_values as v (org_id, scope, day, metric, value, n${col})
      select c.org_id, s, d, m.metric, m.value, sign${val}
        from (values ('latency_p50_ms', (c.latency->>'p50_ms')::float8), ('latency_p95_ms', (c.latency->>'p95_ms')::float8)) m (metric, value)
       where m.value is not null
      on conflict ${key('org_id, scope, day, metric, value')} do update set n = v.n + excluded.n;
    end if;
  end loop;
end $$;

create or replace function analytics_attempts_made() returns trigger language plpgsql as $$
begin
  with scoped as (
    select a.org_id, s.scope, (a.attempted_at at time zone 'UTC')::date as day, a.response_code, a.duration_ms
      from new_attempts a
      left join webhook_deliveries wd on wd.id = a.delivery_id and wd.org_id = a.org_id
      left join calls c on c.id = wd.call_id
     cross join lateral (select a.org_id union select wd.campaign_id union select c.campaign_id) s (scope)
     where s.scope is not null
  ), counted as (
    insert into analytics_rollups as r (org_id, scope, day, attempts, succeeded, attempt_ms, attempts_timed${col})
    select org_id, scope, day, count(*), count(*) filter (where response_code between 200 and 299), coalesce(sum(duration_ms), 0), count(duration_ms)${val}
      from scoped group by 1, 2, 3 order by 1, 2, 3
    on conflict ${key('org_id, scope, day')} do update
       set version = r.version + 1, attempts = r.attempts + excluded.attempts, succeeded = r.succeeded + excluded.succeeded,
           attempt_ms = r.attempt_ms + excluded.attempt_ms, attempts_timed = r.attempts_timed + excluded.attempts_timed
    returning 1
  )
  insert into analytics_values as v (org_id, scope, day, metric, value, n${col})
  select org_id, scope, day, 'attempt_ms', duration_ms, count(*)${val} from scoped where duration_ms is not null group by 1, 2, 3, 5 order by 1, 2, 3, 5
  on conflict ${key('org_id, scope, day, metric, value')} do update set n = v.n + excluded.n;
  return null;
end $$;`;
}

/** analytics_rebuild() of Migration20261129460000, its attempts' upsert keyed by `conflict` (the rows it writes take the default shard, 0). */
function rebuild(conflict: string): string {
  return `
create or replace function analytics_rebuild() returns void language plpgsql as $$
begin
  delete from analytics_days;
  delete from analytics_values;
  delete from analytics_outcomes;
  delete from analytics_rollups;
  create temporary table analytics_call_scopes on commit drop as
    select c.org_id, s.scope, (c.ended_at at time zone 'UTC')::date as day, c.status, c.disposition, c.duration_seconds, c.latency,
           coalesce((c.latency->>'turns')::int > 0, false) as measured
      from calls c cross join lateral (values (c.org_id), (c.campaign_id)) s (scope)
     where c.ended_at is not null and s.scope is not null;
  insert into analytics_rollups (org_id, scope, day, calls, answered, answered_seconds, answered_timed, latency_calls)
  select org_id, scope, day, count(*), count(*) filter (where disposition = 'human'),
         coalesce(sum(duration_seconds) filter (where disposition = 'human'), 0), count(duration_seconds) filter (where disposition = 'human'),
         count(*) filter (where measured)
    from analytics_call_scopes group by 1, 2, 3;
  insert into analytics_outcomes (org_id, scope, day, outcome, n)
  select org_id, scope, day, coalesce(disposition, status), count(*) from analytics_call_scopes group by 1, 2, 3, 4;
  insert into analytics_values (org_id, scope, day, metric, value, n)
  select org_id, scope, day, m.metric, m.value, count(*)
    from analytics_call_scopes
   cross join lateral (values ('latency_p50_ms', (latency->>'p50_ms')::float8), ('latency_p95_ms', (latency->>'p95_ms')::float8)) m (metric, value)
   where measured and m.value is not null
   group by 1, 2, 3, 4, 5;
  create temporary table analytics_attempt_scopes on commit drop as
    select a.org_id, s.scope, (a.attempted_at at time zone 'UTC')::date as day, a.response_code, a.duration_ms
      from webhook_attempts a
      left join webhook_deliveries wd on wd.id = a.delivery_id and wd.org_id = a.org_id
      left join calls c on c.id = wd.call_id
     cross join lateral (select a.org_id union select wd.campaign_id union select c.campaign_id) s (scope)
     where s.scope is not null;
  insert into analytics_rollups as r (org_id, scope, day, attempts, succeeded, attempt_ms, attempts_timed)
  select org_id, scope, day, count(*), count(*) filter (where response_code between 200 and 299), coalesce(sum(duration_ms), 0), count(duration_ms)
    from analytics_attempt_scopes group by 1, 2, 3
  on conflict ${conflict} do update
     set attempts = excluded.attempts, succeeded = excluded.succeeded, attempt_ms = excluded.attempt_ms, attempts_timed = excluded.attempts_timed;
  insert into analytics_values (org_id, scope, day, metric, value, n)
  select org_id, scope, day, 'attempt_ms', duration_ms, count(*) from analytics_attempt_scopes where duration_ms is not null group by 1, 2, 3, 5;
  drop table analytics_call_scopes;
  drop table analytics_attempt_scopes;
end $$;`;
}
