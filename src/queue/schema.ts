import { runMigrations } from 'graphile-worker';
import type { Pool } from 'pg';
import { TASK_NAMES } from './jobs';

/**
 * The queue's schema (graphile-worker's own migrations) and a row per task name, so a job inserted
 * directly (insertJobsSql) never meets a missing task. Run before the domain migrations.
 */
export async function migrateQueue(pool: Pool): Promise<void> {
  await runMigrations({ pgPool: pool });
  await pool.query(`insert into graphile_worker._private_tasks (identifier) select unnest($1::text[]) on conflict (identifier) do nothing`, [TASK_NAMES]);
}

/** Queue depth per task and state, plus the age of the oldest ready job (for /metrics). */
export const QUEUE_DEPTH_SQL = `
select t.identifier as task,
       case when j.attempts >= j.max_attempts then 'failed'
            when j.locked_at is not null then 'running'
            when j.run_at <= now() then 'ready'
            else 'scheduled' end as state,
       count(*)::text as n,
       extract(epoch from now() - min(j.run_at) filter (where j.locked_at is null and j.attempts < j.max_attempts and j.run_at <= now()))::text as age
  from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
 group by 1, 2`;
