import { Migration } from '@mikro-orm/migrations';

/**
 * A call's conversation in detail, written when the call is analysed (never at placement): its
 * turns and their latency summary, whether the callee opted out, when they asked to be called back.
 * `caller_name` is who the agent says it calls for, written at placement (older calls: null).
 * Two more dispositions: the callee said it was a wrong number, or asked to be called later.
 * call_recordings carries the live carrier's turns, callback time and opt-out until the analysis.
 */
export class Migration20261127000000_call_turns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table calls
  add column caller_name text,
  add column turns jsonb,
  add column latency jsonb,
  add column opted_out boolean not null default false,
  add column callback_at timestamptz;`);
    this.addSql(`alter table calls drop constraint if exists calls_disposition_check;`);
    this.addSql(`alter table calls add constraint calls_disposition_check check (disposition in
  ('human', 'voicemail', 'busy', 'no_answer', 'invalid_number', 'carrier_error', 'canceled', 'wrong_number', 'callback_requested')) not valid;`);
    this.addSql(`alter table calls validate constraint calls_disposition_check;`);
    this.addSql(`alter table call_recordings
  add column turns jsonb,
  add column callback_at timestamptz,
  add column opted_out boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table call_recordings drop column if exists turns, drop column if exists callback_at, drop column if exists opted_out;`);
    this.addSql(`update calls set disposition = 'human' where disposition in ('wrong_number', 'callback_requested');`);
    this.addSql(`alter table calls drop constraint if exists calls_disposition_check;`);
    this.addSql(`alter table calls add constraint calls_disposition_check check (disposition in
  ('human', 'voicemail', 'busy', 'no_answer', 'invalid_number', 'carrier_error', 'canceled'));`);
    this.addSql(`alter table calls drop column if exists caller_name, drop column if exists turns, drop column if exists latency,
  drop column if exists opted_out, drop column if exists callback_at;`);
  }
}
