import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { addJobs, job } from '../../queue';
import type { Logger } from '../../common/logger';
import { recordEvent, type EventSubject } from '../webhooks';
import { Call, FINAL_STATUSES, type CallStatus, type Disposition } from './call.entity';
import type { CallAnalysis, CallQuestion, CarrierAdapters, CarrierName, CarrierReport, TransferOutcome } from './ports';
import type { RecordingUrls } from './recording-url';
import { callbackOf } from './calls.presenter';
import { MAX_AGENT_LOG, measuredLatencies, normalizeTurns, summarizeLatency } from './call-turns';
import { isoMicroOrNull, nowIsoMicro } from '../../common/time';
import type { LiveEventsPublisher } from '../../common/live-events';

/** A call as the subject of its events (what the outbox and the envelope need). */
export const eventSubject = (call: Call): EventSubject => ({
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

/**
 * Runs in the transaction that ends a call, after call.ended is recorded (the campaign feature
 * registers one to move the call's recipient on; calls know nothing of campaigns).
 */
export type CallFinishedHook = (em: EntityManager, call: Call) => Promise<void>;

/** Runs in the transaction that stores an analysis (the suppression list registers one for opt-outs). */
export type CallAnalyzedHook = (em: EntityManager, call: Call, analysis: CallAnalysis) => Promise<void>;

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

const RANK: Record<CallStatus, number> = { scheduled: -1, queued: 0, ringing: 1, in_progress: 2, completed: 3, failed: 3, canceled: 3 };

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

  constructor(
    private readonly recordingUrls: RecordingUrls,
    private readonly log: Logger,
  ) {}

  onFinished(hook: CallFinishedHook): void {
    this.finishedHooks.push(hook);
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
   * Applies a carrier report in its own transaction; returns whether anything changed. `andThen`
   * runs in that transaction only when the report changed the call (the simulator queues its next
   * report there, so a call's reports are applied one after the other, in order).
   */
  async applyReport(em: EntityManager, report: CarrierReport, andThen?: (tx: EntityManager) => Promise<void>): Promise<boolean> {
    const changed = await em.transactional(async (tx) => {
      const call = await tx.findOne(Call, { id: report.callId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!call || FINAL_STATUSES.has(call.status) || RANK[report.status] <= RANK[call.status]) return null;
      if (report.carrierStatus) call.carrierStatus = report.carrierStatus;
      if (report.status === 'ringing' || report.status === 'in_progress') {
        const from = call.status;
        call.status = report.status;
        if (report.status === 'in_progress') call.startedAt = new Date();
        await tx.flush();
        this.logChange(call, from);
      } else {
        // Machine detection is about an answered call; the first word wins (Twilio's AnsweredBy with its duration, stored when it came).
        if (report.status === 'completed') call.amd = call.amd ?? report.amd ?? { result: 'unknown', ms: null };
        await this.finish(tx, call, report.status, report.disposition ?? (report.status === 'completed' ? 'human' : 'carrier_error'), report.durationSeconds ?? 0);
      }
      await andThen?.(tx);
      return call;
    });
    if (changed) this.live?.callChanged(changed);
    return changed !== null;
  }

  /**
   * Written while the call's row lock is held, so one call's lines are in the order of its changes
   * (a transaction that then fails to commit leaves a line for a change that did not happen).
   */
  private logChange(call: Call, from: CallStatus): void {
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
      amd: call.amd,
      carrier: call.carrier,
      carrier_call_id: call.carrierCallId,
      carrier_status: call.carrierStatus,
    });
    if (status === 'completed') await addJobs(em, job('analyze', { callId: call.id }));
    for (const hook of this.finishedHooks) await hook(em, call);
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

  /** Stores an analysis and emits call.analyzed, once per call. */
  async recordAnalysis(em: EntityManager, callId: string, analysis: CallAnalysis): Promise<boolean> {
    const analyzed = await em.transactional(async (tx) => {
      const call = await tx.findOne(Call, { id: callId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!call || call.status !== 'completed' || call.analyzedAt) return null;
      call.transcript = analysis.transcript;
      call.structuredAnswers = analysis.structuredAnswers;
      if (analysis.recordingSeconds !== null) call.recordingSeconds = analysis.recordingSeconds;
      call.turns = normalizeTurns(analysis.turns);
      call.latency = summarizeLatency(call.turns);
      if (analysis.optOut) call.optedOut = true;
      if (analysis.agentLog) call.agentLog = analysis.agentLog.slice(0, MAX_AGENT_LOG);
      // A time to call back only means something on a call that asked for one.
      const callbackAt = analysis.callbackAt && Number.isFinite(analysis.callbackAt.getTime()) ? analysis.callbackAt : null;
      call.callbackAt = call.disposition === 'callback_requested' ? callbackAt : null;
      call.analyzedAt = new Date();
      await tx.flush();
      await recordEvent(tx, eventSubject(call), 'call.analyzed', {
        transcript: call.transcript,
        structured_answers: call.structuredAnswers,
        recording_url: this.recordingUrls.sign(call.id),
        duration_seconds: call.durationSeconds,
        turns: call.turns,
        latency: call.latency,
        opted_out: call.optedOut,
        callback_at: isoMicroOrNull(call.callbackAt),
        amd: call.amd,
      });
      for (const hook of this.analyzedHooks) await hook(tx, call, analysis);
      return call;
    });
    if (analyzed) {
      this.live?.callChanged(analyzed);
      const measured = measuredLatencies(analyzed.turns ?? []);
      if (measured.length) this.turnsStored?.(analyzed.carrier ?? 'simulator', measured);
    }
    return analyzed !== null;
  }
}
