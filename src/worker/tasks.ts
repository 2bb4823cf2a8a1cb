import type { Task, TaskList } from 'graphile-worker';
import type { ScheduledReport } from '../carriers/carrier';
import { Call } from '../features/calls/call.entity';
import { replayUndelivered } from '../features/webhooks/deliveries.service';
import type { Services } from '../services';
import { DIRECT_JOB_INSERT, directJobTaskId } from '../db/database';
import type { TaskPayloads } from './queue';

/** graphile-worker task handlers: thin adapters from a job to one service call. */
export function buildTaskList(s: Services): TaskList {
  const em = () => s.db.orm.em.fork();

  const deliverWebhook: Task = async (payload) => {
    const p = payload as TaskPayloads['deliver_webhook'];
    await s.deliverer.deliver(p.deliveryId, p.trigger ?? 'scheduled');
  };

  const dialCall: Task = async (payload) => {
    const { callId } = payload as TaskPayloads['dial_call'];
    const call = await em().findOne(Call, { id: callId });
    if (!call || call.status !== 'queued' || call.carrierCallId) return; // canceled meanwhile, or dialed already
    const { carrierCallId, scheduled } = await s.carrier.dial(call); // network: outside any transaction
    // One statement records the dial and queues the carrier's first report, atomically, and only
    // once even if this job runs twice (at-least-once queue). The report is due later, so the row
    // is inserted without add_job's NOTIFY (see DIRECT_JOB_INSERT): the worker's poll finds it.
    const [first, ...later] = chained(scheduled);
    await s.db.pool.query(
      `with dialed as (
         update calls set carrier_call_id = $2, updated_at = now() where id = $1 and carrier_call_id is null returning id
       )
       ${DIRECT_JOB_INSERT}
       select ${directJobTaskId('carrier_report')}, $3::json, $4::timestamptz, 10, null from dialed where $3::json is not null`,
      [callId, carrierCallId, first ? JSON.stringify({ ...first.report, next: later }) : null, new Date(Date.now() + (first?.afterMs ?? 0)).toISOString()],
    );
  };

  // A call's reports are queued one at a time: each report, once applied, queues the next in the
  // same transaction. Queued all at once, two reports due close together could run concurrently
  // and the later one win the call's row lock, so the call would skip a status (never ringing).
  const carrierReport: Task = async (payload) => {
    const { next, ...report } = payload as TaskPayloads['carrier_report'];
    const [following, ...rest] = next ?? [];
    await s.lifecycle.applyReport(
      em(),
      report,
      following &&
        ((tx) =>
          tx.execute(`${DIRECT_JOB_INSERT} select ${directJobTaskId('carrier_report')}, ?::json, now() + ?::int * interval '1 millisecond', 10, null`, [
            JSON.stringify({ ...following.report, next: rest }),
            following.afterMs,
          ]).then(() => undefined)),
    );
  };

  const analyzeCall: Task = async (payload) => {
    const { callId } = payload as TaskPayloads['analyze_call'];
    const call = await em().findOne(Call, { id: callId });
    if (!call || call.status !== 'completed' || call.analyzedAt) return;
    const analysis = await s.analyzer.analyze(call);
    await s.lifecycle.recordAnalysis(em(), callId, analysis);
  };

  const replayWebhooks: Task = async (payload, helpers) => {
    const n = await replayUndelivered(em(), payload as TaskPayloads['replay_webhooks']);
    helpers.logger.info(`replay queued ${n} deliveries`);
  };

  return {
    deliver_webhook: deliverWebhook,
    dial_call: dialCall,
    carrier_report: carrierReport,
    analyze_call: analyzeCall,
    replay_webhooks: replayWebhooks,
  };
}

/** The carrier's reports, each with `afterMs` counted from the report before it (the first from now). */
function chained(scheduled: ScheduledReport[]): ScheduledReport[] {
  const ordered = [...scheduled].sort((a, b) => a.afterMs - b.afterMs);
  return ordered.map((x, i) => ({ report: x.report, afterMs: x.afterMs - (i ? ordered[i - 1]!.afterMs : 0) }));
}
