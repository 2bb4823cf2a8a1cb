import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { Carrier } from '../../carriers/carrier';
import { insertJobsSql, type TaskPayloads } from '../../queue';
import { Call } from './call.entity';
import { chained, type ChainedReport } from './simulated-reports';

/**
 * Records the dial and queues the carrier's first report (carrying the later ones, see
 * simulated-reports.ts) in one statement, atomically, and only once even if the dial job runs
 * twice (at-least-once queue). The report is due later, so it is written without NOTIFY
 * (insertJobsSql): the worker's poll finds it.
 */
const RECORD_DIAL_SQL = `
with dialed as (
  update calls set carrier_call_id = $2, updated_at = now() where id = $1 and carrier_call_id is null returning id
)
${insertJobsSql('carrierReport', { from: 'dialed where $3::json is not null', fields: { payload: '$3::json' }, runAt: '$4::timestamptz' })}`;

/** Places a queued call with the carrier (outside any transaction: it is a network call). */
export function dialTask(deps: { em: () => EntityManager; pool: Pick<Pool, 'query'>; carrier: Carrier }) {
  return async ({ callId }: TaskPayloads['dial']): Promise<void> => {
    const call = await deps.em().findOne(Call, { id: callId });
    if (!call || call.status !== 'queued' || call.carrierCallId) return; // canceled meanwhile, or dialed already
    const { carrierCallId, scheduled } = await deps.carrier.dial(call);
    const [first, ...later] = chained(scheduled);
    const report: ChainedReport | null = first ? { ...first.report, next: later } : null;
    await deps.pool.query(RECORD_DIAL_SQL, [callId, carrierCallId, report && JSON.stringify(report), new Date(Date.now() + (first?.afterMs ?? 0)).toISOString()]);
  };
}
