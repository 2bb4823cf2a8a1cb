import request from 'supertest';
import { freePort } from '../../src/db/free-port';
import { bearer, eventually, signup } from '../helpers/factories';
import { spawnWorker } from '../helpers/child-worker';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The API in this process; the first worker a real child process (src/main.ts) that is SIGKILLed.
let app: TestApp;
let rx: Receiver;
beforeAll(async () => {
  rx = await Receiver.start();
  app = await startTestApp({ SIMULATOR_SPEEDUP: '200', SWEEP_INTERVAL: '300ms' });
});
afterAll(async () => {
  await app.close();
  await rx.close();
});

test('a worker killed (SIGKILL) mid-campaign: another finishes it, and no recipient attempt is ever dialed twice', async () => {
  const org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: rx.url }).expect(200);
  const port = await freePort();
  const doomed = spawnWorker(app, { PORT: String(port), HOST: '127.0.0.1', SIMULATOR_SPEEDUP: '200' });
  try {
    await eventually(async () => (await request(`http://127.0.0.1:${port}`).get('/ready').catch(() => undefined))?.status === 200, { timeoutMs: 45_000, what: 'the worker to be ready' });
    const recipients = Array.from({ length: 40 }, (_, i) => ({ to: `+1415556${String(1000 + i)}` }));
    const all = { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '00:00', end: '24:00' };
    const { body } = await app
      .http()
      .post('/v1/campaigns')
      .set(bearer(org.apiKey))
      .send({ name: 'crash', calling_window: all, max_calls_per_second: 50, max_concurrent_calls: 8, retry: { carrier_error: { after_seconds: 1 } }, recipients })
      .expect(201);
    const id = body.campaign_id as string;
    // Kill it while calls are being placed: some dialed, some not yet.
    await eventually(async () => (await app.db.pool.query(`select count(*)::int as n from calls where campaign_id = $1 and dial_started_at is not null`, [id])).rows[0].n >= 6, {
      timeoutMs: 30_000,
      what: 'some dials',
    });
    doomed.kill('SIGKILL');
    expect(await doomed.exited).toBeNull();

    await app.startWorker();
    await rx.waitFor(() => rx.received.some((r) => r.json.event === 'campaign.completed' && r.json.campaign_id === id), 90_000, 'campaign.completed');

    const calls = (await app.db.pool.query(`select id, recipient_id, attempt, status, disposition, dial_started_at, carrier_call_id from calls where campaign_id = $1`, [id])).rows;
    const attempts = new Map<string, number>();
    for (const c of calls) {
      const k = `${c.recipient_id}/${c.attempt}`;
      attempts.set(k, (attempts.get(k) ?? 0) + (c.status === 'canceled' && !c.dial_started_at ? 0 : 1));
    }
    // One call per recipient attempt, and every recipient reached exactly once (a dial cut short by
    // the kill fails as carrier_error and is retried as a new attempt, never re-dialed in place).
    expect([...attempts.values()].every((n) => n === 1)).toBe(true);
    const recips = (await app.db.pool.query(`select status, attempts from campaign_recipients where campaign_id = $1`, [id])).rows;
    expect(recips).toHaveLength(40);
    expect(recips.every((r) => r.status === 'completed')).toBe(true);
    const reached = calls.filter((c) => c.disposition === 'human');
    expect(new Set(reached.map((c) => c.recipient_id)).size).toBe(40);
    expect(reached).toHaveLength(40);
    for (const c of calls.filter((c) => c.disposition === 'carrier_error')) expect(c.carrier_call_id).toBeNull();
    // Each dialed call ended once: at most one call.ended delivery reached the receiver. Delivery is
    // at least once, so one delivery may arrive twice (the killed worker's attempt got through but was
    // never recorded, and the survivor sent it again): count deliveries (webhook-id), not requests.
    for (const c of reached) expect(new Set(rx.received.filter((r) => r.json.event === 'call.ended' && r.json.call_id === c.id).map((r) => r.headers['webhook-id'])).size).toBeLessThanOrEqual(1);
    const endedEvents = await app.db.pool.query(`select count(*)::int as n from webhook_deliveries where event = 'call.ended' and call_id = any($1::uuid[]) group by call_id`, [reached.map((c) => c.id)]);
    expect(endedEvents.rows.map((r) => r.n)).toEqual(reached.map(() => 1));
  } finally {
    if (doomed.exitCode === null && doomed.signalCode === null) doomed.kill('SIGKILL');
  }
}, 180_000);
