import { Migration } from '@mikro-orm/migrations';

/**
 * Scheduled calls, campaigns and the suppression list (docs/campaigns.md).
 * - calls: `scheduled` status and `scheduled_at`; `campaign_id`, `recipient_id` and `attempt` for
 *   campaign calls (one call per recipient attempt, enforced by a unique index); `dial_started_at`,
 *   the claim a dial takes before it reaches the carrier, so a crash never dials an attempt twice.
 * - webhook_deliveries: an event is about a call or a campaign; `subject_url` is the subject's own
 *   destination (the call's or campaign's webhook_url, both immutable), so a delivery no longer
 *   needs to join its subject's table to find where it goes.
 */
export class Migration20261123130000_campaigns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table suppressions (
  org_id uuid not null references organizations (id) deferrable initially deferred,
  number text not null,
  source text not null check (source in ('api', 'dashboard', 'opt_out')),
  created_at timestamptz not null default now(),
  primary key (org_id, number)
);`);
    this.addSql(`
create table campaigns (
  id uuid primary key,
  org_id uuid not null references organizations (id) deferrable initially deferred,
  name text not null,
  status text not null check (status in ('scheduled', 'running', 'paused', 'completed', 'canceled')),
  task text,
  questions json not null default '[]',
  webhook_url text,
  metadata json not null default '{}',
  start_at timestamptz not null,
  end_at timestamptz,
  time_zone text not null,
  calling_window json,
  max_concurrent_calls integer not null,
  max_calls_per_second double precision not null,
  retry json not null,
  pace_next_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);`);
    this.addSql(`create index campaigns_org_idx on campaigns (org_id, id desc);`);
    this.addSql(`
create table campaign_recipients (
  id uuid primary key,
  campaign_id uuid not null references campaigns (id) deferrable initially deferred,
  org_id uuid not null,
  to_number text not null,
  metadata json,
  time_zone text,
  time_zones text[] not null,
  time_zone_source text not null check (time_zone_source in ('given', 'number', 'campaign')),
  status text not null check (status in ('pending', 'calling', 'completed', 'failed', 'suppressed', 'canceled')),
  attempts integer not null default 0,
  last_call_id uuid,
  last_disposition text,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);`);
    this.addSql(`create index campaign_recipients_list_idx on campaign_recipients (campaign_id, id desc);`);
    this.addSql(`create index campaign_recipients_status_idx on campaign_recipients (campaign_id, status);`);
    this.addSql(`create index campaign_recipients_due_idx on campaign_recipients (campaign_id, next_attempt_at) where status = 'pending';`);
    this.addSql(`create index campaign_recipients_number_idx on campaign_recipients (org_id, to_number) where status = 'pending';`);

    this.addSql(`alter table calls drop constraint calls_status_check;`);
    this.addSql(`alter table calls add constraint calls_status_check check (status in ('scheduled', 'queued', 'ringing', 'in_progress', 'completed', 'failed', 'canceled'));`);
    this.addSql(`alter table calls add column scheduled_at timestamptz, add column campaign_id uuid, add column recipient_id uuid, add column attempt integer, add column dial_started_at timestamptz;`);
    // One call per recipient attempt; a call withdrawn by a pause before any dial (canceled, never
    // claimed) is not an attempt, and the attempt is made again after the resume.
    this.addSql(`create unique index calls_recipient_attempt_idx on calls (recipient_id, attempt) where recipient_id is not null and not (status = 'canceled' and dial_started_at is null);`);
    this.addSql(`create index calls_campaign_open_idx on calls (campaign_id) where campaign_id is not null and status in ('queued', 'ringing', 'in_progress');`);

    this.addSql(`alter table webhook_deliveries alter column call_id drop not null, add column campaign_id uuid, add column subject_url text;`);
    this.addSql(`update webhook_deliveries d set subject_url = c.webhook_url from calls c where c.id = d.call_id and c.webhook_url is not null;`);
    this.addSql(`alter table webhook_deliveries add constraint webhook_deliveries_subject_check check (call_id is not null or campaign_id is not null);`);
    this.addSql(`alter table webhook_deliveries drop constraint webhook_deliveries_event_check;`);
    this.addSql(`alter table webhook_deliveries add constraint webhook_deliveries_event_check check (event in ('call.queued', 'call.ended', 'call.analyzed', 'campaign.started', 'campaign.paused', 'campaign.completed'));`);
    this.addSql(`create index webhook_deliveries_campaign_idx on webhook_deliveries (campaign_id) where campaign_id is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from webhook_deliveries where call_id is null;`);
    this.addSql(`alter table webhook_deliveries drop constraint webhook_deliveries_subject_check, drop column campaign_id, drop column subject_url, alter column call_id set not null;`);
    this.addSql(`alter table webhook_deliveries drop constraint webhook_deliveries_event_check;`);
    this.addSql(`alter table webhook_deliveries add constraint webhook_deliveries_event_check check (event in ('call.queued', 'call.ended', 'call.analyzed'));`);
    this.addSql(`delete from calls where status = 'scheduled';`);
    this.addSql(`alter table calls drop column scheduled_at, drop column campaign_id, drop column recipient_id, drop column attempt, drop column dial_started_at;`);
    this.addSql(`alter table calls drop constraint calls_status_check;`);
    this.addSql(`alter table calls add constraint calls_status_check check (status in ('queued', 'ringing', 'in_progress', 'completed', 'failed', 'canceled'));`);
    this.addSql(`drop table if exists campaign_recipients; drop table if exists campaigns; drop table if exists suppressions;`);
  }
}
