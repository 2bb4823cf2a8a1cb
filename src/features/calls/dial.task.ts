import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { Carrier } from '../../carriers/carrier';
import { insertJobsSql, type TaskPayloads } from '../../queue';
import { Call } from './call.entity';
import { dialLiveCall, type LiveDialDeps } from './dial-live';

/**
 * Records the dial and queues the carrier's future reports in one statement, atomically, and only
 * once even if the dial job runs twice (at-least-once queue). The reports are due later, so they
 * are written without NOTIFY (insertJobsSql): the worker's poll finds them.
 */
const RECORD_DIAL_SQL = `
with dialed as (
  update calls set carrier_call_id = $2, carrier = 'simulator', updated_at = now() where id = $1 and carrier_call_id is null returning id
)
${insertJobsSql('carrierReport', { from: 'dialed, unnest($3::json[], $4::timestamptz[]) as r(payload, run_at)', fields: { payload: 'r.payload' }, runAt: 'r.run_at' })}`;

/**
 * Places a queued call with the carrier (outside any transaction: it is a network call). With a
 * live carrier (SIP, `live`), the call is dialed at most once and then lives in this process.
 */
export function dialTask(deps: { em: () => EntityManager; pool: Pick<Pool, 'query'>; carrier: Carrier; live: LiveDialDeps | null }) {
  return async ({ callId }: TaskPayloads['dial']): Promise<void> => {
    if (deps.live) return dialLiveCall(deps.live, callId);
    const call = await deps.em().findOne(Call, { id: callId });
    if (!call || call.status !== 'queued' || call.carrierCallId) return; // canceled meanwhile, or dialed already
    const { carrierCallId, scheduled } = await deps.carrier.dial(call);
    const now = Date.now();
    await deps.pool.query(RECORD_DIAL_SQL, [
      callId,
      carrierCallId,
      scheduled.map((x) => JSON.stringify(x.report)),
      scheduled.map((x) => new Date(now + x.afterMs).toISOString()),
    ]);
  };
}
