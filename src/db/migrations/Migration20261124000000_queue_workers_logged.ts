import { Migration } from '@mikro-orm/migrations';

/**
 * Queue runners' heartbeats survive a crash of PostgreSQL (src/queue/liveness.ts). The table was
 * UNLOGGED, and crash recovery empties unlogged tables: a crash of the whole host (service and
 * database together) forgot exactly the runners that died in it, so their locked jobs waited for
 * STALE_JOB_LOCK. `process` names the worker process a runner belongs to (the holder written into
 * webhook delivery leases), so that a dead process's leases are taken over at once too.
 */
export class Migration20261124000000_queue_workers_logged extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table queue_workers set logged;`);
    this.addSql(`alter table queue_workers add column process text;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table queue_workers drop column if exists process;`);
    this.addSql(`alter table queue_workers set unlogged;`);
  }
}
