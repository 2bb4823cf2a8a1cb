import type { EffectiveConnection } from '../carrier-connections/effective-connection';
import { asRestError, describeTwilioFailure, isRetryableRefusal, twilioClient, type TwilioClient } from '../../carriers/twilio/twilio-client';
import { isInvalidNumberError } from '../../carriers/twilio/twilio-outcomes';
import { twilioCallbackBase } from '../../carriers/twilio/twiml';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { addJobsSql } from '../../queue';
import type { ConnectionResolver } from '../carrier-connections/effective-connection';
import type { Logger } from 'pino';
import type { CallLifecycle } from './call-lifecycle';
import { Call, FINAL_STATUSES } from './call.entity';
import { failUnsafeRedial } from './dial-live';

type TwilioConnection = Extract<EffectiveConnection, { type: 'twilio' }>;

/** What dialing and hanging up a Twilio call need. */
export interface TwilioDialDeps {
  em: () => EntityManager;
  pool: Pick<Pool, 'query'>;
  lifecycle: CallLifecycle;
  log: Logger;
  connections: Pick<ConnectionResolver, 'twilioTokenFor'>;
  /** Where Twilio sends its webhooks (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** Twilio's REST API origin (a local far end in tests). */
  apiBaseUrl: string;
}

/** Waits between refusals for a rate or concurrency limit: Twilio created nothing, so asking again is safe. */
export const TWILIO_RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 16000];

/**
 * After an explicit refusal Twilio created nothing: the attempt is taken back and the dial queued
 * again for later, in one statement, so the wait holds no worker slot (a burst of refusals would
 * otherwise hold every slot for up to half a minute). Only a call still queued, still without a
 * CallSid and still marked as this attempt's is taken back; a call canceled meanwhile stays as it is.
 */
const RETRY_LATER_SQL = `
with taken_back as (
  update calls set carrier = null, carrier_account = null, updated_at = now()
   where id = $1 and status = 'queued' and carrier = 'twilio' and carrier_call_id is null
  returning id
)
${addJobsSql('dial', { from: 'taken_back', fields: { callId: 'taken_back.id', twilioRefusals: '$2::int' }, runAt: '$3::timestamptz' })}`;

/**
 * Creates the call at Twilio, at most once. The attempt (carrier, account) is committed before the
 * request; a job that finds an attempt without a CallSid cannot know whether Twilio created the
 * call, so it fails the call instead of dialing again. Only an explicit refusal (HTTP 429, error
 * 20429, the concurrent-calls limit) is retried, with backoff.
 */
export async function dialTwilioCall(s: TwilioDialDeps, callId: string, conn: TwilioConnection, refusals = 0): Promise<void> {
  const { rows } = await s.pool.query<{ from_number: string | null }>(
    `update calls set carrier = 'twilio', carrier_account = $2, from_number = coalesce(from_number, $3), updated_at = now()
      where id = $1 and status = 'queued' and carrier is null returning from_number`,
    [callId, conn.accountSid, conn.numbers[0] ?? null],
  );
  const call = await s.em().findOne(Call, { id: callId });
  if (!call || FINAL_STATUSES.has(call.status)) return;
  if (!rows.length) {
    if (call.carrier === 'twilio' && !call.carrierCallId) await failUnsafeRedial(s, callId);
    return;
  }
  const client = twilioClient(conn, s.apiBaseUrl);
  const base = twilioCallbackBase(s.publicBaseUrl, callId);
  try {
    const created = await client.calls.create({
      to: call.to,
      from: rows[0]!.from_number ?? '',
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
    await recordCallSid(s, client, callId, created.sid);
  } catch (err) {
    const rest = asRestError(err);
    const delayMs = TWILIO_RETRY_DELAYS_MS[refusals];
    if (rest && isRetryableRefusal(rest) && delayMs !== undefined) {
      s.log.warn({ call_id: callId, twilio_code: rest.code, refusals: refusals + 1, retry_in_ms: delayMs }, 'Twilio refused the call for a rate or concurrency limit; dialing again later');
      await s.pool.query(RETRY_LATER_SQL, [callId, refusals + 1, new Date(Date.now() + delayMs).toISOString()]);
      return;
    }
    s.log.warn({ call_id: callId, twilio_code: rest?.code, status: rest?.status }, 'Twilio did not create the call');
    await s.lifecycle.applyReport(s.em(), {
      callId,
      status: 'failed',
      disposition: isInvalidNumberError(rest?.code) ? 'invalid_number' : 'carrier_error',
      durationSeconds: 0,
      carrierStatus: { code: rest?.code ?? null, reason: describeTwilioFailure(err, s.apiBaseUrl) },
    });
  }
}

/** Keeps the CallSid; a call canceled while Twilio was creating it is canceled at Twilio too. */
async function recordCallSid(s: TwilioDialDeps, client: TwilioClient, callId: string, sid: string): Promise<void> {
  const { rows } = await s.pool.query<{ status: string }>(
    `update calls set carrier_call_id = coalesce(carrier_call_id, $2), updated_at = now() where id = $1 returning status`,
    [callId, sid],
  );
  if (rows[0]?.status === 'canceled') await hangupTwilioCall(client, sid);
}

/** Ends a Twilio call that is still queued or ringing (canceled); one already answered is completed. */
export async function hangupTwilioCall(client: TwilioClient, sid: string): Promise<void> {
  try {
    await client.calls(sid).update({ status: 'canceled' });
  } catch {
    await client.calls(sid).update({ status: 'completed' });
  }
}

/** Hangs up at Twilio a call canceled through our API (the carrier-hangup job). */
export async function hangupCanceledTwilioCall(s: TwilioDialDeps, callId: string): Promise<void> {
  const call = await s.em().findOne(Call, { id: callId });
  if (!call || call.carrier !== 'twilio' || !call.carrierCallId || !call.carrierAccount) return; // not created yet: the dial cancels it
  const token = await s.connections.twilioTokenFor(call.orgId, call.carrierAccount);
  if (!token) return;
  try {
    await hangupTwilioCall(twilioClient({ accountSid: call.carrierAccount, authToken: token }, s.apiBaseUrl), call.carrierCallId);
  } catch (err) {
    // 4xx: the call already ended at Twilio (it reported canceled itself, or was never answered).
    const rest = asRestError(err);
    if (!rest || rest.status >= 500 || rest.status === 429) throw err;
    s.log.info({ call_id: callId, twilio_code: rest.code }, 'the Twilio call had already ended');
  }
}
