import type { CallQuestion } from '../../src/features/calls/ports';
import { VoiceAgent } from '../../src/voice/agent/voice-agent';
import type { AgentScript } from '../../src/voice/dialog/dialog-policy';
import { CALLBACK_AT_GOODBYE, GOODBYE, intro, OPT_OUT_GOODBYE, reask, whoIsCalling, WRONG_NUMBER_GOODBYE, YES_OR_NO } from '../../src/voice/dialog/prompts';
import { confirmPrompt } from '../../src/voice/dialog/confirmation';
import { SurveyPolicy } from '../../src/voice/dialog/survey-policy';
import type { SpeechRecognizer } from '../../src/voice/stt/recognizer';
import { FakeClock } from '../../src/voice/testing/fake-clock';
import { FakeMedia, type MediaEvent } from '../../src/voice/testing/fake-media';
import { FakeRecognizer, FakeStreamingRecognizer } from '../../src/voice/testing/fake-recognizer';
import { FakeSynthesizer } from '../../src/voice/testing/fake-synthesizer';
import { EnergyVad } from '../../src/voice/testing/fake-vad';
import { DEFAULT_TIMING } from '../../src/voice/timing';

const CONSENT: CallQuestion = { key: 'consent', question: 'Do you still want the appointment?', type: 'boolean' };
const PEOPLE: CallQuestion = { key: 'people', question: 'How many people will come?', type: 'number' };
const NOTE: CallQuestion = { key: 'note', question: 'Anything else?', type: 'string' };
const TASK = 'We are confirming your appointment.';
const ORG = 'Acme Dental';
/** Every prompt of the fake synthesizer lasts this long. */
const PROMPT_MS = 2000;

/** A call with fakes on every stage, prompts that take PROMPT_MS to play (sent as the far end's frames arrive). */
function call(script: Partial<AgentScript>, stt: SpeechRecognizer) {
  const clock = new FakeClock();
  const media = new FakeMedia(clock);
  media.holdPlays = true;
  const tts = new FakeSynthesizer(PROMPT_MS);
  const policy = new SurveyPolicy({ task: TASK, questions: [], voicemailMessage: null, callerName: ORG, ...script }, DEFAULT_TIMING);
  const agent = new VoiceAgent({ media, policy, tts, stt, vad: new EnergyVad(), clock, onListen: media.listening });
  const done = agent.run();
  const describe = (e: MediaEvent) => (e.type === 'play' ? `say: ${tts.textOf(e.pcm)}` : e.type === 'stop' ? `stop: ${tts.textOf(e.pcm)}` : `listen: ${e.listen.question?.key ?? 'any'}`);
  const next = async (): Promise<string> => describe(await media.next());
  /** Silence until the agent's prompt has played to its end (it is sent as frames arrive). */
  const hear = () => {
    while (media.isPlaying) media.silence(20);
  };
  /** The callee answers the greeting and lets the introduction play to its end. */
  const pastIntro = async () => {
    expect(await next()).toBe('listen: any');
    media.speech(400);
    media.silence(800);
    expect(await next()).toBe(`say: ${intro(ORG, TASK)}`);
    hear();
  };
  /** The prompt plays to its end, the callee answers the question `key` (`ms` of speech, then the quick end's pause), and the agent says goodbye. */
  const lastAnswer = async (key: string, ms: number) => {
    hear();
    expect(await next()).toBe(`listen: ${key}`);
    media.speech(ms);
    media.silence(300);
    expect(await next()).toBe(`say: ${GOODBYE}`);
    hear();
    await done;
  };
  /** Past the introduction, the first question (`question`) is answered with `ms` of speech and a 300 ms pause; when the voice stopped. */
  const answerFirst = async (question: CallQuestion, ms: number): Promise<number> => {
    await pastIntro();
    expect(await next()).toBe(`say: ${question.question}`);
    hear();
    expect(await next()).toBe(`listen: ${question.key}`);
    media.speech(ms);
    const lastVoiced = clock.now();
    media.silence(300);
    return lastVoiced;
  };
  return { clock, media, tts, agent, done, next, hear, pastIntro, lastAnswer, answerFirst };
}

test('barge-in: 200 ms of speech over a question stops it at once; the interruption is marked where the callee stopped hearing, and the answer is heard whole', async () => {
  const stt = new FakeRecognizer(['hello', 'yes']);
  const c = call({ questions: [CONSENT] }, stt);
  await c.pastIntro();
  expect(await c.next()).toBe(`say: ${CONSENT.question}`);
  c.media.silence(600);
  // A cough (100 ms) does not stop the prompt.
  c.media.speech(100);
  c.media.silence(100);
  expect(c.media.isPlaying).toBe(true);
  // Speech: the prompt stops on the tenth voiced frame (200 ms), not later.
  c.media.speech(180);
  expect(c.media.isPlaying).toBe(true);
  c.media.speech(20);
  expect(c.media.isPlaying).toBe(false);
  expect(await c.next()).toBe(`stop: ${CONSENT.question}`);
  expect(await c.next()).toBe('listen: consent');
  c.media.speech(200);
  c.media.silence(800);
  expect(await c.next()).toBe(`say: ${GOODBYE}`);
  c.hear();
  expect(await c.done).toBe('human');

  const result = c.agent.result('human');
  expect(result.answers).toEqual({ consent: true });
  expect(result.transcript).toEqual(['Callee: hello', `Agent: ${intro(ORG, TASK)}`, `Agent: ${CONSENT.question} [interrupted]`, 'Callee: yes', `Agent: ${GOODBYE}`]);
  const question = result.turns.find((t) => t.text === CONSENT.question)!;
  const answer = result.turns.find((t) => t.text === 'yes')!;
  // Played for 600 + 100 + 100 + 180 ms: it stops as the tenth voiced frame arrives, before the
  // next frame of it would go out.
  expect(question).toMatchObject({ speaker: 'agent', interrupted: true });
  expect(question.end_ms - question.start_ms).toBe(980);
  // The answer starts with its first voiced frame (under the prompt) and goes on 200 ms after
  // it; none of it was lost: the recogniser got the 200 ms that stopped the prompt too.
  expect(answer).toMatchObject({ speaker: 'callee', start_ms: question.end_ms - 180, end_ms: question.end_ms + 220, interrupted: false });
  expect(stt.calls[1]!.samples / 160).toBeGreaterThanOrEqual(20);
  expect(result.turns.map((t) => t.speaker)).toEqual(['callee', 'agent', 'agent', 'callee', 'agent']);
  expect(c.clock.pendingTimers).toBe(0);
});

describe('a prompt talked over as it began (the callee was still finishing what they said)', () => {
  /** "No," ends the turn at its comma's pause; the next question starts, and "thank you" comes over its first 200 ms. */
  const afterNo = async (tail: string) => {
    // A tail that is not complete is decoded whole at the pause too (the fake's next script entry).
    const stt = new FakeStreamingRecognizer([{ text: 'hello' }, { text: 'no' }, { text: tail }, { text: tail }, { text: 'twelve' }], { framesPerWord: 5 });
    const c = call({ questions: [CONSENT, PEOPLE] }, stt);
    await c.answerFirst(CONSENT, 300);
    expect(await c.next()).toBe(`say: ${PEOPLE.question}`);
    c.media.speech(200);
    expect(await c.next()).toBe(`stop: ${PEOPLE.question}`);
    expect(await c.next()).toBe('listen: people');
    c.media.speech(200);
    c.media.silence(800);
    return c;
  };

  test('what they say holds no answer: the question is said again as it was, and the answer after it counts as the first', async () => {
    const c = await afterNo('thank you');
    expect(await c.next()).toBe(`say: ${PEOPLE.question}`);
    await c.lastAnswer('people', 500);
    const result = c.agent.result('human');
    expect(result.answers).toEqual({ consent: false, people: 12 });
    expect(result.transcript.slice(3)).toEqual(['Callee: no', `Agent: ${PEOPLE.question} [interrupted]`, 'Callee: thank you', `Agent: ${PEOPLE.question}`, 'Callee: twelve', `Agent: ${GOODBYE}`]);
  });

  test('an answer said then counts (a callee who knows the question may answer as it starts)', async () => {
    const c = await afterNo('twelve');
    expect(await c.next()).toBe(`say: ${GOODBYE}`);
    c.hear();
    await c.done;
    expect(c.agent.result('human').answers).toEqual({ consent: false, people: 12 });
  });

  test('an intent said then is acted on as anywhere', async () => {
    const c = await afterNo('stop calling me');
    expect(await c.next()).toBe(`say: ${OPT_OUT_GOODBYE}`);
    c.hear();
    await c.done;
    expect(c.agent.result('human').optOut).toBe(true);
  });
});

test('barge-in over the introduction: "who is this" is answered (organization and task) and the question asked after it', async () => {
  const stt = new FakeRecognizer(['hello', 'sorry who is this', 'yes']);
  const c = call({ questions: [CONSENT] }, stt);
  expect(await c.next()).toBe('listen: any');
  c.media.speech(400);
  c.media.silence(800);
  expect(await c.next()).toBe(`say: ${intro(ORG, TASK)}`);
  c.media.silence(400);
  c.media.speech(200);
  expect(await c.next()).toBe(`stop: ${intro(ORG, TASK)}`);
  expect(await c.next()).toBe('listen: any');
  c.media.speech(600);
  c.media.silence(800);
  expect(await c.next()).toBe(`say: ${whoIsCalling(ORG, TASK, CONSENT)}`);
  expect(whoIsCalling(ORG, TASK, CONSENT)).toBe(`This is an automated assistant calling on behalf of ${ORG}. ${TASK} ${CONSENT.question}`);
  c.hear();
  expect(await c.next()).toBe('listen: consent');
  c.media.speech(300);
  c.media.silence(800);
  expect(await c.next()).toBe(`say: ${GOODBYE}`);
  c.hear();
  await c.done;
  expect(c.agent.result('human').answers).toEqual({ consent: true });
  // The intents were offered to the recogniser beside the question's grammar.
  expect(stt.calls[1]!.expect.intents).toContain('who is this');
  expect(stt.calls[0]!.expect.intents).toBeUndefined();
});

test('a key pressed over a question stops it and answers it', async () => {
  const c = call({ questions: [CONSENT] }, new FakeRecognizer(['hello']));
  await c.pastIntro();
  expect(await c.next()).toBe(`say: ${CONSENT.question}`);
  c.media.silence(300);
  c.media.keys('2');
  expect(await c.next()).toBe(`stop: ${CONSENT.question}`);
  expect(await c.next()).toBe('listen: consent');
  expect(await c.next()).toBe(`say: ${GOODBYE}`);
  c.hear();
  await c.done;
  expect(c.agent.result('human').answers).toEqual({ consent: false });
});

test('goodbyes are not interrupted: speech over them is not listened to', async () => {
  const c = call({ questions: [] }, new FakeRecognizer(['hello']));
  await c.pastIntro();
  expect(await c.next()).toBe(`say: ${GOODBYE}`);
  c.media.speech(600);
  expect(c.media.isPlaying).toBe(true);
  c.hear();
  expect(await c.done).toBe('human');
});

describe('intents', () => {
  async function answerWith(said: string, questions: CallQuestion[] = [CONSENT, PEOPLE]) {
    const c = call({ questions }, new FakeRecognizer(['hello', said]));
    await c.pastIntro();
    expect(await c.next()).toBe(`say: ${questions[0]!.question}`);
    c.hear();
    expect(await c.next()).toBe(`listen: ${questions[0]!.key}`);
    c.media.speech(600);
    c.media.silence(800);
    return c;
  }

  test('"say that again": the question is said again, and its answer still counts as the first attempt', async () => {
    const c = call({ questions: [CONSENT] }, new FakeRecognizer(['hello', 'can you say that again', 'no']));
    await c.pastIntro();
    expect(await c.next()).toBe(`say: ${CONSENT.question}`);
    c.hear();
    expect(await c.next()).toBe('listen: consent');
    c.media.speech(600);
    c.media.silence(800);
    expect(await c.next()).toBe(`say: ${CONSENT.question}`);
    c.hear();
    expect(await c.next()).toBe('listen: consent');
    c.media.speech(300);
    c.media.silence(800);
    expect(await c.next()).toBe(`say: ${GOODBYE}`);
    c.hear();
    await c.done;
    expect(c.agent.result('human').answers).toEqual({ consent: false });
  });

  test('"stop calling me": a polite goodbye, the result opts the number out', async () => {
    const c = await answerWith('please stop calling me');
    expect(await c.next()).toBe(`say: ${OPT_OUT_GOODBYE}`);
    c.hear();
    expect(await c.done).toBe('human');
    expect(c.agent.result('human')).toMatchObject({ optOut: true, callbackAt: null, answers: { consent: null, people: null } });
  });

  test('"wrong number": a polite goodbye, disposition wrong_number', async () => {
    const c = await answerWith('i think you have the wrong number');
    expect(await c.next()).toBe(`say: ${WRONG_NUMBER_GOODBYE}`);
    c.hear();
    expect(await c.done).toBe('wrong_number');
    expect(c.agent.result('wrong_number')).toMatchObject({ optOut: false, callbackAt: null });
  });

  test('"call me back in an hour": disposition callback_requested with the time asked for', async () => {
    const c = await answerWith("i'm busy call me back in an hour");
    expect(await c.next()).toBe(`say: ${CALLBACK_AT_GOODBYE}`);
    const saidAt = c.clock.now();
    c.hear();
    expect(await c.done).toBe('callback_requested');
    expect(c.agent.result('callback_requested').callbackAt).toEqual(new Date(saidAt + 3600_000));
  });
});

describe('fast end of turn (streaming recogniser)', () => {
  test('a complete answer ends the turn after a 300 ms pause; the reply is measured from the last voiced frame', async () => {
    const stt = new FakeStreamingRecognizer([{ text: 'hello' }, { text: 'yes' }, { text: 'twelve' }], { framesPerWord: 5 });
    const c = call({ questions: [CONSENT, PEOPLE] }, stt);
    await c.pastIntro();
    expect(await c.next()).toBe(`say: ${CONSENT.question}`);
    c.hear();
    expect(await c.next()).toBe('listen: consent');
    c.media.speech(400);
    const lastVoiced = c.clock.now();
    c.media.silence(300);
    // The turn is over at the pause: the next question plays without waiting for 800 ms of silence.
    expect(await c.next()).toBe(`say: ${PEOPLE.question}`);
    expect(c.clock.now()).toBe(lastVoiced + 300);
    await c.lastAnswer('people', 500);

    const result = c.agent.result('human');
    expect(result.answers).toEqual({ consent: true, people: 12 });
    const reply = result.turns.find((t) => t.text === PEOPLE.question)!;
    // The fakes take no time: all of the latency is the end-of-turn wait.
    expect(reply.latency).toEqual({ end_of_turn_ms: 300, recognition_ms: 0, decision_ms: 0, synthesis_ms: 0, total_ms: 300 });
    expect(reply.start_ms).toBe(lastVoiced + 300);
    expect(result.turns.find((t) => t.text === 'yes')).toEqual({ speaker: 'callee', text: 'yes', start_ms: lastVoiced - 400, end_ms: lastVoiced, interrupted: false });
    // The first agent turn (the introduction) answers the hello: it is measured too; the questions asked after it are not.
    expect(result.turns.filter((t) => t.speaker === 'agent').map((t) => !!t.latency)).toEqual([true, false, true, true]);
    expect(stt.streams.map((s) => s.finished)).toEqual([true, true, true]);
  });

  test("the look-ahead: a complete answer's recognition is finished at 160 ms of pause (the pause's frames repeated to 300 ms), the turn still ends at 300 ms; speech after it is heard again from the start", async () => {
    const stt = new FakeStreamingRecognizer([{ text: 'hello' }, { text: 'yes' }, { text: 'no thanks' }], { framesPerWord: 5 });
    const c = call({ questions: [CONSENT] }, stt);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await c.pastIntro();
    expect(await c.next()).toBe(`say: ${CONSENT.question}`);
    c.hear();
    expect(await c.next()).toBe('listen: consent');
    c.media.speech(400);
    const pushed = stt.streams[1]!.frames;
    c.media.silence(160);
    await settle();
    // Finished while the pause goes on: its 8 frames, then 7 of them again (300 ms of pause in all).
    expect(stt.streams[1]!.finished).toBe(true);
    expect(stt.streams[1]!.frames - pushed).toBe(15);
    // The callee goes on ("…no, thanks"): a new stream hears the whole utterance, and the turn ends 300 ms after it.
    c.media.speech(400);
    await settle();
    expect(stt.streams).toHaveLength(3);
    expect(stt.streams[2]!.frames).toBe(pushed + 8 + 20);
    const lastVoiced = c.clock.now();
    c.media.silence(300);
    expect(await c.next()).toBe(`say: ${GOODBYE}`);
    expect(c.clock.now()).toBe(lastVoiced + 300);
    c.hear();
    await c.done;
    expect(c.agent.result('human').answers).toEqual({ consent: false });
  });

  test('an answer heard unsure at the look-ahead has its read-back synthesized while the pause goes on; a yes/no has none to make', async () => {
    const stt = new FakeStreamingRecognizer([{ text: 'hello' }, { text: 'thirty eight', confidence: 0.3 }, { text: 'yes' }, { text: 'no', confidence: 0.3 }], { framesPerWord: 5 });
    const c = call({ questions: [PEOPLE, CONSENT] }, stt);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await c.pastIntro();
    expect(await c.next()).toBe(`say: ${PEOPLE.question}`);
    c.hear();
    expect(await c.next()).toBe('listen: people');
    c.media.speech(500);
    c.media.silence(160);
    await settle();
    // Made before the turn is over (the pause is 160 ms long), then said when it is.
    expect(c.tts.texts.at(-1)).toBe(confirmPrompt(38));
    c.media.silence(140);
    expect(await c.next()).toBe(`say: ${confirmPrompt(38)}`);
    c.hear();
    expect(await c.next()).toBe('listen: people');
    c.media.speech(300);
    c.media.silence(300);
    expect(await c.next()).toBe(`say: ${CONSENT.question}`);
    c.hear();
    expect(await c.next()).toBe('listen: consent');
    const made = c.tts.texts.length;
    c.media.speech(300);
    c.media.silence(160);
    await settle();
    // "Was that a yes or a no?" is one of the call's own prompts: nothing is made ahead for it.
    expect(c.tts.texts).toHaveLength(made);
    c.media.silence(140);
    expect(await c.next()).toBe(`say: ${YES_OR_NO}`);
    c.agent.abort();
    await c.done;
    expect(c.agent.result('human').answers).toEqual({ people: 38, consent: null });
  });

  test('an answer heard with low confidence is never taken on one hearing: a number is read back, corrected and the correction confirmed; a yes/no is asked back as a choice, then again, and left empty', async () => {
    const stt = new FakeStreamingRecognizer(
      [{ text: 'hello' }, { text: 'thirty eight', confidence: 0.3 }, { text: 'no thirty', confidence: 0.9 }, { text: 'yes' }, { text: 'yes', confidence: 0.4 }, { text: 'no', confidence: 0.2 }, { text: 'no', confidence: 0.2 }],
      { framesPerWord: 5 },
    );
    const c = call({ questions: [PEOPLE, CONSENT] }, stt);
    await c.pastIntro();
    const answer = async (key: string, ms: number) => {
      c.hear();
      expect(await c.next()).toBe(`listen: ${key}`);
      c.media.speech(ms);
      c.media.silence(300);
    };
    expect(await c.next()).toBe(`say: ${PEOPLE.question}`);
    await answer('people', 500);
    expect(await c.next()).toBe(`say: ${confirmPrompt(38)}`);
    await answer('people', 300);
    expect(await c.next()).toBe(`say: ${confirmPrompt(30)}`);
    await answer('people', 300);
    expect(await c.next()).toBe(`say: ${CONSENT.question}`);
    await answer('consent', 300);
    expect(await c.next()).toBe(`say: ${YES_OR_NO}`);
    await answer('consent', 300);
    expect(await c.next()).toBe(`say: ${reask(CONSENT)}`);
    await answer('consent', 500);
    expect(await c.next()).toBe(`say: ${GOODBYE}`);
    c.hear();
    await c.done;
    const result = c.agent.result('human');
    expect(result.answers).toEqual({ people: 30, consent: null });
    expect(result.transcript.filter((t) => t.startsWith('Callee:'))).toEqual(['Callee: hello', 'Callee: thirty eight [unsure]', 'Callee: no thirty', 'Callee: yes', 'Callee: yes [unsure]', 'Callee: no [unsure]', 'Callee: no [unsure]']);
    // The read-back's recognition expected a reply to it; "yes or no?"'s, a choice.
    expect(stt.streams[2]!.expect.confirming).toEqual({ value: 38 });
    expect(stt.streams[5]!.expect.yesOrNo).toBe(true);
  });

  test('an intent ends the turn at the 300 ms pause from the streaming partial, without decoding the utterance again', async () => {
    const stt = new FakeStreamingRecognizer([{ text: 'hello' }, { text: 'who is this' }, { text: 'yes' }], { framesPerWord: 5 });
    const c = call({ questions: [CONSENT] }, stt);
    const lastVoiced = await c.answerFirst(CONSENT, 400);
    expect(await c.next()).toBe(`say: ${whoIsCalling(ORG, TASK, CONSENT, false)}`);
    expect(c.clock.now()).toBe(lastVoiced + 300);
    // The question's stream, finished at the look-ahead: no whole decoding was asked for.
    expect(stt.streams).toHaveLength(2);
    expect(stt.streams[1]!.finished).toBe(true);
    c.agent.abort();
    await c.done;
  });

  test('an answer the whole decoding at the pause hears unsure ends the turn there too: its read-back is not held back by the long silence', async () => {
    // The stream's partial lags (nothing yet at the pause); the decoding of the utterance so far hears "thirty eight", unsure.
    const stt = new FakeStreamingRecognizer([{ text: 'hello' }, { text: 'thirty eight' }, { text: 'thirty eight', confidence: 0.3 }], { framesPerWord: 40 });
    const c = call({ questions: [PEOPLE] }, stt);
    const lastVoiced = await c.answerFirst(PEOPLE, 300);
    expect(await c.next()).toBe(`say: ${confirmPrompt(38)}`);
    expect(c.clock.now()).toBe(lastVoiced + 300);
    c.agent.abort();
    await c.done;
  });

  test('what is not yet a complete answer waits for the whole silence (800 ms); free text always does', async () => {
    const stt = new FakeStreamingRecognizer([{ text: 'hello' }, { text: 'um' }, { text: 'well not really sure' }], { framesPerWord: 5 });
    const c = call({ questions: [CONSENT, NOTE] }, stt);
    await c.pastIntro();
    expect(await c.next()).toBe(`say: ${CONSENT.question}`);
    c.hear();
    expect(await c.next()).toBe('listen: consent');
    c.media.speech(300);
    const lastVoiced = c.clock.now();
    c.media.silence(300);
    c.media.silence(480);
    c.media.silence(20);
    expect(await c.next()).toMatch(/^say: Sorry, I did not catch that/);
    expect(c.clock.now()).toBe(lastVoiced + 800);
    c.media.finishPlays();
    expect(await c.next()).toBe('listen: consent');
    c.media.speech(20);
    c.agent.abort();
    await c.done;
  });
});

test('barge-in turned off (VOICE_BARGE_IN=0): prompts play to their end whatever the callee says', async () => {
  const clock = new FakeClock();
  const media = new FakeMedia(clock);
  media.holdPlays = true;
  const tts = new FakeSynthesizer(PROMPT_MS);
  const policy = new SurveyPolicy({ task: TASK, questions: [CONSENT], voicemailMessage: null, callerName: ORG }, DEFAULT_TIMING);
  const agent = new VoiceAgent({ media, policy, tts, stt: new FakeRecognizer(['hello', 'yes']), vad: new EnergyVad(), clock, onListen: media.listening, timing: { bargeInMs: 0 } });
  const done = agent.run();
  expect((await media.next()).type).toBe('listen');
  media.speech(400);
  media.silence(800);
  expect(await media.next()).toMatchObject({ type: 'play' });
  media.speech(1000);
  expect(media.isPlaying).toBe(true);
  while (media.isPlaying) media.silence(20);
  expect(await media.next()).toMatchObject({ type: 'play' });
  agent.abort();
  media.finishPlays();
  await done;
  expect(agent.result('human').turns.every((t) => !t.interrupted)).toBe(true);
});
