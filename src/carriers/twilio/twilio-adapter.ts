import type { Logger } from '../../common/logger';
import type { AccountTokens, CallAnalysis, CallEvents, CallRecords, CarrierAdapter, CarrierCall, CarrierName, DialContext, Recording } from '../../features/calls/ports';
import type { AnswerExtractor } from '../../voice/dialog/llm-answer-extractor';
import { TwilioAnalyzer } from './twilio-analyzer';
import { asRestError, describeTwilioFailure, isRetryableRefusal, twilioClient, type TwilioClient } from './twilio-client';
import { isInvalidNumberError } from './twilio-outcomes';
import { downloadRecording } from './twilio-recording';
import { twilioCallbackBase } from './twiml';

/** Waits between refusals for a rate or concurrency limit: Twilio created nothing, so asking again is safe. */
export const TWILIO_RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 16000];

export interface TwilioAdapterDeps {
  log: Logger;
  records: Pick<CallRecords, 'find' | 'conversationOf' | 'audioOf' | 'heardAnswers'>;
  events: Pick<CallEvents, 'recording'>;
  /** The auth token of an account an organization connected (null once it is disconnected). */
  tokenFor: AccountTokens;
  /** Where Twilio sends its webhooks (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** Twilio's REST API origin (a local far end in tests). */
  apiBaseUrl: string;
  /** Optional: reduces free-text answers to the answer itself. */
  extractor?: AnswerExtractor;
}

/**
 * Twilio behind the carrier port: the REST API places and ends calls, the calls live at Twilio and
 * report through its signed callbacks (twilio-callbacks.routes.ts), the conversation is TwiML.
 */
export class TwilioAdapter implements CarrierAdapter {
  readonly name = 'twilio' satisfies CarrierName;
  readonly redialSafe = false;
  private readonly analyzer: TwilioAnalyzer;

  constructor(private readonly deps: TwilioAdapterDeps) {
    this.analyzer = new TwilioAnalyzer(deps.records, deps.extractor);
  }

  /**
   * Creates the call at Twilio, at most once. The attempt (carrier, account) is committed before the
   * request; a job that finds an attempt without a CallSid cannot know whether Twilio created the
   * call, so it fails the call instead of dialing again. Only an explicit refusal (HTTP 429, error
   * 20429, the concurrent-calls limit) is retried, with backoff.
   */
  async dial(queued: CarrierCall, { connection, attempts, events, refusals }: DialContext): Promise<void> {
    // An earlier attempt was Twilio's but the organization has switched carriers meanwhile.
    if (connection.type !== this.name || !connection.accountSid) return attempts.abandon(queued.id);
    const { begun, call } = await attempts.beginRemote(queued.id, this.name, connection.accountSid, connection.numbers[0] ?? null);
    if (!call) return;
    if (!begun) {
      if (call.carrier === this.name && !call.carrierCallId) await attempts.abandon(queued.id);
      return;
    }
    const client = twilioClient({ accountSid: connection.accountSid, authToken: connection.authToken ?? '' }, this.deps.apiBaseUrl);
    const base = twilioCallbackBase(this.deps.publicBaseUrl, call.id);
    try {
      const created = await client.calls.create({
        to: call.to,
        from: call.from ?? '',
        url: `${base}/twiml`,
        method: 'POST',
        statusCallback: `${base}/status`,
        statusCallbackMethod: 'POST',
        statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
        machineDetection: 'DetectMessageEnd',
        record: true,
        recordingChannels: 'dual',
        recordingStatusCallback: `${base}/recording`,
        recordingStatusCallbackMethod: 'POST',
        recordingStatusCallbackEvent: ['completed'],
        timeout: call.ringTimeoutSeconds,
        timeLimit: call.maxDurationSeconds,
      });
      // A call canceled while Twilio was creating it is canceled at Twilio too.
      if ((await attempts.created(call.id, created.sid)).canceled) await hangupTwilioCall(client, created.sid);
    } catch (err) {
      const rest = asRestError(err);
      const delayMs = TWILIO_RETRY_DELAYS_MS[refusals];
      if (rest && isRetryableRefusal(rest) && delayMs !== undefined) {
        this.deps.log.warn({ call_id: call.id, twilio_code: rest.code, refusals: refusals + 1, retry_in_ms: delayMs }, 'Twilio refused the call for a rate or concurrency limit; dialing again later');
        await attempts.retryLater(call.id, this.name, refusals + 1, delayMs);
        return;
      }
      this.deps.log.warn({ call_id: call.id, twilio_code: rest?.code, status: rest?.status }, 'Twilio did not create the call');
      await events.ended(call.id, {
        status: 'failed',
        disposition: isInvalidNumberError(rest?.code) ? 'invalid_number' : 'carrier_error',
        durationSeconds: 0,
        carrierStatus: { code: rest?.code ?? null, reason: describeTwilioFailure(err, this.deps.apiBaseUrl) },
      });
    }
  }

  /** Hangs up at Twilio a call canceled through our API. */
  async hangUp(call: CarrierCall): Promise<void> {
    if (!call.carrierCallId || !call.carrierAccount) return; // not created yet: the dial cancels it
    const token = await this.deps.tokenFor(call.orgId, call.carrierAccount);
    if (!token) return;
    try {
      await hangupTwilioCall(twilioClient({ accountSid: call.carrierAccount, authToken: token }, this.deps.apiBaseUrl), call.carrierCallId);
    } catch (err) {
      // 4xx: the call already ended at Twilio (it reported canceled itself, or was never answered).
      const rest = asRestError(err);
      if (!rest || rest.status >= 500 || rest.status === 429) throw err;
      this.deps.log.info({ call_id: call.id, twilio_code: rest.code }, 'the Twilio call had already ended');
    }
  }

  analyze(call: CarrierCall): Promise<CallAnalysis> {
    return this.analyzer.analyze(call);
  }

  recording(call: CarrierCall): Promise<Recording | null> {
    return this.analyzer.recording(call);
  }

  /** Fetches a finished recording with the credentials of the account that placed the call, and stores it. */
  async fetchRecording(callId: string, recordingUrl: string): Promise<void> {
    const call = await this.deps.records.find(callId);
    if (!call?.carrierAccount) return;
    const authToken = await this.deps.tokenFor(call.orgId, call.carrierAccount);
    if (!authToken) return; // the account was disconnected meanwhile: its credentials are gone
    const recording = await downloadRecording(recordingUrl, { accountSid: call.carrierAccount, authToken }, this.deps.apiBaseUrl);
    await this.deps.events.recording(callId, recording);
  }
}

/** Ends a Twilio call that is still queued or ringing (canceled); one already answered is completed. */
export async function hangupTwilioCall(client: TwilioClient, sid: string): Promise<void> {
  try {
    await client.calls(sid).update({ status: 'canceled' });
  } catch {
    await client.calls(sid).update({ status: 'completed' });
  }
}
