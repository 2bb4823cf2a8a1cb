import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, eventually, recordSecret, signup, type TestOrg } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { recordingWav, TwilioFarEnd, type Scenario } from '../helpers/twilio-far-end';

/**
 * Twilio calls end to end: organizations connect Twilio accounts that live in a local far end
 * behaving as Twilio documents (REST API, signed webhooks, TwiML, recordings), place calls, and
 * read dispositions, transcripts, answers and recordings. Forged, replayed, late and
 * cross-tenant callbacks change nothing.
 */
const PUBLIC = 'https://voicegate.example.test';

describe('Twilio carrier against a local far end', () => {
  let app: TestApp;
  let farEnd: TwilioFarEnd;
  let orgA: TestOrg;
  let orgB: TestOrg;
  const accountA = { accountSid: '', authToken: '' };
  const accountB = { accountSid: '', authToken: '' };
  const NUMBER_A = '+14155550100';
  const NUMBER_B = '+14155550200';
  let seq = 0;
  // A local OpenAI-compatible chat-completions endpoint for free-text answers.
  let llm: Server;
  const llmRequests: Array<{ model: string; messages: Array<{ role: string; content: string }> }> = [];

  beforeAll(async () => {
    llm = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        const body = JSON.parse(text);
        llmRequests.push(body);
        const said = /Callee said: (.*)$/.exec(body.messages[1].content)?.[1] ?? '';
        const answer = said.replace(/^(well,? )?my name is /i, '');
        res.writeHead(req.url === '/v1/chat/completions' ? 200 : 404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ answer }) } }] }));
      });
    });
    await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
    farEnd = new TwilioFarEnd(PUBLIC, () => app.url);
    await farEnd.start();
    Object.assign(accountA, farEnd.addAccount());
    Object.assign(accountB, farEnd.addAccount());
    recordSecret(accountA.authToken, accountB.authToken);
    app = await startTestApp({ PUBLIC_BASE_URL: PUBLIC, TWILIO_API_BASE_URL: farEnd.url, LLM_URL: `http://127.0.0.1:${(llm.address() as AddressInfo).port}`, LLM_MODEL: 'test-model' }, { worker: true });
    orgA = await signup(app);
    orgB = await signup(app);
    await connect(orgA, accountA, [NUMBER_A, '+14155550101']);
    await connect(orgB, accountB, [NUMBER_B]);
  });
  afterAll(async () => {
    await app?.close();
    await farEnd?.close();
    llm?.close();
  });

  async function connect(org: TestOrg, account: { accountSid: string; authToken: string }, numbers: string[]) {
    const res = await app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'twilio', account_sid: account.accountSid, auth_token: account.authToken, numbers });
    expect(res.status).toBe(200);
    return res.body;
  }
  /** A fresh callee number that behaves as `scenario`. */
  const callee = (scenario: Scenario) => {
    const to = `+1415555${String(1000 + seq++).padStart(4, '0')}`;
    farEnd.scenarios.set(to, scenario);
    return to;
  };
  const place = async (org: TestOrg, body: Record<string, unknown>) => {
    const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send(body);
    expect(res.status).toBe(201);
    return res.body as { call_id: string; from: string };
  };
  const get = async (org: TestOrg, id: string) => (await app.http().get(`/v1/calls/${id}`).set(bearer(org.apiKey)).expect(200)).body;
  const until = (org: TestOrg, id: string, pred: (c: Record<string, unknown>) => boolean, what: string) =>
    eventually(async () => {
      const c = await get(org, id);
      if (pred(c)) return c;
      // A far end that gave up (one of our answers refused) will not bring the call further: say why at once.
      const gaveUp = [...farEnd.calls.values()].find((f) => f.failed && f.params.get('To') === c.to)?.failed;
      if (gaveUp) throw new Error(`the far end gave up on call ${id}: ${gaveUp}`);
      return undefined;
    }, { timeoutMs: 45_000, what });
  const ended = (org: TestOrg, id: string) => until(org, id, (c) => ['completed', 'failed', 'canceled'].includes(c.status as string), `call ${id} to end`);
  const analyzed = (org: TestOrg, id: string) => until(org, id, (c) => c.transcript !== null && c.recording_url !== null, `call ${id} to be analysed with its recording`);
  const farCallOf = (to: string) => [...farEnd.calls.values()].find((c) => c.params.get('To') === to);

  describe('the connection', () => {
    it('is returned without secrets, stored encrypted, audit-logged, tested, and removable', async () => {
      const org = await signup(app);
      const fresh = await app.http().get('/dashboard/carrier').set(bearer(org.token)).expect(200);
      expect(fresh.body).toMatchObject({ type: 'simulator', source: 'default', numbers: [] });

      const missing = await app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'twilio', account_sid: accountA.accountSid, numbers: [NUMBER_A] });
      expect(missing.status).toBe(422);

      const body = await connect(org, accountA, [NUMBER_A]);
      expect(body).toMatchObject({ type: 'twilio', source: 'organization', account_sid: accountA.accountSid, numbers: [NUMBER_A], auth_token_set: true });
      expect(JSON.stringify(body)).not.toContain(accountA.authToken);
      const { rows } = await app.db.pool.query('select secret_enc from carrier_connections where org_id = $1', [org.orgId]);
      expect(rows[0].secret_enc).toBeTruthy();
      expect(rows[0].secret_enc).not.toContain(accountA.authToken);

      const ok = await app.http().post('/dashboard/carrier/test').set(bearer(org.token)).expect(200);
      expect(ok.body).toEqual({ ok: true, message: expect.stringContaining('Far end test account') });

      // Rotating the token by PUT: a wrong one is stored, and the test action says so in words.
      await app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'twilio', account_sid: accountA.accountSid, auth_token: 'not-the-token', numbers: [NUMBER_A] }).expect(200);
      const bad = await app.http().post('/dashboard/carrier/test').set(bearer(org.token)).expect(200);
      expect(bad.body).toEqual({ ok: false, message: expect.stringContaining('refused the credentials') });
      // Leaving the token out keeps the stored one.
      await app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'twilio', account_sid: accountA.accountSid, numbers: [NUMBER_A, NUMBER_B] }).expect(200);
      expect((await app.http().post('/dashboard/carrier/test').set(bearer(org.token))).body.ok).toBe(false);

      const gql = await app.http().post('/graphql').set(bearer(org.token)).send({ query: '{ carrier { type source accountSid numbers authTokenSet } }' }).expect(200);
      expect(gql.body.data.carrier).toEqual({ type: 'TWILIO', source: 'ORGANIZATION', accountSid: accountA.accountSid, numbers: [NUMBER_A, NUMBER_B], authTokenSet: true });

      const audit = await app.db.pool.query(`select action, before, after from audit_log where org_id = $1 and target_type = 'carrier_connection' order by created_at`, [org.orgId]);
      expect(audit.rows.map((r) => r.action)).toEqual(['carrier.update', 'carrier.update', 'carrier.update']);
      expect(JSON.stringify(audit.rows)).not.toContain(accountA.authToken);

      const removed = await app.http().delete('/dashboard/carrier').set(bearer(org.token)).expect(200);
      expect(removed.body).toMatchObject({ type: 'simulator', source: 'default' });
    });

    it('refuses a SIP trunk on a private address (422 on host; the connection stays)', async () => {
      const res = await app.http().put('/dashboard/carrier').set(bearer(orgA.token)).send({ type: 'sip', host: '127.0.0.1', port: 5060, username: 'u', password: 'p', numbers: [NUMBER_A] });
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ field: 'host' });
      expect((await app.http().get('/dashboard/carrier').set(bearer(orgA.token))).body.type).toBe('twilio');
    });

    it('checks the caller ID on every call and defaults to the first number', async () => {
      const refused = await app.http().post('/v1/calls/outbound').set(bearer(orgA.apiKey)).send({ to: callee({ kind: 'busy' }), from: NUMBER_B });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('from_not_allowed');
      const call = await place(orgA, { to: callee({ kind: 'busy' }) });
      expect(call.from).toBe(NUMBER_A);
      await ended(orgA, call.call_id);
    });
  });

  it('a human answers: Gather speech becomes the transcript and typed answers; the recording is fetched and served', async () => {
    const to = callee({ kind: 'human', answers: ['yes I am', 'hmm', 'three', 'Tuesday works', 'well my name is Ada Lovelace'] });
    const questions = [
      { key: 'is_owner', question: 'Are you the owner of the house?', type: 'boolean' },
      { key: 'rooms', question: 'How many rooms does it have?', type: 'number' },
      { key: 'day', question: 'Which day suits you?', type: 'enum', options: ['Monday', 'Tuesday'] },
      { key: 'name', question: 'Who am I speaking with?', type: 'string' },
    ];
    const { call_id } = await place(orgA, { to, from: '+14155550101', task: 'We are surveying home owners.', questions, ring_timeout_seconds: 25, max_duration_seconds: 120 });
    const call = await analyzed(orgA, call_id);
    const far = farCallOf(to)!;
    expect(call).toMatchObject({ status: 'completed', disposition: 'human', duration_seconds: 42, carrier: 'twilio', carrier_call_id: far.sid, carrier_status: { code: 200, reason: 'completed' }, amd: { result: 'human', ms: 1830 } });
    // Typed answers by rule; the free-text one reduced by the chat-completions endpoint.
    expect(call.structured_answers).toEqual({ is_owner: true, rooms: 3, day: 'Tuesday', name: 'Ada Lovelace' });
    expect(llmRequests).toEqual([expect.objectContaining({ model: 'test-model', messages: [expect.anything(), { role: 'user', content: 'Question: Who am I speaking with?\nCallee said: well my name is Ada Lovelace' }] })]);
    expect(call.transcript).toContain('Callee: well my name is Ada Lovelace\nAgent: Thank you for your time. Goodbye.');
    expect(call.transcript).toContain('Agent: Are you the owner of the house?\nCallee: yes I am');
    expect(call.transcript).toContain('Callee: hmm\nAgent: Sorry, I did not catch that. How many rooms does it have?\nCallee: three');
    // What we asked Twilio for, as its API documents it.
    expect(farEnd.rejected).toEqual([]);
    expect(far.params.get('From')).toBe('+14155550101');
    expect(far.params.get('Timeout')).toBe('25');
    expect(far.params.get('TimeLimit')).toBe('120');
    expect(far.params.get('MachineDetection')).toBe('DetectMessageEnd');
    expect(far.params.get('Record')).toBe('true');
    expect(far.params.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    expect(far.params.get('Url')).toBe(`${PUBLIC}/carriers/twilio/calls/${call_id}/twiml`);
    // Hints from the question types.
    expect(far.twiml.join('\n')).toContain('hints="yes, no');
    expect(far.twiml.join('\n')).toContain('hints="Monday, Tuesday, who is this');
    const wav = await fetch(app.url + new URL(call.recording_url as string).pathname + new URL(call.recording_url as string).search);
    expect(wav.status).toBe(200);
    expect(Buffer.from(await wav.arrayBuffer()).equals(recordingWav())).toBe(true);
  });

  it('an answering machine gets the voicemail message and the call ends completed/voicemail', async () => {
    const to = callee({ kind: 'machine' });
    const { call_id } = await place(orgA, { to, voicemail_message: 'Please call us back.', questions: [{ key: 'q', question: 'Ok?', type: 'boolean' }] });
    const call = await analyzed(orgA, call_id);
    expect(call).toMatchObject({ status: 'completed', disposition: 'voicemail', amd: { result: 'machine', ms: 4210 } });
    expect(call.structured_answers).toEqual({ q: null });
    expect(farCallOf(to)!.twiml[0]).toContain('<Say>Please call us back.</Say><Hangup/>');
  });

  it.each([
    ['busy', { kind: 'busy' } as Scenario, { status: 'failed', disposition: 'busy', carrier_status: { code: 486, reason: 'busy' } }],
    ['no-answer', { kind: 'no-answer' } as Scenario, { status: 'failed', disposition: 'no_answer', carrier_status: { code: 487, reason: 'no-answer' } }],
    ['an invalid number', { kind: 'invalid' } as Scenario, { status: 'failed', disposition: 'invalid_number', carrier_status: { code: 21211 } }],
  ])('%s ends as Twilio reports it', async (_name, scenario, expected) => {
    const { call_id } = await place(orgA, { to: callee(scenario) });
    expect(await ended(orgA, call_id)).toMatchObject(expected);
  });

  it('cancel while ringing cancels the Twilio call', async () => {
    const to = callee({ kind: 'ring-until-canceled' });
    const { call_id } = await place(orgA, { to });
    await until(orgA, call_id, (c) => c.status === 'ringing', 'ringing');
    await app.http().post(`/v1/calls/${call_id}/cancel`).set(bearer(orgA.apiKey)).expect(200);
    const far = farCallOf(to)!;
    await far.done;
    expect(far.updates.map((u) => u.get('Status'))).toEqual(['canceled']);
    expect(await get(orgA, call_id)).toMatchObject({ status: 'canceled', disposition: 'canceled' });
  });

  it('a forged signature, or a callback signed by another organization account, is 403 and changes nothing', async () => {
    const to = callee({ kind: 'ring-until-canceled' });
    const { call_id } = await place(orgB, { to });
    await until(orgB, call_id, (c) => c.status === 'ringing', 'ringing');
    const far = farCallOf(to)!;
    const url = `${PUBLIC}/carriers/twilio/calls/${call_id}/status`;
    const completed = { AccountSid: accountB.accountSid, CallSid: far.sid, CallStatus: 'completed', CallDuration: '9' };
    expect((await farEnd.post(url, completed, accountB.authToken, 'AAAAforgedAAAA=')).status).toBe(403);
    // Org A's token (its own account, or B's account id) never moves org B's call.
    expect((await farEnd.post(url, completed, accountA.authToken)).status).toBe(403);
    expect((await farEnd.post(url, { ...completed, AccountSid: accountA.accountSid }, accountA.authToken)).status).toBe(403);
    // Signed over another URL (not PUBLIC_BASE_URL + path).
    const sig = (await import('twilio')).default.getExpectedTwilioSignature(accountB.authToken, `http://attacker.example/carriers/twilio/calls/${call_id}/status`, completed);
    expect((await farEnd.post(url, completed, accountB.authToken, sig)).status).toBe(403);
    expect(await get(orgB, call_id)).toMatchObject({ status: 'ringing' });
    await app.http().post(`/v1/calls/${call_id}/cancel`).set(bearer(orgB.apiKey)).expect(200);
    await far.done;
  });

  it('malformed callbacks are refused without a 5xx and change nothing', async () => {
    const to = callee({ kind: 'ring-until-canceled' });
    const { call_id } = await place(orgA, { to, questions: [{ key: 'q', question: 'Ok?', type: 'boolean' }] });
    await until(orgA, call_id, (c) => c.status === 'ringing', 'ringing');
    const far = farCallOf(to)!;
    const signed = { AccountSid: accountA.accountSid, CallSid: far.sid, CallStatus: 'in-progress' };
    expect((await app.http().post('/carriers/twilio/calls/not-a-call/status').type('form').send(signed)).status).toBe(403);
    expect((await app.http().post(`/carriers/twilio/calls/${call_id}/status`).send(signed)).status).toBe(403); // JSON, unsigned
    expect((await app.http().post(`/carriers/twilio/calls/${call_id}/status`).type('form').send('x='.padEnd(100_000, 'y'))).status).toBe(413);
    // Validly signed, but for a question the call does not have.
    expect((await farEnd.post(`${PUBLIC}/carriers/twilio/calls/${call_id}/gather?q=7&attempt=0`, { ...signed, SpeechResult: 'yes' }, accountA.authToken)).status).toBe(400);
    // Another account's CallSid with this account's signature.
    expect((await farEnd.post(`${PUBLIC}/carriers/twilio/calls/${call_id}/status`, { ...signed, CallSid: 'CA' + '1'.repeat(32) }, accountA.authToken)).status).toBe(403);
    expect(await get(orgA, call_id)).toMatchObject({ status: 'ringing' });
    await app.http().post(`/v1/calls/${call_id}/cancel`).set(bearer(orgA.apiKey)).expect(200);
    await far.done;
  });

  it('callbacks out of order and twice: a late ringing after completed changes nothing, replays are harmless', async () => {
    const to = callee({ kind: 'human', answers: ['no'], reorder: true });
    const { call_id } = await place(orgB, { to, from: NUMBER_B, questions: [{ key: 'ok', question: 'Is this a good time?', type: 'boolean' }] });
    const call = await analyzed(orgB, call_id);
    const far = farCallOf(to)!;
    await far.done;
    expect(far.posted).toEqual(['initiated', 'ringing', 'in-progress', 'completed', 'ringing', 'in-progress', 'completed']);
    expect(call).toMatchObject({ status: 'completed', disposition: 'human', structured_answers: { ok: false } });
    // A replayed, validly signed callback afterwards: accepted, nothing moves.
    const replay = await farEnd.post(`${PUBLIC}/carriers/twilio/calls/${call_id}/status`, { AccountSid: accountB.accountSid, CallSid: far.sid, CallStatus: 'busy' }, accountB.authToken);
    expect(replay.status).toBe(200);
    expect(await get(orgB, call_id)).toMatchObject({ status: 'completed', disposition: 'human' });
    const ended = await app.db.pool.query(`select count(*)::int as n from webhook_deliveries where call_id = $1 and event = 'call.ended'`, [call_id]);
    expect(ended.rows[0].n).toBe(1);
  });

  describe('what the callee says besides an answer (the intents of SIP calls)', () => {
    /** The texts said in a TwiML document, and its <Gather> action (null: it hangs up). */
    const says = (doc: string) => [...doc.matchAll(/<Say>([^<]*)<\/Say>/g)].map((m) => m[1]!.replace(/&apos;/g, "'"));
    const action = (doc: string) => /<Gather [^>]*action="[^"]*\/gather\?([^"]+)"/.exec(doc)?.[1]?.replace(/&amp;/g, '&') ?? null;
    const CONFIRM = { key: 'ok', question: 'Is Tuesday at ten still fine?', type: 'boolean' };
    const WHO = 'This is an automated assistant calling on behalf of Acme Dental. We are confirming your appointment.';

    it('"who is this?" is answered with the caller name and the task, then the question; at most twice, then it counts as unanswered', async () => {
      const to = callee({ kind: 'human', answers: ['sorry, who is this?', 'what is this about', 'who are you', 'yes'] });
      const { call_id } = await place(orgA, { to, caller_name: 'Acme Dental', task: 'We are confirming your appointment.', questions: [CONFIRM] });
      const call = await analyzed(orgA, call_id);
      const twiml = farCallOf(to)!.twiml;
      expect(twiml.map(says)).toEqual([
        ['Hello, this is an automated assistant calling on behalf of Acme Dental. We are confirming your appointment.', CONFIRM.question],
        [`${WHO} ${CONFIRM.question}`],
        [`${WHO} ${CONFIRM.question}`],
        [`Sorry, I did not catch that. ${CONFIRM.question} Please say yes or no.`],
        ['Thank you for your time. Goodbye.'],
      ]);
      // Each asking is its own <Gather>, so each keeps its own first answer.
      expect(twiml.map(action)).toEqual(['q=0&attempt=0', 'q=0&attempt=0&c=1', 'q=0&attempt=0&c=2', 'q=0&attempt=1&c=2', null]);
      expect(twiml[4]).toContain('<Hangup/>');
      expect(call).toMatchObject({ status: 'completed', disposition: 'human', structured_answers: { ok: true }, opted_out: false, callback_at: null });
      expect(call.transcript).toContain(`Callee: sorry, who is this?\nAgent: ${WHO} ${CONFIRM.question}\nCallee: what is this about\nAgent: ${WHO}`);
      expect(call.transcript).toContain('Callee: who are you\nAgent: Sorry, I did not catch that.');
    });

    it('without a caller name the organization is named; "say that again" repeats the question', async () => {
      const org = await signup(app, { organizationName: 'Harbor Clinic' });
      await connect(org, accountA, [NUMBER_A]);
      const to = callee({ kind: 'human', answers: ['who is calling', 'yes', 'can you repeat that', 'three'] });
      const rooms = { key: 'rooms', question: 'How many rooms does it have?', type: 'number' };
      const { call_id } = await place(org, { to, questions: [CONFIRM, rooms] });
      const call = await analyzed(org, call_id);
      const twiml = farCallOf(to)!.twiml;
      expect(twiml.map(says)).toEqual([
        ['Hello, this is an automated assistant calling on behalf of Harbor Clinic.', CONFIRM.question],
        [`This is an automated assistant calling on behalf of Harbor Clinic. ${CONFIRM.question}`],
        [rooms.question],
        [rooms.question],
        ['Thank you for your time. Goodbye.'],
      ]);
      expect(twiml.map(action)).toEqual(['q=0&attempt=0', 'q=0&attempt=0&c=1', 'q=1&attempt=0', 'q=1&attempt=0&c=1', null]);
      expect(call).toMatchObject({ caller_name: 'Harbor Clinic', disposition: 'human', structured_answers: { ok: true, rooms: 3 } });
    });

    it('"stop calling me": a polite goodbye, opted_out, and the number is suppressed; a replayed answer gets the same goodbye', async () => {
      const to = callee({ kind: 'human', answers: ['please stop calling me'] });
      const { call_id } = await place(orgA, { to, questions: [CONFIRM] });
      const call = await analyzed(orgA, call_id);
      const far = farCallOf(to)!;
      expect(far.twiml.map(says)).toEqual([[expect.stringContaining('on behalf of'), CONFIRM.question], ['Understood. We will not call this number again. Goodbye.']]);
      expect(far.twiml[1]).toContain('<Hangup/>');
      expect(call).toMatchObject({ status: 'completed', disposition: 'human', opted_out: true, callback_at: null, structured_answers: { ok: null } });
      const again = await app.http().post('/v1/calls/outbound').set(bearer(orgA.apiKey)).send({ to });
      expect([again.status, again.body.code]).toEqual([422, 'number_suppressed']);
      // Twilio retrying the action, even with other words, is answered as the first time.
      const replay = await farEnd.post(`${PUBLIC}/carriers/twilio/calls/${call_id}/gather?q=0&attempt=0`, { AccountSid: accountA.accountSid, CallSid: far.sid, SpeechResult: 'yes' }, accountA.authToken);
      expect([replay.status, replay.text]).toEqual([200, far.twiml[1]]);
    });

    it.each([
      ['"wrong number"', 'you have the wrong number', 'wrong_number', 'Sorry for the trouble. Goodbye.'],
      ['"I\'m busy" without a time', "I'm busy right now", 'callback_requested', 'No problem, we will call you back later. Goodbye.'],
    ])('%s ends politely with its disposition', async (_name, said, disposition, goodbye) => {
      const to = callee({ kind: 'human', answers: ['yes', said] });
      const { call_id } = await place(orgB, { to, from: NUMBER_B, questions: [CONFIRM, { key: 'day', question: 'Which day suits you?', type: 'string' }] });
      const call = await analyzed(orgB, call_id);
      const twiml = farCallOf(to)!.twiml;
      expect(twiml.map(says).at(-1)).toEqual([goodbye]);
      expect(twiml.at(-1)).toContain('<Hangup/>');
      expect(call).toMatchObject({ status: 'completed', disposition, opted_out: false, callback_at: null, structured_answers: { ok: true, day: null } });
      expect(call.transcript).toContain(`Callee: ${said}\nAgent: ${goodbye}`);
      // call.ended says it too (the campaign's retry policy reads the same disposition).
      const { rows } = await app.db.pool.query(`select payload from webhook_deliveries where call_id = $1 and event = 'call.ended'`, [call_id]);
      expect(rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload))).toEqual([expect.objectContaining({ event: 'call.ended', disposition })]);
    });

    it('"call me back in an hour": callback_requested with callback_at an hour after it was said', async () => {
      const to = callee({ kind: 'human', answers: ['I am driving, can you call me back in an hour'] });
      const { call_id } = await place(orgA, { to, questions: [CONFIRM] });
      const call = await analyzed(orgA, call_id);
      expect(farCallOf(to)!.twiml.map(says)[1]).toEqual(['No problem, we will call you back then. Goodbye.']);
      expect(call).toMatchObject({ status: 'completed', disposition: 'callback_requested', opted_out: false });
      const { rows } = await app.db.pool.query<{ created_at: Date }>('select created_at from twilio_gathers where call_id = $1', [call_id]);
      expect(Date.parse(call.callback_at as string)).toBe(rows[0]!.created_at.getTime() + 3600_000);
    });
  });

  it('a rate-limit refusal (429, 20429) is retried with backoff and the number is dialed once', async () => {
    const to = callee({ kind: 'rate-limited', refusals: 2, then: { kind: 'busy' } });
    const { call_id } = await place(orgA, { to });
    expect(await ended(orgA, call_id)).toMatchObject({ status: 'failed', disposition: 'busy' });
    expect([...farEnd.calls.values()].filter((c) => c.params.get('To') === to)).toHaveLength(1);
  });

  it('between refusals the call stays queued without holding a worker, and a cancel then ends it undialed', async () => {
    const scenario: Scenario = { kind: 'rate-limited', refusals: 5, then: { kind: 'busy' } };
    const to = callee(scenario);
    const { call_id } = await place(orgA, { to });
    // The refusal is taken back and the dial queued again for later, as its own job.
    await eventually(async () => {
      const { rows } = await app.db.pool.query(
        `select 1 from graphile_worker._private_jobs j where j.key = 'dial:' || $1::text and j.locked_at is null and (j.payload->>'twilioRefusals')::int >= 1`,
        [call_id],
      );
      return rows.length === 1;
    }, { what: 'the dial queued again after a refusal, not running' });
    expect(await get(orgA, call_id)).toMatchObject({ status: 'queued', carrier_call_id: null });
    const refusedBeforeCancel = 5 - scenario.refusals;
    await app.http().post(`/v1/calls/${call_id}/cancel`).set(bearer(orgA.apiKey)).expect(200);
    expect(await ended(orgA, call_id)).toMatchObject({ status: 'canceled' });
    // Whatever happens to the waiting dial, Twilio is not asked again.
    await eventually(async () => {
      const { rows } = await app.db.pool.query(`select 1 from graphile_worker._private_jobs where key = 'dial:' || $1::text`, [call_id]);
      return rows.length === 0;
    }, { what: 'the waiting dial to run and finish' });
    expect(farCallOf(to)).toBeUndefined();
    // At most the one request already on its way when the cancel came.
    expect(5 - scenario.refusals).toBeLessThanOrEqual(refusedBeforeCancel + 1);
  });
});
