import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskPayloads } from '../../queue';
import type { CampaignDispatcher } from './campaign-dispatcher';

/** One bounded tick of a campaign's dispatcher (it schedules its own next tick). */
export function dispatchCampaignTask(deps: { em: () => EntityManager; dispatcher: CampaignDispatcher; jobsAdded: (n: number) => void }) {
  return async ({ campaignId }: TaskPayloads['dispatchCampaign']): Promise<void> => {
    const r = await deps.dispatcher.tick(deps.em(), campaignId);
    if (r.dialed > 0) deps.jobsAdded(r.dialed * 2);
  };
}
