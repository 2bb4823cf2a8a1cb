import { Migration } from '@mikro-orm/migrations';

/**
 * Rate-limit counters shared by every API process, and request provenance on the audit log.
 *
 * `rate_limits` has the exact shape rate-limiter-flexible's RateLimiterPostgres expects (we pass
 * `tableCreated: true` so it never issues DDL at run time). It is UNLOGGED: counters are hot,
 * short-lived and worthless after a crash, so they skip the WAL.
 */
export class Migration20261123000000_rate_limits_audit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create unlogged table rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);`);
    this.addSql(`create index rate_limits_expire_idx on rate_limits (expire);`);

    this.addSql(`alter table audit_log add column request_id text, add column ip text;`);
    this.addSql(`create index audit_log_target_idx on audit_log (target_id, id desc);`);
    this.addSql(`create index audit_log_org_idx on audit_log (org_id, id desc) where org_id is not null;`);
    // Admin lists filter across tenants by these columns.
    this.addSql(`create index webhook_deliveries_delivered_idx on webhook_deliveries (delivered, id desc);`);
    this.addSql(`create index calls_status_idx on calls (status, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists calls_status_idx;`);
    this.addSql(`drop index if exists webhook_deliveries_delivered_idx;`);
    this.addSql(`drop index if exists audit_log_org_idx;`);
    this.addSql(`drop index if exists audit_log_target_idx;`);
    this.addSql(`alter table audit_log drop column if exists request_id, drop column if exists ip;`);
    this.addSql(`drop table if exists rate_limits;`);
  }
}
