import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { Carrier } from '../../carriers/carrier';
import { addJobs, insertJobsSql, job, type TaskPayloads } from '../../queue';
import { Call } from './call.entity';
import type { CallLifecycle } from './call-lifecycle';
import { chained, type ChainedReport } from './simulated-reports';
import { dialLiveCall, type LiveDialDeps } from './dial-live';

/**
 * Records the dial and queues the carrier's first report (carrying the later ones, see
 * simulated-reports.ts) in one statement, atomically, and only once even if the dial job runs
 * twice (at-least-once queue). The report is due later, so it is written without NOTIFY
 * (insertJobsSql): the worker's poll finds it.
 */
const RECORD_DIAL_SQL = `
with dialed as (
  update calls set carrier_call_id = $2, carrier = 'simulator', updated_at = now() where id = $1 and carrier_call_id is null returning id
)
${insertJobsSql('carrierReport', { from: 'dialed where $3::json is not null', fields: { payload: '$3::json' }, runAt: '$4::timestamptz' })}`;

/**
 * The claim a dial takes, committed before the carrier is asked: `dial_started_at`. A campaign
 * call also needs its campaign running and a pace slot: the campaign's `pace_next_at` moves on by
 * 1 / max_calls_per_second at every start, so two starts of one campaign are never closer than
 * that, whatever the number of workers (docs/campaigns.md "Pacing"); such a call's dial_started_at
 * is the start of its slot.
 * Returns `claimed`, and for a campaign call that could not start, `wait_until` (the next slot) or
 * nothing (the campaign is not running: pause/cancel deal with the call).
 */
const CLAIM_DIAL_SQL = `
with target as (
  select id, campaign_id, dial_started_at from calls where id = $1 and status = 'queued' and carrier_call_id is null
), slot as (
  update campaigns k
     set pace_next_at = greatest(k.pace_next_at, clock_timestamp()) + (interval '1 second' / k.max_calls_per_second)
    from target
   where k.id = target.campaign_id and target.dial_started_at is null and k.status = 'running' and k.pace_next_at <= clock_timestamp()
  returning k.id, k.pace_next_at - (interval '1 second' / k.max_calls_per_second) as started_at
), claimed as (
  update calls c set dial_started_at = coalesce((select started_at from slot), clock_timestamp())
    from target
   where c.id = target.id and target.dial_started_at is null
     and (target.campaign_id is null or exists (select 1 from slot))
  returning c.id
)
select (select count(*) from target)::int as open,
       (select campaign_id from target) as campaign_id,
       (select dial_started_at from target) as dial_started_at,
       (select count(*) from claimed)::int as claimed,
       (select pace_next_at from campaigns where id = (select campaign_id from target) and status = 'running') as wait_until`;

/**
 * Places a queued call with the carrier (outside any transaction: it is a network call). With a
 * live carrier (SIP, `live`), the call is dialed at most once and then lives in this process.
 */
export function dialTask(deps: { em: () => EntityManager; pool: Pick<Pool, 'query'>; carrier: Carrier; lifecycle: CallLifecycle; live: LiveDialDeps | null }) {
  return async ({ callId }: TaskPayloads['dial']): Promise<void> => {
    const { rows } = await deps.pool.query<{ open: number; campaign_id: string | null; dial_started_at: Date | null; claimed: number; wait_until: Date | null }>(
      CLAIM_DIAL_SQL,
      [callId],
    );
    const r = rows[0]!;
    if (deps.live) {
      // A live dial records its attempt (carrier_call_id) before the INVITE and never dials twice
      // itself; only a campaign call without a pace slot waits for its slot here.
      if (r.open && !r.claimed && !r.dial_started_at) {
        if (r.wait_until) await addJobs(deps.pool as Pool, job('dial', { callId }, { runAt: r.wait_until }));
        return;
      }
      return dialLiveCall(deps.live, callId);
    }
    if (!r.open) return; // canceled meanwhile, or dialed already
    if (!r.claimed) {
      if (r.dial_started_at) {
        // An earlier run claimed this call and died before recording the dial: the carrier may or
        // may not have placed it. A campaign attempt is never dialed twice: it fails as a
        // carrier_error (the retry policy may make a new attempt of it). A single call is dialed
        // again (at least once, as before campaigns existed).
        if (r.campaign_id) {
          await deps.lifecycle.applyReport(deps.em(), { callId, status: 'failed', disposition: 'carrier_error', durationSeconds: 0 });
          return;
        }
      } else {
        // A campaign call without a pace slot: try again at the next slot (not running: nothing).
        if (r.wait_until) await addJobs(deps.pool as Pool, job('dial', { callId }, { runAt: r.wait_until }));
        return;
      }
    }
    const call = await deps.em().findOne(Call, { id: callId });
    if (!call || call.status !== 'queued' || call.carrierCallId) return;
    const { carrierCallId, scheduled } = await deps.carrier.dial(call);
    const [first, ...later] = chained(scheduled);
    const report: ChainedReport | null = first ? { ...first.report, next: later } : null;
    await deps.pool.query(RECORD_DIAL_SQL, [callId, carrierCallId, report && JSON.stringify(report), new Date(Date.now() + (first?.afterMs ?? 0)).toISOString()]);
  };
}
