import { Migration } from '@mikro-orm/migrations';

/**
 * Deliveries parked while their destination is full or failing: no queue job each, one release
 * job per destination takes them out at the rate the destination accepts (docs/queue-and-delivery.md,
 * "Parked deliveries"). `priority` orders first attempts before retries within a destination, then
 * `due_at` (when the delivery was due when it was parked).
 */
export class Migration20261129400000_webhook_parked extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table webhook_parked (
      delivery_id uuid primary key references webhook_deliveries (id) on delete cascade,
      destination text not null,
      trigger text not null check (trigger in ('scheduled', 'manual')),
      priority smallint not null,
      due_at timestamptz not null,
      parked_at timestamptz not null default now()
    );`);
    this.addSql(`create index webhook_parked_release_idx on webhook_parked (destination, priority, due_at, delivery_id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists webhook_parked;`);
  }
}
