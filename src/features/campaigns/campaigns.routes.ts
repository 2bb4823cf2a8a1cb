import { Router } from 'express';
import type { Services } from '../../services';

/** Mounted under /v1 (API key), with a body limit that fits 10,000 recipients. */
export function campaignsRoutes(s: Services): Router {
  const r = Router();
  r.post('/campaigns', async (req, res) => {
    const out = await s.campaigns.create(req.ctx, req.body, req.get('Idempotency-Key'));
    if (out.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(out.status).location(`/v1/campaigns/${out.body.campaign_id}`).json(out.body);
  });
  r.get('/campaigns', async (req, res) => {
    const page = await s.campaigns.list(req.ctx, req.query);
    const data = [];
    for (const c of page.data) data.push(await s.campaigns.present(req.ctx.em, c));
    res.json({ data, next_cursor: page.nextCursor });
  });
  r.get('/campaigns/:id', async (req, res) => {
    res.json(await s.campaigns.present(req.ctx.em, await s.campaigns.get(req.ctx, req.params.id)));
  });
  r.post('/campaigns/:id/recipients', async (req, res) => {
    const out = await s.campaigns.append(req.ctx, req.params.id, req.body, req.get('Idempotency-Key'));
    if (out.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(out.status).json(out.body);
  });
  r.get('/campaigns/:id/recipients', async (req, res) => {
    res.json(await s.campaigns.recipients(req.ctx, req.params.id, req.query));
  });
  r.post('/campaigns/:id/pause', async (req, res) => {
    res.json(await s.campaigns.pause(req.ctx, req.params.id));
  });
  r.post('/campaigns/:id/resume', async (req, res) => {
    res.json(await s.campaigns.resume(req.ctx, req.params.id));
  });
  r.post('/campaigns/:id/cancel', async (req, res) => {
    res.json(await s.campaigns.cancel(req.ctx, req.params.id));
  });
  return r;
}
