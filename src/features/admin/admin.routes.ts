import { EXAMPLE, listOf, pageExample } from '../../common/api-schemas';
import { named, reply, route, type RouteDescriptor, type Routes } from '../../common/route';
import { API_KEY_EXAMPLE } from '../api-keys';
import { CALL_EXAMPLE, type CallsService } from '../calls';
import { DELIVERY_EXAMPLE } from '../webhooks';
import {
  presentAdminApiKey,
  presentAdminCall,
  presentAdminDelivery,
  presentAdminOrganization,
  presentAdminUser,
  presentAuditEntry,
  presentStats,
} from './admin.presenter';
import {
  adminApiKeySchema,
  adminCallSchema,
  adminDeliverySchema,
  adminOrganizationSchema,
  adminStatsSchema,
  adminUserSchema,
  auditEntrySchema,
  listAuditSchema,
  listCallsSchema,
  listDeliveriesSchema,
  listOrganizationsSchema,
  listUsersSchema,
} from './admin.schemas';
import type { AdminService } from './admin.service';

export interface AdminDeps {
  admin: AdminService;
  /** Only to present calls the way /v1 does. */
  calls: Pick<CallsService, 'present'>;
}

const page = <T, J>(p: { data: T[]; nextCursor: string | null }, f: (t: T) => J) => ({ data: p.data.map(f), next_cursor: p.nextCursor });

const AdminOrganization = named('AdminOrganization', adminOrganizationSchema);
const AdminUser = named('AdminUser', adminUserSchema);

const ORG = {
  id: EXAMPLE.orgId,
  name: 'Acme',
  active: true,
  webhook_url: null,
  created_at: EXAMPLE.time,
  updated_at: EXAMPLE.time,
  user_count: 2,
  api_key_count: 1,
  active_api_key_count: 1,
  call_count: 12,
  open_call_count: 0,
};
const USER = { id: EXAMPLE.userId, email: 'ada@example.com', role: 'owner', org_id: EXAMPLE.orgId, active: true, email_verified: true, platform_admin: false, created_at: EXAMPLE.time };
const AUDIT = {
  id: EXAMPLE.auditId,
  actor_user_id: EXAMPLE.userId,
  actor_email: 'admin@example.com',
  action: 'organization.deactivate',
  target_type: 'organization',
  target_id: EXAMPLE.orgId,
  org_id: EXAMPLE.orgId,
  before: { active: true },
  after: { active: false },
  request_id: 'b7e2f0c4-4d1a-4b8e-9a57-2d0f3c6e1a90',
  ip: '203.0.113.7',
  created_at: EXAMPLE.time,
};
const byStatus = { scheduled: 0, queued: 0, ringing: 0, in_progress: 0, completed: 10, failed: 1, canceled: 1 };
const STATS = {
  organizations: { total: 3, active: 3 },
  users: { total: 5, active: 5, platform_admins: 1 },
  api_keys: { active: 3, revoked: 1 },
  calls: { total: 12, last_24h: 4, open: 0, by_status: byStatus },
  webhook_deliveries: { total: 30, by_state: { pending: 0, delivered: 29, failed: 1, undeliverable: 0 } },
  generated_at: EXAMPLE.time,
};

/** Every admin route: tag admin, platform administrators only. */
const admin = (r: Omit<RouteDescriptor<AdminDeps>, 'tag' | 'auth'>): RouteDescriptor<AdminDeps> => ({ ...r, tag: 'admin', auth: 'platformAdmin' });

/** Mounted under /api/admin behind platformAdminAuth; the service checks the role again. */
export const adminRoutes: Routes<AdminDeps> = [
  admin({
    method: 'get',
    path: '/api/admin/organizations',
    operationId: 'adminListOrganizations',
    summary: 'Organizations, with user, key and call counts',
    query: listOrganizationsSchema,
    responses: { 200: reply('A page of organizations.', named('AdminOrganizationList', listOf(adminOrganizationSchema))) },
    errors: [422],
    example: { response: pageExample(ORG) },
    handler: async ({ ctx, query }, d) => ({ status: 200, body: page(await d.admin.listOrganizations(ctx, query), presentAdminOrganization) }),
  }),
  admin({
    method: 'get',
    path: '/api/admin/organizations/{id}',
    operationId: 'adminGetOrganization',
    summary: 'One organization',
    responses: { 200: reply('The organization.', AdminOrganization) },
    errors: [404],
    example: { response: ORG },
    handler: async ({ ctx, params }, d) => ({ status: 200, body: presentAdminOrganization(await d.admin.getOrganization(ctx, params.id!)) }),
  }),
  admin({
    method: 'post',
    path: '/api/admin/organizations/{id}/deactivate',
    operationId: 'adminDeactivateOrganization',
    summary: 'Deactivate an organization (its keys and users are refused at once)',
    responses: { 200: reply('The organization.', AdminOrganization) },
    errors: [404],
    example: { response: { ...ORG, active: false } },
    handler: async ({ ctx, params }, d) => ({ status: 200, body: presentAdminOrganization(await d.admin.setOrganizationActive(ctx, params.id!, false)) }),
  }),
  admin({
    method: 'post',
    path: '/api/admin/organizations/{id}/activate',
    operationId: 'adminActivateOrganization',
    summary: 'Activate an organization',
    responses: { 200: reply('The organization.', AdminOrganization) },
    errors: [404],
    example: { response: ORG },
    handler: async ({ ctx, params }, d) => ({ status: 200, body: presentAdminOrganization(await d.admin.setOrganizationActive(ctx, params.id!, true)) }),
  }),
  admin({
    method: 'get',
    path: '/api/admin/users',
    operationId: 'adminListUsers',
    summary: 'Users of every organization',
    query: listUsersSchema,
    responses: { 200: reply('A page of users.', named('AdminUserList', listOf(adminUserSchema))) },
    errors: [422],
    example: { response: pageExample(USER) },
    handler: async ({ ctx, query }, d) => ({ status: 200, body: page(await d.admin.listUsers(ctx, query), presentAdminUser) }),
  }),
  admin({
    method: 'post',
    path: '/api/admin/users/{id}/deactivate',
    operationId: 'adminDeactivateUser',
    summary: 'Deactivate a user',
    responses: { 200: reply('The user.', AdminUser) },
    errors: [404, 409],
    example: { response: { ...USER, active: false } },
    handler: async ({ ctx, params }, d) => ({ status: 200, body: presentAdminUser(await d.admin.setUserActive(ctx, params.id!, false)) }),
  }),
  admin({
    method: 'post',
    path: '/api/admin/users/{id}/activate',
    operationId: 'adminActivateUser',
    summary: 'Activate a user',
    responses: { 200: reply('The user.', AdminUser) },
    errors: [404],
    example: { response: USER },
    handler: async ({ ctx, params }, d) => ({ status: 200, body: presentAdminUser(await d.admin.setUserActive(ctx, params.id!, true)) }),
  }),
  admin({
    method: 'get',
    path: '/api/admin/calls',
    operationId: 'adminListCalls',
    summary: 'Calls of every organization',
    query: listCallsSchema,
    responses: { 200: reply('A page of calls.', named('AdminCallList', listOf(adminCallSchema))) },
    errors: [422],
    example: { response: pageExample({ org_id: EXAMPLE.orgId, ...CALL_EXAMPLE }) },
    handler: async ({ ctx, query }, d) => ({ status: 200, body: page(await d.admin.listCalls(ctx, query), (c) => presentAdminCall(c, d.calls)) }),
  }),
  admin({
    method: 'get',
    path: '/api/admin/webhook-deliveries',
    operationId: 'adminListWebhookDeliveries',
    summary: 'Webhook deliveries of every organization',
    query: listDeliveriesSchema,
    responses: { 200: reply('A page of deliveries.', named('AdminWebhookDeliveryList', listOf(adminDeliverySchema))) },
    errors: [422],
    example: { response: pageExample({ org_id: EXAMPLE.orgId, ...DELIVERY_EXAMPLE }) },
    handler: async ({ ctx, query }, d) => ({ status: 200, body: page(await d.admin.listWebhookDeliveries(ctx, query), presentAdminDelivery) }),
  }),
  admin({
    method: 'post',
    path: '/api/admin/api-keys/{id}/revoke',
    operationId: 'adminRevokeApiKey',
    summary: 'Revoke any API key (leaked-key response)',
    responses: { 200: reply('The revoked key.', named('AdminApiKey', adminApiKeySchema)) },
    errors: [404],
    example: { response: { org_id: EXAMPLE.orgId, ...API_KEY_EXAMPLE, status: 'revoked', revoked_at: EXAMPLE.time } },
    handler: async ({ ctx, params }, d) => ({ status: 200, body: presentAdminApiKey(await d.admin.revokeApiKey(ctx, params.id!)) }),
  }),
  admin({
    method: 'get',
    path: '/api/admin/stats',
    operationId: 'adminStats',
    summary: 'Platform-wide counters',
    responses: { 200: reply('Counters.', named('AdminStats', adminStatsSchema)) },
    errors: [],
    example: { response: STATS },
    handler: async ({ ctx }, d) => ({ status: 200, body: presentStats(await d.admin.stats(ctx)) }),
  }),
  admin({
    method: 'get',
    path: '/api/admin/audit-log',
    operationId: 'adminAuditLog',
    summary: 'Every admin change: who, what, when, before and after',
    query: listAuditSchema,
    responses: { 200: reply('A page of audit entries.', named('AuditEntryList', listOf(auditEntrySchema))) },
    errors: [422],
    example: { response: pageExample(AUDIT) },
    handler: async ({ ctx, query }, d) => ({ status: 200, body: page(await d.admin.auditLog(ctx, query), presentAuditEntry) }),
  }),
];
