import { Router } from 'express';
import type { Services } from '../../services';
import { presentDelivery, presentDeliveryDetail } from './deliveries.presenter';

/** Mounted under /dashboard (JWT). */
export function deliveriesRoutes(s: Services): Router {
  const r = Router();
  r.get('/webhook-deliveries', async (req, res) => {
    const page = await s.deliveries.list(req.ctx, req.query as never);
    res.json({ data: page.data.map(presentDelivery), next_cursor: page.nextCursor });
  });
  r.post('/webhook-deliveries/replay', async (req, res) => {
    const out = await s.deliveries.replay(req.ctx, req.body);
    res.status(202).json({ status: 'accepted', ...out });
  });
  r.get('/webhook-deliveries/:id', async (req, res) => {
    const { delivery, attempts } = await s.deliveries.get(req.ctx, req.params.id);
    res.json(presentDeliveryDetail(delivery, attempts));
  });
  r.post('/webhook-deliveries/:id/redeliver', async (req, res) => {
    const d = await s.deliveries.redeliver(req.ctx, req.params.id);
    res.status(202).json({ status: 'accepted', delivery_id: d.id });
  });
  return r;
}
