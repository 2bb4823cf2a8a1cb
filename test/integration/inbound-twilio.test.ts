import twilio from 'twilio';
import { bearer, eventually, recordSecret, signup, type TestOrg } from '../helpers/factories';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TwilioFarEnd } from '../helpers/twilio-far-end';

/**
 * Inbound Twilio calls: the local Twilio far end brings callers to the organizations' numbers
 * through the signed incoming-call webhook, follows the TwiML conversation, and reports the end on
 * the number's status callback. Unsigned or forged requests change nothing; unknown numbers and
 * organizations with inbound calls off get <Reject/>.
 */
const PUBLIC = 'https://voicegate.example.test';
const NUMBER_A = '+14155550100';
const NUMBER_B = '+14155550200';
const CALLER = '+14155550123';

describe('inbound Twilio calls against a local far end', () => {
  let app: TestApp;
  let farEnd: TwilioFarEnd;
  let receiver: Receiver;
  let orgA: TestOrg;
  let orgB: TestOrg;
  const accountA = { accountSid: '', authToken: '' };
  const accountB = { accountSid: '', authToken: '' };

  beforeAll(async () => {
    receiver = await Receiver.start();
    farEnd = new TwilioFarEnd(PUBLIC, () => app.url);
    await farEnd.start();
    Object.assign(accountA, farEnd.addAccount());
    Object.assign(accountB, farEnd.addAccount());
    recordSecret(accountA.authToken, accountB.authToken);
    app = await startTestApp({ PUBLIC_BASE_URL: PUBLIC, TWILIO_API_BASE_URL: farEnd.url }, { worker: true });
    orgA = await signup(app, { organizationName: 'Acme Dental' });
    orgB = await signup(app);
    for (const [org, account, number] of [[orgA, accountA, NUMBER_A], [orgB, accountB, NUMBER_B]] as const) {
      await app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'twilio', account_sid: account.accountSid, auth_token: account.authToken, numbers: [number] }).expect(200);
    }
    await app
      .http()
      .put('/dashboard/inbound')
      .set(bearer(orgA.token))
      .send({
        enabled: true,
        greeting: 'Hello, you have reached Acme Dental.',
        task: 'We can confirm your appointment.',
        questions: [{ key: 'keep', question: 'Would you like to keep your appointment?', type: 'boolean' }],
        webhook_url: `${receiver.url}/inbound`,
      })
      .expect(200);
    await app.http().put('/dashboard/inbound').set(bearer(orgB.token)).send({ enabled: false }).expect(200);
  });
  afterAll(async () => {
    await app?.close();
    await farEnd?.close();
    await receiver?.close();
  });

  const inboundCalls = async (org: TestOrg) => (await app.http().get('/v1/calls?direction=inbound').set(bearer(org.apiKey)).expect(200)).body.data as Array<Record<string, unknown>>;

  test('a caller answers the question: completed inbound call with answers, recording and events at the inbound webhook', async () => {
    const { callSid, twiml } = await farEnd.incoming({ accountSid: accountA.accountSid, from: CALLER, to: NUMBER_A, answers: ['yes please'] });
    expect(twiml[0]).toContain('<Start><Recording');
    expect(twiml[0]).toContain('<Say>Hello, you have reached Acme Dental. We can confirm your appointment.</Say>');
    expect(twiml[0]).toContain('Would you like to keep your appointment?');
    expect(twiml[twiml.length - 1]).toContain('<Hangup/>');
    const [c] = await inboundCalls(orgA);
    expect(c).toMatchObject({ direction: 'inbound', from: CALLER, to: NUMBER_A, carrier: 'twilio', carrier_call_id: callSid, status: 'completed', disposition: 'human' });
    await receiver.waitFor(() => receiver.byEvent('call.analyzed', c!.call_id as string).length === 1, { what: 'call.analyzed' });
    const analyzed = receiver.byEvent('call.analyzed', c!.call_id as string)[0]!.json;
    expect(analyzed).toMatchObject({ direction: 'inbound', from: CALLER, structured_answers: { keep: true } });
    expect(receiver.received.filter((r) => r.json.call_id === c!.call_id).map((r) => r.json.event)).toEqual(['call.queued', 'call.ended', 'call.analyzed']);
    const withRecording = await eventually(async () => {
      const call = (await app.http().get(`/v1/calls/${c!.call_id}`).set(bearer(orgA.apiKey)).expect(200)).body;
      return call.recording_url ? call : undefined;
    }, { what: 'the recording' });
    expect(withRecording.transcript).toContain('Callee: yes please');
  });

  test('the same webhook again (a retry): the same call, not a second one', async () => {
    const before = (await inboundCalls(orgA)).length;
    const params = { AccountSid: accountA.accountSid, CallSid: `CA${'1'.repeat(32)}`, From: CALLER, To: NUMBER_A, CallStatus: 'ringing', Direction: 'inbound' };
    const first = await farEnd.post(`${PUBLIC}/carriers/twilio/incoming`, params, accountA.authToken);
    const again = await farEnd.post(`${PUBLIC}/carriers/twilio/incoming`, params, accountA.authToken);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.text).toBe(first.text);
    expect((await inboundCalls(orgA)).length).toBe(before + 1);
  });

  test('unsigned, forged, or signed by another account: 403 and no call', async () => {
    const before = (await inboundCalls(orgA)).length;
    const params = { AccountSid: accountA.accountSid, CallSid: `CA${'2'.repeat(32)}`, From: CALLER, To: NUMBER_A, CallStatus: 'ringing' };
    const url = `${PUBLIC}/carriers/twilio/incoming`;
    const unsigned = await fetch(`${app.url}/carriers/twilio/incoming`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
    expect(unsigned.status).toBe(403);
    expect((await farEnd.post(url, params, accountA.authToken, 'bm90IGEgc2lnbmF0dXJl')).status).toBe(403);
    // Signed with B's token while naming A's account.
    expect((await farEnd.post(url, params, accountB.authToken)).status).toBe(403);
    // A valid signature over another URL.
    expect((await farEnd.post(url, params, accountA.authToken, twilio.getExpectedTwilioSignature(accountA.authToken, `${PUBLIC}/carriers/twilio/other`, params))).status).toBe(403);
    expect((await inboundCalls(orgA)).length).toBe(before);
  });

  test('a number no organization has on that account, and an organization with inbound calls off: <Reject/>', async () => {
    const unknown = await farEnd.incoming({ accountSid: accountA.accountSid, from: CALLER, to: '+14155550999' });
    expect(unknown.twiml).toEqual([expect.stringContaining('<Reject/>')]);
    // B's number called on A's account: not A's number, and not B's account.
    const crossed = await farEnd.incoming({ accountSid: accountA.accountSid, from: CALLER, to: NUMBER_B });
    expect(crossed.twiml).toEqual([expect.stringContaining('<Reject/>')]);
    const off = await farEnd.incoming({ accountSid: accountB.accountSid, from: CALLER, to: NUMBER_B });
    expect(off.twiml).toEqual([expect.stringContaining('<Reject/>')]);
    expect(await inboundCalls(orgB)).toEqual([]);
  });

  test('with transfer_to in the settings, a caller who asks for a person is put through with <Dial> from their own number: transferred, call.transferred', async () => {
    const person = '+14155550177';
    const settings = (await app.http().get('/dashboard/inbound').set(bearer(orgA.token)).expect(200)).body;
    await app.http().put('/dashboard/inbound').set(bearer(orgA.token)).send({ ...settings, updated_at: undefined, transfer_to: person }).expect(200);
    try {
      const { callSid, twiml } = await farEnd.incoming({ accountSid: accountA.accountSid, from: CALLER, to: NUMBER_A, answers: ['can I speak to a person'] });
      const dial = twiml.find((d) => d.includes('<Dial '));
      expect(dial).toContain('Please hold while I connect you to a person.');
      expect(dial).toContain(`callerId="${CALLER}"`);
      expect(dial).toContain(`<Number>${person}</Number>`);
      const c = (await inboundCalls(orgA)).find((x) => x.carrier_call_id === callSid)!;
      expect(c).toMatchObject({ direction: 'inbound', status: 'completed', disposition: 'transferred', transfer_to: person, transfer_when: { callee_asks: true }, transfer: { mode: 'dial', answered: true } });
      await receiver.waitFor(() => receiver.byEvent('call.transferred', c.call_id as string).length === 1, { what: 'call.transferred' });
      expect(receiver.byEvent('call.transferred', c.call_id as string)[0]!.json).toMatchObject({ direction: 'inbound', from: CALLER, transfer_to: person, mode: 'dial', answered: true });
    } finally {
      await app.http().put('/dashboard/inbound').set(bearer(orgA.token)).send({ ...settings, updated_at: undefined }).expect(200);
    }
  });

  test("tenant isolation: B never sees A's inbound calls, and B's account cannot end them", async () => {
    // The call of the retry test is still in progress (nobody reported its end).
    const c = (await inboundCalls(orgA)).find((x) => x.status === 'in_progress')!;
    expect(c).toBeDefined();
    await app.http().get(`/v1/calls/${c.call_id}`).set(bearer(orgB.apiKey)).expect(404);
    const forged = await farEnd.post(`${PUBLIC}/carriers/twilio/incoming/status`, { AccountSid: accountB.accountSid, CallSid: c.carrier_call_id as string, CallStatus: 'failed' }, accountB.authToken);
    expect(forged.status).toBe(200);
    expect((await app.http().get(`/v1/calls/${c.call_id}`).set(bearer(orgA.apiKey)).expect(200)).body.status).toBe('in_progress');
    // A's own account ends it.
    const own = await farEnd.post(`${PUBLIC}/carriers/twilio/incoming/status`, { AccountSid: accountA.accountSid, CallSid: c.carrier_call_id as string, CallStatus: 'completed', CallDuration: '3' }, accountA.authToken);
    expect(own.status).toBe(200);
    expect((await app.http().get(`/v1/calls/${c.call_id}`).set(bearer(orgA.apiKey)).expect(200)).body).toMatchObject({ status: 'completed', duration_seconds: 3 });
  });
});
