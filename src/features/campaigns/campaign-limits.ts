import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/errors';

/**
 * The per-organization ceilings on campaigns (docs/campaigns.md, "Limits"): how many recipients
 * one campaign holds (MAX_RECIPIENTS_PER_CAMPAIGN), and how many recipients an organization has
 * waiting for a call across its campaigns (MAX_PENDING_RECIPIENTS_PER_ORG). Both are checked in
 * the transaction that inserts, so that concurrent creates and appends cannot overshoot.
 */

/** First key of the two-key advisory lock that serializes the pending count per organization. */
export const PENDING_RECIPIENTS_LOCK_NAMESPACE = 7_263_542;
/** Pending recipients drain at the pace of calls: a minute is a fair first wait. */
const PENDING_RETRY_AFTER_SECONDS = 60;

export interface CampaignLimits {
  maxRecipientsPerCampaign: number;
  maxPendingRecipientsPerOrg: number;
}

/** Recipients the campaign holds, whatever their status (an append holds the campaign's row lock). */
export async function recipientCount(em: EntityManager, campaignId: string): Promise<number> {
  const rows: Array<{ n: number }> = await em.execute('select count(*)::int as n from campaign_recipients where campaign_id = ?', [campaignId]);
  return rows[0]?.n ?? 0;
}

/** 422 campaign_too_large when `existing + adding` passes the per-campaign ceiling. */
export function checkCampaignSize(limits: CampaignLimits, existing: number, adding: number): void {
  const max = limits.maxRecipientsPerCampaign;
  if (existing + adding <= max) return;
  const has = existing > 0 ? `it has ${existing}, ` : '';
  throw new AppError('campaign_too_large', `A campaign holds at most ${max} recipients: ${has}this request adds ${adding}. Start another campaign for the rest.`);
}

/**
 * 429 too_many_pending_recipients when the organization would have more recipients pending than
 * its ceiling, counting the `ownPending` this transaction just inserted. Call it last in the
 * transaction: the per-organization advisory lock it takes is held only for the count and the
 * commit, and the count (a new snapshot, READ COMMITTED) sees every insert committed before the
 * lock was granted, so two appends that each fit but together do not cannot both commit.
 */
export async function enforcePendingCeiling(em: EntityManager, limits: CampaignLimits, orgId: string, ownPending: number): Promise<void> {
  if (ownPending === 0) return;
  const max = limits.maxPendingRecipientsPerOrg;
  await em.execute('select pg_advisory_xact_lock(?::int, hashtext(?))', [PENDING_RECIPIENTS_LOCK_NAMESPACE, orgId]);
  const rows: Array<{ n: number }> = await em.execute(`select count(*)::int as n from campaign_recipients where org_id = ? and status = 'pending'`, [orgId]);
  const total = rows[0]?.n ?? 0;
  if (total <= max) return;
  const room = Math.max(0, max - (total - ownPending));
  throw new AppError(
    'too_many_pending_recipients',
    `This organization may have at most ${max} recipients waiting for a call; there is room for ${room} more, and this request adds ${ownPending}. Retry once calls have been made, or cancel a campaign.`,
    {
      headers: {
        'Retry-After': String(PENDING_RETRY_AFTER_SECONDS),
        'RateLimit-Policy': `"pending_recipients";q=${max}`,
        RateLimit: `"pending_recipients";r=${room};t=${PENDING_RETRY_AFTER_SECONDS}`,
      },
    },
  );
}
