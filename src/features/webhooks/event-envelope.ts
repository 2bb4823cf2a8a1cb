import { nowIsoMicro } from '../../shared/time';
import type { Call } from '../calls/call.entity';
import type { EventType } from './webhook-delivery.entity';

/**
 * The envelope of the specification (section 6), in this key order, with the event's own fields
 * merged at the top level. Serialized once; the same bytes go out on every attempt.
 */
export function buildEventBody(event: EventType, call: Call, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    event,
    org_id: call.orgId,
    call_id: call.id,
    timestamp: nowIsoMicro(),
    to: call.to,
    status: call.status,
    metadata: call.metadata,
    ...extra,
  });
}
