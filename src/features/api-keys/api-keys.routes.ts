import { Router } from 'express';
import type { Services } from '../../services';
import { presentApiKey, presentNewApiKey } from './api-keys.presenter';

/** Mounted under /dashboard (JWT). */
export function apiKeysRoutes(s: Services): Router {
  const r = Router();
  r.get('/api-keys', async (req, res) => {
    res.json((await s.apiKeys.list(req.ctx)).map(presentApiKey));
  });
  r.post('/api-keys', async (req, res) => {
    res.status(201).json(presentNewApiKey(await s.apiKeys.create(req.ctx, req.body)));
  });
  r.post('/api-keys/:id/revoke', async (req, res) => {
    res.json(presentApiKey(await s.apiKeys.revoke(req.ctx, req.params.id)));
  });
  return r;
}
