import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { WaveFile } from 'wavefile';
import { intro } from '../../src/voice/agent';
import { EspeakSynthesizer } from '../../src/voice/tts';
import { bearer, eventually, signup } from '../helpers/factories';
import { describeWithTools, freeUdpPort, run, runSipp, scenarioDir, writeScenario } from '../helpers/telephony';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { answerScenario } from '../sip/scenarios';

const RATE = 8000;
const QUESTIONS = [
  { key: 'consent', question: 'Do you still want the appointment?', type: 'boolean' },
  { key: 'people', question: 'How many people will come?', type: 'number' },
  { key: 'day', question: 'Which day suits you best?', type: 'enum', options: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] },
] as const;
const TASK = 'We are confirming your appointment.';

/** The callee's voice: espeak-ng (the Debian binary, independent of ours) at 8 kHz via sox. */
async function spoken(dir: string, name: string, text: string): Promise<Int16Array> {
  const wide = path.join(dir, `${name}-22k.wav`);
  const narrow = path.join(dir, `${name}-8k.wav`);
  await run('espeak-ng', ['-v', 'en-us', '-w', wide, text]);
  await run('sox', [wide, '-r', '8000', '-c', '1', '-b', '16', '-e', 'signed-integer', narrow]);
  const wav = new WaveFile(await readFile(narrow));
  return wav.getSamples(false, Int16Array) as unknown as Int16Array;
}

// Real calls with speech take tens of seconds, more on a loaded machine: one generous deadline.
jest.setTimeout(240_000);

/**
 * A whole conversation: SIPp answers and plays a recording of the callee ("yes", "three",
 * "Tuesday"), placed in time after each question the agent will ask (the agent's prompts are
 * measured with the same synthesizer; each answer comes a comfortable pause after its question,
 * well inside the agent's listening window). The agent must recognise each with pocketsphinx and
 * store the right structured answers.
 */
describeWithTools(['sipp', 'pocketsphinx_continuous', 'espeak-ng', 'sox'], 'a full SIP conversation', () => {
  let app: TestApp;
  let sipPort: number;

  beforeAll(async () => {
    sipPort = await freeUdpPort();
    app = await startTestApp(
      { CARRIER: 'sip', SIP_TRUNK_URL: `sip:127.0.0.1:${sipPort}`, SIP_BIND_ADDRESS: '127.0.0.1', SIP_PORT: '0', RTP_PORT_MIN: '40000', RTP_PORT_MAX: '44998', STT_ENGINE: 'pocketsphinx' },
      { worker: true },
    );
  });
  afterAll(() => app?.close());

  test('the callee says yes, three and Tuesday: structured answers true, 3 and "Tuesday"; transcript and recording', async () => {
    const dir = await scenarioDir();
    const tts = new EspeakSynthesizer();
    const seconds = async (text: string) => (await tts.synthesize(text)).length / RATE;
    const answers = [await spoken(dir, 'yes', 'yes'), await spoken(dir, 'three', 'three'), await spoken(dir, 'tuesday', 'Tuesday')];
    // Timeline: the agent waits 2.5 s for a hello, then speaks; after each answer it needs the
    // end-of-speech silence (0.8 s) plus recognition (0.3 s assumed) before the next question.
    // Each answer starts ANSWER_PAUSE after the question should end: the agent listens for 7 s, so
    // this tolerates recognition up to ~6 s slower than assumed (a heavily loaded machine) without
    // the answer overlapping the question.
    const ANSWER_PAUSE = 6.0;
    let agentSpeaksAt = 2.5 + (await seconds(intro(TASK)));
    const placed: Array<{ at: number; pcm: Int16Array }> = [];
    for (let i = 0; i < QUESTIONS.length; i++) {
      const questionEnds = agentSpeaksAt + (await seconds(QUESTIONS[i]!.question));
      const at = questionEnds + ANSWER_PAUSE;
      placed.push({ at, pcm: answers[i]! });
      agentSpeaksAt = at + answers[i]!.length / RATE + 0.8 + 0.3;
    }
    await tts.close();
    const total = new Int16Array(Math.ceil((agentSpeaksAt + 8) * RATE));
    for (const p of placed) total.set(p.pcm, Math.round(p.at * RATE));
    const callee = new WaveFile();
    callee.fromScratch(1, RATE, '16', total);
    callee.toMuLaw();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, 'callee.wav'), callee.toBuffer());

    const org = await signup(app);
    const file = await writeScenario(dir, 'conversation', answerScenario('callee.wav'));
    const sipp = runSipp(dir, file, sipPort, await freeUdpPort());
    const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550199', task: TASK, questions: QUESTIONS, max_duration_seconds: 120 });
    expect(res.status).toBe(201);
    const call = await eventually(async () => {
      const c = (await app.http().get(`/v1/calls/${res.body.call_id}`).set(bearer(org.apiKey))).body;
      return c.recording_url ? c : undefined;
    }, { timeoutMs: 150_000, intervalMs: 500, what: 'the call to be analyzed' }).catch((e: Error) => {
      sipp.kill();
      throw new Error(`${e.message}\n${sipp.output()}`);
    });
    const code = await sipp.exited;
    expect({ code, output: code === 0 ? '' : sipp.output() }).toEqual({ code: 0, output: '' });
    expect(call).toMatchObject({ status: 'completed', disposition: 'human', carrier: 'sip' });
    expect({ answers: call.structured_answers, transcript: call.transcript }).toEqual({ answers: { consent: true, people: 3, day: 'Tuesday' }, transcript: expect.any(String) });
    const lines: string[] = call.transcript.split('\n');
    expect(lines[0]).toBe(`Agent: ${intro(TASK)}`);
    expect(lines).toContain(`Agent: ${QUESTIONS[2].question}`);
    // The callee said three things (nothing at first): three Callee turns, recognised.
    const said = lines.filter((l) => l.startsWith('Callee: '));
    expect(said).toHaveLength(3);
    expect(said[0]).toMatch(/^Callee: (.* )?(yes|yeah|yep)$/);
    expect(said[1]).toMatch(/^Callee: (.* )?three$/);
    expect(said[2]).toMatch(/^Callee: (.* )?tuesday$/);
    expect(lines[lines.length - 1]).toBe('Agent: Thank you for your time. Goodbye.');
  });

  test('an answering machine (a long greeting): the agent leaves voicemail_message; completed/voicemail', async () => {
    const dir = await scenarioDir();
    const greeting = await spoken(dir, 'greeting', 'Hi, you have reached the voicemail of Sam Jones. I cannot take your call right now. Please leave your name, your number and a short message after the tone, and I will call you back as soon as I can.');
    const audio = new Int16Array(greeting.length + 20 * RATE);
    audio.set(greeting, Math.round(0.3 * RATE));
    const callee = new WaveFile();
    callee.fromScratch(1, RATE, '16', audio);
    callee.toMuLaw();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, 'machine.wav'), callee.toBuffer());
    const org = await signup(app);
    const sipp = runSipp(dir, await writeScenario(dir, 'machine', answerScenario('machine.wav')), sipPort, await freeUdpPort());
    const message = 'This is the clinic calling about your appointment. Please call us back.';
    const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550188', task: TASK, questions: [QUESTIONS[0]], voicemail_message: message });
    expect(res.status).toBe(201);
    const call = await eventually(async () => {
      const c = (await app.http().get(`/v1/calls/${res.body.call_id}`).set(bearer(org.apiKey))).body;
      return c.recording_url ? c : undefined;
    }, { timeoutMs: 120_000, intervalMs: 500, what: 'the call to be analyzed' }).catch((e: Error) => {
      sipp.kill();
      throw new Error(`${e.message}\n${sipp.output()}`);
    });
    const code = await sipp.exited;
    expect({ code, output: code === 0 ? '' : sipp.output() }).toEqual({ code: 0, output: '' });
    expect(call).toMatchObject({ status: 'completed', disposition: 'voicemail', structured_answers: { consent: null } });
    const lines: string[] = call.transcript.split('\n');
    expect(lines[lines.length - 1]).toBe(`Agent: ${message}`);
    expect(lines.some((l) => l.startsWith('Agent: Hello'))).toBe(false);
  });
});
