import { bearer, eventually, signup } from '../helpers/factories';
import { spawnWorker } from '../helpers/child-worker';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The API in this process; workers as real child processes running src/main.ts.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ WEBHOOK_TIMEOUT_SECONDS: '2', SWEEP_INTERVAL: '300ms', STALE_JOB_LOCK: '6s' });
});
afterAll(() => app.close());

const queuedDelivery = async (callId: string) =>
  (await app.db.pool.query(`select * from webhook_deliveries where call_id = $1 and event = 'call.queued'`, [callId])).rows[0] as Record<string, unknown> | undefined;

test('a worker killed (SIGKILL) in the middle of a delivery loses nothing: the event is delivered after restart, byte-identical', async () => {
  let first = true;
  const rx = await Receiver.start((r) => {
    if (r.json.event === 'call.queued' && first) {
      first = false;
      return { hang: true }; // the worker is killed while waiting for this answer
    }
    return { status: 200 };
  });
  try {
    const org = await signup(app);
    await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: rx.url }).expect(200);
    const doomed = spawnWorker(app, { WEBHOOK_TIMEOUT_SECONDS: '2', STALE_JOB_LOCK: '6s', SWEEP_INTERVAL: '300ms' });
    const call = (await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550004', metadata: { crash: true } })).body;
    await rx.waitFor(() => rx.byEvent('call.queued', call.call_id).length === 1, { what: 'the first attempt to reach the receiver' });
    doomed.kill('SIGKILL');
    expect(await doomed.exited).toBeNull();
    const inFlight = await queuedDelivery(call.call_id);
    expect(inFlight).toMatchObject({ delivered: false, attempts: 0, state: 'pending' });
    expect(inFlight!.lease_until).not.toBeNull();

    const survivor = spawnWorker(app, { WEBHOOK_TIMEOUT_SECONDS: '2', STALE_JOB_LOCK: '6s', SWEEP_INTERVAL: '300ms' });
    try {
      await rx.waitFor(() => rx.byEvent('call.queued', call.call_id).length === 2, { what: 'redelivery after restart' });
      const [lost, redelivered] = rx.byEvent('call.queued', call.call_id);
      expect(redelivered!.raw.equals(lost!.raw)).toBe(true);
      expect(redelivered!.headers['webhook-id']).toBe(lost!.headers['webhook-id']);
      await eventually(async () => (await queuedDelivery(call.call_id))?.delivered === true);
      // The call itself also finishes: jobs the dead worker held are released and run again.
      const final = await eventually(async () => {
        const c = (await app.http().get(`/v1/calls/${call.call_id}`).set(bearer(org.apiKey))).body;
        return c.status === 'completed' && c.transcript ? c : undefined;
      }, { what: 'the call to complete and be analyzed' });
      expect(final.disposition).toBe('voicemail');
      await rx.waitFor(() => rx.byEvent('call.analyzed', call.call_id).length >= 1, { what: 'call.analyzed' });
    } finally {
      survivor.kill('SIGTERM');
      await survivor.exited;
    }
  } finally {
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
