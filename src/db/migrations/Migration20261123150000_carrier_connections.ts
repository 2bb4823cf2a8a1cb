import { Migration } from '@mikro-orm/migrations';

/**
 * Per-organization carrier connections (simulator, SIP trunk or Twilio account, with the caller-ID
 * numbers the organization may use), the Twilio account that placed each call and what its
 * answering-machine detection said, and the callee's <Gather> answers of Twilio calls.
 */
export class Migration20261123150000_carrier_connections extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table carrier_connections (
  org_id uuid primary key references organizations (id) on delete cascade,
  type text not null check (type in ('simulator', 'sip', 'twilio')),
  host text,
  port integer,
  transport text,
  username text,
  account_sid text,
  secret_enc text,
  numbers jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);`);
    this.addSql(`alter table calls add column carrier_account text, add column answered_by text;`);
    this.addSql(`
create table twilio_gathers (
  call_id uuid not null references calls (id) on delete cascade,
  question_index integer not null,
  attempt integer not null,
  speech_result text,
  digits text,
  confidence real,
  created_at timestamptz not null default now(),
  primary key (call_id, question_index, attempt)
);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists twilio_gathers;`);
    this.addSql(`alter table calls drop column carrier_account, drop column answered_by;`);
    this.addSql(`drop table if exists carrier_connections;`);
  }
}
