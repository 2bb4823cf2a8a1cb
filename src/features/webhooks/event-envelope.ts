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
