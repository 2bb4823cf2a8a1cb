import { isoMicro } from '../../common/time';
import { type ApiKey, presentApiKey } from '../api-keys';
import type { Call, CallsService } from '../calls';
import { presentDelivery, type WebhookDelivery } from '../webhooks';
import type { AdminStats } from './admin-stats';
import type { AdminOrganizationView, AdminUserView } from './admin.service';
import type { AuditEntry } from '../audit';

/** REST shapes of /api/admin/* (snake_case, docs/api.md). Tenant rows gain their org_id. */
export const presentAdminOrganization = (o: AdminOrganizationView) => ({
  id: o.id,
  name: o.name,
  active: o.active,
  webhook_url: o.webhookUrl,
  created_at: isoMicro(o.createdAt),
  updated_at: isoMicro(o.updatedAt),
  user_count: o.userCount,
  api_key_count: o.apiKeyCount,
  active_api_key_count: o.activeApiKeyCount,
  call_count: o.callCount,
  open_call_count: o.openCallCount,
});

export const presentAdminUser = (u: AdminUserView) => ({
  id: u.id,
  email: u.email,
  role: u.role,
  org_id: u.orgId,
  active: u.active,
  email_verified: u.emailVerified,
  platform_admin: u.isPlatformAdmin,
  created_at: isoMicro(u.createdAt),
});

export const presentAdminCall = (c: Call, calls: Pick<CallsService, 'present'>) => ({ org_id: c.orgId, ...calls.present(c) });

export const presentAdminDelivery = (d: WebhookDelivery) => ({ org_id: d.orgId, ...presentDelivery(d) });

export const presentAdminApiKey = (k: ApiKey) => ({ org_id: k.orgId, ...presentApiKey(k) });

export const presentAuditEntry = (a: AuditEntry) => ({
  id: a.id,
  actor_user_id: a.actorUserId,
  actor_email: a.actorEmail,
  action: a.action,
  target_type: a.targetType,
  target_id: a.targetId,
  org_id: a.orgId,
  before: a.before,
  after: a.after,
  request_id: a.requestId,
  ip: a.ip,
  created_at: isoMicro(a.createdAt),
});

export const presentStats = (s: AdminStats) => ({
  organizations: s.organizations,
  users: { total: s.users.total, active: s.users.active, platform_admins: s.users.platformAdmins },
  api_keys: s.apiKeys,
  calls: { total: s.calls.total, last_24h: s.calls.last24h, open: s.calls.open, by_status: s.calls.byStatus },
  webhook_deliveries: { total: s.webhookDeliveries.total, by_state: s.webhookDeliveries.byState },
  generated_at: isoMicro(s.generatedAt),
});
