import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { TaskPayloads } from '../../queue';
import { CALL_TO_ANALYZE_SQL, type CallToAnalyze } from './call-analysis.sql';
import type { CallLifecycle } from './call-lifecycle';
import type { CarrierAdapters } from './ports';

/**
 * Transcript, answers and recording of a completed call, once (call.analyzed follows), by the
 * carrier that placed it. The call is read as plain data in one statement (no entity load).
 */
export function analyzeTask(deps: { em: () => EntityManager; pool: Pick<Pool, 'query'>; carriers: CarrierAdapters; lifecycle: CallLifecycle }) {
  return async ({ callId }: TaskPayloads['analyze']): Promise<void> => {
    const { rows } = await deps.pool.query<CallToAnalyze>({ name: 'voicegate_call_to_analyze_v1', text: CALL_TO_ANALYZE_SQL, values: [callId] });
    const call = rows[0];
    if (!call || call.status !== 'completed' || call.analyzedAt) return;
    const analysis = await deps.carriers.get(call.carrier).analyze(call);
    await deps.lifecycle.recordAnalysis(deps.em(), call, analysis);
  };
}
