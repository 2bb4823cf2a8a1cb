import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CarrierReport, CallAnalysis } from '../../carriers/carrier';
import { addJobs, job } from '../../queue';
import { recordEvent, type EventSubject } from '../webhooks/outbox';
import { Call, FINAL_STATUSES, type CallStatus, type Disposition } from './call.entity';
import type { RecordingUrls } from './recording-url';
import type { LiveEventsPublisher } from '../../shared/live-events';

/** A call as the subject of its events (what the outbox and the envelope need). */
export const eventSubject = (call: Call): EventSubject => ({
  orgId: call.orgId,
  callId: call.id,
  webhookUrl: call.webhookUrl,
  to: call.to,
  status: call.status,
  metadata: call.metadata,
  campaignId: call.campaignId,
});

/**
 * Runs in the transaction that ends a call, after call.ended is recorded (the campaign feature
 * registers one to move the call's recipient on; calls know nothing of campaigns).
 */
export type CallFinishedHook = (em: EntityManager, call: Call) => Promise<void>;

/** Runs in the transaction that stores an analysis (the suppression list registers one for opt-outs). */
export type CallAnalyzedHook = (em: EntityManager, call: Call, analysis: CallAnalysis) => Promise<void>;

const RANK: Record<CallStatus, number> = { scheduled: -1, queued: 0, ringing: 1, in_progress: 2, completed: 3, failed: 3, canceled: 3 };

/**
 * The only code that moves a call's status. Transitions only go forward, and never out of a final
 * status, whatever order carrier reports arrive in. Each change and the events it causes commit
 * in the caller's transaction.
 */
export class CallLifecycle {
  private readonly finishedHooks: CallFinishedHook[] = [];
  private readonly analyzedHooks: CallAnalyzedHook[] = [];
  /** Announces every committed change to live subscribers (set by createServices). */
  live: LiveEventsPublisher | undefined;

  constructor(private readonly recordingUrls: RecordingUrls) {}

  onFinished(hook: CallFinishedHook): void {
    this.finishedHooks.push(hook);
  }

  onAnalyzed(hook: CallAnalyzedHook): void {
    this.analyzedHooks.push(hook);
  }

  /** Applies a carrier report in its own transaction; returns whether anything changed. */
  async applyReport(em: EntityManager, report: CarrierReport): Promise<boolean> {
    const changed = await em.transactional(async (tx) => {
      const call = await tx.findOne(Call, { id: report.callId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!call || FINAL_STATUSES.has(call.status) || RANK[report.status] <= RANK[call.status]) return null;
      if (report.status === 'ringing') {
        call.status = 'ringing';
      } else if (report.status === 'in_progress') {
        call.status = 'in_progress';
        call.startedAt = new Date();
      } else {
        await this.finish(tx, call, report.status, report.disposition ?? (report.status === 'completed' ? 'human' : 'carrier_error'), report.durationSeconds ?? 0);
      }
      await tx.flush();
      return call;
    });
    if (changed) this.live?.callChanged(changed);
    return changed !== null;
  }

  /** Ends a call (the call row must be locked by the caller) and emits call.ended. */
  async finish(em: EntityManager, call: Call, status: 'completed' | 'failed' | 'canceled', disposition: Disposition, durationSeconds: number): Promise<void> {
    call.status = status;
    call.disposition = disposition;
    call.durationSeconds = durationSeconds;
    call.endedAt = new Date();
    await em.flush();
    await recordEvent(em, eventSubject(call), 'call.ended', { disposition, duration_seconds: durationSeconds });
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

  /** Stores an analysis and emits call.analyzed, once per call. */
  async recordAnalysis(em: EntityManager, callId: string, analysis: CallAnalysis): Promise<boolean> {
    const analyzed = await em.transactional(async (tx) => {
      const call = await tx.findOne(Call, { id: callId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!call || call.status !== 'completed' || call.analyzedAt) return null;
      call.transcript = analysis.transcript;
      call.structuredAnswers = analysis.structuredAnswers;
      call.recordingSeconds = analysis.recordingSeconds;
      call.analyzedAt = new Date();
      await tx.flush();
      await recordEvent(tx, eventSubject(call), 'call.analyzed', {
        transcript: call.transcript,
        structured_answers: call.structuredAnswers,
        recording_url: this.recordingUrls.sign(call.id),
        duration_seconds: call.durationSeconds,
      });
      for (const hook of this.analyzedHooks) await hook(tx, call, analysis);
      return call;
    });
    if (analyzed) this.live?.callChanged(analyzed);
    return analyzed !== null;
  }
}
