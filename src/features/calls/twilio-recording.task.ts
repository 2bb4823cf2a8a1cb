import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { downloadRecording, storeRecording } from '../../carriers/twilio/twilio-recording';
import type { TaskPayloads } from '../../queue';
import type { ConnectionResolver } from '../carrier-connections/effective-connection';
import { Call } from './call.entity';

/** Fetches a finished Twilio recording with the credentials of the account that placed the call, and stores it. */
export function twilioRecordingTask(deps: { em: () => EntityManager; pool: Pool; connections: Pick<ConnectionResolver, 'twilioTokenFor'>; apiBaseUrl: string }) {
  return async ({ callId, recordingUrl }: TaskPayloads['twilioRecording']): Promise<void> => {
    const call = await deps.em().findOne(Call, { id: callId });
    if (!call?.carrierAccount) return;
    const authToken = await deps.connections.twilioTokenFor(call.orgId, call.carrierAccount);
    if (!authToken) return; // the account was disconnected meanwhile: its credentials are gone
    const recording = await downloadRecording(recordingUrl, { accountSid: call.carrierAccount, authToken }, deps.apiBaseUrl);
    await storeRecording(deps.pool, callId, recording);
  };
}
