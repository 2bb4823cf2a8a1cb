import { Router } from 'express';
import type { Services } from '../../services';
import { presentUser } from './users.presenter';

/** Mounted under /dashboard (JWT). */
export function membersRoutes(s: Services): Router {
  const r = Router();
  r.get('/members', async (req, res) => {
    const page = await s.members.list(req.ctx, req.query as never);
    res.json({ data: page.data.map(presentUser), next_cursor: page.nextCursor });
  });
  r.post('/members', async (req, res) => {
    res.status(201).json(presentUser(await s.members.add(req.ctx, req.body)));
  });
  r.post('/members/:id/deactivate', async (req, res) => {
    res.json(presentUser(await s.members.deactivate(req.ctx, req.params.id)));
  });
  return r;
}
