import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { job, addJobs } from '../../src/queue';
import { newId } from '../../src/common/ids';
import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { rawGql } from '../helpers/graphql';
import { Mailbox } from '../helpers/mailbox';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Delivery at scale, through the real stack (docs/queue-and-delivery.md): attempts per destination
 * are bounded and do not hold job slots, a failing endpoint is disabled and can be enabled again,
 * and the retention purge removes only old history. No timing is asserted: each test waits for
 * events under one overall deadline.
 */

/** A receiver that counts the requests it holds open at once and answers as `answer` decides. */
class CountingReceiver {
  open = 0;
  maxOpen = 0;
  received = 0;
  private held: Array<http.ServerResponse> = [];
  private server!: http.Server;
  url = '';

  /** hang: never answer (the sender's timeout ends it). barrier n: answer 200 once n are open together. */
  static async start(mode: { hang: true } | { barrier: number }): Promise<CountingReceiver> {
    const r = new CountingReceiver();
    r.server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        r.received++;
        r.open++;
        r.maxOpen = Math.max(r.maxOpen, r.open);
        res.on('close', () => r.open--);
        if ('hang' in mode) return;
        r.held.push(res);
        if (r.held.length >= mode.barrier) for (const h of r.held.splice(0)) h.writeHead(200).end('ok');
      });
    });
    r.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/hook`;
    return r;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

async function orgWithWebhook(app: TestApp, url: string): Promise<TestOrg> {
  const org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: url }).expect(200);
  return org;
}

const place = async (app: TestApp, org: TestOrg): Promise<string> => {
  const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550100' });
  expect(res.status).toBe(201);
  return res.body.call_id as string;
};

/** `n` pending call.queued deliveries of one call of `org`, each with its scheduled job. */
async function backlog(app: TestApp, org: TestOrg, callId: string, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => newId());
  await app.db.pool.query(
    `insert into webhook_deliveries (id, org_id, call_id, event, url, payload, state, next_attempt_at)
     select unnest($1::uuid[]), $2, $3, 'call.queued', o.webhook_url, '{"event":"call.queued"}', 'pending', now()
       from organizations o where o.id = $2`,
    [ids, org.orgId, callId],
  );
  await addJobs(app.db.pool, ...ids.map((deliveryId) => job('deliver', { deliveryId })));
  return ids;
}

describe('attempts per destination', () => {
  let app: TestApp;
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    app = await startTestApp({
      WORKER_CONCURRENCY: '2',
      WEBHOOK_MAX_CONCURRENCY_PER_DESTINATION: '2',
      WEBHOOK_TIMEOUT_SECONDS: '2',
      WEBHOOK_RETRY_SCHEDULE: '1m',
      SIMULATOR_SPEEDUP: '2000',
    });
  });
  afterAll(async () => {
    await app.close();
    for (const c of closers) await c();
  });

  test("a noisy org's timing-out backlog does not delay another org's call.queued, and holds at most the per-destination limit", async () => {
    const noisyRx = await CountingReceiver.start({ hang: true });
    closers.push(() => noisyRx.close());
    const healthyRx = await Receiver.start();
    closers.push(() => healthyRx.close());
    const noisy = await orgWithWebhook(app, noisyRx.url);
    const healthy = await orgWithWebhook(app, `${healthyRx.url}/hook`);
    // The noisy org's calls and a 300-delivery backlog are all queued before the worker starts,
    // so every one of their jobs is ahead of the healthy org's in the queue.
    const noisyCall = await place(app, noisy);
    const ids = await backlog(app, noisy, noisyCall, 300);
    await app.startWorker();
    const healthyCall = await place(app, healthy);
    await healthyRx.waitFor(() => healthyRx.byEvent('call.queued', healthyCall).length === 1, 60_000, "the healthy org's call.queued");
    // Most of the noisy backlog is still waiting for its first attempt: it did not go first.
    const { rows } = await app.db.pool.query<{ untried: number }>(
      `select count(*)::int as untried from webhook_deliveries where id = any($1::uuid[]) and attempts = 0`,
      [ids],
    );
    expect(rows[0]!.untried).toBeGreaterThan(200);
    // The noisy org's first attempts were started before the healthy one's, but their arrival at the
    // other receiver is not ordered with it: wait for one.
    await eventually(async () => noisyRx.received > 0, { what: "the noisy org's first attempt to arrive" });
    expect(noisyRx.received).toBeGreaterThan(0);
    expect(noisyRx.maxOpen).toBeLessThanOrEqual(2);
    await app.stopWorker();
  });
});

describe('slow receivers', () => {
  let app: TestApp;
  let rx: CountingReceiver;
  beforeAll(async () => {
    // One job slot only: attempts in flight are bounded by the destination's limit, not by it.
    app = await startTestApp({ WORKER_CONCURRENCY: '1', WEBHOOK_MAX_CONCURRENCY_PER_DESTINATION: '3', WEBHOOK_TIMEOUT_SECONDS: '30' });
    rx = await CountingReceiver.start({ barrier: 3 });
  });
  afterAll(async () => {
    await app.close();
    await rx.close();
  });

  test('a receiver that answers only once three requests are open gets them all from one job slot, never more than the limit', async () => {
    const org = await orgWithWebhook(app, rx.url);
    const call = await place(app, org);
    const ids = await backlog(app, org, call, 11); // with call.queued: 12, four rounds of three
    await app.startWorker();
    await eventually(
      async () => {
        const { rows } = await app.db.pool.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where org_id = $1 and delivered`, [org.orgId]);
        return rows[0]!.n === ids.length + 1;
      },
      { timeoutMs: 60_000, what: 'every delivery delivered' },
    );
    expect(rx.maxOpen).toBe(3);
    const { rows } = await app.db.pool.query<{ n: number }>(`select count(*)::int as n from webhook_attempts where org_id = $1 and error is not null`, [org.orgId]);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('endpoint health', () => {
  let app: TestApp;
  let mailbox: Mailbox;
  let rx: Receiver;
  let status = 500;
  beforeAll(async () => {
    mailbox = await Mailbox.start();
    rx = await Receiver.start(() => ({ status, body: status === 200 ? 'ok' : 'down' }));
    app = await startTestApp(
      {
        SMTP_URL: mailbox.url,
        WEBHOOK_DISABLE_AFTER: '500ms',
        WEBHOOK_RETRY_SCHEDULE: '300ms,300ms,300ms,300ms,300ms,300ms',
        SIMULATOR_SPEEDUP: '2000',
      },
      { worker: true },
    );
  });
  afterAll(async () => {
    await app.close();
    await rx.close();
    await mailbox.close();
  });

  test('failing past WEBHOOK_DISABLE_AFTER disables the endpoint and tells the owner; nothing is sent until it is enabled; replay then delivers', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const org = await orgWithWebhook(app, `${rx.url}/hook`);
    const first = await place(app, org);
    const mail = await mailbox.waitFor(org.email, /webhook endpoint .* disabled/, { timeoutMs: 60_000 });
    expect(mail.text).toContain(`${rx.url}/hook`);

    const settings = await app.http().get('/dashboard/webhook').set(bearer(org.token));
    expect(settings.status).toBe(200);
    expect(settings.body.health).toMatchObject({
      enabled: false,
      disabled_at: expect.any(String),
      disabled_reason: expect.stringMatching(/^failing_since /),
      last_failure_error: 'http_500',
      success_rate_24h: 0,
      attempts_24h: expect.any(Number),
    });
    const viaGql = await rawGql(app, `{ webhook { health { enabled disabledAt lastFailureError successRate24h attempts24h } } }`, {}, org.token);
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data!.webhook).toMatchObject({ health: { enabled: false, lastFailureError: 'http_500', successRate24h: 0 } });

    // While disabled, a new event is stopped without being sent.
    const seenBefore = rx.received.length;
    const second = await place(app, org);
    const stopped = await eventually(
      async () => {
        const { rows } = await app.db.pool.query(`select id, state, last_error, attempts from webhook_deliveries where call_id = $1 and event = 'call.queued'`, [second]);
        return rows[0]?.state === 'failed' ? rows[0] : undefined;
      },
      { timeoutMs: 30_000, what: 'the second call.queued stopped' },
    );
    expect(stopped).toMatchObject({ last_error: 'endpoint_disabled', attempts: 0 });
    expect(rx.received.slice(seenBefore).filter((r) => r.json.call_id === second)).toEqual([]);

    // The receiver is fixed; the owner enables the endpoint and replays what it missed.
    status = 200;
    const enabled = await app.http().post('/dashboard/webhook/enable').set(bearer(org.token));
    expect(enabled.status).toBe(200);
    expect(enabled.body.health).toMatchObject({ enabled: true, disabled_at: null, failing_since: null });
    await app.http().post('/dashboard/webhook-deliveries/replay').set(bearer(org.token)).send({ since }).expect(202);
    await rx.waitFor(() => rx.byEvent('call.queued', first).some((r) => r.n > seenBefore) && rx.byEvent('call.queued', second).length === 1, 60_000, 'replayed events');
    // The receiver has answered; the worker records the attempt (health reads the attempts) after that.
    const after = await eventually(async () => {
      const res = await app.http().get('/dashboard/webhook').set(bearer(org.token));
      return res.body.health?.last_success_at ? res : undefined;
    }, { what: 'a successful attempt to be recorded' });
    expect(after.body.health).toMatchObject({ enabled: true, last_success_at: expect.any(String) });
    expect(after.body.health.success_rate_24h).toBeGreaterThan(0);
  });

  test('an org whose endpoint never failed reports it healthy', async () => {
    const org = await orgWithWebhook(app, `${rx.url}/ok`);
    const res = await app.http().get('/dashboard/webhook').set(bearer(org.token));
    expect(res.body.health).toEqual({
      enabled: true,
      disabled_at: null,
      disabled_reason: null,
      failing_since: null,
      attempts_24h: 0,
      success_rate_24h: null,
      average_latency_ms_24h: null,
      p95_latency_ms_24h: null,
      last_failure_at: null,
      last_failure_error: null,
      last_success_at: null,
    });
  });
});

describe('retention', () => {
  let app: TestApp;
  let rx: Receiver;
  beforeAll(async () => {
    rx = await Receiver.start();
    app = await startTestApp({ WEBHOOK_RETENTION: '7d', WEBHOOK_PURGE_INTERVAL: '200ms', WEBHOOK_PURGE_BATCH: '2', SIMULATOR_SPEEDUP: '2000' });
  });
  afterAll(async () => {
    await app.close();
    await rx.close();
  });

  test('the purge job removes attempts and payloads older than the retention, in small batches, and nothing newer', async () => {
    const org = await orgWithWebhook(app, `${rx.url}/hook`);
    const calls = [await place(app, org), await place(app, org), await place(app, org), await place(app, org)];
    // Deliver everything with the worker, then stop it and age three of the calls' history.
    await app.startWorker();
    await rx.waitFor(() => calls.every((c) => rx.byEvent('call.analyzed', c).length === 1), 60_000, 'every event delivered');
    // call.analyzed may overtake call.queued or call.ended, and an attempt is recorded only after the
    // receiver's answer: wait until all 12 deliveries are recorded as delivered before stopping.
    await eventually(
      async () => (await app.db.pool.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where call_id = any($1::uuid[]) and delivered`, [calls])).rows[0]!.n === 12,
      { what: 'every delivery recorded as delivered' },
    );
    await app.stopWorker();
    const old = calls.slice(0, 3);
    await app.db.pool.query(`update webhook_deliveries set created_at = now() - interval '8 days' where call_id = any($1::uuid[])`, [old]);
    await app.db.pool.query(
      `update webhook_attempts set attempted_at = now() - interval '8 days' where delivery_id in (select id from webhook_deliveries where call_id = any($1::uuid[]))`,
      [old],
    );
    const count = async (sql: string, params: unknown[]) => (await app.db.pool.query<{ n: number }>(sql, params)).rows[0]!.n;
    const oldDeliveries = await count(`select count(*)::int as n from webhook_deliveries where call_id = any($1::uuid[])`, [old]);
    expect(oldDeliveries).toBe(9);

    await app.startWorker();
    await eventually(
      async () =>
        (await count(`select count(*)::int as n from webhook_deliveries where call_id = any($1::uuid[]) and payload_purged_at is null`, [old])) === 0 &&
        (await count(`select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.call_id = any($1::uuid[])`, [old])) === 0,
      { timeoutMs: 60_000, what: 'old history purged' },
    );
    // The newer call keeps everything; the old deliveries keep their rows, without payloads.
    const recent = calls[3]!;
    expect(await count(`select count(*)::int as n from webhook_deliveries where call_id = $1 and payload_purged_at is null and payload <> 'null'`, [recent])).toBe(3);
    expect(await count(`select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.call_id = $1`, [recent])).toBeGreaterThanOrEqual(3);
    expect(await count(`select count(*)::int as n from webhook_deliveries where call_id = any($1::uuid[])`, [old])).toBe(9);

    const { rows } = await app.db.pool.query<{ id: string }>(`select id from webhook_deliveries where call_id = $1 limit 1`, [old[0]]);
    const detail = await app.http().get(`/dashboard/webhook-deliveries/${rows[0]!.id}`).set(bearer(org.token));
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ payload: null, attempt_log: [], delivered: true });
  });
});
