import { createHmac } from 'node:crypto';
import { handoffSummary, intro, MESSAGE_GOODBYE, TAKE_MESSAGE } from '../../src/voice/dialog/prompts';
import { WHY } from '../../src/voice/dialog/transfer-rules';
import pino from 'pino';
import { createSynthesizer } from '../../src/voice/tts/create';
import type { SpeechSynthesizer } from '../../src/voice/tts/synthesizer';
import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { loudFrames } from '../helpers/node-callee';
import { Receiver } from '../helpers/receiver';
import { describeWithTools, freeUdpPort, runSipp, scenarioDir, writeScenario } from '../helpers/telephony';
import { referAcceptScenario } from '../sip/scenarios';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { spoken } from '../helpers/conversation';
import { startTransferTrunk, type TransferTrunk, type TransferTrunkOptions } from '../helpers/transfer-trunk';

jest.setTimeout(240_000);

const ORG = 'Acme Energy';
const TASK = 'We are calling about your energy plan.';
const INTERESTED = { key: 'interested', question: 'Are you interested in a cheaper plan?', type: 'boolean' } as const;
const CALLEE = '+14155550142';
const PERSON = '+14155550100';

/**
 * Transfers on a real SIP far end on loopback (test/helpers/transfer-trunk.ts, written from the SIP
 * text up): REFER accepted (202 + NOTIFY sipfrag), REFER refused → the person dialled on the same
 * trunk, told who is calling, then the audio joined both ways, and a person who does not answer →
 * the agent takes a message. The call.transferred webhook arrives signed.
 */
describeWithTools(['sipp', 'pocketsphinx_continuous', 'espeak-ng', 'sox'], 'handing a SIP call to a person', () => {
  let app: TestApp;
  let sipPort: number;
  let rx: Receiver;
  let org: TestOrg;
  let promptLoud: number;
  let tts: SpeechSynthesizer;

  beforeAll(async () => {
    sipPort = await freeUdpPort();
    rx = await Receiver.start();
    app = await startTestApp(
      { CARRIER: 'sip', SIP_TRUNK_URL: `sip:127.0.0.1:${sipPort}`, SIP_BIND_ADDRESS: '127.0.0.1', SIP_PORT: '0', RTP_PORT_MIN: '45000', RTP_PORT_MAX: '47998', STT_ENGINE: 'pocketsphinx' },
      { worker: true },
    );
    org = await signup(app, { organizationName: ORG });
    await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: `${rx.url}/hooks` }).expect(200);
    // The service's own voice (TTS_ENGINE's default): the far end knows how long each prompt is.
    tts = createSynthesizer(app.config.tts, pino({ level: 'silent' }));
    promptLoud = loudFrames(await tts.synthesize(intro(ORG, TASK))) + loudFrames(await tts.synthesize(INTERESTED.question));
  });
  afterAll(async () => {
    await tts?.close();
    await app?.close();
    await rx?.close();
  });

  async function place(trunkOpts: Omit<TransferTrunkOptions, 'promptLoudFrames'>, body: Record<string, unknown>): Promise<{ trunk: TransferTrunk; call: Record<string, any> }> {
    const trunk = await startTransferTrunk({ promptLoudFrames: promptLoud, ...trunkOpts }, sipPort);
    try {
      const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: CALLEE, task: TASK, questions: [INTERESTED], max_duration_seconds: 120, transfer_to: PERSON, ...body });
      expect(res.status).toBe(201);
      const call = await eventually(async () => {
        const c = (await app.http().get(`/v1/calls/${res.body.call_id}`).set(bearer(org.apiKey))).body;
        return c.turns ? c : undefined;
      }, { timeoutMs: 200_000, intervalMs: 500, what: 'the call to be analyzed' }).catch((e: Error) => {
        throw new Error(`${e.message}\n${trunk.log()}`);
      });
      return { trunk, call };
    } catch (err) {
      await trunk.close();
      throw err;
    }
  }

  function expectSignedTransferred(callId: string, mode: string, answered: boolean): void {
    const [r] = rx.byEvent('call.transferred', callId);
    expect(r).toBeDefined();
    expect(r!.json).toEqual({ event: 'call.transferred', org_id: org.orgId, call_id: callId, timestamp: expect.stringMatching(/\+00:00$/), to: CALLEE, status: 'in_progress', metadata: {}, direction: 'outbound', transfer_to: PERSON, mode, answered });
    expect(r!.headers['x-voice-signature']).toBe(`sha256=${createHmac('sha256', Buffer.from(org.webhookSecret, 'utf8')).update(r!.raw).digest('hex')}`);
    expect(r!.headers['webhook-signature']).toMatch(/^v1,/);
  }

  test('the callee presses 0 and the trunk accepts the REFER: NOTIFY sipfrag answered, BYE, completed/transferred', async () => {
    const { trunk, call } = await place({ refer: 'accept', ask: { dtmf: '0' }, person: 'answer' }, { transfer_when: { digit: '0' } });
    try {
      await trunk.reached('callee-bye');
      expect(trunk.milestones()).toEqual(['callee-answered', 'asked', 'refer', 'notify-100-ok', 'notify-final-ok', 'callee-bye']);
      const refer = trunk.refer()!;
      expect(refer.headers.find(([n]) => n === 'refer-to')?.[1]).toBe(`<sip:${PERSON}@127.0.0.1:${sipPort}>`);
      expect(call).toMatchObject({ status: 'completed', disposition: 'transferred', transfer_to: PERSON, transfer_when: { digit: '0' }, transfer: { mode: 'refer', answered: true, failure_reason: null } });
      expect(call.transcript).toContain('Callee: [pressed 0]');
      expect(call.transcript).toContain('Agent: Please hold while I connect you to a person.');
      expect(call.turns.map((t: { text: string }) => t.text)).toContain(`[transferred to ${PERSON} by the trunk (REFER)]`);
      await rx.waitFor(() => rx.byEvent('call.transferred', call.call_id).length > 0, { what: 'call.transferred' });
      expectSignedTransferred(call.call_id, 'refer', true);
    } finally {
      await trunk.close();
    }
  });

  test('SIPp as the trunk: 0 pressed at once (SIP INFO), REFER accepted, NOTIFY sipfrag 100 and 200 answered, then our BYE', async () => {
    const dir = await scenarioDir();
    const sipp = runSipp(dir, await writeScenario(dir, 'refer', referAcceptScenario('0', `sip:${PERSON}@127.0.0.1:${sipPort}`)), sipPort, await freeUdpPort());
    const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: CALLEE, task: TASK, questions: [INTERESTED], transfer_to: PERSON, transfer_when: { digit: '0', callee_asks: true } });
    expect(res.status).toBe(201);
    // SIPp exits 0 only when every message of its scenario came as expected (our 200s to its NOTIFYs, our BYE).
    const code = await sipp.exited;
    expect({ code, output: code === 0 ? '' : sipp.output() }).toEqual({ code: 0, output: '' });
    const call = await eventually(async () => {
      const c = (await app.http().get(`/v1/calls/${res.body.call_id}`).set(bearer(org.apiKey))).body;
      return c.turns ? c : undefined;
    }, { timeoutMs: 60_000, intervalMs: 300, what: 'the call to be analyzed' });
    expect(call).toMatchObject({ status: 'completed', disposition: 'transferred', transfer: { mode: 'refer', answered: true } });
    expect(call.transcript.split('\n')).toEqual(['Callee: [pressed 0]', 'Agent: Please hold while I connect you to a person.', `Agent: [transferred to ${PERSON} by the trunk (REFER)]`]);
    await rx.waitFor(() => rx.byEvent('call.transferred', call.call_id).length > 0, { what: 'call.transferred' });
    expectSignedTransferred(call.call_id, 'refer', true);
  });

  test('the callee asks for a person by speech; the trunk refuses REFER (405): the person is dialled, hears the summary, the audio is bridged both ways', async () => {
    const ask = await spoken(await scenarioDir(), 'can-i-speak-to-a-person', 'Can I speak to a person?');
    const summary = handoffSummary({ task: TASK, questions: [INTERESTED], voicemailMessage: null, callerName: ORG, callee: CALLEE }, WHY.asked, {});
    const summaryLoudFrames = loudFrames(await tts.synthesize(summary));
    const { trunk, call } = await place({ refer: 'refuse', refuseCode: 405, ask: { speech: ask }, person: 'answer', summaryLoudFrames }, {});
    try {
      const context = `\ntranscript:\n${call.transcript}\ntrunk:\n${trunk.log()}`;
      expect({ milestones: trunk.milestones(), context }).toEqual({
        milestones: ['callee-answered', 'asked', 'refer', 'person-invited', 'summary-heard', 'callee-heard-person', 'person-heard-callee', 'person-bye-sent', 'person-bye-ok', 'callee-bye'],
        context,
      });
      // The second INVITE went to the same trunk, for the person's number.
      expect(trunk.personInvite()!.start).toBe(`INVITE sip:${PERSON}@127.0.0.1:${sipPort} SIP/2.0`);
      expect(trunk.summaryLoud()).toBeGreaterThanOrEqual(Math.floor(summaryLoudFrames * 0.9));
      expect(call).toMatchObject({ status: 'completed', disposition: 'transferred', transfer: { mode: 'bridge', answered: true, failure_reason: null } });
      expect(call.transcript).toMatch(/Callee: .*(person|human|someone)/);
      const leg = call.turns.find((t: { text: string }) => t.text.startsWith(`[transferred to ${PERSON}: bridged`));
      expect(leg).toBeDefined();
      // The bridge is in the recording: the leg spans the person's tone and the callee's.
      expect(leg.end_ms - leg.start_ms).toBeGreaterThan(1000);
      await rx.waitFor(() => rx.byEvent('call.transferred', call.call_id).length > 0, { what: 'call.transferred' });
      expectSignedTransferred(call.call_id, 'bridge', true);
    } finally {
      await trunk.close();
    }
  });

  test('a rule on an answer; REFER refused (501) and the person does not answer (480): the agent takes a message; not transferred', async () => {
    const yes = await spoken(await scenarioDir(), 'yes', 'yes');
    const message = await spoken(await scenarioDir(), 'please-call-me-back-tomo', 'Please call me back tomorrow.');
    const offerLoud = loudFrames(await tts.synthesize(TAKE_MESSAGE));
    // The callee says "yes" to the question (the rule), then leaves a message once it is asked for one.
    const { trunk, call } = await place(
      { refer: 'refuse', refuseCode: 501, ask: { speech: yes }, person: 480, message: { promptLoudFrames: offerLoud, speech: message } },
      { transfer_when: { answer: { key: 'interested', equals: true } } },
    );
    try {
      const context = `\ntranscript:\n${call.transcript}\ntrunk:\n${trunk.log()}`;
      expect({ disposition: call.disposition, transfer: call.transfer, context }).toEqual({
        disposition: 'human',
        transfer: { mode: 'bridge', answered: false, failure_reason: 'The person did not answer: 480 Temporarily Unavailable', at: expect.any(String) },
        context,
      });
      expect(call.structured_answers).toEqual({ interested: true });
      const lines: string[] = call.transcript.split('\n');
      await trunk.reached('callee-bye');
      expect(trunk.milestones()).toEqual(['callee-answered', 'asked', 'refer', 'person-invited', 'message-said', 'callee-bye']);
      // The message is the callee's line after the offer (docs/api.md "Transfer to a person").
      const offer = lines.indexOf(`Agent: ${TAKE_MESSAGE}`);
      expect(offer).toBeGreaterThan(0);
      // Free text: the offline recogniser does not write it down; it is in the recording, at its turn.
      expect(lines[offer + 1]).toMatch(/^Callee: /);
      const offerTurn = call.turns.findIndex((t: { text: string }) => t.text === TAKE_MESSAGE);
      const said = call.turns[offerTurn + 1];
      expect(said).toMatchObject({ speaker: 'callee' });
      expect(said.end_ms - said.start_ms).toBeGreaterThan(800);
      expect(lines.at(-1)).toBe(`Agent: ${MESSAGE_GOODBYE}`);
      await rx.waitFor(() => rx.byEvent('call.transferred', call.call_id).length > 0, { what: 'call.transferred' });
      expectSignedTransferred(call.call_id, 'bridge', false);
    } finally {
      await trunk.close();
    }
  });
});
