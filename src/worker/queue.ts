import type { EntityManager } from '@mikro-orm/postgresql';
import type { CarrierReport, ScheduledReport } from '../carriers/carrier';

/** Task names and their payloads: one place, so producers and the worker cannot disagree. */
export interface TaskPayloads {
  deliver_webhook: { deliveryId: string; trigger: 'scheduled' | 'manual' };
  dial_call: { callId: string };
  /** `next`: the carrier's later reports, each `afterMs` after the one before (see tasks.ts). */
  carrier_report: CarrierReport & { next?: ScheduledReport[] };
  analyze_call: { callId: string };
  replay_webhooks: { orgId: string; since: string; event?: string };
}
export type TaskName = keyof TaskPayloads;

export interface EnqueueOptions {
  runAt?: Date;
  jobKey?: string;
  maxAttempts?: number;
}

/**
 * Adds a graphile-worker job through the given EntityManager, so that inside
 * `em.transactional(...)` the job commits or rolls back with the rows that caused it.
 */
export async function enqueue<T extends TaskName>(em: EntityManager, task: T, payload: TaskPayloads[T], opts: EnqueueOptions = {}): Promise<void> {
  await em.execute(
    `select graphile_worker.add_job(?, ?::json, run_at => ?::timestamptz, job_key => ?, max_attempts => ?)`,
    [task, JSON.stringify(payload), opts.runAt?.toISOString() ?? null, opts.jobKey ?? null, opts.maxAttempts ?? 10],
  );
}
