import type { EntityManager } from '@mikro-orm/postgresql';
import type { CarrierReport } from '../../carriers/carrier';
import type { TaskPayloads } from '../../queue';
import type { CallLifecycle } from './call-lifecycle';

/** Applies a carrier's progress report to its call (the lifecycle keeps transitions forward-only). */
export function carrierReportTask(deps: { em: () => EntityManager; lifecycle: CallLifecycle }) {
  return async (payload: TaskPayloads['carrierReport']): Promise<void> => {
    await deps.lifecycle.applyReport(deps.em(), payload as CarrierReport);
  };
}
