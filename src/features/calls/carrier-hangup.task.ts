import type { TaskPayloads } from '../../queue';
import { hangupCanceledTwilioCall, type TwilioDialDeps } from './dial-twilio';

/** Ends at the carrier (Twilio) a call canceled through our API; SIP calls are ended by their worker. */
export function carrierHangupTask(deps: TwilioDialDeps) {
  return async ({ callId }: TaskPayloads['carrierHangup']): Promise<void> => {
    await hangupCanceledTwilioCall(deps, callId);
  };
}
