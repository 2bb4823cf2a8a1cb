import { route, type Routes } from '../common/route';
import type { Metrics } from './metrics';

export interface MetricsDeps {
  metrics: Pick<Metrics, 'render'>;
}

/**
 * GET /metrics in the Prometheus text format. Unauthenticated, like most exporters: serve it on
 * an internal network only (or block /metrics at the public proxy); it holds counts, never ids or
 * secrets.
 */
export const metricsRoutes: Routes<MetricsDeps> = [
  route<MetricsDeps>({
    method: 'get',
    path: '/metrics',
    operationId: 'metrics',
    summary: 'Prometheus metrics (text exposition format)',
    tag: 'operations',
    auth: 'none',
    responses: { 200: { description: 'Metrics.', contentType: 'text/plain' } },
    errors: [],
    example: { response: '# HELP voicegate_process_cpu_user_seconds_total Total user CPU time spent in seconds.\n# TYPE voicegate_process_cpu_user_seconds_total counter\nvoicegate_process_cpu_user_seconds_total{role="all"} 1.25\n' },
    handler: async (_input, { metrics }) => {
      const { contentType, body } = await metrics.render();
      return { status: 200, headers: { 'Cache-Control': 'no-store' }, contentType, body };
    },
  }),
];
