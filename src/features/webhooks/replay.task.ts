import type { EntityManager } from '@mikro-orm/postgresql';
import { addJobsSql, type TaskPayloads } from '../../queue';

const REPLAY_SQL = `
with targets as (
  select id from webhook_deliveries
   where org_id = ? and delivered = false and created_at >= ?::timestamptz and (?::text is null or event = ?)
)
select count(*)::int as n from (${addJobsSql('redeliver', { from: 'targets', fields: { deliveryId: 'targets.id' } })}) added`;

/** Worker side of replay: a manual attempt for each undelivered event since the given time. */
export function replayTask(deps: { em: () => EntityManager; log: { info(obj: object, msg: string): void } }) {
  return async (payload: TaskPayloads['replay']): Promise<void> => {
    const rows: Array<{ n: number }> = await deps.em().execute(REPLAY_SQL, [payload.orgId, payload.since, payload.event ?? null, payload.event ?? null]);
    deps.log.info({ org_id: payload.orgId, deliveries: Number(rows[0]?.n ?? 0) }, 'replay queued manual attempts');
  };
}
