import { Migration } from '@mikro-orm/migrations';

/**
 * Inbound calls: a call's direction (every existing call was placed by us: outbound), the greeting
 * an inbound call opens with, the campaign recipient an inbound call is a callback of; each
 * organization's inbound settings; and, on a campaign recipient, when it called back.
 */
export class Migration20261129250000_inbound_calls extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table calls add column direction text not null default 'outbound' check (direction in ('outbound', 'inbound'));`);
    this.addSql(`alter table calls add column greeting text;`);
    this.addSql(`alter table calls add column callback_campaign_id uuid, add column callback_recipient_id uuid;`);
    this.addSql(`
create table inbound_settings (
  org_id uuid primary key references organizations (id) on delete cascade,
  enabled boolean not null default false,
  greeting text,
  task text,
  questions json not null default '[]',
  webhook_url text,
  transfer_to text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);`);
    this.addSql(`alter table campaign_recipients add column called_back_at timestamptz, add column callback_call_id uuid;`);
    // The most recent recipient of an organization with a number (a callback's campaign link).
    this.addSql(`create index campaign_recipients_callback_idx on campaign_recipients (org_id, to_number, created_at desc);`);
    // An inbound call is looked up by the carrier's id (Twilio's number-level status callback).
    this.addSql(`create index calls_carrier_call_idx on calls (carrier, carrier_call_id) where carrier_call_id is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists calls_carrier_call_idx;`);
    this.addSql(`drop index if exists campaign_recipients_callback_idx;`);
    this.addSql(`alter table campaign_recipients drop column called_back_at, drop column callback_call_id;`);
    this.addSql(`drop table if exists inbound_settings;`);
    this.addSql(`alter table calls drop column callback_campaign_id, drop column callback_recipient_id, drop column greeting, drop column direction;`);
  }
}
