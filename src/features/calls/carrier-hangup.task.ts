import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskPayloads } from '../../queue';
import { Call } from './call.entity';
import type { CarrierAdapters } from './ports';

/** Ends at its carrier a call canceled through our API (the one hang-up path, queued by the lifecycle). */
export function carrierHangupTask(deps: { em: () => EntityManager; carriers: CarrierAdapters }) {
  return async ({ callId }: TaskPayloads['carrierHangup']): Promise<void> => {
    const call = await deps.em().findOne(Call, { id: callId });
    if (!call?.carrier) return;
    await deps.carriers.get(call.carrier).hangUp?.(call);
  };
}
