import type { EntityManager } from '@mikro-orm/postgresql';
import { insertJobsSql, type TaskPayloads } from '../../queue';
import type { CallLifecycle } from './call-lifecycle';
import type { ChainedReport } from './simulated-reports';

/**
 * Applies a carrier's progress report to its call (the lifecycle keeps transitions forward-only)
 * and, in the same transaction, queues the carrier's next report when there is one, so a call's
 * reports are applied one after the other, in order (see simulated-reports.ts).
 */
/** The next report is due later: written without NOTIFY (insertJobsSql); the worker's poll finds it. */
const QUEUE_NEXT_REPORT_SQL = insertJobsSql('carrierReport', {
  from: '(select 1) as one',
  fields: { payload: '?::json' },
  runAt: "now() + ?::int * interval '1 millisecond'",
});

export function carrierReportTask(deps: { em: () => EntityManager; lifecycle: CallLifecycle }) {
  return async (payload: TaskPayloads['carrierReport']): Promise<void> => {
    const { next, ...report } = payload as ChainedReport;
    const [following, ...rest] = next ?? [];
    await deps.lifecycle.applyReport(
      deps.em(),
      report,
      following &&
        ((tx) => tx.execute(QUEUE_NEXT_REPORT_SQL, [JSON.stringify({ ...following.report, next: rest }), following.afterMs]).then(() => undefined)),
    );
  };
}
