import { Router } from 'express';
import type { Services } from '../../services';

/** Mounted under /v1 (API key). */
export function suppressionsRoutes(s: Services): Router {
  const r = Router();
  r.get('/suppressions', async (req, res) => {
    res.json(await s.suppressions.list(req.ctx, req.query));
  });
  r.post('/suppressions', async (req, res) => {
    res.status(201).json(await s.suppressions.add(req.ctx, req.body, 'api'));
  });
  r.delete('/suppressions/:number', async (req, res) => {
    await s.suppressions.remove(req.ctx, req.params.number);
    res.status(204).end();
  });
  return r;
}
