import type { TaskPayloads } from '../../queue';
import type { WebhookDeliverer } from './webhook-deliverer';

/** One attempt of one delivery (scheduled or manual); the deliverer records it and any retry. */
export function deliverTask(deps: { deliverer: WebhookDeliverer }) {
  return async (payload: TaskPayloads['deliver']): Promise<void> => {
    await deps.deliverer.deliver(payload.deliveryId, payload.trigger ?? 'scheduled');
  };
}
