import type { EntityManager } from '@mikro-orm/postgresql';
import { addJobsSql, insertJobsSql } from '../../queue';
import { newId } from '../../common/ids';
import { toPositional } from '../../common/sql';
import { buildCampaignEventBody, buildEventBody, type CampaignEventSubject, type EventSubject } from './event-envelope';
import type { EventType } from './webhook-delivery.entity';

export { amdJsonSql, buildCampaignEventBody, buildEventBody, callEventBodySql, jsonTextSql, type CampaignEventSubject, type EventSubject } from './event-envelope';
export type { EventType } from './webhook-delivery.entity';

/** The error of an event (or attempt) that has nowhere to go. */
export const NO_DESTINATION = 'no_destination';

/**
 * Where an event goes, in SQL: the call's own webhook_url if it has one, else the organization's
 * current default. Evaluated when the event is recorded and again at every attempt (see
 * docs/queue-and-delivery.md "Destinations"), so a changed or removed default takes effect for
 * every event not yet delivered, while a per-call URL stays bound to its call.
 */
export function destinationSql(callUrl: string, orgId: string): string {
  return `coalesce(${callUrl}, (select webhook_url from organizations where id = ${orgId}))`;
}

/** SQL expressions (the caller's parameters or columns) for one outbox row. */
export interface OutboxRow {
  /** FROM clause the row hangs off (e.g. the CTE that inserted the call). */
  from: string;
  orgId: string;
  callId: string;
  /** The subject's own destination (a call's or campaign's webhook_url). */
  callUrl: string;
  /** A campaign event's campaign (default: none). */
  campaignId?: string;
  deliveryId: string;
  event: string;
  payload: string;
}

/**
 * The transactional outbox as CTEs (`outbox_dest`, `outbox_delivery`, `outbox_job`) for a caller's
 * single statement: the delivery row, addressed by destinationSql (none: `undeliverable` with
 * `no_destination`, no job), and the job of its first attempt. `notify: false` writes the job
 * without NOTIFY (the caller wakes the workers after commit: hot path); otherwise add_job.
 * Count the jobs with `(select count(*) from outbox_job)`.
 */
export function outboxCtes(r: OutboxRow, opts: { notify: boolean }): string {
  const jobRows = { from: 'outbox_delivery where outbox_delivery.url is not null', fields: { deliveryId: 'outbox_delivery.id' } };
  return `outbox_dest as (
  select ${destinationSql(r.callUrl, r.orgId)} as url
), outbox_delivery as (
  insert into webhook_deliveries (id, org_id, call_id, campaign_id, subject_url, event, url, payload, state, next_attempt_at, last_error, created_at)
  select ${r.deliveryId}, ${r.orgId}, ${r.callId}, ${r.campaignId ?? 'null'}, ${r.callUrl}, ${r.event}, outbox_dest.url, ${r.payload},
         case when outbox_dest.url is null then 'undeliverable' else 'pending' end,
         case when outbox_dest.url is null then null else now() end,
         case when outbox_dest.url is null then '${NO_DESTINATION}' end,
         now()
    from ${r.from}, outbox_dest
  returning id, url
), outbox_job as (
  ${opts.notify ? addJobsSql('deliver', jobRows) : `${insertJobsSql('deliver', jobRows)}\n  returning 1`}
)`;
}

const RECORD_EVENT_SQL = `with ${outboxCtes(
  { from: '(select 1) as one', orgId: '$1::uuid', callId: '$2::uuid', callUrl: '$3::text', deliveryId: '$4::uuid', event: '$5::text', payload: '$6::text' },
  { notify: true },
)}
select (select count(*) from outbox_job)::int as jobs`;

/**
 * Records an event for delivery. Must run inside the transaction of the state change that caused
 * it (transactional outbox): the delivery row and its queue job commit with that change, or not
 * at all. Returns the delivery id.
 */
export async function recordEvent(em: EntityManager, subject: EventSubject, event: EventType, extra: Record<string, unknown> = {}): Promise<string> {
  const id = newId();
  const { sql, values } = toPositional(RECORD_EVENT_SQL, [subject.orgId, subject.callId, subject.webhookUrl, id, event, buildEventBody(event, subject, extra)]);
  await em.execute(sql, values);
  return id;
}

const RECORD_CAMPAIGN_EVENT_SQL = `with ${outboxCtes(
  { from: '(select 1) as one', orgId: '$1::uuid', callId: 'null::uuid', campaignId: '$2::uuid', callUrl: '$3::text', deliveryId: '$4::uuid', event: '$5::text', payload: '$6::text' },
  { notify: true },
)}
select (select count(*) from outbox_job)::int as jobs`;

/**
 * Records a campaign's own event (campaign.started, .paused, .completed) like recordEvent: in the
 * caller's transaction, addressed to the campaign's webhook_url or else the organization's.
 */
export async function recordCampaignEvent(em: EntityManager, subject: CampaignEventSubject, event: EventType, counts: Record<string, number>): Promise<string> {
  const id = newId();
  const { sql, values } = toPositional(RECORD_CAMPAIGN_EVENT_SQL, [subject.orgId, subject.campaignId, subject.webhookUrl, id, event, buildCampaignEventBody(event, subject, counts)]);
  await em.execute(sql, values);
  return id;
}
