import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskPayloads } from '../../queue';
import type { LiveEventsPublisher } from '../../common/live-events';
import type { CampaignDispatcher } from './campaign-dispatcher';

/** One bounded tick of a campaign's dispatcher (it schedules its own next tick). */
export function dispatchCampaignTask(deps: {
  em: () => EntityManager;
  dispatcher: CampaignDispatcher;
  jobsAdded: (n: number) => void;
  live?: Pick<LiveEventsPublisher, 'campaignChanged'>;
}) {
  return async ({ campaignId }: TaskPayloads['dispatchCampaign']): Promise<void> => {
    const r = await deps.dispatcher.tick(deps.em(), campaignId);
    if (r.dialed > 0) deps.jobsAdded(r.dialed * 2);
    // Recipients moved (calling, suppressed) or the campaign started or completed: after commit.
    if (r.changed) deps.live?.campaignChanged({ orgId: r.changed.orgId, campaignId });
  };
}
