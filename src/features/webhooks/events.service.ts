import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../shared/ids';
import type { Call } from '../calls/call.entity';
import { buildEventBody } from './event-envelope';
import type { EventType } from './webhook-delivery.entity';

/**
 * Records an event for delivery. Must run inside the transaction of the state change that caused
 * it (transactional outbox): the delivery row and its queue job commit with that change, or not
 * at all. One statement resolves the destination (call override, else organization default),
 * writes the row (undeliverable with `no_destination` when there is none) and queues the job.
 */
export async function recordEvent(em: EntityManager, call: Call, event: EventType, extra: Record<string, unknown> = {}): Promise<string> {
  const id = newId();
  const payload = buildEventBody(event, call, extra);
  await em.execute(
    `with dest as (
       select coalesce(?::text, (select webhook_url from organizations where id = ?)) as url
     ), d as (
       insert into webhook_deliveries (id, org_id, call_id, event, url, payload, state, next_attempt_at, last_error, created_at)
       select ?, ?, ?, ?, dest.url, ?,
              case when dest.url is null then 'undeliverable' else 'pending' end,
              case when dest.url is null then null else now() end,
              case when dest.url is null then 'no_destination' end,
              now()
         from dest
       returning id, url
     )
     select graphile_worker.add_job('deliver_webhook', json_build_object('deliveryId', d.id, 'trigger', 'scheduled'),
                                    job_key => 'delivery:' || d.id, max_attempts => 10)
       from d where d.url is not null`,
    [call.webhookUrl, call.orgId, id, call.orgId, call.id, event, payload],
  );
  return id;
}
