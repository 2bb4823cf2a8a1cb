import type { Task, TaskList } from 'graphile-worker';
import { Call } from '../features/calls/call.entity';
import { replayUndelivered } from '../features/webhooks/deliveries.service';
import type { Services } from '../services';
import { DIRECT_JOB_INSERT, directJobTaskId } from '../db/database';
import type { TaskPayloads } from './queue';
import { dialLiveCall } from '../features/calls/dial-live';

/** graphile-worker task handlers: thin adapters from a job to one service call. */
export function buildTaskList(s: Services): TaskList {
  const em = () => s.db.orm.em.fork();

  const deliverWebhook: Task = async (payload) => {
    const p = payload as TaskPayloads['deliver_webhook'];
    await s.deliverer.deliver(p.deliveryId, p.trigger ?? 'scheduled');
  };

  const dialCall: Task = async (payload) => {
    const { callId } = payload as TaskPayloads['dial_call'];
    if (s.liveCarrier) return dialLiveCall(s, s.liveCarrier, callId);
    const call = await em().findOne(Call, { id: callId });
    if (!call || call.status !== 'queued' || call.carrierCallId) return; // canceled meanwhile, or dialed already
    const { carrierCallId, scheduled } = await s.carrier.dial(call); // network: outside any transaction
    // One statement records the dial and queues the carrier's future reports, atomically, and only
    // once even if this job runs twice (at-least-once queue). The reports are due later, so the
    // rows are inserted without add_job's NOTIFY (see DIRECT_JOB_INSERT): the worker's poll finds them.
    const now = Date.now();
    await s.db.pool.query(
      `with dialed as (
         update calls set carrier_call_id = $2, carrier = 'simulator', updated_at = now() where id = $1 and carrier_call_id is null returning id
       )
       ${DIRECT_JOB_INSERT}
       select ${directJobTaskId('carrier_report')}, r.payload, r.run_at, 10, null
         from dialed, unnest($3::json[], $4::timestamptz[]) as r(payload, run_at)`,
      [callId, carrierCallId, scheduled.map((x) => JSON.stringify(x.report)), scheduled.map((x) => new Date(now + x.afterMs).toISOString())],
    );
  };

  const carrierReport: Task = async (payload) => {
    await s.lifecycle.applyReport(em(), payload as TaskPayloads['carrier_report']);
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
