import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskPayloads } from '../../queue';
import { Call } from './call.entity';
import type { CallLifecycle } from './call-lifecycle';
import type { CarrierAdapters } from './ports';

/** Transcript, answers and recording of a completed call, once (call.analyzed follows), by the carrier that placed it. */
export function analyzeTask(deps: { em: () => EntityManager; carriers: CarrierAdapters; lifecycle: CallLifecycle }) {
  return async ({ callId }: TaskPayloads['analyze']): Promise<void> => {
    const call = await deps.em().findOne(Call, { id: callId });
    if (!call || call.status !== 'completed' || call.analyzedAt) return;
    const analysis = await deps.carriers.get(call.carrier).analyze(call);
    await deps.lifecycle.recordAnalysis(deps.em(), callId, analysis);
  };
}
