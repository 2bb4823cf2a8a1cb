import { Migration } from '@mikro-orm/migrations';

/**
 * The worker's sweep folds past days' roll-up shards into shard 0 every few seconds
 * (src/features/analytics/analytics-fold.ts). It looks for rows in other shards: this partial index
 * holds only those (today's and yesterday's writes, and late changes to older days), so looking
 * costs nothing when there is nothing to fold, however many days the roll-ups hold.
 */
export class Migration20261129520000_analytics_unfolded_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index analytics_rollups_unfolded on analytics_rollups (day) where shard <> 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists analytics_rollups_unfolded;`);
  }
}
