import { Migration } from '@mikro-orm/migrations';

/**
 * Handing a call to a person: where (`transfer_to`: E.164, or a SIP URI on a SIP connection), when
 * (`transfer_when`: the callee asks, a key, an answer), and what happened (`transfer`: mode,
 * answered, failure reason, the message taken when nobody answered). One more disposition,
 * `transferred`, and one more event, `call.transferred`.
 */
export class Migration20261129200000_call_transfer extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table calls
  add column transfer_to text,
  add column transfer_when jsonb,
  add column transfer jsonb;`);
    this.addSql(`alter table calls drop constraint if exists calls_disposition_check;`);
    this.addSql(`alter table calls add constraint calls_disposition_check check (disposition in
  ('human', 'voicemail', 'busy', 'no_answer', 'invalid_number', 'carrier_error', 'canceled', 'wrong_number', 'callback_requested', 'transferred')) not valid;`);
    this.addSql(`alter table calls validate constraint calls_disposition_check;`);
    this.addSql(`alter table webhook_deliveries drop constraint webhook_deliveries_event_check;`);
    this.addSql(`alter table webhook_deliveries add constraint webhook_deliveries_event_check check (event in
  ('call.queued', 'call.ended', 'call.analyzed', 'call.transferred', 'campaign.started', 'campaign.paused', 'campaign.completed')) not valid;`);
    this.addSql(`alter table webhook_deliveries validate constraint webhook_deliveries_event_check;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from webhook_deliveries where event = 'call.transferred';`);
    this.addSql(`alter table webhook_deliveries drop constraint webhook_deliveries_event_check;`);
    this.addSql(`alter table webhook_deliveries add constraint webhook_deliveries_event_check check (event in
  ('call.queued', 'call.ended', 'call.analyzed', 'campaign.started', 'campaign.paused', 'campaign.completed'));`);
    this.addSql(`update calls set disposition = 'human' where disposition = 'transferred';`);
    this.addSql(`alter table calls drop constraint if exists calls_disposition_check;`);
    this.addSql(`alter table calls add constraint calls_disposition_check check (disposition in
  ('human', 'voicemail', 'busy', 'no_answer', 'invalid_number', 'carrier_error', 'canceled', 'wrong_number', 'callback_requested'));`);
    this.addSql(`alter table calls drop column if exists transfer, drop column if exists transfer_when, drop column if exists transfer_to;`);
  }
}
