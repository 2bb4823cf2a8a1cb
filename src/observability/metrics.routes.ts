import { Router } from 'express';
import type { Metrics } from './metrics';

/**
 * GET /metrics in the Prometheus text format. Unauthenticated, like most exporters: serve it on
 * an internal network only (or block /metrics at the public proxy); it holds counts, never ids or
 * secrets.
 */
export function metricsRoutes(metrics: Metrics): Router {
  const r = Router();
  r.get('/metrics', async (_req, res) => {
    const { contentType, body } = await metrics.render();
    res.setHeader('Cache-Control', 'no-store');
    res.type(contentType).send(body);
  });
  return r;
}
