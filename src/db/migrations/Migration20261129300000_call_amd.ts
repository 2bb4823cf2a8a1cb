import { Migration } from '@mikro-orm/migrations';

/**
 * Machine detection on a call: `amd` is `{"result": "human"|"machine"|"screened"|"unknown", "ms": n}`
 * (the decision and the time from the answer to it), written when an answered call ends; null for
 * calls never answered, and for calls that ended before this column existed.
 */
export class Migration20261129300000_call_amd extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table calls add column amd jsonb;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table calls drop column if exists amd;`);
  }
}
