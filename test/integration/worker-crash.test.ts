import request from 'supertest';
import { freePort } from '../../src/db/free-port';
import { bearer, eventually, signup } from '../helpers/factories';
import { spawnWorker } from '../helpers/child-worker';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The API in this process; workers as real child processes running src/main.ts.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ WEBHOOK_TIMEOUT_SECONDS: '2', SWEEP_INTERVAL: '300ms' });
});

/**
 * How soon another worker must have taken over everything a SIGKILLed worker held. With the
 * defaults (heartbeat every 1 s, dead after 10 s) the jobs are released about 11 s after the kill
 * and run at once; 30 s leaves room for a loaded 2-core machine while staying far below the
 * 120 s stale-lock timeout that was the only way out before (STALE_JOB_LOCK keeps its default here).
 */
const TAKEOVER_DEADLINE_MS = 30_000;

/** A worker process with its own health port, ready when /ready says so. */
async function readyWorker(env: Record<string, string>) {
  const port = await freePort();
  const child = spawnWorker(app, { ...env, PORT: String(port), HOST: '127.0.0.1' });
  await eventually(async () => (await request(`http://127.0.0.1:${port}`).get('/ready').catch(() => undefined))?.status === 200, { timeoutMs: 45_000, what: 'a worker to be ready' });
  return child;
}
afterAll(() => app.close());

const queuedDelivery = async (callId: string) =>
  (await app.db.pool.query(`select * from webhook_deliveries where call_id = $1 and event = 'call.queued'`, [callId])).rows[0] as Record<string, unknown> | undefined;

test('a worker killed (SIGKILL) in the middle of a delivery loses nothing: another worker takes its jobs over within seconds, byte-identical', async () => {
  let first = true;
  const rx = await Receiver.start((r) => {
    if (r.json.event === 'call.queued' && first) {
      first = false;
      return { hang: true }; // the worker is killed while waiting for this answer
    }
    return { status: 200 };
  });
  // The hung attempt must still be in flight when its worker dies: a timeout of 5 s (lease 10 s).
  const env = { WEBHOOK_TIMEOUT_SECONDS: '5', SWEEP_INTERVAL: '300ms' };
  const workers = await Promise.all([readyWorker(env), readyWorker(env)]);
  let survivor: (typeof workers)[number] | undefined;
  try {
    const org = await signup(app);
    await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: rx.url }).expect(200);
    const call = (await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550004', metadata: { crash: true } })).body;
    await rx.waitFor(() => rx.byEvent('call.queued', call.call_id).length === 1, 30_000, 'the first attempt to reach the receiver');
    // Kill the worker that is sending it: the process holding the delivery's lease (the attempt
    // outlives its queue job, see docs/queue-and-delivery.md).
    const { rows } = await app.db.pool.query<{ pid: number; pool_id: string }>(
      `select w.pid, w.pool_id from webhook_deliveries d
         join queue_workers w on w.pid = split_part(d.leased_by, '/', 2)::int
        where d.call_id = $1 and d.event = 'call.queued'`,
      [call.call_id],
    );
    const doomed = workers.find((w) => w.pid === rows[0]?.pid);
    expect(doomed).toBeDefined();
    survivor = workers.find((w) => w !== doomed);
    doomed!.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await doomed!.exited).toBeNull();
    const inFlight = await queuedDelivery(call.call_id);
    expect(inFlight).toMatchObject({ delivered: false, attempts: 0, state: 'pending' });
    expect(inFlight!.lease_until).not.toBeNull();

    // Everything the dead runner held is released by the survivor's heartbeat check (only that can
    // release it this soon: the stale-lock timeout is 120 s), and the delivery goes out again.
    const lockedByDead = async () =>
      Number((await app.db.pool.query(`select count(*) as n from graphile_worker._private_jobs where locked_by = $1`, [rows[0]!.pool_id])).rows[0].n);
    await eventually(async () => (await lockedByDead()) === 0, { timeoutMs: TAKEOVER_DEADLINE_MS, what: "the dead worker's jobs to be released" });
    await rx.waitFor(() => rx.byEvent('call.queued', call.call_id).length === 2, { deadlineMs: Math.max(1, killedAt + TAKEOVER_DEADLINE_MS - Date.now()), what: 'redelivery by the other worker' });
    const [lost, redelivered] = rx.byEvent('call.queued', call.call_id);
    expect(redelivered!.raw.equals(lost!.raw)).toBe(true);
    expect(redelivered!.headers['webhook-id']).toBe(lost!.headers['webhook-id']);
    await eventually(async () => (await queuedDelivery(call.call_id))?.delivered === true, { timeoutMs: 10_000 });
    // The call itself also finishes: its dial or carrier reports, locked by the dead worker, are
    // released by the heartbeat check (not by the 120 s stale-lock timeout) and run again.
    await rx.waitFor(() => rx.byEvent('call.analyzed', call.call_id).length >= 1, { deadlineMs: Math.max(1, killedAt + TAKEOVER_DEADLINE_MS - Date.now()), what: 'call.analyzed' });
    const final = (await app.http().get(`/v1/calls/${call.call_id}`).set(bearer(org.apiKey))).body;
    expect(final).toMatchObject({ status: 'completed', disposition: 'voicemail', transcript: expect.any(String) });
    expect(rx.byEvent('call.analyzed', call.call_id)[0]!.at - killedAt).toBeLessThan(TAKEOVER_DEADLINE_MS);
  } finally {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill(w === survivor ? 'SIGTERM' : 'SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await rx.close();
  }
});

test('SIGTERM lets a worker finish the attempt in flight before it exits', async () => {
  const rx = await Receiver.start((r) => (r.json.event === 'call.queued' ? { status: 200, delayMs: 1500 } : { status: 200 }));
  try {
    const org = await signup(app);
    await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: rx.url }).expect(200);
    const worker = spawnWorker(app, { WEBHOOK_TIMEOUT_SECONDS: '5' });
    const call = (await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550003' })).body;
    await rx.waitFor(() => rx.byEvent('call.queued', call.call_id).length === 1, { what: 'the attempt to start' });
    worker.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    const d = await queuedDelivery(call.call_id);
    expect(d).toMatchObject({ delivered: true, attempts: 1, response_code: 200, lease_until: null });
  } finally {
    await rx.close();
  }
});
