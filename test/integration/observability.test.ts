import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { buildOpsApp } from '../../src/observability/ops-server';
import { bearer, eventually, recordSecret, signup, type TestOrg } from '../helpers/factories';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Request ids and structured logs, Prometheus metrics and health endpoints, on the real stack.
 * The suite starts without a worker so the queue gauges have something to show, then starts it.
 */
let app: TestApp;
let org: TestOrg;
let rx: Receiver;
let failFirst = true;

beforeAll(async () => {
  app = await startTestApp({ LOG_LEVEL: 'debug' });
  // The first call.queued request of all fails (whichever delivery reaches the receiver first).
  rx = await Receiver.start((r) => {
    if (failFirst && r.json.event === 'call.queued') {
      failFirst = false;
      return { status: 500, body: 'try again' };
    }
    return { status: 200, body: 'ok' };
  });
  org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: `${rx.url}/hooks` }).expect(200);
});
afterAll(async () => {
  await rx?.close();
  await app?.close();
});

const metricsText = async () => (await app.http().get('/metrics').expect(200)).text;

/** The value of the first sample of `name` whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => labelText.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/** Every line logged through req.log carries the request id (`request_id`; the closing line also `req.id`). */
const requestIdOf = (line: Record<string, unknown>): unknown => line.request_id ?? (line.req as { id?: unknown } | undefined)?.id;

async function logLines(): Promise<Array<Record<string, unknown>>> {
  await new Promise<void>((resolve) => app.services.log.flush(() => resolve()));
  return readFileSync(app.config.logFile!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('request ids and logs', () => {
  test('every response carries X-Request-Id: a sane incoming id is kept, anything else replaced', async () => {
    const generated = await app.http().get('/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.http().get('/health').set('X-Request-Id', 'client-req-42');
    expect(kept.headers['x-request-id']).toBe('client-req-42');
    const replaced = await app.http().get('/health').set('X-Request-Id', 'bad id with spaces');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('log lines are JSON with the request id, and credentials never appear in them', async () => {
    const id = `obs-${randomBytes(6).toString('hex')}`;
    const fakeKey = `sk_live_${randomBytes(24).toString('base64url')}`;
    recordSecret(fakeKey);
    const res = await app.http().post('/v1/calls/outbound').set('X-Request-Id', id).set(bearer(fakeKey)).send({ to: '+14155550123' });
    expect(res.status).toBe(401);
    const placed = await app.http().post('/v1/calls/outbound').set('X-Request-Id', `${id}-ok`).set(bearer(org.apiKey)).send({ to: '+14155550123' });
    expect(placed.status).toBe(201);
    const lines = await eventually(async () => {
      const all = await logLines();
      return all.some((l) => requestIdOf(l) === id) && all.some((l) => requestIdOf(l) === `${id}-ok`) ? all : undefined;
    });
    const mine = lines.filter((l) => requestIdOf(l) === id);
    expect(mine.length).toBeGreaterThan(0);
    for (const l of mine) expect(l).toMatchObject({ level: expect.any(String), time: expect.any(String), pid: expect.any(Number), res: { statusCode: 401 } });
    expect(JSON.stringify(mine)).not.toMatch(/authorization/i);
    const text = readFileSync(app.config.logFile!, 'utf8');
    for (const secret of [fakeKey, org.apiKey, org.token, org.webhookSecret, org.password]) expect(text).not.toContain(secret);
  });
});

describe('metrics', () => {
  let callId: string;

  test('queue depth and the oldest waiting job, while no worker runs', async () => {
    const placed = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550123' }).expect(201);
    callId = placed.body.call_id;
    // The job has been due for a while: backdated rather than waited for.
    await app.db.pool.query(`update graphile_worker._private_jobs set run_at = run_at - interval '5 seconds' where payload->>'callId' = $1`, [callId]);
    // One parked delivery due later (a retry), taken out again after the scrape: the worker runs later in this file.
    const { rows: ds } = await app.db.pool.query<{ id: string }>(`select id from webhook_deliveries where call_id = $1`, [callId]);
    await app.db.pool.query(`insert into webhook_parked (delivery_id, destination, trigger, priority, due_at) values ($1, 'http://parked.example', 'scheduled', 1, now() + interval '1 hour')`, [ds[0]!.id]);
    const text = await metricsText();
    await app.db.pool.query(`delete from webhook_parked where delivery_id = $1`, [ds[0]!.id]);
    expect(sample(text, 'voicegate_webhook_parked_deliveries', { state: 'later' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_webhook_parked_deliveries', { state: 'due' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'voicegate_queue_jobs', { task: 'dial_call', state: 'ready' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_queue_jobs', { task: 'deliver_webhook', state: 'ready' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_queue_oldest_ready_job_age_seconds', { task: 'dial_call' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_calls_open', { status: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_calls_created_24h', { status: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_webhook_deliveries_created_24h', { state: 'pending' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_metrics_database_gauges_up')).toBe(1);
    expect(sample(text, 'voicegate_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  test('HTTP latency by route template and status, never by raw path', async () => {
    await app.http().get(`/v1/calls/${callId}`).set(bearer(org.apiKey)).expect(200);
    await app.http().get(`/dashboard/webhook-deliveries/${randomBytes(4).toString('hex')}`).set(bearer(org.token)).expect(404);
    await app.http().get(`/no/such/${randomBytes(4).toString('hex')}`).expect(404);
    const text = await metricsText();
    expect(sample(text, 'voicegate_http_request_duration_seconds_count', { method: 'POST', route: '/v1/calls/outbound', status_code: '201' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_http_request_duration_seconds_count', { route: '/v1/calls/{call_id}', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_http_request_duration_seconds_count', { route: '/dashboard/webhook-deliveries/{id}', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_http_request_duration_seconds_bucket', { route: '/v1/calls/outbound', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    // Bounded labels: no ids, no secrets.
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    for (const secret of [org.apiKey, org.token, org.webhookSecret]) expect(text).not.toContain(secret);
    expect(text).toContain('role="all"');
  });

  test('deliveries by outcome, retries and jobs, once the worker runs', async () => {
    await app.startWorker();
    // The first call.queued attempt fails (500), its retry succeeds.
    await rx.waitFor(() => rx.received.length >= 2 && !failFirst, { what: 'a failed then a successful attempt' });
    // Each counter moves on its own: an attempt's when it is recorded (after the receiver's answer,
    // and the failed one's record can finish after a later success's), a job's when it completes.
    // Wait for all of them, then check each.
    const counted = (t: string) =>
      (sample(t, 'voicegate_webhook_attempts_total', { event: 'call.queued', outcome: 'delivered' }) ?? 0) >= 1 &&
      (sample(t, 'voicegate_webhook_attempts_total', { event: 'call.queued', outcome: 'http_5xx', trigger: 'scheduled' }) ?? 0) >= 1 &&
      (sample(t, 'voicegate_webhook_retries_scheduled_total', { event: 'call.queued' }) ?? 0) >= 1 &&
      (sample(t, 'voicegate_webhook_attempt_duration_seconds_count', { success: 'true' }) ?? 0) >= 1 &&
      (sample(t, 'voicegate_jobs_total', { task: 'deliver_webhook', outcome: 'success' }) ?? 0) >= 2 &&
      (sample(t, 'voicegate_jobs_total', { task: 'dial_call', outcome: 'success' }) ?? 0) >= 1 &&
      (sample(t, 'voicegate_job_duration_seconds_count', { task: 'dial_call' }) ?? 0) >= 1;
    const text = await eventually(async () => {
      const t = await metricsText();
      return counted(t) ? t : undefined;
    }, { what: 'the attempts and jobs to be counted' });
    expect(sample(text, 'voicegate_webhook_attempts_total', { event: 'call.queued', outcome: 'http_5xx', trigger: 'scheduled' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_webhook_retries_scheduled_total', { event: 'call.queued' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_webhook_attempt_duration_seconds_count', { success: 'true' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_jobs_total', { task: 'deliver_webhook', outcome: 'success' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'voicegate_jobs_total', { task: 'dial_call', outcome: 'success' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voicegate_job_duration_seconds_count', { task: 'dial_call' })).toBeGreaterThanOrEqual(1);
  });
});

describe('health and readiness', () => {
  test('/health answers while the database does; /ready also reports the worker', async () => {
    await app.http().get('/health').expect(200, { status: 'ok', database: 'ok' });
    const ready = await app.http().get('/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'ok', worker: 'ok', role: 'all' });
    await app.stopWorker();
    const notReady = await app.http().get('/ready').expect(503);
    expect(notReady.body).toMatchObject({ status: 'not_ready', worker: 'down' });
    await app.startWorker();
  });

  test('a worker-only process serves /health, /ready and /metrics, and no API', async () => {
    const server = buildOpsApp(app.services, () => true).listen(0, '127.0.0.1');
    await new Promise<void>((r) => server.once('listening', () => r()));
    try {
      const ops = request(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await ops.get('/health').expect(200);
      await ops.get('/ready').expect(200);
      const metrics = await ops.get('/metrics').expect(200);
      expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
      expect(metrics.text).toContain('voicegate_jobs_total');
      await ops.get('/v1/calls').expect(404);
      await ops.get('/openapi.json').expect(404);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
