import { Migration } from '@mikro-orm/migrations';

/**
 * Real calls: which carrier placed each call and what it last said (SIP code and reason), the
 * per-call ring timeout and voicemail message, a lease that tells a live call from one whose
 * worker died, and the recordings with their conversation, stored in PostgreSQL so any API
 * process can serve them.
 */
export class Migration20261123120000_sip_calls extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table calls
  add column carrier text,
  add column carrier_status json,
  add column ring_timeout_seconds integer not null default 30,
  add column voicemail_message text,
  add column live_until timestamptz;`);
    this.addSql(`create index calls_live_until_idx on calls (live_until) where live_until is not null;`);
    this.addSql(`
create table call_recordings (
  call_id uuid primary key references calls (id) on delete cascade,
  audio bytea not null,
  seconds integer not null,
  transcript text not null,
  structured_answers json not null,
  created_at timestamptz not null default now()
);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists call_recordings;`);
    this.addSql(`drop index if exists calls_live_until_idx;`);
    this.addSql(`alter table calls drop column carrier, drop column carrier_status, drop column ring_timeout_seconds, drop column voicemail_message, drop column live_until;`);
  }
}
