import { opening } from '../../src/voice/dialog/prompts';
import { EspeakSynthesizer } from '../../src/voice/tts/espeak';
import { bearer, eventually, signup } from '../helpers/factories';
import { loudFrames } from '../helpers/node-callee';
import { startNodeCaller } from '../helpers/node-caller';
import { describeWithTools, freeUdpPort, scenarioDir } from '../helpers/telephony';
import { spoken } from '../helpers/conversation';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Real calls with speech take tens of seconds, more on a loaded machine: one generous deadline.
jest.setTimeout(240_000);

const NUMBER = '+14155550100';
const CALLER = '+14155550123';
const GREETING = 'Hello, you have reached Acme Dental.';
const TASK = 'We can confirm your appointment.';
const QUESTIONS = [
  { key: 'keep', question: 'Would you like to keep your appointment?', type: 'boolean' },
  { key: 'day', question: 'Which day suits you best?', type: 'enum', options: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] },
] as const;

/**
 * A whole inbound conversation: a small real SIP/RTP caller (test/helpers/node-caller.ts) calls
 * the organization's number at the worker's SIP port, hears the greeting, the task and each
 * question to its end, and answers "yes" and "Tuesday"; the agent recognises them with
 * pocketsphinx, says goodbye and hangs up. The answers, transcript and recording are the call's.
 */
describeWithTools(['pocketsphinx_continuous', 'espeak-ng', 'sox'], 'an inbound SIP conversation', () => {
  let app: TestApp;
  let sipPort: number;

  beforeAll(async () => {
    sipPort = await freeUdpPort();
    app = await startTestApp(
      {
        CARRIER: 'sip',
        SIP_TRUNK_URL: `sip:127.0.0.1:${await freeUdpPort()}`,
        SIP_BIND_ADDRESS: '127.0.0.1',
        SIP_PORT: String(sipPort),
        CARRIER_ALLOW_PRIVATE_NETWORKS: 'true',
        RTP_PORT_MIN: '40000',
        RTP_PORT_MAX: '44998',
        STT_ENGINE: 'pocketsphinx',
      },
      { worker: true },
    );
    expect(await app.services.carriers.sip.listen()).toBe(sipPort);
  });
  afterAll(() => app?.close());

  test('the caller says yes and Tuesday: structured answers true and "Tuesday", transcript and recording', async () => {
    const org = await signup(app, { organizationName: 'Acme Dental' });
    await app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'sip', host: '127.0.0.1', numbers: [NUMBER] }).expect(200);
    await app.http().put('/dashboard/inbound').set(bearer(org.token)).send({ enabled: true, greeting: GREETING, task: TASK, questions: QUESTIONS }).expect(200);

    const dir = await scenarioDir();
    const tts = new EspeakSynthesizer();
    const loud = async (text: string) => loudFrames(await tts.synthesize(text));
    const turns = [
      // The first prompt is the greeting and task, followed by the first question.
      { promptLoudFrames: (await loud(opening({ greeting: GREETING, task: TASK }))) + (await loud(QUESTIONS[0].question)), answer: await spoken(dir, 'yes', 'yes') },
      { promptLoudFrames: await loud(QUESTIONS[1].question), answer: await spoken(dir, 'tuesday', 'Tuesday') },
    ];
    await tts.close();
    const caller = await startNodeCaller({ to: NUMBER, from: CALLER, target: { address: '127.0.0.1', port: sipPort }, turns });
    try {
      expect(await caller.answeredWith).toBe(200);
      await caller.ended;
      const call = await eventually(async () => {
        const [c] = (await app.http().get('/v1/calls?direction=inbound').set(bearer(org.apiKey)).expect(200)).body.data;
        return c?.recording_url ? c : undefined;
      }, { timeoutMs: 200_000, intervalMs: 500, what: 'the inbound call to be analyzed' }).catch((e: Error) => {
        throw new Error(`${e.message}\n${caller.log()}`);
      });
      const context = `\ntranscript:\n${call.transcript}\ncaller:\n${caller.log()}`;
      expect({ direction: call.direction, from: call.from, to: call.to, status: call.status, disposition: call.disposition, context }).toEqual({
        direction: 'inbound',
        from: CALLER,
        to: NUMBER,
        status: 'completed',
        disposition: 'human',
        context,
      });
      expect({ answers: call.structured_answers, context }).toEqual({ answers: { keep: true, day: 'Tuesday' }, context });
      expect(caller.answered()).toBe(2);
      const lines: string[] = call.transcript.split('\n');
      expect(lines[0]).toBe(`Agent: ${GREETING} ${TASK}`);
      expect(lines[lines.length - 1]).toBe('Agent: Thank you for your time. Goodbye.');
      const wav = Buffer.from(await (await fetch(call.recording_url.replace(app.config.publicBaseUrl, app.url))).arrayBuffer());
      expect(wav.subarray(0, 4).toString()).toBe('RIFF');
      expect(wav.readUInt16LE(22)).toBe(2);
    } finally {
      await caller.close();
    }
  });
});
