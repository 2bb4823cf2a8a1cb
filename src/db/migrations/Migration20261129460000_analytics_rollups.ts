import { Migration } from '@mikro-orm/migrations';

/**
 * The dashboard's analytics read roll-ups instead of the calls and webhook attempts themselves, so
 * what a request costs does not grow with the rows (issue 26; docs/dashboard.md, "Analytics").
 *
 * Per organization, scope (the organization's own id for all its calls, or a campaign's id) and
 * UTC day:
 * - `analytics_rollups`: counts and sums (calls, answered, their seconds, calls with measured
 *   turns, attempts, successes, their milliseconds), and `version`, raised by every change;
 * - `analytics_outcomes`: calls per outcome;
 * - `analytics_values`: how many calls had each turn-latency p50 and p95, and how many attempts
 *   took each duration: the exact percentiles are computed from these counts, whose size is the
 *   number of distinct values (milliseconds), not the number of calls.
 *
 * They are kept by triggers on `calls` and `webhook_attempts`, in the transaction that changes the
 * rows, whichever code (or operator) changes them. The calls' trigger is deferred to the commit:
 * the roll-up row an organization's calls share is then locked only while the transaction
 * commits, not while it does the rest of its work. The attempts' trigger runs once per statement
 * (the worker records a batch of attempts in one statement, in its own transaction). A call counts once it has `ended_at` (and is taken back
 * and counted again when its outcome, duration, latency or campaign changes); an attempt counts
 * when it is inserted. Deleting rows (the webhook attempts' retention purge) does not take them out:
 * the figures of a day outlive the rows they were counted from.
 *
 * `analytics_days` keeps each day's computed figures with the `version` of the roll-up they were
 * computed from; a figure whose roll-up has moved on is computed again. Its old rows (kept by the
 * previous design, without a version) are removed. Everything is backfilled from the existing rows
 * by `analytics_rebuild()`, which `scripts/seed-scale.ts` also calls after a bulk load.
 */
export class Migration20261129460000_analytics_rollups extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table analytics_rollups (
  org_id uuid not null references organizations (id) deferrable initially deferred,
  scope uuid not null,
  day date not null,
  version bigint not null default 1,
  calls integer not null default 0,
  answered integer not null default 0,
  answered_seconds bigint not null default 0,
  answered_timed integer not null default 0,
  latency_calls integer not null default 0,
  attempts integer not null default 0,
  succeeded integer not null default 0,
  attempt_ms bigint not null default 0,
  attempts_timed integer not null default 0,
  primary key (org_id, scope, day)
);`);
    this.addSql(`comment on column analytics_rollups.scope is 'the campaign the figures are limited to, or the organization''s own id for all its calls';`);
    this.addSql(`comment on column analytics_rollups.answered_timed is 'answered calls with a duration (the average duration is over these)';`);
    this.addSql(`comment on column analytics_rollups.attempts_timed is 'attempts with a duration (the average latency is over these)';`);
    this.addSql(`
create table analytics_outcomes (
  org_id uuid not null,
  scope uuid not null,
  day date not null,
  outcome text not null,
  n integer not null,
  primary key (org_id, scope, day, outcome)
);`);
    this.addSql(`
create table analytics_values (
  org_id uuid not null,
  scope uuid not null,
  day date not null,
  metric text not null check (metric in ('latency_p50_ms', 'latency_p95_ms', 'attempt_ms')),
  value float8 not null,
  n integer not null,
  primary key (org_id, scope, day, metric, value)
);`);
    this.addSql(`delete from analytics_days;`);
    this.addSql(`alter table analytics_days add column version bigint not null;`);
    this.addSql(`comment on column analytics_days.version is 'the analytics_rollups version the figures were computed from';`);

    // One call's contribution (sign 1) or its withdrawal (sign -1), to its organization and its campaign.
    this.addSql(`
create function analytics_count_call(c calls, sign integer) returns void language plpgsql as $$
declare
  d date := (c.ended_at at time zone 'UTC')::date;
  human boolean := coalesce(c.disposition = 'human', false);
  measured boolean := coalesce((c.latency->>'turns')::int > 0, false);
  s uuid;
begin
  for s in select x from unnest(array[c.org_id, c.campaign_id]) x where x is not null order by x loop
    insert into analytics_rollups as r (org_id, scope, day, calls, answered, answered_seconds, answered_timed, latency_calls)
    values (c.org_id, s, d, sign,
            case when human then sign else 0 end,
            case when human then coalesce(c.duration_seconds, 0) * sign else 0 end,
            case when human and c.duration_seconds is not null then sign else 0 end,
            case when measured then sign else 0 end)
    on conflict (org_id, scope, day) do update
       set version = r.version + 1, calls = r.calls + excluded.calls, answered = r.answered + excluded.answered,
           answered_seconds = r.answered_seconds + excluded.answered_seconds, answered_timed = r.answered_timed + excluded.answered_timed,
           latency_calls = r.latency_calls + excluded.latency_calls;
    insert into analytics_outcomes as o (org_id, scope, day, outcome, n) values (c.org_id, s, d, coalesce(c.disposition, c.status), sign)
    on conflict (org_id, scope, day, outcome) do update set n = o.n + excluded.n;
    if measured then
      insert into analytics_values as v (org_id, scope, day, metric, value, n)
      select c.org_id, s, d, m.metric, m.value, sign
        from (values ('latency_p50_ms', (c.latency->>'p50_ms')::float8), ('latency_p95_ms', (c.latency->>'p95_ms')::float8)) m (metric, value)
       where m.value is not null
      on conflict (org_id, scope, day, metric, value) do update set n = v.n + excluded.n;
    end if;
  end loop;
end $$;`);
    this.addSql(`
create function analytics_call_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.ended_at is not null then perform analytics_count_call(old, -1); end if;
  if new.ended_at is not null then perform analytics_count_call(new, 1); end if;
  return null;
end $$;`);
    // An attempt counts for its organization, its delivery's campaign and its call's campaign. Once
    // per statement (the worker records its attempts in batches), the roll-up rows locked in key
    // order, as analytics_count_call does: two writers never wait for each other in a circle.
    this.addSql(`
create function analytics_attempts_made() returns trigger language plpgsql as $$
begin
  with scoped as (
    select a.org_id, s.scope, (a.attempted_at at time zone 'UTC')::date as day, a.response_code, a.duration_ms
      from new_attempts a
      left join webhook_deliveries wd on wd.id = a.delivery_id and wd.org_id = a.org_id
      left join calls c on c.id = wd.call_id
     cross join lateral (select a.org_id union select wd.campaign_id union select c.campaign_id) s (scope)
     where s.scope is not null
  ), counted as (
    insert into analytics_rollups as r (org_id, scope, day, attempts, succeeded, attempt_ms, attempts_timed)
    select org_id, scope, day, count(*), count(*) filter (where response_code between 200 and 299), coalesce(sum(duration_ms), 0), count(duration_ms)
      from scoped group by 1, 2, 3 order by 1, 2, 3
    on conflict (org_id, scope, day) do update
       set version = r.version + 1, attempts = r.attempts + excluded.attempts, succeeded = r.succeeded + excluded.succeeded,
           attempt_ms = r.attempt_ms + excluded.attempt_ms, attempts_timed = r.attempts_timed + excluded.attempts_timed
    returning 1
  )
  insert into analytics_values as v (org_id, scope, day, metric, value, n)
  select org_id, scope, day, 'attempt_ms', duration_ms, count(*) from scoped where duration_ms is not null group by 1, 2, 3, 5 order by 1, 2, 3, 5
  on conflict (org_id, scope, day, metric, value) do update set n = v.n + excluded.n;
  return null;
end $$;`);
    // Placing a call (ended_at still null) and the updates that change none of the counted columns fire nothing.
    this.addSql(`create constraint trigger analytics_call_inserted after insert on calls deferrable initially deferred
      for each row when (new.ended_at is not null) execute function analytics_call_changed();`);
    this.addSql(`create constraint trigger analytics_call_updated after update on calls deferrable initially deferred
      for each row when ((old.ended_at is not null or new.ended_at is not null)
        and (old.org_id, old.campaign_id, old.ended_at, old.status, old.disposition, old.duration_seconds, old.latency)
            is distinct from (new.org_id, new.campaign_id, new.ended_at, new.status, new.disposition, new.duration_seconds, new.latency))
      execute function analytics_call_changed();`);
    this.addSql(`create trigger analytics_attempts_inserted after insert on webhook_attempts referencing new table as new_attempts
      for each statement execute function analytics_attempts_made();`);

    // The roll-ups recounted from the rows: the backfill, and the end of a bulk load done with the triggers off.
    this.addSql(`
create function analytics_rebuild() returns void language plpgsql as $$
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
  on conflict (org_id, scope, day) do update
     set attempts = excluded.attempts, succeeded = excluded.succeeded, attempt_ms = excluded.attempt_ms, attempts_timed = excluded.attempts_timed;
  insert into analytics_values (org_id, scope, day, metric, value, n)
  select org_id, scope, day, 'attempt_ms', duration_ms, count(*) from analytics_attempt_scopes where duration_ms is not null group by 1, 2, 3, 5;
  drop table analytics_call_scopes;
  drop table analytics_attempt_scopes;
end $$;`);
    this.addSql(`select analytics_rebuild();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists analytics_attempts_inserted on webhook_attempts;`);
    this.addSql(`drop trigger if exists analytics_call_updated on calls;`);
    this.addSql(`drop trigger if exists analytics_call_inserted on calls;`);
    this.addSql(`drop function if exists analytics_rebuild();`);
    this.addSql(`drop function if exists analytics_attempts_made();`);
    this.addSql(`drop function if exists analytics_call_changed();`);
    this.addSql(`drop function if exists analytics_count_call(calls, integer);`);
    this.addSql(`drop table if exists analytics_values;`);
    this.addSql(`drop table if exists analytics_outcomes;`);
    this.addSql(`drop table if exists analytics_rollups;`);
    this.addSql(`delete from analytics_days;`);
    this.addSql(`alter table analytics_days drop column if exists version;`);
  }
}
