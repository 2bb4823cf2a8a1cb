import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { addJobs, addJobsSql, job } from '../../queue';
import type { CallLifecycle } from './call-lifecycle';
import { Call, FINAL_STATUSES } from './call.entity';
import type { AgentLogEntry, CallAmd, CallEnd, CallEvents, CallRecords, CallStatus, CallTurn, CarrierCall, CarrierName, CarrierReport, CarrierStatus, Conversation, DialAttempts, HeardAnswer, TransferOutcome } from './ports';

/**
 * After an explicit refusal the carrier created nothing: the attempt is taken back and the dial
 * queued again for later, in one statement, so the wait holds no worker slot (a burst of refusals
 * would otherwise hold every slot for up to half a minute). Only a call still queued, still without
 * a carrier call id and still marked as this attempt's is taken back; a call canceled meanwhile
 * stays as it is.
 */
const RETRY_LATER_SQL = `
with taken_back as (
  update calls set carrier = null, carrier_account = null, updated_at = now()
   where id = $1 and status = 'queued' and carrier = $4 and carrier_call_id is null
  returning id
)
${addJobsSql('dial', { from: 'taken_back', fields: { callId: 'taken_back.id', twilioRefusals: '$2::int' }, runAt: '$3::timestamptz' })}`;

export interface CarrierPortDeps {
  em: () => EntityManager;
  pool: Pick<Pool, 'query' | 'connect'>;
  lifecycle: CallLifecycle;
}

/**
 * The calls feature's side of the carrier port (ports.ts): the only place carriers' events become
 * rows. Status changes go through the lifecycle; the rest (carrier ids, leases, recordings, heard
 * answers) is written here.
 */
export class CarrierPort implements CallEvents, CallRecords, DialAttempts {
  constructor(private readonly deps: CarrierPortDeps) {}

  // CallEvents

  async report(report: CarrierReport): Promise<void> {
    await this.deps.lifecycle.applyReport(this.deps.em(), report);
  }

  ringing(callId: string, carrierStatus?: CarrierStatus): Promise<void> {
    return this.report({ callId, status: 'ringing', carrierStatus });
  }

  answered(callId: string, carrierStatus?: CarrierStatus): Promise<void> {
    return this.report({ callId, status: 'in_progress', carrierStatus });
  }

  ended(callId: string, end: CallEnd): Promise<void> {
    return this.report({ callId, ...end });
  }

  transferred(callId: string, outcome: TransferOutcome): Promise<boolean> {
    return this.deps.lifecycle.recordTransfer(this.deps.em(), callId, outcome);
  }

  async identified(callId: string, ids: { carrierCallId?: string; answeredBy?: string; amd?: CallAmd }): Promise<void> {
    await this.deps.pool.query(
      `update calls set carrier_call_id = coalesce(carrier_call_id, $2), answered_by = coalesce(answered_by, $3),
              amd = case when amd is null or (amd->>'ms' is null and $4::jsonb->>'ms' is not null) then coalesce($4::jsonb, amd) else amd end,
              updated_at = now() where id = $1`,
      [callId, ids.carrierCallId ?? null, ids.answeredBy ?? null, ids.amd ? JSON.stringify(ids.amd) : null],
    );
  }

  async mediaAlive(callIds: string[], leaseMs: number): Promise<string[]> {
    const { rows } = await this.deps.pool.query<{ id: string; status: CallStatus }>(
      `update calls set live_until = case when status in ('completed', 'failed', 'canceled') then live_until
                                          else now() + ($2::int * interval '1 millisecond') end
        where id = any($1::uuid[]) returning id, status`,
      [callIds, leaseMs],
    );
    return rows.filter((r) => FINAL_STATUSES.has(r.status)).map((r) => r.id);
  }

  async conversation(callId: string, c: Conversation): Promise<void> {
    await this.deps.pool.query(
      `insert into call_recordings (call_id, audio, seconds, transcript, structured_answers, turns, opted_out, callback_at, agent_log)
       values ($1, $2, $3, $4, $5::json, $6::jsonb, $7, $8::timestamptz, $9::jsonb)
       on conflict (call_id) do nothing`,
      [callId, c.audio, c.seconds, c.transcript, JSON.stringify(c.answers), JSON.stringify(c.turns ?? []), c.optOut === true, c.callbackAt?.toISOString() ?? null, c.agentLog ? JSON.stringify(c.agentLog) : null],
    );
  }

  async recordingReady(callId: string, ref: string): Promise<void> {
    await addJobs(this.deps.pool as Pool, job('twilioRecording', { callId, recordingUrl: ref }));
  }

  /**
   * Stored like a conversation's recording, with the call's recording length (which is what gives
   * it a `recording_url`). Set whether or not the call is analysed yet: the analysis reads the
   * recording before it stores its results and keeps a length already there, so one that arrives
   * between the two is not lost (until 2026-11-26 the length was set only on an analysed call,
   * and such a call never got its `recording_url`). Idempotent.
   */
  async recording(callId: string, r: { audio: Buffer; seconds: number }): Promise<void> {
    const client = await this.deps.pool.connect();
    try {
      await client.query('begin');
      await client.query('select 1 from calls where id = $1 for update', [callId]);
      await client.query(
        `insert into call_recordings (call_id, audio, seconds, transcript, structured_answers) values ($1, $2, $3, '', '{}')
         on conflict (call_id) do update set audio = excluded.audio, seconds = excluded.seconds`,
        [callId, r.audio, r.seconds],
      );
      await client.query('update calls set recording_seconds = $2 where id = $1', [callId, r.seconds]);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async heard(callId: string, a: HeardAnswer): Promise<Pick<HeardAnswer, 'speech' | 'digits' | 'heardAt'> | null> {
    const { rows } = await this.deps.pool.query<{ speech_result: string | null; digits: string | null; created_at: Date }>(
      `with ins as (
         insert into twilio_gathers (call_id, question_index, attempt, clarifications, speech_result, digits, confidence) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict do nothing returning speech_result, digits, created_at
       )
       select speech_result, digits, created_at from ins
       union all
       select speech_result, digits, created_at from twilio_gathers where call_id = $1 and question_index = $2 and attempt = $3 and clarifications = $4
       limit 1`,
      [callId, a.questionIndex, a.attempt, a.clarifications ?? 0, a.speech, a.digits, a.confidence],
    );
    const said = rows[0];
    return said ? { speech: said.speech_result, digits: said.digits, heardAt: new Date(said.created_at) } : null;
  }

  // CallRecords

  find(callId: string): Promise<CarrierCall | null> {
    return this.deps.em().findOne(Call, { id: callId });
  }

  async conversationOf(callId: string): Promise<Omit<Conversation, 'audio'> | null> {
    const { rows } = await this.deps.pool.query<{ transcript: string; structured_answers: Record<string, unknown>; seconds: number; turns: CallTurn[] | null; opted_out: boolean; callback_at: Date | null; agent_log: AgentLogEntry[] | null }>(
      'select transcript, structured_answers, seconds, turns, opted_out, callback_at, agent_log from call_recordings where call_id = $1',
      [callId],
    );
    const row = rows[0];
    return row
      ? { transcript: row.transcript, answers: row.structured_answers, seconds: row.seconds, turns: row.turns ?? [], optOut: row.opted_out, callbackAt: row.callback_at, ...(row.agent_log ? { agentLog: row.agent_log } : {}) }
      : null;
  }

  async audioOf(callId: string): Promise<Buffer | null> {
    const { rows } = await this.deps.pool.query<{ audio: Buffer }>('select audio from call_recordings where call_id = $1', [callId]);
    return rows[0]?.audio ?? null;
  }

  async heardAnswers(callId: string): Promise<HeardAnswer[]> {
    const { rows } = await this.deps.pool.query<{ question_index: number; attempt: number; clarifications: number; speech_result: string | null; digits: string | null; confidence: number | null; created_at: Date }>(
      'select question_index, attempt, clarifications, speech_result, digits, confidence, created_at from twilio_gathers where call_id = $1 order by question_index, attempt, clarifications',
      [callId],
    );
    return rows.map((r) => ({ questionIndex: r.question_index, attempt: r.attempt, clarifications: r.clarifications, speech: r.speech_result, digits: r.digits, confidence: r.confidence, heardAt: new Date(r.created_at) }));
  }

  // DialAttempts

  async beginHeld(callId: string, carrier: CarrierName, carrierCallId: string, leaseMs: number): Promise<{ begun: boolean; call: CarrierCall | null }> {
    const { rows } = await this.deps.pool.query<{ id: string }>(
      `update calls set carrier = $2, carrier_call_id = $3, live_until = now() + ($4::int * interval '1 millisecond'), updated_at = now()
        where id = $1 and status = 'queued' and carrier_call_id is null returning id`,
      [callId, carrier, carrierCallId, leaseMs],
    );
    return { begun: rows.length > 0, call: await this.openCall(callId) };
  }

  async beginRemote(callId: string, carrier: CarrierName, account: string, fromNumber: string | null): Promise<{ begun: boolean; call: CarrierCall | null }> {
    const { rows } = await this.deps.pool.query<{ from_number: string | null }>(
      `update calls set carrier = $4, carrier_account = $2, from_number = coalesce(from_number, $3), updated_at = now()
        where id = $1 and status = 'queued' and carrier is null returning from_number`,
      [callId, account, fromNumber, carrier],
    );
    return { begun: rows.length > 0, call: await this.openCall(callId) };
  }

  async created(callId: string, carrierCallId: string): Promise<{ canceled: boolean }> {
    const { rows } = await this.deps.pool.query<{ status: string }>(
      `update calls set carrier_call_id = coalesce(carrier_call_id, $2), updated_at = now() where id = $1 returning status`,
      [callId, carrierCallId],
    );
    return { canceled: rows[0]?.status === 'canceled' };
  }

  async retryLater(callId: string, carrier: CarrierName, refusals: number, afterMs: number): Promise<void> {
    await this.deps.pool.query(RETRY_LATER_SQL, [callId, refusals, new Date(Date.now() + afterMs).toISOString(), carrier]);
  }

  abandon(callId: string): Promise<void> {
    return abandonDial(this.deps, callId);
  }

  /** The call after its attempt was recorded, as the carrier dials it; null when gone or already final. */
  private async openCall(callId: string): Promise<Call | null> {
    const call = await this.deps.em().findOne(Call, { id: callId });
    return call && !FINAL_STATUSES.has(call.status) ? call : null;
  }
}

/** A dial attempt was recorded by a run that is gone: the carrier may have dialed. The call fails, never dialed again. */
export async function abandonDial(deps: { em: () => EntityManager; lifecycle: CallLifecycle }, callId: string): Promise<void> {
  await deps.lifecycle.applyReport(deps.em(), {
    callId,
    status: 'failed',
    disposition: 'carrier_error',
    durationSeconds: 0,
    carrierStatus: { code: null, reason: 'The worker handling the call stopped after dialing; the call was not dialed again' },
  });
}

/**
 * For a database that no live process has used yet (the embedded server, at start-up): every call
 * still held live (SIP) belonged to a process that is gone, so its lease is cut short and the
 * sweeper's next pass fails it as carrier_error (never dialed again) instead of after the lease.
 */
export async function expireLiveCalls(pool: Pick<Pool, 'query'>): Promise<number> {
  const { rowCount } = await pool.query(
    `update calls set live_until = now() where live_until > now() and status in ('queued', 'ringing', 'in_progress')`,
  );
  return rowCount ?? 0;
}
