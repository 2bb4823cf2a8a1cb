import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { freePort } from '../../src/db/free-port';
import { readState } from '../setup/test-db';
import { spawnService, type ServiceProcess } from '../helpers/child-worker';
import { bearer, eventually, signup } from '../helpers/factories';
import { PgCluster } from '../helpers/pg-cluster';
import { Receiver } from '../helpers/receiver';

/**
 * A ROLE=all process (API and worker in one, src/main.ts in a child process) on a PostgreSQL that
 * is stopped (fast shutdown: every connection cut) and started again while calls are being placed
 * and their webhooks delivered. The process must not exit, /ready must go unready and come back,
 * and every event of every call that got a 201 must reach the receiver, the first one promptly.
 */
const ANSWER_WITHIN = { response: 8000, deadline: 10_000 };
/**
 * After PostgreSQL is back, the first event must arrive within this: the runner is rebuilt with a
 * back-off capped at 2 s, and jobs the old runner held are released after WORKER_DEAD_AFTER.
 */
const FIRST_EVENT_AFTER_RECOVERY_MS = 10_000;

let cluster: PgCluster;
let service: ServiceProcess;
let exitCode: number | null | undefined;
let rx: Receiver;
let url: string;
let logFile: string;
const http = () => request(url);

/**
 * /ready's answer, or undefined when the request failed. A service that has exited fails the wait
 * at once with the end of its log, which says why (a wait for a dead process would only time out).
 */
async function ready(): Promise<{ status: number; body: { database?: string } } | undefined> {
  if (exitCode !== undefined) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '(no log file)';
    throw new Error(`the service exited with code ${String(exitCode)}; its log ends:\n${log}\n${service.output.slice(-2000)}`);
  }
  return http().get('/ready').timeout(ANSWER_WITHIN).catch(() => undefined);
}

beforeAll(async () => {
  cluster = new PgCluster(path.join(os.tmpdir(), `voicegate-outage-${process.pid}-${Date.now().toString(36)}`));
  const databaseUrl = await cluster.start();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  logFile = path.join(readState().logDir, `worker-outage-${process.pid}.child.log`);
  service = spawnService({
    role: 'all',
    databaseUrl,
    secrets: { jwtSecret: randomBytes(32).toString('base64url'), encryptionKey: randomBytes(32).toString('base64') },
    logFile,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      BCRYPT_COST: '4',
      WEBHOOK_RETRY_SCHEDULE: '200ms,400ms,800ms,1s,1s,1s,1s',
      WEBHOOK_RETRY_FLOOR: '300ms',
      WEBHOOK_TIMEOUT_SECONDS: '2',
      SWEEP_INTERVAL: '500ms',
      RATE_LIMIT_ENABLED: 'false',
      WORKER_CONCURRENCY: '8',
    },
  });
  void service.exited.then((code) => {
    exitCode = code;
  });
  await eventually(async () => (await http().get('/ready')).status === 200, { timeoutMs: 45_000, what: 'the service to be ready' });
  rx = await Receiver.start();
}, 60_000);

/** The test's traffic loops, stopped here too if the test failed before stopping them. */
let flowing = false;
let loops: Array<Promise<void>> = [];

afterAll(async () => {
  flowing = false;
  await Promise.allSettled(loops);
  if (exitCode === undefined) {
    service.kill('SIGTERM');
    // A deadline for the exit that does not outlive it: a pending 20 s timer would keep this jest
    // worker alive after the file and make jest force it to exit.
    let deadline: NodeJS.Timeout | undefined;
    await Promise.race([service.exited, new Promise((r) => (deadline = setTimeout(r, 20_000)))]);
    clearTimeout(deadline);
  }
  await rx?.close();
  await cluster?.close();
}, 60_000);

test('PostgreSQL stopped and restarted under load: the process lives on, /ready follows, every event of every 201 arrives', async () => {
  const org = await signup({ http });
  await http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: rx.url }).expect(200);
  const placed: string[] = [];
  flowing = true;
  loops = Array.from({ length: 4 }, async (_, loop) => {
    for (let i = 0; flowing; i++) {
      const res = await http()
        .post('/v1/calls/outbound')
        .set(bearer(org.apiKey))
        .timeout(ANSWER_WITHIN)
        .send({ to: `+1415555${String(1000 + ((loop * 500 + i) % 9000)).padStart(4, '0')}` })
        .catch(() => undefined);
      if (res?.status === 201) placed.push(res.body.call_id as string);
      else await new Promise((r) => setTimeout(r, 50));
    }
  });
  // Load is flowing: calls placed and their events being delivered.
  await rx.waitFor(() => placed.length >= 20 && rx.received.length >= 20, 30_000, 'traffic before the outage');

  await cluster.stop();
  await eventually(async () => (await ready())?.status === 503, { timeoutMs: 15_000, what: '/ready to say not ready' });
  // Stay down until the worker has met the outage (its queue runner errors or is rebuilt), so the
  // outage is not over before it is felt.
  await eventually(async () => (await ready())?.body?.database === 'down', { timeoutMs: 15_000 });
  await new Promise((r) => setTimeout(r, 3000)); // an outage of a few seconds (the scenario, not a synchronisation)
  expect(exitCode).toBeUndefined();

  const receivedBefore = rx.received.length;
  await cluster.start();
  const recoveredAt = Date.now();
  await eventually(async () => (await ready())?.status === 200, { timeoutMs: 30_000, what: '/ready to recover' });
  await rx.waitFor(() => rx.received.length > receivedBefore, { deadlineMs: FIRST_EVENT_AFTER_RECOVERY_MS, what: 'the first event after recovery' });
  expect(rx.received[receivedBefore]!.at - recoveredAt).toBeLessThan(FIRST_EVENT_AFTER_RECOVERY_MS);

  await eventually(async () => placed.length >= 40, { timeoutMs: 30_000, what: 'calls accepted again' });
  flowing = false;
  await Promise.all(loops);

  // Every event of every call that got a 201: call.queued, call.ended, and call.analyzed for completed ones.
  const expected = (id: string) => ['call.queued', 'call.ended'].every((e) => rx.byEvent(e, id).length >= 1);
  await rx.waitFor(() => placed.every(expected), 90_000, `all events of ${placed.length} calls`);
  const completed = await Promise.all(placed.map(async (id) => (await http().get(`/v1/calls/${id}`).set(bearer(org.apiKey))).body as { call_id: string; status: string }));
  await rx.waitFor(() => completed.filter((c) => c.status === 'completed').every((c) => rx.byEvent('call.analyzed', c.call_id).length >= 1), 60_000, 'call.analyzed of every completed call');
  expect(completed.every((c) => ['completed', 'failed'].includes(c.status))).toBe(true);
  expect(exitCode).toBeUndefined();
}, 240_000);
