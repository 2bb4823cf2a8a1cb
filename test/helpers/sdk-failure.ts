import { VoicegateError } from '@voicegate/sdk';

/** The VoicegateError an SDK call rejects with; anything else (or success) fails the test. */
export async function sdkFailure(promise: PromiseLike<unknown>): Promise<VoicegateError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof VoicegateError) return e;
    throw e;
  }
  throw new Error('expected a VoicegateError');
}
