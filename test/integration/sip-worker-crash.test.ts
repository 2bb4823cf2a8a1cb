import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { spawnWorker } from '../helpers/child-worker';
import { bearer, eventually, signup } from '../helpers/factories';
import { describeWithTools, freeUdpPort, runSipp, scenarioDir, writeScenario } from '../helpers/telephony';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { answerScenario } from '../sip/scenarios';

// Real calls with speech take tens of seconds, more on a loaded machine: one generous deadline.
jest.setTimeout(240_000);

/**
 * The worker holding a live SIP call is SIGKILLed mid-call. The call must end failed/carrier_error
 * (its lease runs out and another worker's sweeper fails it) and must never be dialed again: SIPp
 * logs every message it received, and it saw exactly one INVITE.
 */
describeWithTools(['sipp'], 'a worker killed during a SIP call', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ CARRIER: 'simulator' });
  });
  afterAll(() => app?.close());

  test('the call ends failed/carrier_error and is not re-dialed', async () => {
    const sipPort = await freeUdpPort();
    const dir = await scenarioDir();
    const env = {
      CARRIER: 'sip',
      SIP_TRUNK_URL: `sip:127.0.0.1:${sipPort}`,
      SIP_BIND_ADDRESS: '127.0.0.1',
      SIP_PORT: '0',
      RTP_PORT_MIN: '45000',
      RTP_PORT_MAX: '47998',
      STT_ENGINE: 'none',
      SIP_CALL_LEASE: '2s',
      SWEEP_INTERVAL: '300ms',
      STALE_JOB_LOCK: '3s',
    };
    const sipp = runSipp(dir, await writeScenario(dir, 'answer', answerScenario()), sipPort, await freeUdpPort(), ['-trace_msg']);
    const org = await signup(app);
    const doomed = spawnWorker(app, env);
    let survivor: ReturnType<typeof spawnWorker> | undefined;
    try {
      const id = (await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550142', task: 'A call that will lose its worker.' }).expect(201)).body.call_id;
      const get = async () => (await app.http().get(`/v1/calls/${id}`).set(bearer(org.apiKey))).body;
      // The worker compiles its sources and readies its engines before it takes the dial job: on a
      // slow 2-vCPU machine, beside the suite's SIP conversations, that once took over 60 s. The
      // worker's own output is in the error when the call is never answered.
      await eventually(async () => (await get()).status === 'in_progress', { timeoutMs: 150_000, what: 'the call to be answered' }).catch((e: Error) => {
        throw new Error(`${e.message}; the worker said:\n${doomed.output.slice(-4_000)}`);
      });
      doomed.kill('SIGKILL');
      await doomed.exited;

      survivor = spawnWorker(app, env);
      const ended = await eventually(async () => {
        const c = await get();
        return c.status === 'failed' ? c : undefined;
      }, { timeoutMs: 60_000, what: 'the orphaned call to be failed' });
      expect(ended).toMatchObject({ status: 'failed', disposition: 'carrier_error', carrier: 'sip', carrier_status: { code: null } });
      expect(ended.carrier_status.reason).toMatch(/not dialed again/);
      // The survivor has had every chance to dial again (its sweeper ran, stale jobs were released).
      await eventually(async () => (await app.db.pool.query(`select 1 from graphile_worker._private_jobs where key = $1`, [`dial:${id}`])).rowCount === 0, { timeoutMs: 30_000, what: 'the dial job to be gone' });
    } finally {
      doomed.kill('SIGKILL');
      survivor?.kill('SIGTERM');
      await survivor?.exited;
      sipp.kill();
      await sipp.exited;
    }
    const log = (await readdir(dir)).find((f) => f.endsWith('_messages.log'));
    expect(log).toBeDefined();
    const received = (await readFile(path.join(dir, log!), 'utf8')).match(/^INVITE sip:/gm) ?? [];
    expect(received).toHaveLength(1);
  });
});
