import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { addJobs, insertJobsSql, job, type TaskPayloads } from '../../queue';
import type { ConnectionResolver } from '../carrier-connections';
import { Call, FINAL_STATUSES } from './call.entity';
import type { CallLifecycle } from './call-lifecycle';
import type { CallEvents, CarrierAdapters, DialAttempts } from './ports';
import { chained, type ChainedReport } from './simulated-reports';

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
       (select pace_next_at from campaigns where id = (select campaign_id from target) and status = 'running') as wait_until,
       (select json_build_object('type', cc.type, 'host', cc.host, 'port', cc.port, 'username', cc.username, 'account_sid', cc.account_sid,
                                 'secret_enc', cc.secret_enc, 'numbers', cc.numbers, 'updated_at', cc.updated_at)
          from carrier_connections cc join calls x on x.org_id = cc.org_id where x.id = $1) as connection,
       (select json_build_object('org_id', x.org_id, 'status', x.status, 'carrier', x.carrier, 'carrier_call_id', x.carrier_call_id,
                                 'to', x.to_number, 'max_duration_seconds', x.max_duration_seconds)
          from calls x where x.id = $1) as call`;

export interface DialDeps {
  em: () => EntityManager;
  pool: Pick<Pool, 'query'>;
  lifecycle: CallLifecycle;
  connections: Pick<ConnectionResolver, 'fromRow' | 'deploymentDefault'>;
  /** The carriers, by name. */
  carriers: CarrierAdapters;
  /** The calls feature's side of the carrier port: events and dial attempts. */
  port: CallEvents & DialAttempts;
}

/**
 * Places a queued call (outside any transaction: it is a network call): claims it, picks the
 * carrier of the organization's own connection (else the deployment default) as it is at dial
 * time, and dials. A run that finds an earlier attempt goes to that attempt's carrier. A carrier
 * that cannot dial twice safely records its attempt first and never dials twice (SIP calls then
 * live in this process, Twilio calls at Twilio); the simulator's reports are queued here, in the
 * statement that records the dial.
 */
export function dialTask(deps: DialDeps) {
  return async ({ callId, twilioRefusals }: TaskPayloads['dial']): Promise<void> => {
    // The claim also reads the organization's carrier connection as it is now (one round trip).
    const { rows } = await deps.pool.query<{
      open: number;
      campaign_id: string | null;
      dial_started_at: Date | null;
      claimed: number;
      wait_until: Date | null;
      connection: (Parameters<ConnectionResolver['fromRow']>[0] & { updated_at: string }) | null;
      call: { org_id: string; status: Call['status']; carrier: Call['carrier']; carrier_call_id: string | null; to: string; max_duration_seconds: number } | null;
    }>({ name: 'voicegate_claim_dial_v1', text: CLAIM_DIAL_SQL, values: [callId] });
    const r = rows[0]!;
    // The call as the claim read it (what dialing needs of it), as a plain unmanaged entity: no
    // ORM load of its own.
    const c = r.call;
    if (!c || FINAL_STATUSES.has(c.status)) return; // canceled meanwhile
    const found = Object.assign(new Call(), {
      id: callId,
      orgId: c.org_id,
      status: c.status,
      carrier: c.carrier,
      carrierCallId: c.carrier_call_id,
      to: c.to,
      maxDurationSeconds: c.max_duration_seconds,
    });
    const connection = r.connection ? deps.connections.fromRow({ ...r.connection, updated_at: new Date(r.connection.updated_at) }) : deps.connections.deploymentDefault();
    const carrier = deps.carriers.get(found.carrier ?? connection.type);
    if (!carrier.redialSafe) {
      // The carrier records its attempt before dialing and never dials twice itself; only a
      // campaign call without a pace slot waits for its slot here.
      if (r.open && !r.claimed && !r.dial_started_at) {
        if (r.wait_until) await addJobs(deps.pool as Pool, job('dial', { callId }, { runAt: r.wait_until }));
        return;
      }
      await carrier.dial(found, { connection, attempts: deps.port, events: deps.port, refusals: twilioRefusals ?? 0 });
      return;
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
    // A claimed call is dialed by this run only.
    const call = found;
    if (call.status !== 'queued' || call.carrierCallId) return;
    const dialed = await carrier.dial(call, { connection, attempts: deps.port, events: deps.port, refusals: 0 });
    if (!dialed) return;
    const { carrierCallId, scheduled } = dialed;
    const [first, ...later] = chained(scheduled);
    const report: ChainedReport | null = first ? { ...first.report, next: later } : null;
    await deps.pool.query({
      name: 'voicegate_record_dial_v1',
      text: RECORD_DIAL_SQL,
      values: [callId, carrierCallId, report && JSON.stringify(report), new Date(Date.now() + (first?.afterMs ?? 0)).toISOString()],
    });
  };
}
