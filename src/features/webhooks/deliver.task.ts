import type { TaskPayloads } from '../../queue';
import type { WebhookDeliverer } from './webhook-deliverer';

/**
 * One attempt of one delivery (scheduled or manual): the deliverer claims it and starts it; the
 * job is done once the attempt has started (the deliverer records it and any retry).
 */
export function deliverTask(deps: { deliverer: WebhookDeliverer }) {
  return async (payload: TaskPayloads['deliver']): Promise<void> => {
    await deps.deliverer.dispatch(payload.deliveryId, payload.trigger ?? 'scheduled');
  };
}
