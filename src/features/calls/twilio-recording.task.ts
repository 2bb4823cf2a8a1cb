import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskPayloads } from '../../queue';
import { Call } from './call.entity';
import type { CarrierAdapters } from './ports';

/** Fetches a recording the carrier announced after the call (Twilio's recording callback), by that carrier's adapter. */
export function twilioRecordingTask(deps: { em: () => EntityManager; carriers: CarrierAdapters }) {
  return async ({ callId, recordingUrl }: TaskPayloads['twilioRecording']): Promise<void> => {
    const call = await deps.em().findOne(Call, { id: callId });
    if (!call?.carrier) return;
    await deps.carriers.get(call.carrier).fetchRecording?.(callId, recordingUrl);
  };
}
