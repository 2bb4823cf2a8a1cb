import type { EntityManager } from '@mikro-orm/postgresql';
import { CALL_STATUSES, type CallStatus } from '../calls';
import type { DeliveryState } from '../webhooks';

const DELIVERY_STATES: readonly DeliveryState[] = ['pending', 'delivered', 'failed', 'undeliverable'];

export interface AdminStats {
  organizations: { total: number; active: number };
  users: { total: number; active: number; platformAdmins: number };
  apiKeys: { active: number; revoked: number };
  calls: { total: number; last24h: number; open: number; byStatus: Record<CallStatus, number> };
  webhookDeliveries: { total: number; byState: Record<DeliveryState, number> };
  generatedAt: Date;
}

/** Platform-wide counters for the admin overview; exact counts (fine at this scale, one round trip each). */
/**
 * `adminEmails`: PLATFORM_ADMIN_EMAILS. Platform admins are the users with the role, plus the
 * users whose verified address is listed (the same rule as AuthService.isPlatformAdmin).
 */
export async function loadStats(em: EntityManager, adminEmails: readonly string[]): Promise<AdminStats> {
  const [totals] = (await em.execute(
    `select
       (select count(*) from organizations)::int as orgs_total,
       (select count(*) from organizations where active)::int as orgs_active,
       (select count(*) from users)::int as users_total,
       (select count(*) from users where active)::int as users_active,
       (select count(*) from users where role = 'platform_admin' or (email_verified and email in (select jsonb_array_elements_text(?::jsonb))))::int as users_admins,
       (select count(*) from api_keys where revoked_at is null)::int as keys_active,
       (select count(*) from api_keys where revoked_at is not null)::int as keys_revoked,
       (select count(*) from calls where created_at >= now() - interval '24 hours')::int as calls_24h`,
    [JSON.stringify(adminEmails)],
  )) as Array<Record<string, number>>;
  const byStatusRows: Array<{ status: CallStatus; n: number }> = await em.execute('select status, count(*)::int as n from calls group by status');
  const byStateRows: Array<{ state: DeliveryState; n: number }> = await em.execute('select state, count(*)::int as n from webhook_deliveries group by state');

  const byStatus = Object.fromEntries(CALL_STATUSES.map((s) => [s, 0])) as Record<CallStatus, number>;
  for (const r of byStatusRows) byStatus[r.status] = r.n;
  const byState = Object.fromEntries(DELIVERY_STATES.map((s) => [s, 0])) as Record<DeliveryState, number>;
  for (const r of byStateRows) byState[r.state] = r.n;
  const t = totals ?? {};
  return {
    organizations: { total: t.orgs_total ?? 0, active: t.orgs_active ?? 0 },
    users: { total: t.users_total ?? 0, active: t.users_active ?? 0, platformAdmins: t.users_admins ?? 0 },
    apiKeys: { active: t.keys_active ?? 0, revoked: t.keys_revoked ?? 0 },
    calls: {
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      last24h: t.calls_24h ?? 0,
      open: byStatus.queued + byStatus.ringing + byStatus.in_progress,
      byStatus,
    },
    webhookDeliveries: { total: Object.values(byState).reduce((a, b) => a + b, 0), byState },
    generatedAt: new Date(),
  };
}
