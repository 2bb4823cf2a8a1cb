import { Router } from 'express';
import type { Services } from '../../services';
import {
  presentAdminApiKey,
  presentAdminCall,
  presentAdminDelivery,
  presentAdminOrganization,
  presentAdminUser,
  presentAuditEntry,
  presentStats,
} from './admin.presenter';

/** Mounted under /api/admin behind platformAdminAuth; the service checks the role again. */
export function adminRoutes(s: Services): Router {
  const r = Router();
  const page = <T, J>(p: { data: T[]; nextCursor: string | null }, f: (t: T) => J) => ({ data: p.data.map(f), next_cursor: p.nextCursor });

  r.get('/organizations', async (req, res) => {
    res.json(page(await s.admin.listOrganizations(req.ctx, req.query as never), presentAdminOrganization));
  });
  r.get('/organizations/:id', async (req, res) => {
    res.json(presentAdminOrganization(await s.admin.getOrganization(req.ctx, req.params.id)));
  });
  r.post('/organizations/:id/deactivate', async (req, res) => {
    res.json(presentAdminOrganization(await s.admin.setOrganizationActive(req.ctx, req.params.id, false)));
  });
  r.post('/organizations/:id/activate', async (req, res) => {
    res.json(presentAdminOrganization(await s.admin.setOrganizationActive(req.ctx, req.params.id, true)));
  });

  r.get('/users', async (req, res) => {
    res.json(page(await s.admin.listUsers(req.ctx, req.query as never), presentAdminUser));
  });
  r.post('/users/:id/deactivate', async (req, res) => {
    res.json(presentAdminUser(await s.admin.setUserActive(req.ctx, req.params.id, false)));
  });
  r.post('/users/:id/activate', async (req, res) => {
    res.json(presentAdminUser(await s.admin.setUserActive(req.ctx, req.params.id, true)));
  });

  r.get('/calls', async (req, res) => {
    res.json(page(await s.admin.listCalls(req.ctx, req.query as never), (c) => presentAdminCall(c, s.calls)));
  });
  r.get('/webhook-deliveries', async (req, res) => {
    res.json(page(await s.admin.listWebhookDeliveries(req.ctx, req.query as never), presentAdminDelivery));
  });
  r.post('/api-keys/:id/revoke', async (req, res) => {
    res.json(presentAdminApiKey(await s.admin.revokeApiKey(req.ctx, req.params.id)));
  });

  r.get('/stats', async (req, res) => {
    res.json(presentStats(await s.admin.stats(req.ctx)));
  });
  r.get('/audit-log', async (req, res) => {
    res.json(page(await s.admin.auditLog(req.ctx, req.query as never), presentAuditEntry));
  });
  return r;
}
