import { createHmac } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { bearer, eventually, recordSecret, signup, type TestOrg } from '../helpers/factories';
import { rawGql } from '../helpers/graphql';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TwilioFarEnd, type Scenario } from '../helpers/twilio-far-end';

/**
 * Transfer fields on the call (validation, REST and GraphQL), and the Twilio transfer end to end:
 * the Twilio-like far end receives TwiML with <Dial>, then calls its action, and the call ends
 * transferred (or the agent takes a message); call.transferred arrives signed.
 */
const PUBLIC = 'https://voicegate.example.test';
const PERSON = '+14155550100';
const CONFIRM = { key: 'interested', question: 'Are you interested in a cheaper plan?', type: 'boolean' };

describe('transfer to a person', () => {
  let app: TestApp;
  let farEnd: TwilioFarEnd;
  let rx: Receiver;
  let twilioOrg: TestOrg;
  let plain: TestOrg;
  let seq = 0;

  beforeAll(async () => {
    rx = await Receiver.start();
    farEnd = new TwilioFarEnd(PUBLIC, () => app.url);
    await farEnd.start();
    const account = farEnd.addAccount();
    recordSecret(account.authToken);
    app = await startTestApp({ PUBLIC_BASE_URL: PUBLIC, TWILIO_API_BASE_URL: farEnd.url }, { worker: true });
    twilioOrg = await signup(app);
    plain = await signup(app);
    await app.http().put('/dashboard/carrier').set(bearer(twilioOrg.token)).send({ type: 'twilio', account_sid: account.accountSid, auth_token: account.authToken, numbers: ['+14155550111'] }).expect(200);
    await app.http().patch('/dashboard/webhook').set(bearer(twilioOrg.token)).send({ webhook_url: `${rx.url}/hooks` }).expect(200);
  });
  afterAll(async () => {
    await app?.close();
    await farEnd?.close();
    await rx?.close();
  });

  /** A body validated against a schema of the OpenAPI document the app serves (`#/webhooks/…` or a component). */
  async function conformsTo(pointer: (doc: Record<string, any>) => unknown, body: unknown): Promise<void> {
    const doc = (await app.http().get('/openapi.json').expect(200)).body;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const base = 'https://voicegate.test/openapi.json';
    ajv.addSchema({ $id: base, components: doc.components });
    const validate = ajv.compile(JSON.parse(JSON.stringify(pointer(doc)).replace(/"#\/components\//g, `"${base}#/components/`)));
    if (!validate(body)) throw new Error(`does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`);
  }

  const place = (org: TestOrg, body: Record<string, unknown>) => app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send(body);
  const errorsOf = (res: { body: { errors?: Array<{ field: string; message: string }> } }) => (res.body.errors ?? []).map((e) => e.field);

  describe('the fields', () => {
    test('transfer_to (E.164, canonical) with the default rule; transfer_when as given; both in REST and GraphQL', async () => {
      const res = await place(plain, { to: '+14155550123', transfer_to: '+4402071234567', questions: [CONFIRM] });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ transfer_to: '+442071234567', transfer_when: { callee_asks: true }, transfer: null });
      const ruled = await place(plain, { to: '+14155550123', transfer_to: PERSON, transfer_when: { digit: '0', answer: { key: 'interested', equals: true } }, questions: [CONFIRM] });
      expect(ruled.body).toMatchObject({ transfer_to: PERSON, transfer_when: { digit: '0', answer: { key: 'interested', equals: true } } });
      const none = await place(plain, { to: '+14155550123' });
      expect(none.body).toMatchObject({ transfer_to: null, transfer_when: null, transfer: null });

      const q = await rawGql(app, `query($id: ID!) { call(id: $id) { transferTo transferWhen { calleeAsks digit answer { key equals } } transfer { mode } } }`, { id: ruled.body.call_id }, plain.token);
      expect(q.data?.call).toEqual({ transferTo: PERSON, transferWhen: { calleeAsks: false, digit: '0', answer: { key: 'interested', equals: true } }, transfer: null });
      const placed = await rawGql(
        app,
        `mutation($input: PlaceCallInput!) { placeCall(input: $input) { transferTo transferWhen { calleeAsks digit answer { key equals } } } }`,
        { input: { to: '+14155550124', transferTo: PERSON, transferWhen: { answer: { key: 'interested', equals: 'yes' } }, questions: [{ key: 'interested', text: 'Interested?', type: 'STRING' }] } },
        plain.token,
      );
      expect(placed.errors).toBeUndefined();
      expect(placed.data?.placeCall).toEqual({ transferTo: PERSON, transferWhen: { calleeAsks: false, digit: null, answer: { key: 'interested', equals: 'yes' } } });
    });

    test.each([
      ['transfer_when without transfer_to', { transfer_when: { digit: '0' } }, ['transfer_when']],
      ['an empty rule', { transfer_to: PERSON, transfer_when: {} }, ['transfer_when']],
      ['two keys', { transfer_to: PERSON, transfer_when: { digit: '00' } }, ['transfer_when.digit']],
      ['a rule on no question', { transfer_to: PERSON, transfer_when: { answer: { key: 'nope', equals: true } } }, ['transfer_when.answer.key']],
      ['not a number', { transfer_to: '4155550100' }, ['transfer_to']],
      ['a SIP URI with parameters', { transfer_to: 'sip:desk@pbx.example.com;transport=tcp' }, ['transfer_to']],
      ['an unknown field in the rule', { transfer_to: PERSON, transfer_when: { digit: '0', press: '1' } }, ['transfer_when.press']],
    ])('%s: 422 naming the field', async (_name, body, fields) => {
      const res = await place(plain, { to: '+14155550123', questions: [CONFIRM], ...body });
      expect(res.status).toBe(422);
      expect(errorsOf(res)).toEqual(fields);
    });

    test('a SIP URI only on a SIP connection, and its host judged like a trunk host', async () => {
      const simulated = await place(plain, { to: '+14155550123', transfer_to: 'sip:desk@pbx.example.com' });
      expect([simulated.status, errorsOf(simulated)]).toEqual([422, ['transfer_to']]);
      expect(simulated.body.errors[0].message).toContain('only when the carrier connection is SIP');
      const sipOrg = await signup(app);
      // A public literal address: saved without any lookup (the calls below are scheduled, never dialled).
      await app.http().put('/dashboard/carrier').set(bearer(sipOrg.token)).send({ type: 'sip', host: '8.8.8.8', port: 5060, transport: 'udp', username: 'u', password: 'p', numbers: ['+14155550122'] }).expect(200);
      for (const host of ['127.0.0.1', '10.1.2.3', '[::1]', 'localhost']) {
        const res = await place(sipOrg, { to: '+14155550123', transfer_to: `sip:desk@${host}` });
        expect({ host, status: res.status, fields: errorsOf(res) }).toEqual({ host, status: 422, fields: ['transfer_to'] });
      }
      const ok = await place(sipOrg, { to: '+14155550123', transfer_to: 'sip:desk@1.1.1.1:5080', schedule_at: new Date(Date.now() + 86_400_000).toISOString() });
      expect([ok.status, ok.body.transfer_to]).toEqual([201, 'sip:desk@1.1.1.1:5080']);
      await app.http().post(`/v1/calls/${ok.body.call_id}/cancel`).set(bearer(sipOrg.apiKey));
    });
  });

  describe('Twilio: <Dial>', () => {
    const callee = (scenario: Scenario) => {
      const to = `+1415556${String(1000 + seq++).padStart(4, '0')}`;
      farEnd.scenarios.set(to, scenario);
      return to;
    };
    const says = (doc: string) => [...doc.matchAll(/<Say>([^<]*)<\/Say>/g)].map((m) => m[1]!.replace(/&apos;/g, "'"));
    const analyzed = (id: string) =>
      eventually(async () => {
        const c = (await app.http().get(`/v1/calls/${id}`).set(bearer(twilioOrg.apiKey)).expect(200)).body;
        return c.transcript !== null && c.status === 'completed' ? c : undefined;
      }, { timeoutMs: 45_000, what: `call ${id} to be analysed` });
    const signedTransferred = async (callId: string) => {
      await rx.waitFor(() => rx.byEvent('call.transferred', callId).length > 0, { what: 'call.transferred' });
      const [r] = rx.byEvent('call.transferred', callId);
      expect(r!.headers['x-voice-signature']).toBe(`sha256=${createHmac('sha256', Buffer.from(twilioOrg.webhookSecret, 'utf8')).update(r!.raw).digest('hex')}`);
      await conformsTo((doc) => doc.webhooks['call.transferred'].post.requestBody.content['application/json'].schema, r!.json);
      return r!.json;
    };

    test('"can I speak to a person?": TwiML with the hold line and <Dial> (action URL); answered → completed/transferred, signed call.transferred', async () => {
      const to = callee({ kind: 'human', answers: ['can I speak to a person?'], dial: 'completed' });
      const res = await place(twilioOrg, { to, questions: [CONFIRM], transfer_to: PERSON, ring_timeout_seconds: 20 });
      expect(res.status).toBe(201);
      const call = await analyzed(res.body.call_id);
      const far = [...farEnd.calls.values()].find((c) => c.params.get('To') === to)!;
      expect(far.dialed).toEqual([PERSON]);
      const dialDoc = far.twiml[1]!;
      expect(says(dialDoc)).toEqual(['Please hold while I connect you to a person.']);
      expect(dialDoc).toMatch(new RegExp(`<Dial action="${PUBLIC}/carriers/twilio/calls/${res.body.call_id}/dial" method="POST" timeout="20" callerId="\\+14155550111"><Number>\\${PERSON}</Number></Dial>`));
      expect(far.twiml[2]).toContain('<Hangup/>');
      expect(call).toMatchObject({ status: 'completed', disposition: 'transferred', transfer: { mode: 'dial', answered: true, failure_reason: null } });
      await conformsTo((doc) => ({ $ref: '#/components/schemas/Call' }), call);
      expect(call.transcript).toContain('Callee: can I speak to a person?\nAgent: Please hold while I connect you to a person.\nAgent: [transferred to +14155550100: answered]');
      expect(await signedTransferred(res.body.call_id)).toEqual({ event: 'call.transferred', org_id: twilioOrg.orgId, call_id: res.body.call_id, timestamp: expect.any(String), to, status: 'in_progress', metadata: {}, direction: 'outbound', transfer_to: PERSON, mode: 'dial', answered: true });
    });

    test('the key and the answer rule; nobody answers the <Dial>: the agent takes a message; human, not transferred', async () => {
      const to = callee({ kind: 'human', answers: ['yes', 'please call me back tomorrow'], dial: 'no-answer' });
      const res = await place(twilioOrg, { to, questions: [CONFIRM], transfer_to: PERSON, transfer_when: { answer: { key: 'interested', equals: true } } });
      const call = await analyzed(res.body.call_id);
      const far = [...farEnd.calls.values()].find((c) => c.params.get('To') === to)!;
      expect(far.twiml.map(says)).toEqual([
        [expect.stringContaining('on behalf of'), CONFIRM.question],
        ['Please hold while I connect you to a person.'],
        ["I'm sorry, they're not available right now. Can I take a message?", 'Thank you, I will pass on your message. Goodbye.'],
        ['Thank you, I will pass on your message. Goodbye.'],
      ]);
      expect(call).toMatchObject({ disposition: 'human', structured_answers: { interested: true }, transfer: { mode: 'dial', answered: false, failure_reason: 'The person did not answer: no-answer' } });
      expect(call.transcript).toContain("Agent: I'm sorry, they're not available right now. Can I take a message?\nCallee: please call me back tomorrow\nAgent: Thank you, I will pass on your message. Goodbye.");
      expect(await signedTransferred(res.body.call_id)).toMatchObject({ mode: 'dial', answered: false });

      const keyed = callee({ kind: 'human', answers: ['press 0'], dial: 'completed' });
      const pressed = await place(twilioOrg, { to: keyed, questions: [CONFIRM], transfer_to: PERSON, transfer_when: { digit: '0' } });
      expect(await analyzed(pressed.body.call_id)).toMatchObject({ disposition: 'transferred', transfer: { answered: true } });
    });
  });
});
