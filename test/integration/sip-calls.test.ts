import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { describeWithTools, freeUdpPort, runSipp, scenarioDir, writeScenario } from '../helpers/telephony';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { answerScenario, calleeHangsUpScenario, digestScenario, rejectScenario, ringForeverScenario } from '../sip/scenarios';

// Real calls with speech take tens of seconds, more on a loaded machine: one generous deadline.
jest.setTimeout(240_000);

/**
 * Real SIP calls on loopback: voicegate's SIP carrier (in the worker) dials SIPp, which plays the
 * far end of each outcome. Every test checks our disposition and carrier_status, and SIPp's exit
 * status (0 only when its scenario completed: our ACK, CANCEL or BYE arrived as it expected).
 */
describeWithTools(['sipp'], 'SIP calls against SIPp', () => {
  let app: TestApp;
  let org: TestOrg;
  let sipPort: number;
  let dir: string;

  beforeAll(async () => {
    sipPort = await freeUdpPort();
    dir = await scenarioDir();
    app = await startTestApp(
      {
        CARRIER: 'sip',
        SIP_TRUNK_URL: `sip:alice:s3cret@127.0.0.1:${sipPort}`,
        SIP_BIND_ADDRESS: '127.0.0.1',
        SIP_PORT: '0',
        RTP_PORT_MIN: '30000',
        RTP_PORT_MAX: '39998',
        STT_ENGINE: 'none',
        SIP_CALL_LEASE: '3s',
      },
      { worker: true },
    );
    org = await signup(app);
  });
  afterAll(() => app?.close());

  const place = async (body: Record<string, unknown> = {}) => {
    const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550123', ...body });
    expect(res.status).toBe(201);
    return res.body.call_id as string;
  };
  const get = async (id: string) => (await app.http().get(`/v1/calls/${id}`).set(bearer(org.apiKey)).expect(200)).body;
  const final = (id: string, timeoutMs = 60_000) =>
    eventually(async () => {
      const c = await get(id);
      return ['completed', 'failed', 'canceled'].includes(c.status) ? c : undefined;
    }, { timeoutMs, what: `call ${id} to end` });

  /** Runs one scenario against one call and returns the finished call and SIPp's exit status. */
  async function callAgainst(name: string, xml: string, body: Record<string, unknown> = {}) {
    const file = await writeScenario(dir, name, xml);
    const sipp = runSipp(dir, file, sipPort, await freeUdpPort());
    try {
      const id = await place(body);
      const call = await final(id);
      const code = await sipp.exited;
      return { call, code, output: sipp.output() };
    } catch (e) {
      sipp.kill();
      throw new Error(`${(e as Error).message}\nSIPp said:\n${sipp.output()}`);
    }
  }

  const rejections: Array<[number, string, string, boolean]> = [
    [486, 'Busy Here', 'busy', true],
    [600, 'Busy Everywhere', 'busy', true],
    [603, 'Decline', 'busy', true],
    [404, 'Not Found', 'invalid_number', false],
    [484, 'Address Incomplete', 'invalid_number', false],
    [480, 'Temporarily Unavailable', 'no_answer', true],
    [503, 'Service Unavailable', 'carrier_error', false],
  ];
  test.each(rejections)('%i %s → failed/%s', async (code, reason, disposition, ring) => {
    const { call, code: exit, output } = await callAgainst(`reject-${code}`, rejectScenario(code, reason, ring));
    expect({ exit, output: exit === 0 ? '' : output }).toEqual({ exit: 0, output: '' });
    expect(call).toMatchObject({ status: 'failed', disposition, carrier: 'sip', carrier_status: { code, reason } });
    expect(call.carrier_call_id).toEqual(expect.any(String));
    expect(call.duration_seconds).toBe(0);
  });

  test('answered: the agent talks, hangs up with BYE; completed/human with a stereo recording and call.analyzed', async () => {
    const { call, code, output } = await callAgainst('answer', answerScenario(), { task: 'This is a short test call.', caller_name: 'Acme Dental', max_duration_seconds: 60 });
    expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
    expect(call).toMatchObject({ status: 'completed', disposition: 'human', carrier: 'sip', carrier_status: { code: 200, reason: 'OK' } });
    expect(call.started_at).not.toBeNull();
    const analyzed = await eventually(async () => {
      const c = await get(call.call_id);
      return c.recording_url ? c : undefined;
    }, { timeoutMs: 30_000, what: 'the analysis' });
    // The agent says who it calls for: the call's caller name.
    expect(analyzed.transcript).toContain('Agent: Hello, this is an automated assistant calling on behalf of Acme Dental. This is a short test call.');
    const wav = await fetch(analyzed.recording_url.replace(app.config.publicBaseUrl, app.url));
    expect(wav.status).toBe(200);
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await wav.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.readUInt16LE(22)).toBe(2); // stereo
    expect(bytes.readUInt32LE(24)).toBe(8000);
    expect(bytes.readUInt16LE(34)).toBe(16);
    // The agent's side (left) carries speech: some samples are far from silence.
    let loud = 0;
    for (let i = 44; i + 4 <= bytes.length; i += 4) if (Math.abs(bytes.readInt16LE(i)) > 2000) loud++;
    expect(loud).toBeGreaterThan(1000);
  });

  test('the callee hangs up first: our 200 to its BYE, completed/human', async () => {
    const { call, code, output } = await callAgainst('callee-bye', calleeHangsUpScenario(1500), { task: 'A longer task so that the callee hangs up while the agent is still speaking to them.' });
    expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
    expect(call).toMatchObject({ status: 'completed', disposition: 'human', carrier_status: { code: 200, reason: 'OK' } });
  });

  test('no answer within ring_timeout_seconds: CANCEL, 487 ACKed, failed/no_answer', async () => {
    const { call, code, output } = await callAgainst('ring-timeout', ringForeverScenario(), { ring_timeout_seconds: 5 });
    expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
    expect(call).toMatchObject({ status: 'failed', disposition: 'no_answer', carrier_status: { code: 487, reason: 'Request Terminated' }, ring_timeout_seconds: 5 });
  });

  test('canceling a ringing call sends CANCEL (the far end sees it, SIPp completes)', async () => {
    const file = await writeScenario(dir, 'cancel', ringForeverScenario());
    const sipp = runSipp(dir, file, sipPort, await freeUdpPort());
    const id = await place({ ring_timeout_seconds: 120 });
    await eventually(async () => (await get(id)).status === 'ringing', { timeoutMs: 30_000, what: 'ringing' });
    await app.http().post(`/v1/calls/${id}/cancel`).set(bearer(org.apiKey)).expect(200);
    const code = await sipp.exited;
    expect({ code, output: code === 0 ? '' : sipp.output() }).toEqual({ code: 0, output: '' });
    expect(await get(id)).toMatchObject({ status: 'canceled', disposition: 'canceled' });
  });

  test('digest challenge: the INVITE is retried with the trunk credentials and answered', async () => {
    const { call, code, output } = await callAgainst('digest', digestScenario('alice', 's3cret'));
    expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
    expect(call).toMatchObject({ status: 'completed', disposition: 'human', carrier_status: { code: 200 } });
  });

  test('digest challenge with credentials the far end refuses: failed/carrier_error', async () => {
    const { call, code, output } = await callAgainst('digest-bad', digestScenario('alice', 'another-password'));
    expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
    expect(call).toMatchObject({ status: 'failed', disposition: 'carrier_error', carrier_status: { code: 403, reason: 'Forbidden' } });
  });

  test('call.ended carries carrier, carrier_call_id and carrier_status', async () => {
    const { call } = await callAgainst('reject-486-event', rejectScenario(486, 'Busy Here', true));
    const { rows } = await app.db.pool.query(`select payload from webhook_deliveries where call_id = $1 and event = 'call.ended'`, [call.call_id]);
    expect(JSON.parse(rows[0].payload)).toMatchObject({ carrier: 'sip', carrier_call_id: call.carrier_call_id, carrier_status: { code: 486, reason: 'Busy Here' } });
  });
});
