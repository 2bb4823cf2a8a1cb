import type { Pool } from 'pg';

/** Any constant: folds of several workers' sweepers take turns instead of contending for the same rows. */
const FOLD_LOCK = 0x616e_666f;

/** Roll-up keys (organization or campaign, and day) folded per call: one sweep's share of the work. */
export const FOLD_BATCH = 1000;

/**
 * Folds the shards of past days' roll-ups into shard 0. Concurrent writers spread a day's roll-up
 * rows over 16 shards (migration 20261129491000) so that they do not queue on one row, and every
 * read adds them up: a busy organization's 90-day read would add up to 16 rows per day and per
 * value counted. Days before yesterday (UTC) are rarely written again (a late analysis, a call
 * changed), so their shards are added into shard 0 and deleted, and reads of them cost what an
 * unsharded day costs. A later write to such a day makes a new shard row, folded at a later sweep.
 *
 * Every figure is a sum, and so is a day's version: folding keeps each sum, so the figures kept
 * for that version (analytics_days, and in API processes) stay valid. A writer that hits a row
 * being folded waits for the fold to commit, then inserts a fresh shard row; the fold's delete
 * sees a writer's committed update before deleting. One transaction folds the three tables of a
 * batch of keys; one fold at a time across processes (an advisory lock; the others skip).
 * Returns how many keys were folded.
 */
export async function foldAnalyticsShards(pool: Pool, limit = FOLD_BATCH): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const locked = await client.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [FOLD_LOCK]);
    if (!locked.rows[0]!.ok) {
      await client.query('rollback');
      return 0;
    }
    const keys = await client.query<{ keys: string | null; n: number }>(
      `select json_agg(k)::text as keys, count(*)::int as n from (
         select distinct org_id, scope, day from analytics_rollups
          where shard <> 0 and day < (now() at time zone 'utc')::date - 1
          limit $1) k`,
      [limit],
    );
    const { keys: list, n } = keys.rows[0]!;
    if (!list || n === 0) {
      await client.query('commit');
      return 0;
    }
    const keyed = (alias: string) => `(${alias}.org_id, ${alias}.scope, ${alias}.day) in (select k.org_id, k.scope, k.day from json_to_recordset($1::json) as k(org_id uuid, scope uuid, day date))`;
    const sums = ['version', 'calls', 'answered', 'answered_seconds', 'answered_timed', 'latency_calls', 'attempts', 'succeeded', 'attempt_ms', 'attempts_timed'];
    await client.query(
      `with moved as (delete from analytics_rollups r where r.shard <> 0 and ${keyed('r')} returning r.*)
       insert into analytics_rollups (org_id, scope, day, shard, ${sums.join(', ')})
       select org_id, scope, day, 0, ${sums.map((c) => `sum(${c})`).join(', ')} from moved group by org_id, scope, day
       on conflict (org_id, scope, day, shard) do update set ${sums.map((c) => `${c} = analytics_rollups.${c} + excluded.${c}`).join(', ')}`,
      [list],
    );
    await client.query(
      `with moved as (delete from analytics_outcomes o where o.shard <> 0 and ${keyed('o')} returning o.*)
       insert into analytics_outcomes (org_id, scope, day, outcome, shard, n)
       select org_id, scope, day, outcome, 0, sum(n) from moved group by org_id, scope, day, outcome
       on conflict (org_id, scope, day, outcome, shard) do update set n = analytics_outcomes.n + excluded.n`,
      [list],
    );
    await client.query(
      `with moved as (delete from analytics_values v where v.shard <> 0 and ${keyed('v')} returning v.*)
       insert into analytics_values (org_id, scope, day, metric, value, shard, n)
       select org_id, scope, day, metric, value, 0, sum(n) from moved group by org_id, scope, day, metric, value
       on conflict (org_id, scope, day, metric, value, shard) do update set n = analytics_values.n + excluded.n`,
      [list],
    );
    await client.query('commit');
    return n;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
