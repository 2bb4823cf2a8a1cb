import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { intro, screeningReply } from '../../src/voice/dialog/prompts';
import pino from 'pino';
import { createSynthesizer } from '../../src/voice/tts/create';
import type { SpeechSynthesizer } from '../../src/voice/tts/synthesizer';
import { bearer, eventually, signup } from '../helpers/factories';
import { loudFrames, startNodeCallee, type CalleeTurn, type NodeCallee } from '../helpers/node-callee';
import { concat, silence, speech, tone } from '../helpers/synth-audio';
import { describeWithTools, freeUdpPort } from '../helpers/telephony';
import { startTestApp, type TestApp } from '../helpers/test-app';

jest.setTimeout(240_000);

const ORG = 'Acme Dental';
const TASK = 'We are confirming your appointment.';
const CONSENT = { key: 'consent', question: 'Do you still want the appointment?', type: 'boolean' } as const;
const VOICEMAIL = 'This is Acme Dental about your appointment. Please call us back.';
const FRAME_SAMPLES = 160;
/**
 * The callee rings a moment before it answers, as phones do. (It rang 8 s while the first call
 * after start-up lost its first seconds of audio to cold voice engines; the worker now readies
 * them before it takes calls: test/integration/sip-first-call.test.ts.)
 */
const RING_MS = 1000;

/**
 * Machine detection on real calls: a small SIP/RTP callee on loopback (test/helpers/node-callee.ts)
 * plays a greeting from the moment it answers (audio made by the Debian espeak-ng and sox, over
 * G.711), then answers the agent's prompts once it has heard them. The agent runs with the real
 * VAD, recogniser and beep detector.
 */
describeWithTools(['espeak-ng', 'sox'], 'machine detection on SIP calls', () => {
  let app: TestApp;
  let sipPort: number;
  let dir: string;
  let tts: SpeechSynthesizer;
  const loud = async (text: string) => loudFrames(await tts.synthesize(text));

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voicegate-amd-'));
    sipPort = await freeUdpPort();
    app = await startTestApp(
      { CARRIER: 'sip', SIP_TRUNK_URL: `sip:127.0.0.1:${sipPort}`, SIP_BIND_ADDRESS: '127.0.0.1', SIP_PORT: '0', RTP_PORT_MIN: '45000', RTP_PORT_MAX: '47998', STT_ENGINE: 'pocketsphinx' },
      { worker: true },
    );
    // The service's own voice (TTS_ENGINE's default): the callee knows how long each prompt is.
    tts = createSynthesizer(app.config.tts, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await tts?.close();
    await app?.close();
  });

  /** Places a call to the callee and waits for it to be analyzed; the call as REST shows it. */
  async function callThrough(callee: NodeCallee, body: Record<string, unknown>) {
    const org = await signup(app, { organizationName: ORG });
    const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550199', task: TASK, questions: [CONSENT], max_duration_seconds: 120, ...body });
    expect(res.status).toBe(201);
    const call = await eventually(
      async () => {
        const c = (await app.http().get(`/v1/calls/${res.body.call_id}`).set(bearer(org.apiKey))).body;
        return c.recording_url ? c : undefined;
      },
      { timeoutMs: 200_000, intervalMs: 500, what: 'the call to be analyzed' },
    ).catch((e: Error) => {
      throw new Error(`${e.message}\n${callee.log()}`);
    });
    return { call, context: `\namd: ${JSON.stringify(call.amd)} turns: ${JSON.stringify(call.turns?.slice(0, 3))}\ntranscript:\n${call.transcript}\ncallee:\n${callee.log()}` };
  }

  test('an answering machine with a beep: amd machine, and the voicemail message reaches the callee only after the beep has ended', async () => {
    const greeting = await speech(dir, 'machine', "Hi, you've reached Sam Carter. I can't come to the phone right now. Please leave a message after the tone.");
    const beep = await tone(dir, 'beep', 0.4, ['sine', '1000'], -8);
    const opening = concat(silence(600), greeting, silence(500), beep, silence(200));
    // The callee's frame counter when the beep's last sample has been sent.
    const beepEndFrame = Math.ceil((opening.length - silence(200).length) / FRAME_SAMPLES);
    const callee = await startNodeCallee([], sipPort, { opening, ringMs: RING_MS });
    try {
      const { call, context } = await callThrough(callee, { voicemail_message: VOICEMAIL });
      expect({ status: call.status, disposition: call.disposition, amd: call.amd?.result, context }).toEqual({ status: 'completed', disposition: 'voicemail', amd: 'machine', context });
      expect(call.amd.ms).toBeGreaterThan(0);
      await callee.ended;
      const heard = callee.loudHeardAtFrames();
      expect(heard.length).toBeGreaterThan(50);
      // Nothing of the agent before the beep was over: its first loud frame came after the beep's last.
      expect({ firstLoudAt: heard[0], beepEndFrame, context }).toEqual({ firstLoudAt: expect.any(Number), beepEndFrame, context });
      expect(heard[0]!).toBeGreaterThan(beepEndFrame);
      const lines: string[] = call.transcript.split('\n');
      expect(lines).toContain('Callee: [beep]');
      expect(lines[lines.length - 1]).toBe(`Agent: ${VOICEMAIL}`);
      // The agent's turn in the recording starts after the callee's greeting and beep.
      const message = call.turns.find((t: { speaker: string }) => t.speaker === 'agent');
      expect(message.text).toBe(VOICEMAIL);
      expect(message.start_ms).toBeGreaterThanOrEqual(beepEndFrame * 20 - 100);
    } finally {
      await callee.close();
    }
  });

  test('a person says hello: amd human, and the survey runs', async () => {
    const hello = await speech(dir, 'hello', 'Hello?');
    const turns: CalleeTurn[] = [{ promptLoudFrames: (await loud(intro(ORG, TASK))) + (await loud(CONSENT.question)), answer: await speech(dir, 'yes', 'yes') }];
    const callee = await startNodeCallee(turns, sipPort, { opening: concat(silence(700), hello), ringMs: RING_MS });
    try {
      const { call, context } = await callThrough(callee, { voicemail_message: VOICEMAIL });
      expect({ status: call.status, disposition: call.disposition, amd: call.amd?.result, context }).toEqual({ status: 'completed', disposition: 'human', amd: 'human', context });
      expect(call.amd.ms).toBeGreaterThan(700);
      expect(call.structured_answers).toEqual({ consent: true });
      expect(call.transcript).not.toContain(VOICEMAIL);
    } finally {
      await callee.close();
    }
  });

  test('a call-screening assistant: amd screened, the agent says who calls and why; the person picks up and the survey runs', async () => {
    const prompt = await speech(dir, 'screening', "Hi, the person you're calling is using a screening service. Go ahead and say your name and why you're calling.");
    const reply = screeningReply(ORG, TASK);
    const turns: CalleeTurn[] = [
      { promptLoudFrames: await loud(reply), answer: await speech(dir, 'picked-up', 'Hello?') },
      { promptLoudFrames: (await loud(intro(ORG, TASK))) + (await loud(CONSENT.question)), answer: await speech(dir, 'yes2', 'yes') },
    ];
    const callee = await startNodeCallee(turns, sipPort, { opening: concat(silence(500), prompt), ringMs: RING_MS });
    try {
      const { call, context } = await callThrough(callee, {});
      expect({ status: call.status, disposition: call.disposition, amd: call.amd?.result, context }).toEqual({ status: 'completed', disposition: 'human', amd: 'screened', context });
      const agentSaid = call.turns.filter((t: { speaker: string }) => t.speaker === 'agent').map((t: { text: string }) => t.text);
      expect(agentSaid[0]).toBe(reply);
      expect(agentSaid[0]).toContain(ORG);
      expect(call.structured_answers).toEqual({ consent: true });
    } finally {
      await callee.close();
    }
  });
});
