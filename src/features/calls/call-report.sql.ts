import { insertJobsSql } from '../../queue';
import { amdJsonSql, callEventBodySql, jsonTextSql, outboxCtes } from '../webhooks';
import { FINAL_STATUSES, type CallStatus } from './call.entity';

/** How far along each status is: a report only ever moves a call forward, never out of a final status. */
export const RANK: Record<CallStatus, number> = { scheduled: -1, queued: 0, ringing: 1, in_progress: 2, completed: 3, failed: 3, canceled: 3 };

const FINALS = `(${[...FINAL_STATUSES].map((s) => `'${s}'`).join(', ')})`;
const rankSql = (e: string) => `(case ${e} ${Object.entries(RANK).map(([s, n]) => `when '${s}' then ${n}`).join(' ')} end)`;

/** The call fields a change returns (camelCase: what the log, the live updates and the hooks take). */
const CHANGED_FIELDS = `changed.id, changed.org_id as "orgId", changed.status, changed.from_status as "fromStatus", changed.disposition,
       changed.duration_seconds as "durationSeconds", changed.started_at as "startedAt", changed.ended_at as "endedAt",
       changed.analyzed_at as "analyzedAt", changed.campaign_id as "campaignId", changed.recipient_id as "recipientId", changed.attempt`;

/**
 * A carrier report as one statement, the rules of CallLifecycle.applyReport: the call's row is
 * locked (`old`), and changed only if the report moves it forward; a final report also records
 * call.ended through the outbox, the analysis job (completed) and the carrier's hang-up job
 * (canceled, carrier that hangs up); any change queues the carrier's next report (the simulator's
 * chain, due later: no NOTIFY). Atomic as one statement; a report applied twice, late or out of
 * order changes nothing (the row lock orders concurrent ones, the rank decides).
 *
 * `hooked`: SQL over the call's row `c` saying whether a CallFinishedHook must run with a final
 * change; with $11 false such a change is not made (the caller runs the statement again in a
 * transaction with the hooks, see applyReport) and `needs_hooks` says so.
 *
 * Parameters: $1 call id, $2 status, $3 carrier status (json), $4 disposition, $5 duration,
 * $6 amd (jsonb, kept if the call has one), $7 next report (json) and $8 its delay in ms,
 * $9 the call.ended delivery id, $10 carriers that hang up (comma-separated: MikroORM's execute
 * would expand an array), $11 whether the hooks run.
 * Returns one row: `needs_hooks`, `jobs` (due now, to wake the workers) and the changed call's
 * fields (null when nothing changed).
 */
export function applyReportSql(hooked: string): string {
  const final = `$2::text in ${FINALS}`;
  const ended = callEventBodySql('call.ended', 'ended', [
    ['disposition', jsonTextSql('ended.disposition')],
    ['duration_seconds', jsonTextSql('ended.duration_seconds')],
    ['amd', amdJsonSql('ended.amd')],
    ['carrier', jsonTextSql('ended.carrier')],
    ['carrier_call_id', jsonTextSql('ended.carrier_call_id')],
    ['carrier_status', `coalesce(ended.carrier_status::text, 'null')`],
  ]);
  return `
with old as (
  select c.id, c.status,
         c.status not in ${FINALS} and ${rankSql('c.status')} < ${rankSql('$2::text')} as forward,
         ${final} and (${hooked}) as hooked
    from calls c where c.id = $1::uuid
     for update
), changed as (
  update calls x
     set status = $2::text,
         carrier_status = coalesce($3::json, x.carrier_status),
         started_at = case when $2::text = 'in_progress' then now() else x.started_at end,
         disposition = case when ${final} then $4::text else x.disposition end,
         duration_seconds = case when ${final} then $5::int else x.duration_seconds end,
         ended_at = case when ${final} then now() else x.ended_at end,
         amd = case when $2::text = 'completed' then coalesce(x.amd, $6::jsonb) else x.amd end,
         updated_at = now()
    from old
   where x.id = old.id and old.forward and ($11::boolean or not old.hooked)
  returning x.*, old.status as from_status
), ended as (
  select * from changed where changed.status in ${FINALS}
), ${outboxCtes(
    { from: 'ended', orgId: '(select org_id from ended)', callId: 'ended.id', callUrl: '(select webhook_url from ended)', campaignId: 'null', deliveryId: '$9::uuid', event: "'call.ended'", payload: ended },
    { notify: false },
  )}, analyze_job as (
  ${insertJobsSql('analyze', { from: "ended where ended.status = 'completed'", fields: { callId: 'ended.id' } })}
  returning 1
), hangup_job as (
  ${insertJobsSql('carrierHangup', { from: "ended where ended.status = 'canceled' and ended.carrier_call_id is not null and coalesce(ended.carrier, 'simulator') = any(string_to_array($10::text, ','))", fields: { callId: 'ended.id' } })}
  returning 1
), next_report as (
  ${insertJobsSql('carrierReport', { from: 'changed where $7::json is not null', fields: { payload: '$7::json' }, runAt: "now() + $8::int * interval '1 millisecond'" })}
  returning 1
)
select coalesce((select hooked and forward and not $11::boolean from old), false) as needs_hooks,
       ((select count(*) from outbox_job) + (select count(*) from analyze_job) + (select count(*) from hangup_job))::int as jobs,
       ${CHANGED_FIELDS}
  from (select 1) as one left join changed on true`;
}
