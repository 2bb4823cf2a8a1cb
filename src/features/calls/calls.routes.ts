import { Router } from 'express';
import type { Services } from '../../services';

/** Mounted under /v1 (API key). */
export function callsRoutes(s: Services): Router {
  const r = Router();
  r.post('/calls/outbound', async (req, res) => {
    const key = req.get('Idempotency-Key');
    const out = await s.calls.place(req.ctx, req.body, key);
    if (out.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(out.status).location(`/v1/calls/${out.body.call_id}`).json(out.body);
  });
  r.get('/calls', async (req, res) => {
    const page = await s.calls.list(req.ctx, req.query as never);
    res.json({ data: page.data.map((c) => s.calls.present(c)), next_cursor: page.nextCursor });
  });
  r.get('/calls/:id', async (req, res) => {
    res.json(s.calls.present(await s.calls.get(req.ctx, req.params.id)));
  });
  r.post('/calls/:id/cancel', async (req, res) => {
    res.json(s.calls.present(await s.calls.cancel(req.ctx, req.params.id)));
  });
  return r;
}
