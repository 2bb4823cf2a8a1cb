import { Migration } from '@mikro-orm/migrations';

/**
 * Liveness of queue runners (see src/queue/liveness.ts and docs/queue-and-delivery.md): one row per
 * live runner, its heartbeat refreshed every second. UNLOGGED: worthless after a crash (every
 * runner that was alive then is gone too), and it is written often.
 */
export class Migration20261123110000_queue_delivery extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create unlogged table queue_workers (
  pool_id text primary key,
  host text not null,
  pid integer not null,
  heartbeat_at timestamptz not null default now()
);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists queue_workers;`);
  }
}
