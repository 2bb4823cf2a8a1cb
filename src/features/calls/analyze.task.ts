import type { EntityManager } from '@mikro-orm/postgresql';
import type { Analyzer } from '../../carriers/carrier';
import type { TaskPayloads } from '../../queue';
import { Call } from './call.entity';
import type { CallLifecycle } from './call-lifecycle';

/** Transcript, answers and recording of a completed call, once (call.analyzed follows). */
export function analyzeTask(deps: { em: () => EntityManager; analyzer: Analyzer; lifecycle: CallLifecycle }) {
  return async ({ callId }: TaskPayloads['analyze']): Promise<void> => {
    const call = await deps.em().findOne(Call, { id: callId });
    if (!call || call.status !== 'completed' || call.analyzedAt) return;
    const analysis = await deps.analyzer.analyze(call);
    await deps.lifecycle.recordAnalysis(deps.em(), callId, analysis);
  };
}
