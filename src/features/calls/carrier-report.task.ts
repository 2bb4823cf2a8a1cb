import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskPayloads } from '../../queue';
import type { CallLifecycle } from './call-lifecycle';
import type { ChainedReport } from './simulated-reports';

/**
 * Applies a carrier's progress report to its call (the lifecycle keeps transitions forward-only)
 * and, in the same statement, queues the carrier's next report when there is one, so a call's
 * reports are applied one after the other, in order (see simulated-reports.ts). The next report
 * is due later: it is written without NOTIFY, and the worker's poll finds it.
 */
export function carrierReportTask(deps: { em: () => EntityManager; lifecycle: CallLifecycle }) {
  return async (payload: TaskPayloads['carrierReport']): Promise<void> => {
    const { next, ...report } = payload as ChainedReport;
    const [following, ...rest] = next ?? [];
    await deps.lifecycle.applyReport(deps.em(), report, following && { payload: JSON.stringify({ ...following.report, next: rest }), afterMs: following.afterMs });
  };
}
