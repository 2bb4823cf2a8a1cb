import { Migration } from '@mikro-orm/migrations';

/**
 * A Twilio question may be asked again after "who is this?" or "say that again" (up to twice):
 * each of those <Gather>s keeps its own first answer, keyed by how many clarifications came before.
 */
export class Migration20261128000000_twilio_gather_clarifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table twilio_gathers add column clarifications integer not null default 0;`);
    this.addSql(`alter table twilio_gathers drop constraint twilio_gathers_pkey, add primary key (call_id, question_index, attempt, clarifications);`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from twilio_gathers where clarifications > 0;`);
    this.addSql(`alter table twilio_gathers drop constraint twilio_gathers_pkey, add primary key (call_id, question_index, attempt);`);
    this.addSql(`alter table twilio_gathers drop column clarifications;`);
  }
}
