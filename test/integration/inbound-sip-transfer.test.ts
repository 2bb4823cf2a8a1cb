import { createHmac } from 'node:crypto';
import pino from 'pino';
import { handoffSummary, opening } from '../../src/voice/dialog/prompts';
import { WHY } from '../../src/voice/dialog/transfer-rules';
import { createSynthesizer } from '../../src/voice/tts/create';
import type { SpeechSynthesizer } from '../../src/voice/tts/synthesizer';
import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { loudFrames } from '../helpers/node-callee';
import { Receiver } from '../helpers/receiver';
import { describeWithTools, freeUdpPort, scenarioDir } from '../helpers/telephony';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { spoken } from '../helpers/conversation';
import { startTransferTrunk, type TransferTrunk, type TransferTrunkOptions } from '../helpers/transfer-trunk';

jest.setTimeout(240_000);

const ORG = 'Acme Dental';
const GREETING = 'Hello, you have reached Acme Dental.';
const TASK = 'I can confirm or move your appointment.';
const KEEP = { key: 'keep', question: 'Would you like to keep your appointment?', type: 'boolean' } as const;
const CALLER = '+14155550142';
const PERSON = '+14155550100';

/**
 * Inbound calls with the inbound settings' transfer_to are handed to a person exactly like
 * outbound calls (docs/inbound.md "Transfer to a person"): the far end (test/helpers/transfer-trunk.ts,
 * written from the SIP text up) is the organization's trunk; it places the caller's INVITE to the
 * organization's number at the worker's SIP port, the caller asks for a person, and the REFER goes
 * back in the caller's dialog; refused, the person is dialled on the same trunk (the organization's
 * connection), hears who is on the line, and the audio is joined both ways.
 */
describeWithTools(['pocketsphinx_continuous', 'espeak-ng', 'sox'], 'handing an inbound SIP call to a person', () => {
  let app: TestApp;
  let voicegatePort: number;
  let rx: Receiver;
  let org: TestOrg;
  let number = 0;
  let promptLoud: number;
  let tts: SpeechSynthesizer;
  let ask: Int16Array;

  beforeAll(async () => {
    rx = await Receiver.start();
    app = await startTestApp(
      {
        CARRIER: 'sip',
        SIP_TRUNK_URL: `sip:127.0.0.1:${await freeUdpPort()}`,
        SIP_BIND_ADDRESS: '127.0.0.1',
        SIP_PORT: String(await freeUdpPort()),
        CARRIER_ALLOW_PRIVATE_NETWORKS: 'true',
        RTP_PORT_MIN: '48000',
        RTP_PORT_MAX: '49998',
        STT_ENGINE: 'pocketsphinx',
      },
      { worker: true },
    );
    voicegatePort = await app.services.carriers.sip.listen();
    org = await signup(app, { organizationName: ORG });
    await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: `${rx.url}/hooks` }).expect(200);
    await app.http().put('/dashboard/inbound').set(bearer(org.token)).send({ enabled: true, greeting: GREETING, task: TASK, questions: [KEEP], transfer_to: PERSON }).expect(200);
    tts = createSynthesizer(app.config.tts, pino({ level: 'silent' }));
    promptLoud = loudFrames(await tts.synthesize(opening({ greeting: GREETING, task: TASK }))) + loudFrames(await tts.synthesize(KEEP.question));
    ask = await spoken(await scenarioDir(), 'can-i-speak-to-a-person', 'Can I speak to a person?');
  });
  afterAll(async () => {
    await tts?.close();
    await app?.close();
    await rx?.close();
  });

  /** The organization's trunk is the far end: its port is the connection's, and it dials our number. */
  async function callIn(trunkOpts: Omit<TransferTrunkOptions, 'promptLoudFrames' | 'dial' | 'ask'>): Promise<{ trunk: TransferTrunk; call: Record<string, any> }> {
    const trunkPort = await freeUdpPort();
    const to = `+1415555${String(200 + number++).padStart(4, '0')}`;
    await app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'sip', host: '127.0.0.1', port: trunkPort, numbers: [to] }).expect(200);
    const trunk = await startTransferTrunk({ promptLoudFrames: promptLoud, ask: { speech: ask }, dial: { to, from: CALLER, voicegate: { address: '127.0.0.1', port: voicegatePort } }, ...trunkOpts }, trunkPort);
    try {
      const call = await eventually(async () => {
        const c = (await app.http().get('/v1/calls?direction=inbound').set(bearer(org.apiKey)).expect(200)).body.data.find((x: { to: string }) => x.to === to);
        return c?.turns ? c : undefined;
      }, { timeoutMs: 200_000, intervalMs: 500, what: 'the inbound call to be analyzed' }).catch((e: Error) => {
        throw new Error(`${e.message}\n${trunk.log()}`);
      });
      return { trunk, call };
    } catch (err) {
      await trunk.close();
      throw err;
    }
  }

  function expectSignedTransferred(call: Record<string, any>, mode: string): void {
    const [r] = rx.byEvent('call.transferred', call.call_id);
    expect(r).toBeDefined();
    expect(r!.json).toMatchObject({ event: 'call.transferred', call_id: call.call_id, to: call.to, status: 'in_progress', direction: 'inbound', from: CALLER, transfer_to: PERSON, mode, answered: true });
    expect(r!.headers['x-voice-signature']).toBe(`sha256=${createHmac('sha256', Buffer.from(org.webhookSecret, 'utf8')).update(r!.raw).digest('hex')}`);
  }

  test('the caller asks for a person and the trunk accepts the REFER (sent in the caller\'s dialog): completed/transferred', async () => {
    const { trunk, call } = await callIn({ refer: 'accept', person: 'answer' });
    try {
      await trunk.reached('callee-bye');
      const context = `\ntranscript:\n${call.transcript}\ntrunk:\n${trunk.log()}`;
      expect({ milestones: trunk.milestones(), context }).toEqual({ milestones: ['callee-answered', 'asked', 'refer', 'notify-100-ok', 'notify-final-ok', 'callee-bye'], context });
      // The person is reached through the organization's trunk, the one that sent the INVITE.
      expect(trunk.refer()!.headers.find(([n]) => n === 'refer-to')?.[1]).toBe(`<sip:${PERSON}@127.0.0.1:${trunk.port}>`);
      expect(call).toMatchObject({ direction: 'inbound', from: CALLER, status: 'completed', disposition: 'transferred', transfer_to: PERSON, transfer_when: { callee_asks: true }, transfer: { mode: 'refer', answered: true, failure_reason: null } });
      expect(call.transcript).toContain('Agent: Please hold while I connect you to a person.');
      expect(call.turns.map((t: { text: string }) => t.text)).toContain(`[transferred to ${PERSON} by the trunk (REFER)]`);
      await rx.waitFor(() => rx.byEvent('call.transferred', call.call_id).length > 0, { what: 'call.transferred' });
      expectSignedTransferred(call, 'refer');
    } finally {
      await trunk.close();
    }
  });

  test('REFER refused (405): the person is dialled on the organization\'s trunk from the number called, hears who is calling, the audio is bridged', async () => {
    const summary = handoffSummary({ task: TASK, questions: [KEEP], voicemailMessage: null, callerName: ORG, callee: CALLER }, WHY.asked, {});
    const summaryLoudFrames = loudFrames(await tts.synthesize(summary));
    const { trunk, call } = await callIn({ refer: 'refuse', refuseCode: 405, person: 'answer', summaryLoudFrames });
    try {
      const context = `\ntranscript:\n${call.transcript}\ntrunk:\n${trunk.log()}`;
      expect({ milestones: trunk.milestones(), context }).toEqual({
        milestones: ['callee-answered', 'asked', 'refer', 'person-invited', 'summary-heard', 'callee-heard-person', 'person-heard-callee', 'person-bye-sent', 'person-bye-ok', 'callee-bye'],
        context,
      });
      const invite = trunk.personInvite()!;
      expect(invite.start).toBe(`INVITE sip:${PERSON}@127.0.0.1:${trunk.port} SIP/2.0`);
      expect(invite.headers.find(([n]) => n === 'from')?.[1]).toContain(`sip:${call.to}@`);
      expect(trunk.summaryLoud()).toBeGreaterThanOrEqual(Math.floor(summaryLoudFrames * 0.9));
      expect(call).toMatchObject({ status: 'completed', disposition: 'transferred', transfer: { mode: 'bridge', answered: true, failure_reason: null } });
      expect(call.turns.find((t: { text: string }) => t.text.startsWith(`[transferred to ${PERSON}: bridged`))).toBeDefined();
      await rx.waitFor(() => rx.byEvent('call.transferred', call.call_id).length > 0, { what: 'call.transferred' });
      expectSignedTransferred(call, 'bridge');
    } finally {
      await trunk.close();
    }
  });
});
