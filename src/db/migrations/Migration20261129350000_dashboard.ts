import { Migration } from '@mikro-orm/migrations';

/**
 * What the dashboard's campaign, do-not-call and analytics screens read:
 * - suppressions may come from a CSV import (`import`), besides the API, the dashboard's own
 *   additions and opt-outs during a call;
 * - a campaign's opted-out callees are counted from a partial index holding only those calls;
 * - analytics read calls by organization and end time, and campaign calls by campaign and end
 *   time, and webhook attempts by organization and time, from covering indexes (index-only scans:
 *   the heap of a large table is not read);
 * - analytics_days keeps the figures of days that are over (see src/features/analytics), so a
 *   range of past days is read as one row per day instead of aggregated again.
 */
export class Migration20261129350000_dashboard extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table suppressions drop constraint if exists suppressions_source_check;`);
    this.addSql(`alter table suppressions add constraint suppressions_source_check check (source in ('api', 'dashboard', 'opt_out', 'import'));`);
    this.addSql(`create index calls_campaign_opted_out_idx on calls (campaign_id, recipient_id) where opted_out and campaign_id is not null;`);
    this.addSql(`create index calls_org_ended_idx on calls (org_id, ended_at) include (status, disposition, duration_seconds, campaign_id, latency) where ended_at is not null;`);
    this.addSql(`create index calls_campaign_ended_idx on calls (campaign_id, ended_at) include (status, disposition, duration_seconds, latency) where ended_at is not null and campaign_id is not null;`);
    this.addSql(`
create table analytics_days (
  org_id uuid not null references organizations (id) deferrable initially deferred,
  scope uuid not null,
  day date not null,
  calls jsonb not null,
  deliveries jsonb not null,
  computed_at timestamptz not null default now(),
  primary key (org_id, scope, day)
);`);
    this.addSql(`comment on column analytics_days.scope is 'the campaign the figures are limited to, or the organization''s own id for all its calls';`);
    this.addSql(`create index webhook_attempts_org_attempted_idx on webhook_attempts (org_id, attempted_at) include (response_code, duration_ms, delivery_id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists analytics_days;`);
    this.addSql(`drop index if exists webhook_attempts_org_attempted_idx;`);
    this.addSql(`drop index if exists calls_campaign_ended_idx;`);
    this.addSql(`drop index if exists calls_org_ended_idx;`);
    this.addSql(`drop index if exists calls_campaign_opted_out_idx;`);
    this.addSql(`update suppressions set source = 'dashboard' where source = 'import';`);
    this.addSql(`alter table suppressions drop constraint if exists suppressions_source_check;`);
    this.addSql(`alter table suppressions add constraint suppressions_source_check check (source in ('api', 'dashboard', 'opt_out'));`);
  }
}
