import { Router } from 'express';
import type { Services } from '../../services';

/** Mounted under /dashboard (JWT). */
export function webhookSettingsRoutes(s: Services): Router {
  const r = Router();
  r.get('/webhook', async (req, res) => {
    const out = await s.webhookSettings.get(req.ctx);
    res.json({ webhook_url: out.webhookUrl, secret_last4: out.secretLast4 });
  });
  r.patch('/webhook', async (req, res) => {
    const out = await s.webhookSettings.update(req.ctx, req.body);
    res.json({ webhook_url: out.webhookUrl });
  });
  r.post('/webhook/rotate-secret', async (req, res) => {
    const out = await s.webhookSettings.rotateSecret(req.ctx);
    res.json({ webhook_secret: out.webhookSecret });
  });
  return r;
}
