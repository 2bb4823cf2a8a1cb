import { Migration } from '@mikro-orm/migrations';

/**
 * `analytics_rebuild()` recounts the roll-ups from the calls and attempts (after a bulk load with
 * the triggers off, or to repair them) and wrote every day back at version 1. Figures computed for
 * a day are kept by version (analytics_days, which the rebuild empties, and each API process's
 * memory, which it cannot reach), so a day could come back at a version a process still held, with
 * other figures. Now every recounted day gets a version above the one it had: the old sum of its
 * shards' versions plus one (a day new to the roll-ups starts at 1, as before, since nothing can be
 * held for it). The recount itself is unchanged, renamed `analytics_recount()`.
 */
export class Migration20261129530000_analytics_rebuild_versions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter function analytics_rebuild() rename to analytics_recount;`);
    this.addSql(`
create function analytics_rebuild() returns void language plpgsql as $$
begin
  create temporary table analytics_old_versions on commit drop as
    select org_id, scope, day, sum(version) as version from analytics_rollups group by 1, 2, 3;
  perform analytics_recount();
  update analytics_rollups r set version = o.version + 1
    from analytics_old_versions o
   where o.org_id = r.org_id and o.scope = r.scope and o.day = r.day;
  drop table analytics_old_versions;
end $$;`);
    this.addSql(`comment on function analytics_rebuild() is 'recounts the analytics roll-ups from calls and attempts; every day recounted gets a version above its previous one';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists analytics_rebuild();`);
    this.addSql(`alter function analytics_recount() rename to analytics_rebuild;`);
  }
}
