import type { Task, TaskList } from 'graphile-worker';
import { Call } from '../features/calls/call.entity';
import { replayUndelivered } from '../features/webhooks/deliveries.service';
import type { Services } from '../services';
import { enqueue, type TaskPayloads } from './queue';

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
    await em().transactional(async (tx) => {
      await tx.nativeUpdate(Call, { id: callId }, { carrierCallId });
      const now = Date.now();
      for (const { report, afterMs } of scheduled) {
        await enqueue(tx, 'carrier_report', report, { runAt: new Date(now + afterMs) });
      }
    });
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
