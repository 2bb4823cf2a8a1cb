import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { addJobs, job } from '../../queue';
import type { Logger } from '../../common/logger';
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { newId } from '../../common/ids';
import { toPositional } from '../../common/sql';
import { buildEventBody, recordEvent, type EventSubject } from '../webhooks';
import { CARRIER_NAMES, Call, FINAL_STATUSES, type CallStatus, type Disposition } from './call.entity';
import { RECORD_ANALYSIS_SQL, type CallToAnalyze } from './call-analysis.sql';
import { applyReportSql } from './call-report.sql';
import type { CallAnalysis, CallQuestion, CarrierAdapters, CarrierName, CarrierReport, TransferOutcome } from './ports';
import type { RecordingUrls } from './recording-url';
import { callbackOf } from './calls.presenter';
import { MAX_AGENT_LOG, measuredLatencies, normalizeTurns, summarizeLatency } from './call-turns';
import { isoMicroOrNull, nowIsoMicro } from '../../common/time';
import type { LiveEventsPublisher } from '../../common/live-events';

/** A call as the subject of its events (what the outbox and the envelope need). */
export const eventSubject = (
  call: Pick<Call, 'id' | 'orgId' | 'webhookUrl' | 'to' | 'status' | 'metadata' | 'campaignId' | 'direction' | 'from' | 'callbackCampaignId' | 'callbackRecipientId'>,
): EventSubject => ({
  orgId: call.orgId,
  callId: call.id,
  webhookUrl: call.webhookUrl,
  to: call.to,
  status: call.status,
  metadata: call.metadata,
  campaignId: call.campaignId,
  direction: call.direction,
  from: call.from,
  callbackOf: callbackOf(call),
});

/** What the lifecycle's statements need of the database: its pool, and the wake-up of the workers after jobs were committed without NOTIFY. */
export interface LifecycleDb {
  pool: Pick<Pool, 'query'>;
  jobsAdded(count: number): void;
}

/** A call as a change returns it: for the log, the live updates and the hooks. */
type ChangedCall = FinishedCall &
  Pick<Call, 'status' | 'durationSeconds' | 'startedAt' | 'endedAt' | 'analyzedAt'> & { fromStatus: CallStatus; jobs: number; needs_hooks?: boolean };

/** The carrier-report statement for these hooks, named by its text (a prepared name stands for one text per connection). */
function preparedReport(hooks: readonly CallFinishedHook[]): { name: string; text: string } {
  const text = applyReportSql(hooks.map((h) => `(${h.applies})`).join(' or ') || 'false');
  return { name: `voicegate_apply_report_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`, text };
}

/** A changed call's row as the transactional path reads it (MikroORM's execute returns timestamps as text); null when nothing changed. */
function changedCall(row: ChangedCall | Record<string, unknown> | undefined): ChangedCall | null {
  if (!row?.id) return null;
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return { ...(row as ChangedCall), startedAt: date(row.startedAt), endedAt: date(row.endedAt), analyzedAt: date(row.analyzedAt) };
}

/** A call as its finished hooks see it. */
export type FinishedCall = Pick<Call, 'id' | 'orgId' | 'campaignId' | 'recipientId' | 'attempt' | 'disposition'>;

/**
 * Runs in the transaction that ends a call, after call.ended is recorded (the campaign feature
 * registers one to move the call's recipient on; calls know nothing of campaigns). `applies`: SQL
 * over the calls row `c` that is true when `run` has work to do for that call. A carrier's final
 * report is one statement when no hook applies; otherwise it runs in a transaction with the hooks,
 * and every hook's `run` is called (each checks its own condition, as when a call is canceled).
 */
export interface CallFinishedHook {
  applies: string;
  run(em: EntityManager, call: FinishedCall): Promise<void>;
}

/** A call as its analyzed hooks see it (after the analysis is stored). */
export type AnalyzedCall = Pick<Call, 'id' | 'orgId' | 'to' | 'campaignId' | 'recipientId' | 'disposition' | 'callbackAt'>;

/**
 * Runs in the transaction that stores an analysis (the suppression list registers one for
 * opt-outs). The analysis is one statement when no hook `applies` to the call and analysis.
 */
export interface CallAnalyzedHook {
  applies(call: AnalyzedCall, analysis: CallAnalysis): boolean;
  run(em: EntityManager, call: AnalyzedCall, analysis: CallAnalysis): Promise<void>;
}

/**
 * Runs in the transaction that records an inbound call, before its call.queued: the campaign
 * feature registers one that finds the campaign recipient the caller is (the call's callback_of)
 * and marks it called back. Returns the link, or null.
 */
export type InboundCallHook = (em: EntityManager, call: Call) => Promise<{ campaignId: string; recipientId: string } | null>;

/** What an accepted inbound call is recorded with (docs/inbound.md). */
export interface InboundCallFields {
  orgId: string;
  to: string;
  from: string | null;
  carrier: CarrierName;
  carrierCallId: string;
  carrierAccount?: string | null;
  greeting: string | null;
  task: string | null;
  questions: CallQuestion[];
  webhookUrl: string | null;
  /** Where the caller may be handed to a person (the inbound settings' transfer_to); null: never. */
  transferTo?: string | null;
  /** SIP: the call lives in this worker; its lease is taken with the row (see Call.liveUntil). */
  leaseMs?: number;
}

/**
 * The only code that moves a call's status. Transitions only go forward, and never out of a final
 * status, whatever order carrier reports arrive in. Each change and the events it causes commit
 * in the caller's transaction, and each change is logged ("call status changed", with `from` and
 * `to`): the call's status history, in order, for operators and for the tests.
 */
export class CallLifecycle {
  private readonly finishedHooks: CallFinishedHook[] = [];
  private readonly analyzedHooks: CallAnalyzedHook[] = [];
  private readonly inboundHooks: InboundCallHook[] = [];
  /** Announces every committed change to live subscribers (set by createServices). */
  live: LiveEventsPublisher | undefined;
  /** The carriers (set by createServices): a canceled call is hung up by its carrier's adapter. */
  carriers: CarrierAdapters | undefined;
  /** Told of each stored call's measured turn latencies (milliseconds), after commit (the metrics). */
  turnsStored: ((carrier: string, latenciesMs: number[]) => void) | undefined;

  /** The carrier-report statement, built once the finished hooks are known (their `applies`). */
  private applyReport_: { name: string; text: string } | undefined;

  constructor(
    private readonly recordingUrls: RecordingUrls,
    private readonly log: Logger,
    private readonly db: LifecycleDb,
  ) {}

  onFinished(hook: CallFinishedHook): void {
    this.finishedHooks.push(hook);
    this.applyReport_ = undefined;
  }

  onAnalyzed(hook: CallAnalyzedHook): void {
    this.analyzedHooks.push(hook);
  }

  onInbound(hook: InboundCallHook): void {
    this.inboundHooks.push(hook);
  }

  /**
   * Records an inbound call the carrier is offering: the row (status queued, direction inbound,
   * the organization's script, caller name its name), its callback_of link, and call.queued, in
   * one transaction. The carrier then reports ringing, answered and the end like any call's.
   */
  async acceptInbound(em: EntityManager, f: InboundCallFields): Promise<Call> {
    const call = await em.transactional(async (tx) => {
      const rows: Array<{ name: string }> = await tx.execute('select name from organizations where id = ?', [f.orgId]);
      const c = tx.create(Call, {
        orgId: f.orgId,
        to: f.to,
        from: f.from,
        direction: 'inbound',
        status: 'queued',
        greeting: f.greeting,
        task: f.task,
        questions: f.questions,
        webhookUrl: f.webhookUrl,
        transferTo: f.transferTo ?? null,
        carrier: f.carrier,
        carrierCallId: f.carrierCallId,
        carrierAccount: f.carrierAccount ?? null,
        callerName: rows[0]?.name ?? null,
        liveUntil: f.leaseMs ? new Date(Date.now() + f.leaseMs) : null,
        dialStartedAt: new Date(),
      });
      await tx.flush();
      for (const hook of this.inboundHooks) {
        const link = await hook(tx, c);
        if (link && !c.callbackCampaignId) {
          c.callbackCampaignId = link.campaignId;
          c.callbackRecipientId = link.recipientId;
        }
      }
      await tx.flush();
      await recordEvent(tx, eventSubject(c), 'call.queued');
      return c;
    });
    this.log.info({ call_id: call.id, org_id: call.orgId, from: null, to: call.status, direction: 'inbound', carrier: call.carrier }, 'call status changed');
    this.live?.callChanged(call);
    return call;
  }

  /**
   * Applies a carrier report: returns whether anything changed. One statement (applyReportSql):
   * the row lock, the forward-only rule, the change, call.ended with its jobs, and `next` (the
   * simulator's next report, queued only when this one changed the call, so a call's reports are
   * applied one after the other, in order). No entity is loaded. A final change that a finished
   * hook applies to runs again in a transaction with the hooks.
   */
  async applyReport(em: EntityManager, report: CarrierReport, next?: { payload: string; afterMs: number }): Promise<boolean> {
    const final = FINAL_STATUSES.has(report.status);
    const values = [
      report.callId,
      report.status,
      report.carrierStatus ? JSON.stringify(report.carrierStatus) : null,
      final ? (report.disposition ?? (report.status === 'completed' ? 'human' : 'carrier_error')) : null,
      final ? (report.durationSeconds ?? 0) : null,
      // Machine detection is about an answered call; the first word wins (Twilio's AnsweredBy with its duration, stored when it came).
      report.status === 'completed' ? JSON.stringify(report.amd ?? { result: 'unknown', ms: null }) : null,
      next?.payload ?? null,
      next?.afterMs ?? null,
      newId(),
      this.hangingUp(),
    ];
    const statement = (this.applyReport_ ??= preparedReport(this.finishedHooks));
    const { rows } = await this.db.pool.query<ChangedCall>({ ...statement, values: [...values, false] });
    let changed: ChangedCall | null = rows[0]?.id ? rows[0] : null;
    let jobs = rows[0]?.jobs ?? 0;
    if (rows[0]?.needs_hooks) {
      [changed, jobs] = await em.transactional(async (tx) => {
        const { sql, values: v } = toPositional(statement.text, [...values, true]);
        const r = changedCall((await tx.execute(sql, v))[0]);
        if (!r) return [null, 0] as const;
        for (const hook of this.finishedHooks) await hook.run(tx, r);
        return [r, r.jobs] as const;
      });
    }
    if (!changed) return false;
    this.db.jobsAdded(jobs);
    this.logChange(changed, changed.fromStatus);
    this.live?.callChanged(changed);
    return true;
  }

  /** The carriers whose calls are hung up when canceled (the carrierHangup job). */
  private hangingUp(): string {
    return CARRIER_NAMES.filter((n) => this.carriers?.get(n).hangUp).join(',');
  }

  /**
   * One line per committed change. A call's changes commit one after the other (each holds its
   * row lock), and a carrier's reports of a call are applied one after the other, so its lines
   * are in the order of its changes. finish() writes its line while the lock is held.
   */
  private logChange(call: Pick<Call, 'id' | 'orgId' | 'status' | 'disposition'>, from: CallStatus): void {
    this.log.info({ call_id: call.id, org_id: call.orgId, from, to: call.status, disposition: call.disposition }, 'call status changed');
  }

  /** Ends a call (the call row must be locked by the caller) and emits call.ended. */
  async finish(em: EntityManager, call: Call, status: 'completed' | 'failed' | 'canceled', disposition: Disposition, durationSeconds: number): Promise<void> {
    const from = call.status;
    call.status = status;
    call.disposition = disposition;
    call.durationSeconds = durationSeconds;
    call.endedAt = new Date();
    await em.flush();
    this.logChange(call, from);
    // The one hang-up path: a canceled call the carrier has is ended there by its adapter, outside
    // this transaction, by the carrierHangup job (committed with the change).
    if (status === 'canceled' && call.carrierCallId && this.carriers?.get(call.carrier).hangUp) await addJobs(em, job('carrierHangup', { callId: call.id }));
    await recordEvent(em, eventSubject(call), 'call.ended', {
      disposition,
      duration_seconds: durationSeconds,
      amd: call.amd && { result: call.amd.result, ms: call.amd.ms },
      carrier: call.carrier,
      carrier_call_id: call.carrierCallId,
      carrier_status: call.carrierStatus,
    });
    if (status === 'completed') await addJobs(em, job('analyze', { callId: call.id }));
    for (const hook of this.finishedHooks) await hook.run(em, call);
  }

  /**
   * A scheduled call that is due becomes queued: call.queued and its dial job, in the caller's
   * transaction (the row must be locked by the caller).
   */
  async queueScheduled(em: EntityManager, call: Call): Promise<void> {
    call.status = 'queued';
    await em.flush();
    await recordEvent(em, eventSubject(call), 'call.queued');
    await addJobs(em, job('dial', { callId: call.id }));
  }

  /**
   * Stores what became of a call's transfer and emits call.transferred, once per call (a carrier
   * report repeated by the network changes nothing). Returns whether it was stored.
   */
  async recordTransfer(em: EntityManager, callId: string, outcome: TransferOutcome): Promise<boolean> {
    const stored = await em.transactional(async (tx) => {
      const call = await tx.findOne(Call, { id: callId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!call || call.transfer || !call.transferTo) return null;
      call.transfer = { mode: outcome.mode, answered: outcome.answered, failure_reason: outcome.answered ? null : outcome.failureReason, at: nowIsoMicro() };
      await tx.flush();
      this.log.info({ call_id: call.id, org_id: call.orgId, mode: outcome.mode, answered: outcome.answered, reason: call.transfer.failure_reason }, 'call transferred');
      await recordEvent(tx, eventSubject(call), 'call.transferred', { transfer_to: call.transferTo, mode: outcome.mode, answered: outcome.answered });
      return call;
    });
    if (stored) this.live?.callChanged(stored);
    return stored !== null;
  }

  /**
   * Stores an analysis and emits call.analyzed, once per call (a job run twice stores nothing the
   * second time). `call` is the call as read before analysing (a completed call's fields no longer
   * change). One statement (RECORD_ANALYSIS_SQL) unless an analyzed hook applies: then the same
   * statement and the hooks in one transaction.
   */
  async recordAnalysis(em: EntityManager, call: CallToAnalyze, analysis: CallAnalysis): Promise<boolean> {
    const turns = normalizeTurns(analysis.turns);
    const latency = summarizeLatency(turns);
    const optedOut = call.optedOut || !!analysis.optOut;
    // A time to call back only means something on a call that asked for one.
    const given = analysis.callbackAt && Number.isFinite(analysis.callbackAt.getTime()) ? analysis.callbackAt : null;
    const callbackAt = call.disposition === 'callback_requested' ? given : null;
    const body = buildEventBody('call.analyzed', eventSubject(call), {
      transcript: analysis.transcript,
      structured_answers: analysis.structuredAnswers,
      recording_url: this.recordingUrls.sign(call.id),
      duration_seconds: call.durationSeconds,
      turns,
      latency,
      opted_out: optedOut,
      callback_at: isoMicroOrNull(callbackAt),
      amd: call.amd && { result: call.amd.result, ms: call.amd.ms },
    });
    const values = [
      call.id,
      analysis.transcript,
      analysis.structuredAnswers === null || analysis.structuredAnswers === undefined ? null : JSON.stringify(analysis.structuredAnswers),
      analysis.recordingSeconds ?? null,
      JSON.stringify(turns),
      latency === null ? null : JSON.stringify(latency),
      optedOut,
      analysis.agentLog ? JSON.stringify(analysis.agentLog.slice(0, MAX_AGENT_LOG)) : null,
      callbackAt?.toISOString() ?? null,
      newId(),
      body,
    ];
    const hooked: AnalyzedCall = { ...call, callbackAt };
    const hooks = this.analyzedHooks.filter((h) => h.applies(hooked, analysis));
    let stored: ChangedCall | null;
    if (!hooks.length) {
      const { rows } = await this.db.pool.query<ChangedCall>({ name: 'voicegate_record_analysis_v1', text: RECORD_ANALYSIS_SQL, values });
      stored = rows[0]?.id ? rows[0] : null;
    } else {
      stored = await em.transactional(async (tx) => {
        const { sql, values: v } = toPositional(RECORD_ANALYSIS_SQL, values);
        const r = changedCall((await tx.execute(sql, v))[0]);
        if (!r) return null;
        for (const hook of hooks) await hook.run(tx, hooked, analysis);
        return r;
      });
    }
    if (!stored) return false;
    this.db.jobsAdded(stored.jobs);
    this.live?.callChanged(stored);
    const measured = measuredLatencies(turns);
    if (measured.length) this.turnsStored?.(call.carrier ?? 'simulator', measured);
    return true;
  }
}
