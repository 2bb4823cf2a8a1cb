import { destinationSql } from './outbox';
import type { DeliveryState } from './webhook-delivery.entity';

/** What an attempt needs of a delivery it has just leased (the claim's `returning`). */
export interface ClaimedDelivery {
  id: string;
  org_id: string;
  /** Null for a campaign's own events (campaign.*). */
  call_id: string | null;
  event: string;
  url: string | null;
  payload: string;
  state: DeliveryState;
  attempts: number;
  scheduled_attempts: number;
  current_url: string | null;
  webhook_secret_enc: string;
  previous_webhook_secret_enc: string | null;
  previous_webhook_secret_expires_at: Date | null;
  /** The delivery goes to the organization's default endpoint, which is disabled. */
  endpoint_disabled: boolean;
  /** The organization's default endpoint has a failing time (its health needs a success recorded). */
  endpoint_failing: boolean;
}

/**
 * Takes the lease of the deliveries named by `source` (a FROM item with columns `id` and
 * `trigger`) and returns them as ClaimedDelivery rows. `$lease` and `$holder` are the caller's
 * parameters for the lease's length in ms and its holder. A delivery leased by a live attempt,
 * purged, or (for a scheduled attempt) no longer pending is not claimed.
 */
export function claimSql(source: string, lease: string, holder: string): string {
  return `update webhook_deliveries d
          set lease_until = now() + (${lease}::int * interval '1 millisecond'), leased_by = ${holder}
         from organizations o, ${source}
        where d.id = x.id and o.id = d.org_id
          and (d.lease_until is null or d.lease_until < now())
          and d.payload_purged_at is null
          and (x.trigger = 'manual' or d.state = 'pending')
      returning d.id, d.org_id, d.call_id, d.event, d.url, d.payload, d.state, d.attempts, d.scheduled_attempts,
                ${destinationSql('d.subject_url', 'o.id')} as current_url,
                o.webhook_secret_enc, o.previous_webhook_secret_enc, o.previous_webhook_secret_expires_at,
                (d.subject_url is null and o.webhook_disabled_at is not null) as endpoint_disabled,
                (o.webhook_failing_since is not null) as endpoint_failing,
                x.trigger`;
}
