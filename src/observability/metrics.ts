import type { RequestHandler } from 'express';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DeliveryListener } from '../features/webhooks/webhook-deliverer';
import { QUEUE_DEPTH_SQL } from '../queue';
import { CARRIER_NAMES } from '../features/calls/ports';

/**
 * Prometheus metrics of one process (API, worker or both), served at GET /metrics.
 * - In-process: HTTP latency by route template, webhook attempts by outcome, retries scheduled,
 *   queue jobs by task and outcome, account mails by kind and outcome, plus Node's defaults (RSS, heap, event-loop lag, GC).
 * - From the database at scrape time (cached DB_GAUGE_TTL_MS, bounded by a deadline): queue depth
 *   and oldest ready job age by task; open calls by status (partial index); calls and webhook
 *   deliveries of the last 24 h by status/state (a primary-key range: ids are UUIDv7, so "created
 *   since T" is "id >= the smallest UUIDv7 of T", and no scrape ever scans a whole table). These
 *   are cluster-wide: aggregate them with max(), not sum(), across processes.
 * Labels are bounded sets (route templates, status codes, task names, outcome classes); never an
 * id, a URL or a credential.
 */
const DB_GAUGE_TTL_MS = 10_000;
const DB_GAUGE_DEADLINE_MS = 2_000;
/** Parked deliveries are counted up to this many rows (a failing receiver's retries can be millions). */
const PARKED_COUNT_CAP = 100_000;

export interface Metrics {
  registry: Registry;
  httpMiddleware: RequestHandler;
  deliveryListener: DeliveryListener;
  jobFinished(task: string, outcome: 'success' | 'failure', seconds: number, willRetry: boolean): void;
  /** An account mail's fate: sent, failed, or refused by a quota (over_address_limit, over_organization_limit). */
  mailOutcome(kind: string, outcome: string): void;
  /** A call's measured agent turns (latency.total_ms each), when its turns are stored. */
  turnLatency(carrier: string, latenciesMs: readonly number[]): void;
  render(): Promise<{ contentType: string; body: string }>;
}

/** Route templates: documented REST paths, plus the non-REST surfaces; anything else is "unmatched". */
function routeMatcher(paths: readonly string[]): (path: string) => string {
  const exact = new Map<string, string>();
  const patterns: Array<[RegExp, string]> = [];
  for (const p of paths) {
    if (p.includes('{')) patterns.push([new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}/?$`), p]);
    else exact.set(p, p);
  }
  return (path) => {
    const hit = exact.get(path) ?? exact.get(path.replace(/\/+$/, ''));
    if (hit) return hit;
    for (const [re, p] of patterns) if (re.test(path)) return p;
    if (path === '/graphql' || path.startsWith('/graphql/')) return '/graphql';
    if (path === '/docs' || path.startsWith('/docs/')) return '/docs';
    return 'unmatched';
  };
}

/** webhook attempt errors → a small fixed set (http_503 → http_5xx). */
export function deliveryOutcome(error: string | null): string {
  if (error === null) return 'delivered';
  const http = /^http_(\d)\d\d$/.exec(error);
  if (http) return `http_${http[1]}xx`;
  return /^[a-z_]{1,40}$/.test(error) ? error : 'other';
}

/** The smallest UUIDv7 of a millisecond: its 48-bit timestamp, then zeros. */
export function uuidV7LowerBound(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/** `routePaths`: the REST path templates (src/routes.ts), so request metrics are labelled by route, not by URL. */
export function createMetrics(opts: { pool: Pool; role: string; routePaths: readonly string[]; prefix?: string }): Metrics {
  const prefix = opts.prefix ?? 'voicegate_';
  const registry = new Registry();
  registry.setDefaultLabels({ role: opts.role });
  collectDefaultMetrics({ register: registry, prefix });

  const httpDuration = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'HTTP request latency by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });
  const webhookAttempts = new Counter({
    name: `${prefix}webhook_attempts_total`,
    help: 'Webhook delivery attempts by event, outcome (delivered, http_4xx, http_5xx, timeout, connection_refused, ...) and trigger.',
    labelNames: ['event', 'outcome', 'trigger'] as const,
    registers: [registry],
  });
  const webhookAttemptDuration = new Histogram({
    name: `${prefix}webhook_attempt_duration_seconds`,
    help: 'Duration of webhook attempts (request sent to response read), by outcome class.',
    labelNames: ['success'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers: [registry],
  });
  const webhookRetries = new Counter({
    name: `${prefix}webhook_retries_scheduled_total`,
    help: 'Failed scheduled attempts after which another attempt was scheduled (the retry schedule at work).',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  const jobs = new Counter({
    name: `${prefix}jobs_total`,
    help: 'Background jobs run by this process, by task and outcome.',
    labelNames: ['task', 'outcome'] as const,
    registers: [registry],
  });
  const jobRetries = new Counter({
    name: `${prefix}job_retries_total`,
    help: 'Jobs that failed and will be retried by the queue (graphile-worker backoff).',
    labelNames: ['task'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: `${prefix}job_duration_seconds`,
    help: 'Background job run time by task.',
    labelNames: ['task'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60],
    registers: [registry],
  });

  const mails = new Counter({
    name: `${prefix}mails_total`,
    help: 'Account mails by kind and outcome: sent, failed, over_address_limit or over_organization_limit (refused by a quota, silently).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });

  const turnLatency = new Histogram({
    name: `${prefix}turn_latency_seconds`,
    help: "Agent turn latency (the callee's last voiced frame to the agent's first audio frame), by carrier; observed when a call's turns are stored.",
    labelNames: ['carrier'] as const,
    buckets: [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1, 1.25, 1.5, 2, 3, 5],
    registers: [registry],
  });

  // ---- database-derived gauges (one scrape = at most one round trip per TTL) -------------------
  const queueDepth = new Gauge({
    name: `${prefix}queue_jobs`,
    help: 'Jobs in the queue by task and state: ready (due, waiting for a worker), scheduled (due later), running (locked), failed (attempts exhausted).',
    labelNames: ['task', 'state'] as const,
    registers: [registry],
  });
  const oldestReady = new Gauge({
    name: `${prefix}queue_oldest_ready_job_age_seconds`,
    help: 'Age of the oldest job that is due and not yet taken, by task (0 when none): how far behind the workers are.',
    labelNames: ['task'] as const,
    registers: [registry],
  });
  const callsOpen = new Gauge({
    name: `${prefix}calls_open`,
    help: 'Calls not yet final, by status (queued, ringing, in_progress), all organizations.',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const calls24h = new Gauge({
    name: `${prefix}calls_created_24h`,
    help: 'Calls created in the last 24 h, by their current status.',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const deliveries24h = new Gauge({
    name: `${prefix}webhook_deliveries_created_24h`,
    help: 'Webhook deliveries (events) created in the last 24 h, by state: pending, delivered, failed, undeliverable.',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const parked = new Gauge({
    name: `${prefix}webhook_parked_deliveries`,
    help: `Webhook deliveries waiting parked (a failing receiver's retries, a full destination's deliveries), by state: due (waiting for their destination) or later; counted up to ${PARKED_COUNT_CAP} rows.`,
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const dbGaugesOk = new Gauge({
    name: `${prefix}metrics_database_gauges_up`,
    help: '1 when the database-derived gauges were refreshed at the last attempt, 0 when the query failed or timed out.',
    registers: [registry],
  });

  let refreshedAt = 0;
  let refreshing: Promise<void> | undefined;
  const refreshDbGauges = async (): Promise<void> => {
    const q = opts.pool.query<{ kind: string; label: string; state: string; n: string; age: string | null }>(
      `select 'queue' as kind, q.task as label, q.state, q.n, q.age from (${QUEUE_DEPTH_SQL}) q
       union all
       select 'calls_open', status, '', count(*)::text, null from calls where status in ('queued', 'ringing', 'in_progress') group by status
       union all
       select 'calls_24h', status, '', count(*)::text, null from calls where id >= $1::uuid group by status
       union all
       select 'deliveries_24h', state, '', count(*)::text, null from webhook_deliveries where id >= $1::uuid group by state
       union all
       -- Retries wait parked, not in the queue: what voicegate_queue_jobs no longer shows. Bounded read.
       select 'parked', s.state, '', s.n::text, null
         from (select count(*) filter (where due_at <= now()) as due, count(*) filter (where due_at > now()) as later
                 from (select due_at from webhook_parked limit ${PARKED_COUNT_CAP}) p) c
         cross join lateral (values ('due', c.due), ('later', c.later)) s(state, n)`,
      [uuidV7LowerBound(Date.now() - 86_400_000)],
    );
    const deadline = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), DB_GAUGE_DEADLINE_MS).unref());
    try {
      const { rows } = await Promise.race([q, deadline]);
      for (const g of [queueDepth, oldestReady, callsOpen, calls24h, deliveries24h, parked]) g.reset();
      const oldest = new Map<string, number>();
      for (const r of rows) {
        if (r.kind === 'queue') {
          queueDepth.set({ task: r.label, state: r.state }, Number(r.n));
          if (!oldest.has(r.label)) oldest.set(r.label, 0);
          if (r.state === 'ready' && r.age !== null) oldest.set(r.label, Math.max(oldest.get(r.label)!, Number(r.age)));
        } else if (r.kind === 'calls_open') {
          callsOpen.set({ status: r.label }, Number(r.n));
        } else if (r.kind === 'calls_24h') {
          calls24h.set({ status: r.label }, Number(r.n));
        } else if (r.kind === 'parked') {
          parked.set({ state: r.label }, Number(r.n));
        } else {
          deliveries24h.set({ state: r.label }, Number(r.n));
        }
      }
      for (const [task, age] of oldest) oldestReady.set({ task }, age);
      dbGaugesOk.set(1);
    } catch {
      q.catch(() => undefined);
      dbGaugesOk.set(0);
    }
    refreshedAt = Date.now();
  };

  const route = routeMatcher(opts.routePaths);
  // The histogram's child per label set, kept: prom-client hashes the labels on every observe()
  // otherwise. The sets are bounded (route templates × methods × status codes).
  const observers = new Map<string, { observe(v: number): void }>();
  const observerFor = (method: string, routeName: string, status: number) => {
    const key = `${method} ${routeName} ${status}`;
    let o = observers.get(key);
    if (!o) observers.set(key, (o = httpDuration.labels({ method, route: routeName, status_code: String(status) })));
    return o;
  };
  const httpMiddleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // originalUrl: routers rewrite req.url while they run, and may not have restored it yet.
      const url = req.originalUrl;
      const q = url.indexOf('?');
      observerFor(req.method, route(q >= 0 ? url.slice(0, q) : url), res.statusCode).observe(seconds);
    });
    next();
  };

  return {
    registry,
    httpMiddleware,
    deliveryListener: ({ event, result, trigger, retryScheduled }) => {
      webhookAttempts.inc({ event, outcome: deliveryOutcome(result.error), trigger });
      webhookAttemptDuration.observe({ success: String(result.error === null) }, result.durationMs / 1000);
      if (retryScheduled) webhookRetries.inc({ event });
    },
    jobFinished(task, outcome, seconds, willRetry) {
      jobs.inc({ task, outcome });
      jobDuration.observe({ task }, seconds);
      if (willRetry) jobRetries.inc({ task });
    },
    mailOutcome(kind, outcome) {
      mails.inc({ kind, outcome });
    },
    turnLatency(carrier, latenciesMs) {
      const label = (CARRIER_NAMES as readonly string[]).includes(carrier) ? carrier : 'other';
      for (const ms of latenciesMs) turnLatency.observe({ carrier: label }, ms / 1000);
    },
    async render() {
      if (Date.now() - refreshedAt >= DB_GAUGE_TTL_MS) {
        refreshing ??= refreshDbGauges().finally(() => {
          refreshing = undefined;
        });
        await refreshing;
      }
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
