import type { CallQuestion } from '../../src/features/calls/ports';
import { VoiceAgent } from '../../src/voice/agent/voice-agent';
import type { AgentScript } from '../../src/voice/dialog/dialog-policy';
import { GOODBYE, intro, reask } from '../../src/voice/dialog/prompts';
import { SurveyPolicy } from '../../src/voice/dialog/survey-policy';
import { FakeClock } from '../../src/voice/testing/fake-clock';
import { FakeMedia, type MediaEvent } from '../../src/voice/testing/fake-media';
import { FakeRecognizer } from '../../src/voice/testing/fake-recognizer';
import { FakeSynthesizer } from '../../src/voice/testing/fake-synthesizer';
import { EnergyVad } from '../../src/voice/testing/fake-vad';
import { DEFAULT_TIMING } from '../../src/voice/timing';

const CONSENT: CallQuestion = { key: 'consent', question: 'Do you still want the appointment?', type: 'boolean' };
const PEOPLE: CallQuestion = { key: 'people', question: 'How many people will come?', type: 'number' };
const DAY: CallQuestion = { key: 'day', question: 'Which day suits you best?', type: 'enum', options: ['Monday', 'Tuesday'] };
const TASK = 'We are confirming your appointment.';

/** A call in memory: the agent with fakes on every stage, driven event by event, frame by frame. */
function call(script: Partial<AgentScript>, heard: Array<string | null | Error> = []) {
  const clock = new FakeClock();
  const media = new FakeMedia(clock);
  const tts = new FakeSynthesizer(200);
  const stt = new FakeRecognizer(heard);
  const policy = new SurveyPolicy({ task: TASK, questions: [], voicemailMessage: null, ...script }, DEFAULT_TIMING);
  const agent = new VoiceAgent({ media, policy, tts, stt, vad: new EnergyVad(), clock, timing: DEFAULT_TIMING, onListen: media.listening });
  const done = agent.run();
  /** The next thing the agent does: the text it plays, or what it listens for. */
  const next = async (): Promise<string> => describe(await media.next());
  const describe = (e: MediaEvent) => (e.type === 'play' ? `say: ${tts.textOf(e.pcm)}` : e.type === 'stop' ? `stop: ${tts.textOf(e.pcm)} after ${e.playedMs} ms` : `listen: ${e.listen.question?.key ?? 'greeting'}`);
  return { clock, media, tts, stt, agent, done, next };
}

test('a whole scripted call: hello, an answer in speech, a number on the keypad, no answer then speech, goodbye', async () => {
  const c = call({ questions: [CONSENT, PEOPLE, DAY] }, ['hello', 'yes', 'tuesday']);
  expect(await c.next()).toBe('listen: greeting');
  c.media.silence(300);
  c.media.speech(600);
  c.media.silence(800);
  expect(await c.next()).toBe(`say: ${intro(null, TASK)}`);
  expect(await c.next()).toBe(`say: ${CONSENT.question}`);
  expect(await c.next()).toBe('listen: consent');
  c.media.speech(400);
  c.media.silence(800);
  expect(await c.next()).toBe(`say: ${PEOPLE.question}`);
  expect(await c.next()).toBe('listen: people');
  c.media.keys('12');
  c.media.silence(100);
  c.media.keys('#');
  expect(await c.next()).toBe(`say: ${DAY.question}`);
  expect(await c.next()).toBe('listen: day');
  c.media.silence(DEFAULT_TIMING.noInputMs);
  expect(await c.next()).toBe(`say: ${reask(DAY)}`);
  expect(await c.next()).toBe('listen: day');
  c.media.speech(500);
  c.media.silence(800);
  expect(await c.next()).toBe(`say: ${GOODBYE}`);
  expect(await c.done).toBe('human');

  const result = c.agent.result('human');
  expect(result.answers).toEqual({ consent: true, people: 12, day: 'Tuesday' });
  expect(result.transcript).toEqual([
    'Callee: hello',
    `Agent: ${intro(null, TASK)}`,
    `Agent: ${CONSENT.question}`,
    'Callee: yes',
    `Agent: ${PEOPLE.question}`,
    'Callee: [pressed 12]',
    `Agent: ${DAY.question}`,
    `Agent: ${reask(DAY)}`,
    'Callee: tuesday',
    `Agent: ${GOODBYE}`,
  ]);
  // Each recognition got the utterance, with its lead-in (what was heard just before the turn, up
  // to 300 ms before speech began) and the silence that ended it, and the question it answers.
  // An answer is decoded at its first 300 ms pause (a complete answer ends the turn there); the
  // greeting has no grammar to be complete in, so it waits for the whole silence.
  expect(c.stt.calls.map((r) => [r.samples / 160, r.expect.question?.key ?? null])).toEqual([
    [15 + 30 + 40 - 5, null],
    [5 + 20 + 15, 'consent'],
    [5 + 25 + 15, 'day'],
  ]);
  expect(c.clock.pendingTimers).toBe(0);
});

/** Lets the agent run what is pending (recognition results are promises). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Silence frame by frame, letting the agent act between frames, until it plays something: the ms fed. */
async function silenceUntilPlay(c: ReturnType<typeof call>, maxMs: number): Promise<number> {
  const before = c.media.played.length;
  let fed = 0;
  while (c.media.played.length === before && fed < maxMs) {
    c.media.silence(20);
    fed += 20;
    await flush();
  }
  return fed;
}

test('a long greeting is an answering machine: the voicemail message is played after its beep, the call ends as voicemail', async () => {
  const c = call({ questions: [CONSENT], voicemailMessage: 'Please call us back.' }, [null]);
  expect(await c.next()).toBe('listen: greeting');
  c.media.speech(5000);
  c.media.silence(800);
  await flush();
  // Judged a machine at the end of the greeting: the agent waits for the beep, however long the machine takes.
  c.media.silence(300);
  c.media.speech(1000);
  c.media.silence(200);
  c.media.tone(400, 1000);
  await flush();
  expect(c.media.played).toHaveLength(0);
  // The beep is confirmed by 60 ms of silence after it; the message starts then.
  expect(await silenceUntilPlay(c, 3000)).toBe(80);
  expect(await c.next()).toBe('say: Please call us back.');
  expect(await c.done).toBe('voicemail');
  expect(c.agent.result('voicemail')).toMatchObject({
    disposition: 'voicemail',
    transcript: ['Callee: [answering machine greeting]', 'Callee: [beep]', 'Agent: Please call us back.'],
    answers: { consent: null },
    optOut: false,
    callbackAt: null,
    amd: { result: 'machine', ms: 5800 },
  });
});

test('an answering machine without a beep: the message starts after 1.5 s of silence', async () => {
  const c = call({ questions: [CONSENT], voicemailMessage: 'Please call us back.' }, [null]);
  expect(await c.next()).toBe('listen: greeting');
  c.media.speech(5000);
  c.media.silence(800);
  await flush();
  expect(await silenceUntilPlay(c, 3000)).toBe(1500 - 800);
  expect(await c.next()).toBe('say: Please call us back.');
  expect(await c.done).toBe('voicemail');
  expect(c.agent.result('voicemail').transcript).not.toContain('Callee: [beep]');
});

test('a far end that sends no audio: the clock ends each turn; the call still runs to its goodbye', async () => {
  const c = call({ questions: [CONSENT] });
  expect(await c.next()).toBe('listen: greeting');
  c.clock.advance(2500 + 1000);
  expect(await c.next()).toBe(`say: ${intro(null, TASK)}`);
  expect(await c.next()).toBe(`say: ${CONSENT.question}`);
  expect(await c.next()).toBe('listen: consent');
  c.clock.advance(DEFAULT_TIMING.noInputMs + 1000);
  expect(await c.next()).toBe(`say: ${reask(CONSENT)}`);
  expect(await c.next()).toBe('listen: consent');
  c.clock.advance(DEFAULT_TIMING.noInputMs + 1000);
  expect(await c.next()).toBe(`say: ${GOODBYE}`);
  expect(await c.done).toBe('human');
  expect(c.stt.calls).toEqual([]);
});

test('a recogniser that fails: the answer is "not understood" and asked again', async () => {
  const c = call({ questions: [CONSENT] }, [new Error('engine down'), 'no']);
  expect(await c.next()).toBe('listen: greeting');
  c.media.silence(2500);
  await c.next();
  await c.next();
  expect(await c.next()).toBe('listen: consent');
  c.media.speech(300);
  c.media.silence(800);
  expect(await c.next()).toBe(`say: ${reask(CONSENT)}`);
  expect(await c.next()).toBe('listen: consent');
  c.media.speech(300);
  c.media.silence(800);
  expect(await c.next()).toBe(`say: ${GOODBYE}`);
  await c.done;
  expect(c.agent.result('human').answers).toEqual({ consent: false });
  expect(c.agent.result('human').transcript).toContain('Callee: [not understood]');
});

test('the callee hangs up while listening: the turn is dropped, the answers so far are kept', async () => {
  const c = call({ questions: [CONSENT, PEOPLE] }, ['yes', 'four']);
  expect(await c.next()).toBe('listen: greeting');
  c.media.silence(2500);
  await c.next();
  await c.next();
  expect(await c.next()).toBe('listen: consent');
  c.media.speech(300);
  c.media.silence(800);
  expect(await c.next()).toBe(`say: ${PEOPLE.question}`);
  expect(await c.next()).toBe('listen: people');
  c.media.speech(300);
  c.agent.abort();
  expect(await c.done).toBe('human');
  expect(c.agent.result('human').answers).toEqual({ consent: true, people: null });
  expect(c.agent.result('human').transcript[c.agent.result('human').transcript.length - 1]).toBe(`Agent: ${PEOPLE.question}`);
  expect(c.stt.calls).toHaveLength(1);
  expect(c.clock.pendingTimers).toBe(0);
});

test('the callee hangs up while its answer is recognised: the answer counts, nothing more is said', async () => {
  const c = call({ questions: [CONSENT, PEOPLE] }, ['yes']);
  expect(await c.next()).toBe('listen: greeting');
  c.media.silence(2500);
  await c.next();
  await c.next();
  expect(await c.next()).toBe('listen: consent');
  c.stt.hold();
  c.media.speech(300);
  c.media.silence(800);
  await c.stt.recognizing();
  c.agent.abort();
  c.stt.release();
  expect(await c.done).toBe('human');
  expect(c.agent.result('human').answers).toEqual({ consent: true, people: null });
  expect(c.agent.result('human').transcript.slice(-2)).toEqual([`Agent: ${CONSENT.question}`, 'Callee: yes']);
  expect(c.media.played.map((p) => c.tts.textOf(p))).toEqual([intro(null, TASK), CONSENT.question]);
});

test('the callee hangs up while the agent speaks: the rest of the script is not said', async () => {
  const c = call({ questions: [CONSENT, PEOPLE] });
  expect(await c.next()).toBe('listen: greeting');
  c.media.holdPlays = true;
  c.media.silence(2500);
  expect(await c.next()).toBe(`say: ${intro(null, TASK)}`);
  c.agent.abort();
  c.media.finishPlays();
  expect(await c.done).toBe('human');
  expect(c.agent.result('human').transcript).toEqual([`Agent: ${intro(null, TASK)}`]);
  expect(c.tts.texts).toEqual([intro(null, TASK)]);
});
