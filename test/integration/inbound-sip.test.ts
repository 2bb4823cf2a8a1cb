import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { Receiver } from '../helpers/receiver';
import { describeWithTools, freeUdpPort, runSipp, scenarioDir, writeScenario } from '../helpers/telephony';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { rejectScenario } from '../sip/scenarios';
import { callAndWaitForByeScenario, callerHangsUpScenario, cancelBeforeAnswerScenario, refusedScenario } from '../sip/inbound-scenarios';

// Real calls with speech take tens of seconds, more on a loaded machine: one generous deadline.
jest.setTimeout(240_000);

const NUMBER_A = '+14155550100';
const NUMBER_OFF = '+14155550101';
const NUMBER_ELSEWHERE = '+14155550102';
const CALLER = '+14155550123';

/**
 * Inbound SIP calls on loopback: SIPp plays the trunk that brings a caller to voicegate's SIP port
 * (the worker's UAS). Each test checks what SIPp saw (its exit status: 0 only when every response
 * it expected came, in order) and what the service made of the call (the row, its events).
 */
describeWithTools(['sipp'], 'inbound SIP calls from SIPp', () => {
  let app: TestApp;
  let sipPort: number;
  /** Where A's trunk takes outbound calls (a SIPp far end, when a campaign calls). */
  let trunkPort: number;
  let dir: string;
  let receiver: Receiver;
  let orgA: TestOrg;
  let orgOff: TestOrg;
  let orgElsewhere: TestOrg;

  const put = (org: TestOrg, path: string, body: object) => app.http().put(path).set(bearer(org.token)).send(body);

  beforeAll(async () => {
    sipPort = await freeUdpPort();
    trunkPort = await freeUdpPort();
    dir = await scenarioDir();
    receiver = await Receiver.start();
    app = await startTestApp(
      {
        CARRIER: 'sip',
        SIP_TRUNK_URL: `sip:127.0.0.1:${await freeUdpPort()}`,
        SIP_BIND_ADDRESS: '127.0.0.1',
        SIP_PORT: String(sipPort),
        CARRIER_ALLOW_PRIVATE_NETWORKS: 'true',
        RTP_PORT_MIN: '30000',
        RTP_PORT_MAX: '39998',
        STT_ENGINE: 'none',
        SIP_CALL_LEASE: '3s',
      },
      { worker: true },
    );
    // The worker opens its SIP port at start (CARRIER=sip); this waits for it.
    expect(await app.services.carriers.sip.listen()).toBe(sipPort);
    orgA = await signup(app, { organizationName: 'Acme Dental' });
    orgOff = await signup(app);
    orgElsewhere = await signup(app);
    // The trunk is SIPp on 127.0.0.1 for A and the org whose inbound calls are off; another trunk for the third.
    await put(orgA, '/dashboard/carrier', { type: 'sip', host: '127.0.0.1', port: trunkPort, numbers: [NUMBER_A] }).expect(200);
    await put(orgOff, '/dashboard/carrier', { type: 'sip', host: '127.0.0.1', port: 5060, numbers: [NUMBER_OFF] }).expect(200);
    await put(orgElsewhere, '/dashboard/carrier', { type: 'sip', host: '127.0.0.2', port: 5060, numbers: [NUMBER_ELSEWHERE] }).expect(200);
    await put(orgA, '/dashboard/inbound', {
      enabled: true,
      greeting: 'Hello, you have reached Acme Dental.',
      task: 'We can confirm your appointment.',
      webhook_url: `${receiver.url}/inbound`,
    }).expect(200);
    await put(orgOff, '/dashboard/inbound', { enabled: false }).expect(200);
    await put(orgElsewhere, '/dashboard/inbound', { enabled: true }).expect(200);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  /** Runs one UAC scenario calling `number` and returns SIPp's exit status and output. */
  async function call(name: string, xml: string, number: string, caller = CALLER) {
    const file = await writeScenario(dir, name, xml);
    const sipp = runSipp(dir, file, await freeUdpPort(), await freeUdpPort(), [`127.0.0.1:${sipPort}`, '-s', number, '-key', 'caller', caller]);
    const code = await sipp.exited;
    return { code, output: code === 0 ? '' : sipp.output() };
  }
  const inboundCalls = async (org: TestOrg) => (await app.http().get('/v1/calls?direction=inbound').set(bearer(org.apiKey)).expect(200)).body.data as Array<Record<string, unknown>>;
  /** The organization's latest inbound call once it has ended (the end is recorded right after the last SIP message). */
  const latestEnded = (org: TestOrg) =>
    eventually(async () => {
      const [c] = await inboundCalls(org);
      return c && ['completed', 'failed', 'canceled'].includes(c.status as string) ? c : undefined;
    }, { what: 'the inbound call to end' });

  test('answered, the agent greets and hangs up: an inbound call, completed, with call.queued, call.ended and call.analyzed at the inbound webhook', async () => {
    expect(await call('answered', callAndWaitForByeScenario(), NUMBER_A)).toEqual({ code: 0, output: '' });
    const c = await latestEnded(orgA);
    expect(c).toMatchObject({ direction: 'inbound', to: NUMBER_A, from: CALLER, status: 'completed', disposition: 'human', carrier: 'sip', carrier_status: { code: 200, reason: 'OK' }, callback_of: null });
    await receiver.waitFor(() => receiver.byEvent('call.analyzed', c.call_id as string).length === 1, { what: 'call.analyzed' });
    const events = receiver.received.filter((r) => r.json.call_id === c.call_id);
    expect(events.map((e) => [e.path, e.json.event])).toEqual([
      ['/inbound', 'call.queued'],
      ['/inbound', 'call.ended'],
      ['/inbound', 'call.analyzed'],
    ]);
    expect(events[0]!.json).toMatchObject({ direction: 'inbound', from: CALLER, to: NUMBER_A, status: 'queued', callback_of: null });
    const analyzed = events[2]!.json;
    expect(analyzed.transcript).toContain('Agent: Hello, you have reached Acme Dental. We can confirm your appointment.');
    expect(analyzed.recording_url).toEqual(expect.any(String));
    expect(c.started_at).not.toBeNull();
  });

  test('the caller hangs up first: our 200 to its BYE, completed/human', async () => {
    await put(orgA, '/dashboard/inbound', {
      enabled: true,
      task: 'This is a long explanation that the caller will not wait for, because they hang up while the agent is still talking about the appointment, its time, its place and what to bring.',
      webhook_url: `${receiver.url}/inbound`,
    }).expect(200);
    expect(await call('caller-bye', callerHangsUpScenario(1500), NUMBER_A)).toEqual({ code: 0, output: '' });
    const c = await latestEnded(orgA);
    expect(c).toMatchObject({ direction: 'inbound', status: 'completed', disposition: 'human', from: CALLER });
  });

  test('CANCEL before the answer: 200 to the CANCEL, 487 to the INVITE, and the call ends canceled', async () => {
    const before = (await inboundCalls(orgA)).length;
    expect(await call('cancel', cancelBeforeAnswerScenario(), NUMBER_A)).toEqual({ code: 0, output: '' });
    // The 487 goes out at once, even while the call is still being recorded: the row may come after it.
    const calls = await eventually(async () => {
      const list = await inboundCalls(orgA);
      return list.length === before + 1 && list[0]!.status === 'canceled' ? list : undefined;
    }, { what: 'the canceled inbound call' });
    expect(calls[0]).toMatchObject({ direction: 'inbound', status: 'canceled', disposition: 'canceled', carrier_status: { code: 487 } });
  });

  test('a call back from a number a campaign called: callback_of names the campaign and recipient, which is reached (completed) and not called again', async () => {
    const recipientNumber = '+14155550177';
    // The campaign calls the number once: busy (SIPp as the far end of A's trunk).
    const busy = runSipp(dir, await writeScenario(dir, 'campaign-busy', rejectScenario(486, 'Busy Here', true)), trunkPort, await freeUdpPort());
    const created = await app
      .http()
      .post('/v1/campaigns')
      .set(bearer(orgA.apiKey))
      .send({ name: 'Reminders', task: 'Confirm the appointment.', retry: { busy: { after_seconds: 3600 } }, recipients: [{ to: recipientNumber }] })
      .expect(201);
    const campaignId = created.body.campaign_id as string;
    expect(await busy.exited).toBe(0);
    const recipientsOf = async () => (await app.http().get(`/v1/campaigns/${campaignId}/recipients`).set(bearer(orgA.apiKey)).expect(200)).body.data as Array<Record<string, unknown>>;
    const waiting = await eventually(async () => {
      const [r] = await recipientsOf();
      return r?.status === 'pending' && r.attempts === 1 ? r : undefined;
    }, { what: 'the recipient to wait for its retry after busy' });
    expect(waiting.last_disposition).toBe('busy');

    // The person calls back.
    expect(await call('callback', callerHangsUpScenario(1000), NUMBER_A, recipientNumber)).toEqual({ code: 0, output: '' });
    const c = await latestEnded(orgA);
    expect(c).toMatchObject({ direction: 'inbound', from: recipientNumber, callback_of: { campaign_id: campaignId, recipient_id: waiting.recipient_id } });
    const [r] = await recipientsOf();
    expect(r).toMatchObject({ status: 'completed', attempts: 1, next_attempt_at: null, callback_call_id: c.call_id, called_back_at: expect.any(String) });
    // Nobody is left to call: the campaign completes.
    await eventually(async () => (await app.http().get(`/v1/campaigns/${campaignId}`).set(bearer(orgA.apiKey)).expect(200)).body.status === 'completed', { what: 'the campaign to complete' });
    await receiver.waitFor(() => receiver.byEvent('call.queued', c.call_id as string).length > 0, { what: "the callback's call.queued" });
    expect(receiver.byEvent('call.queued', c.call_id as string)[0]!.json.callback_of).toEqual({ campaign_id: campaignId, recipient_id: waiting.recipient_id });
  });

  test('a number no organization has: 404, and no call anywhere', async () => {
    expect(await call('unknown', refusedScenario(404), '+14155550199')).toEqual({ code: 0, output: '' });
    const { rows } = await app.db.pool.query(`select count(*)::int as n from calls where to_number = '+14155550199'`);
    expect(rows[0].n).toBe(0);
  });

  test('inbound calls off: 480, and no call', async () => {
    expect(await call('disabled', refusedScenario(480), NUMBER_OFF)).toEqual({ code: 0, output: '' });
    expect(await inboundCalls(orgOff)).toEqual([]);
    // Settings deleted: off too.
    await app.http().delete('/dashboard/inbound').set(bearer(orgElsewhere.token)).expect(200);
  });

  test("an INVITE that does not come from the number's trunk: 403, and no call", async () => {
    expect(await call('wrong-source', refusedScenario(403), NUMBER_ELSEWHERE)).toEqual({ code: 0, output: '' });
    expect(await inboundCalls(orgElsewhere)).toEqual([]);
  });

  test("tenant isolation: another organization never sees A's inbound calls", async () => {
    const [c] = await inboundCalls(orgA);
    expect(c).toBeDefined();
    await app.http().get(`/v1/calls/${c!.call_id}`).set(bearer(orgOff.apiKey)).expect(404);
    expect(await inboundCalls(orgOff)).toEqual([]);
    const gql = await app
      .http()
      .post('/graphql')
      .set(bearer(orgOff.token))
      .send({ query: '{ calls(direction: INBOUND, first: 10) { nodes { callId: id direction } } }' })
      .expect(200);
    expect(gql.body).toEqual({ data: { calls: { nodes: [] } } });
    const own = await app.http().post('/graphql').set(bearer(orgA.token)).send({ query: '{ calls(direction: INBOUND, first: 10) { nodes { id direction from } } }' }).expect(200);
    const rest = await inboundCalls(orgA);
    expect(own.body.data.calls.nodes).toEqual(rest.map((r) => ({ id: r.call_id, direction: 'INBOUND', from: r.from })));
    expect(rest.length).toBeGreaterThanOrEqual(4);
  });
});
