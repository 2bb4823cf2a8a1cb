import { analyzeTask } from '../features/calls/analyze.task';
import { carrierHangupTask } from '../features/calls/carrier-hangup.task';
import { carrierReportTask } from '../features/calls/carrier-report.task';
import { dialTask } from '../features/calls/dial.task';
import { twilioRecordingTask } from '../features/calls/twilio-recording.task';
import { queueScheduledTask } from '../features/calls/queue-scheduled.task';
import { dispatchCampaignTask } from '../features/campaigns/dispatch-campaign.task';
import { deliverTask } from '../features/webhooks/deliver.task';
import { purgeTask } from '../features/webhooks/purge.task';
import { releaseParkedTask } from '../features/webhooks/release-parked.task';
import { replayTask } from '../features/webhooks/replay.task';
import type { TaskHandlers } from '../queue';
import type { Services } from '../services';

/** Every task's handler, each living in its feature: the worker only wires them to the queue. */
export function taskHandlers(s: Services): TaskHandlers {
  const em = () => s.db.orm.em.fork();
  return {
    deliver: deliverTask({ deliverer: s.deliverer }),
    releaseParked: releaseParkedTask({ deliverer: s.deliverer }),
    dial: dialTask({
      em,
      pool: s.db.pool,
      lifecycle: s.lifecycle,
      connections: s.connections,
      carriers: s.carriers,
      port: s.carrierPort,
    }),
    carrierReport: carrierReportTask({ em, lifecycle: s.lifecycle }),
    analyze: analyzeTask({ em, pool: s.db.pool, carriers: s.carriers, lifecycle: s.lifecycle }),
    replay: replayTask({ em, log: s.log }),
    queueScheduled: queueScheduledTask({ em, lifecycle: s.lifecycle, maxOpenCallsPerOrg: () => (s.config.rateLimit.enabled ? s.config.rateLimit.maxQueuedCallsPerOrg : null) }),
    dispatchCampaign: dispatchCampaignTask({ em, dispatcher: s.dispatcher, jobsAdded: (n) => s.db.jobsAdded(n), live: s.live }),
    purge: purgeTask({
      pool: s.db.pool,
      settings: { retentionMs: s.config.webhookRetentionMs, intervalMs: s.config.webhookPurgeIntervalMs, batch: s.config.webhookPurgeBatch },
      log: s.log,
    }),
    carrierHangup: carrierHangupTask({ em, carriers: s.carriers }),
    twilioRecording: twilioRecordingTask({ em, carriers: s.carriers }),
  };
}
