import { Router } from 'express';
import type { Services } from '../../services';
import type { WebhookSettings } from './webhook-settings.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function present(out: WebhookSettings) {
  const h = out.health;
  return {
    webhook_url: out.webhookUrl,
    secret_last4: out.secretLast4,
    health: {
      enabled: h.enabled,
      disabled_at: iso(h.disabledAt),
      disabled_reason: h.disabledReason,
      failing_since: iso(h.failingSince),
      attempts_24h: h.attempts24h,
      success_rate_24h: h.successRate24h,
      average_latency_ms_24h: h.averageLatencyMs24h,
      p95_latency_ms_24h: h.p95LatencyMs24h,
      last_failure_at: iso(h.lastFailureAt),
      last_failure_error: h.lastFailureError,
      last_success_at: iso(h.lastSuccessAt),
    },
  };
}

/** Mounted under /dashboard (JWT). */
export function webhookSettingsRoutes(s: Services): Router {
  const r = Router();
  r.get('/webhook', async (req, res) => {
    res.json(present(await s.webhookSettings.get(req.ctx)));
  });
  r.post('/webhook/enable', async (req, res) => {
    res.json(present(await s.webhookSettings.enable(req.ctx)));
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
