import { Migration } from '@mikro-orm/migrations';

/**
 * Delivery at scale (docs/queue-and-delivery.md, bench/README.md):
 * - endpoint health on the organization: since when its default endpoint has failed without a
 *   success, and whether (and why) it was disabled;
 * - retention: when a delivery's payload was purged, and the partial indexes the purge walks in
 *   small batches;
 * - indexes for the dashboard's org-scoped lists with filters (keyset pagination on id desc).
 */
export class Migration20261123140000_scale_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table organizations
  add column webhook_failing_since timestamptz,
  add column webhook_disabled_at timestamptz,
  add column webhook_disabled_reason text;`);
    // payload_purged_at: retention. leased_by: which worker process ("host/pid") holds the lease,
    // now that an attempt outlives its queue job (docs/queue-and-delivery.md).
    this.addSql(`alter table webhook_deliveries add column payload_purged_at timestamptz, add column leased_by text;`);
    // Health (last 24 h of attempts of one org) and the retention purge of attempts.
    this.addSql(`create index webhook_attempts_org_time_idx on webhook_attempts (org_id, attempted_at desc);`);
    this.addSql(`create index webhook_attempts_time_idx on webhook_attempts (attempted_at);`);
    this.addSql(`create index webhook_deliveries_unpurged_idx on webhook_deliveries (created_at) where payload_purged_at is null and state <> 'pending';`);
    // Dashboard filters: deliveries by event and by delivered, calls by status already exist.
    this.addSql(`create index webhook_deliveries_org_event_idx on webhook_deliveries (org_id, event, id desc);`);
    this.addSql(`create index webhook_deliveries_org_delivered_idx on webhook_deliveries (org_id, delivered, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists webhook_deliveries_org_delivered_idx;`);
    this.addSql(`drop index if exists webhook_deliveries_org_event_idx;`);
    this.addSql(`drop index if exists webhook_deliveries_unpurged_idx;`);
    this.addSql(`drop index if exists webhook_attempts_time_idx;`);
    this.addSql(`drop index if exists webhook_attempts_org_time_idx;`);
    this.addSql(`alter table webhook_deliveries drop column if exists payload_purged_at, drop column if exists leased_by;`);
    this.addSql(`alter table organizations drop column if exists webhook_failing_since, drop column if exists webhook_disabled_at, drop column if exists webhook_disabled_reason;`);
  }
}
