import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldError } from '../../common/errors';
import { newId } from '../../common/ids';
import { checkValue } from '../../common/validation';
import { nextCommonOpening } from './calling-window';
import type { Campaign } from './campaign.entity';
import { recipientSchema, type RecipientInput } from './campaigns.schemas';
import { numberTimeZones } from './number-time-zones';

const MAX_REPORTED_ERRORS = 50;

export interface PreparedRecipient {
  id: string;
  to_number: string;
  metadata: Record<string, unknown> | null;
  time_zone: string | null;
  time_zones: string;
  source: 'given' | 'number' | 'campaign';
  next_attempt_at: string;
}

/**
 * Validates recipients one at a time; a bad one is reported by index (`recipients.<i>.<field>`),
 * at most 50 reported. The caller adds these errors to those of the rest of the body, so one 422
 * names every invalid field.
 */
export function checkRecipients(raw: unknown[]): { recipients: RecipientInput[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const recipients: RecipientInput[] = [];
  raw.forEach((item, i) => {
    const r = checkValue(recipientSchema, item, ['recipients', i]);
    if (r.ok) {
      if (errors.length === 0) recipients.push(r.data);
      return;
    }
    errors.push(...r.errors.slice(0, MAX_REPORTED_ERRORS - errors.length));
  });
  return { recipients: errors.length > 0 ? [] : recipients, errors };
}

/**
 * Resolves each (valid) recipient's zones: its own `time_zone`; else the zones of its number (all
 * of them, the most restrictive reading, when its prefix spans several), unless those zones share
 * no calling hours at all (an unassigned prefix maps to a whole numbering plan, e.g. +1 555); else
 * the campaign's. Its first attempt is due at the first opening of its window after the start.
 */
export function prepareRecipients(valid: RecipientInput[], campaign: Pick<Campaign, 'startAt' | 'timeZone' | 'callingWindow'>, now: Date): PreparedRecipient[] {
  const from = campaign.startAt.getTime() > now.getTime() ? campaign.startAt : now;
  const openings = new Map<string, Date | null>();
  const opening = (zones: string[]): Date | null => {
    const k = zones.join('&');
    if (!openings.has(k)) openings.set(k, nextCommonOpening(from, zones, campaign.callingWindow));
    return openings.get(k)!;
  };
  return valid.map((r) => {
    let zones: string[];
    let source: PreparedRecipient['source'];
    let at: Date | null;
    if (r.time_zone) {
      zones = [r.time_zone];
      source = 'given';
      at = opening(zones);
    } else {
      const derived = numberTimeZones(r.to);
      at = derived ? opening(derived) : null;
      if (derived && at) {
        zones = derived;
        source = 'number';
      } else {
        zones = [campaign.timeZone];
        source = 'campaign';
        at = opening(zones);
      }
    }
    return {
      id: newId(),
      to_number: r.to,
      metadata: r.metadata ?? null,
      time_zone: r.time_zone ?? null,
      time_zones: zones.join('&'),
      source,
      next_attempt_at: (at ?? from).toISOString(),
    };
  });
}

/**
 * Inserts recipients in one statement (json_to_recordset: one parameter whatever the count); a
 * number on the suppression list is inserted as `suppressed` and never dialed. Returns how many
 * were inserted as `pending` (what the organization's pending ceiling counts).
 */
export async function insertRecipients(em: EntityManager, campaign: Campaign, rows: PreparedRecipient[]): Promise<number> {
  if (rows.length === 0) return 0;
  const out: Array<{ pending: number }> = await em.execute(
    `with inserted as (
       insert into campaign_recipients (id, campaign_id, org_id, to_number, metadata, time_zone, time_zones, time_zone_source, status, next_attempt_at)
       select t.id, ?::uuid, ?::uuid, t.to_number, t.metadata, t.time_zone, string_to_array(t.time_zones, '&'), t.source,
              case when s.number is null then 'pending' else 'suppressed' end,
              case when s.number is null then t.next_attempt_at end
         from json_to_recordset(?::json) as t(id uuid, to_number text, metadata json, time_zone text, time_zones text, source text, next_attempt_at timestamptz)
         left join suppressions s on s.org_id = ?::uuid and s.number = t.to_number
       returning status
     )
     select count(*) filter (where status = 'pending')::int as pending from inserted`,
    [campaign.id, campaign.orgId, JSON.stringify(rows), campaign.orgId],
  );
  return out[0]?.pending ?? 0;
}
