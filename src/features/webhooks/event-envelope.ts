import { nowIsoMicro } from '../../common/time';
import type { EventType } from './webhook-delivery.entity';

/** What an event is about, as plain data: the outbox needs no entity of the feature that emits it. */
export interface EventSubject {
  orgId: string;
  callId: string;
  /** The call's own destination, if it has one; else the organization's default applies. */
  webhookUrl: string | null;
  to: string;
  status: string;
  metadata: Record<string, unknown>;
  /** A campaign call's campaign: its events carry `campaign_id` after `call_id`. */
  campaignId?: string | null;
  /** Who placed the call; call events carry it after `metadata`. */
  direction?: 'outbound' | 'inbound';
  /** Inbound calls: the caller, and the campaign recipient the call is a callback of (after `direction`). */
  from?: string | null;
  callbackOf?: { campaign_id: string; recipient_id: string } | null;
}

/** A campaign as the subject of its own events (campaign.started, .paused, .completed). */
export interface CampaignEventSubject {
  orgId: string;
  campaignId: string;
  webhookUrl: string | null;
  status: string;
}

/**
 * The envelope of docs/webhooks.md ("Events"), in this key order, with the event's own fields
 * merged at the top level. Serialized once; the same bytes go out on every attempt.
 */
export function buildEventBody(event: EventType, subject: EventSubject, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    event,
    org_id: subject.orgId,
    call_id: subject.callId,
    ...(subject.campaignId ? { campaign_id: subject.campaignId } : {}),
    timestamp: nowIsoMicro(),
    to: subject.to,
    status: subject.status,
    metadata: subject.metadata,
    ...(subject.direction ? { direction: subject.direction } : {}),
    ...(subject.direction === 'inbound' ? { from: subject.from ?? null, callback_of: subject.callbackOf ?? null } : {}),
    ...extra,
  });
}

/** The campaign envelope: `{event, org_id, campaign_id, timestamp, status, counts}` (docs/campaigns.md). */
export function buildCampaignEventBody(event: EventType, subject: CampaignEventSubject, counts: Record<string, number>): string {
  return JSON.stringify({ event, org_id: subject.orgId, campaign_id: subject.campaignId, timestamp: nowIsoMicro(), status: subject.status, counts });
}

/** SQL: an expression's value as JSON text, `null` for NULL (to_json of text escapes as JSON.stringify does). */
export const jsonTextSql = (expr: string): string => `coalesce(to_json(${expr})::text, 'null')`;

/** SQL: a compact JSON object's text, keys in this order; an entry with `when` only where that condition holds. */
function jsonObjectSql(entries: ReadonlyArray<{ key: string; json: string; when?: string }>): string {
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const parts = entries.map((e, i) => {
    const text = `${q(`${i ? ',' : ''}${JSON.stringify(e.key)}:`)} || (${e.json})`;
    return e.when ? `(case when ${e.when} then ${text} else '' end)` : `(${text})`;
  });
  return `('{' || ${parts.join(' || ')} || '}')`;
}

/**
 * buildEventBody in SQL, for a statement that changes a call and records its event at once (the
 * call's row is not read first): the same envelope, key order and compact text, over the calls
 * row `c` as it is after the change. `extra`: the event's own fields, each an SQL expression of
 * JSON text. `metadata` (a `json` column) is embedded as stored. test/integration/event-body-sql.test.ts
 * compares the two builders.
 */
export function callEventBodySql(event: EventType, c: string, extra: ReadonlyArray<[key: string, json: string]> = []): string {
  return jsonObjectSql([
    { key: 'event', json: `'${JSON.stringify(event)}'` },
    { key: 'org_id', json: jsonTextSql(`${c}.org_id`) },
    { key: 'call_id', json: jsonTextSql(`${c}.id`) },
    { key: 'campaign_id', json: jsonTextSql(`${c}.campaign_id`), when: `${c}.campaign_id is not null` },
    // Wall-clock now, as nowIsoMicro writes it.
    { key: 'timestamp', json: `to_json(to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"'))::text` },
    { key: 'to', json: jsonTextSql(`${c}.to_number`) },
    { key: 'status', json: jsonTextSql(`${c}.status`) },
    { key: 'metadata', json: `coalesce(${c}.metadata::text, 'null')` },
    { key: 'direction', json: jsonTextSql(`${c}.direction`) },
    { key: 'from', json: jsonTextSql(`${c}.from_number`), when: `${c}.direction = 'inbound'` },
    {
      key: 'callback_of',
      json: `case when ${c}.callback_campaign_id is not null and ${c}.callback_recipient_id is not null then ${jsonObjectSql([
        { key: 'campaign_id', json: jsonTextSql(`${c}.callback_campaign_id`) },
        { key: 'recipient_id', json: jsonTextSql(`${c}.callback_recipient_id`) },
      ])} else 'null' end`,
      when: `${c}.direction = 'inbound'`,
    },
    ...extra.map(([key, json]) => ({ key, json })),
  ]);
}

/** SQL: a call's `amd` (jsonb) as the JSON text of docs/webhooks.md, `{"result", "ms"}` in that order. */
export function amdJsonSql(amd: string): string {
  return `case when ${amd} is null then 'null' else ${jsonObjectSql([
    { key: 'result', json: jsonTextSql(`${amd}->>'result'`) },
    { key: 'ms', json: `coalesce(${amd}->>'ms', 'null')` },
  ])} end`;
}
