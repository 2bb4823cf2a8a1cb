import type { TaskPayloads } from '../../queue';
import type { WebhookDeliverer } from './webhook-deliverer';

/**
 * A destination's parked deliveries (parking.ts): one round of releasing them into this process's
 * free slots, and the job again later while some stay parked.
 */
export function releaseParkedTask(deps: { deliverer: WebhookDeliverer }) {
  return async (payload: TaskPayloads['releaseParked']): Promise<void> => {
    await deps.deliverer.releaseDestination(payload.destination);
  };
}
