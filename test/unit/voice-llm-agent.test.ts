import type { CallQuestion } from '../../src/features/calls/ports';
import { VoiceAgent } from '../../src/voice/agent/voice-agent';
import type { AgentScript } from '../../src/voice/dialog/dialog-policy';
import { GOODBYE, intro } from '../../src/voice/dialog/prompts';
import { ChatCompletions } from '../../src/voice/llm/chat-completions';
import { LlmDialogPolicy } from '../../src/voice/llm/llm-policy';
import { FILLER } from '../../src/voice/llm/model-turn';
import { FakeClock } from '../../src/voice/testing/fake-clock';
import { FakeMedia, type MediaEvent } from '../../src/voice/testing/fake-media';
import { FakeRecognizer } from '../../src/voice/testing/fake-recognizer';
import { FakeSynthesizer } from '../../src/voice/testing/fake-synthesizer';
import { EnergyVad } from '../../src/voice/testing/fake-vad';
import { DEFAULT_TIMING } from '../../src/voice/timing';
import { ChatFarEnd } from '../helpers/chat-far-end';

const CONFIRMED: CallQuestion = { key: 'confirmed', question: 'Can you make it tomorrow at 3 pm?', type: 'boolean' };
const DAY: CallQuestion = { key: 'day', question: 'Which day works for you?', type: 'enum', options: ['Monday', 'Tuesday', 'Wednesday'] };
const PARTY: CallQuestion = { key: 'party', question: 'How many of you will come?', type: 'number' };
const TASK = 'We are confirming your appointment with Dr. Rivera.';
const ORG = 'Acme Dental';

class Gate {
  open!: () => void;
  readonly promise = new Promise<void>((resolve) => (this.open = resolve));
}

let farEnd: ChatFarEnd;
let chat: ChatCompletions;
beforeEach(async () => {
  farEnd = await ChatFarEnd.start();
  chat = new ChatCompletions({ url: farEnd.url, apiKey: 'sk-test-llm-key', model: 'test-model', allowPrivate: true });
});
afterEach(async () => {
  await chat.close();
  await farEnd.close();
});

/** A call with the fakes on every stage but the model, which is the local far end. */
function call(questions: CallQuestion[], heard: Array<string | null>, opts: { holdPlays?: boolean } = {}) {
  const clock = new FakeClock();
  const media = new FakeMedia(clock);
  media.holdPlays = opts.holdPlays ?? false;
  const tts = new FakeSynthesizer(400);
  const stt = new FakeRecognizer(heard);
  const script: AgentScript = { task: TASK, questions, voicemailMessage: null, callerName: ORG };
  const policy = new LlmDialogPolicy({ script, timing: DEFAULT_TIMING, chat, clock, language: 'en-US', instructions: 'Be warm.', now: () => new Date('2026-11-24T10:00:00Z') });
  const agent = new VoiceAgent({ media, policy, tts, stt, vad: new EnergyVad(), clock, onListen: media.listening });
  const done = agent.run();
  const describe = (e: MediaEvent) => (e.type === 'play' ? `say: ${tts.textOf(e.pcm)}` : e.type === 'stop' ? `stop: ${tts.textOf(e.pcm)}` : `listen: ${e.listen.question?.key ?? 'any'}`);
  const next = async (): Promise<string> => describe(await media.next());
  /** The callee says something (what the recognizer is scripted to hear next). */
  const says = (ms = 600) => {
    media.speech(ms);
    media.silence(800);
  };
  const hello = async () => {
    expect(await next()).toBe('listen: any');
    says(400);
    expect(await next()).toBe(`say: ${intro(ORG, TASK)}`);
  };
  return { clock, media, tts, stt, agent, policy, done, next, says, hello };
}

test('a callee who asks "who is calling?" mid-question is told, then answers; the answer is recorded through record_answer and the call ends with end_call', async () => {
  farEnd.reply(
    { text: 'Can you make it tomorrow at 3 pm?' },
    { text: 'This is the automated assistant of Acme Dental, about your appointment with Dr. Rivera. Can you make it tomorrow at 3 pm?' },
    { toolCalls: [{ name: 'record_answer', arguments: { key: 'confirmed', value: true, evidence: 'yes I can' } }] },
    { text: 'Wonderful, see you tomorrow. Goodbye!', toolCalls: [{ name: 'end_call', arguments: { reason: 'done' } }] },
  );
  const c = call([CONFIRMED], ['hello', 'who is calling', 'yes I can']);
  await c.hello();
  // The first reply was asked for while the introduction played; it is spoken right after it.
  expect(await c.next()).toBe(`say: ${CONFIRMED.question}`);
  expect(await c.next()).toBe('listen: confirmed');
  c.says();
  // The reply's first piece ends at its first clause (six words), the rest at the sentence.
  expect(await c.next()).toBe('say: This is the automated assistant of Acme Dental,');
  expect(await c.next()).toBe('say: about your appointment with Dr. Rivera.');
  expect(await c.next()).toBe(`say: ${CONFIRMED.question}`);
  expect(await c.next()).toBe('listen: confirmed');
  c.says();
  expect(await c.next()).toBe('say: Wonderful, see you tomorrow.');
  expect(await c.next()).toBe('say: Goodbye!');
  expect(await c.done).toBe('human');

  const result = c.agent.result('human');
  expect(result.answers).toEqual({ confirmed: true });
  expect(result.transcript).toEqual([
    'Callee: hello',
    `Agent: ${intro(ORG, TASK)}`,
    `Agent: ${CONFIRMED.question}`,
    'Callee: who is calling',
    `Agent: This is the automated assistant of Acme Dental, about your appointment with Dr. Rivera. ${CONFIRMED.question}`,
    'Callee: yes I can',
    'Agent: Wonderful, see you tomorrow. Goodbye!',
  ]);
  // What the model was sent: the instructions (task, caller, typed questions, the call's own instructions), then the conversation.
  const first = farEnd.requests[0]!;
  expect(first.authorization).toBe('Bearer sk-test-llm-key');
  expect(first.path).toBe('/v1/chat/completions');
  expect(first.body).toMatchObject({ model: 'test-model', stream: true });
  const system = first.body.messages[0]!;
  expect(system.role).toBe('system');
  expect(system.content).toContain(ORG);
  expect(system.content).toContain(TASK);
  expect(system.content).toContain('confirmed (yes or no): "Can you make it tomorrow at 3 pm?"');
  expect(system.content).toContain('Be warm.');
  expect(system.content).toContain('Speak only en-US');
  expect(farEnd.requests[1]!.body.messages.at(-1)).toEqual({ role: 'user', content: 'who is calling' });
  // The tool result the model saw, and the audit trail.
  expect(farEnd.requests[3]!.body.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_3_0', content: JSON.stringify({ ok: true, key: 'confirmed', value: true }) });
  const kinds = result.agentLog!.map((e) => e.kind);
  expect(kinds.filter((k) => k === 'request')).toHaveLength(4);
  expect(result.agentLog!.find((e) => e.kind === 'tool_call' && e.name === 'record_answer')).toMatchObject({ arguments: { key: 'confirmed', value: true, evidence: 'yes I can' } });
  expect(result.agentLog!.find((e) => e.kind === 'instructions')!.text).toBe(system.content);
  // The model's replies are one agent turn each, with their latency (the callee's last voiced frame to the first audio).
  const who = result.turns.find((t) => t.text.startsWith('This is the automated assistant'))!;
  expect(who.latency).toBeDefined();
});

test('an answer given out of order ("Tuesday works, we\'ll be three") is two record_answer calls in one reply, both typed and kept', async () => {
  farEnd.reply(
    { text: 'Which day works for you?' },
    {
      toolCalls: [
        { name: 'record_answer', arguments: { key: 'day', value: 'tuesday', evidence: 'Tuesday works' } },
        { name: 'record_answer', arguments: { key: 'party', value: 3, evidence: "we'll be three" } },
      ],
    },
    { text: 'Perfect, Tuesday for three. Thank you and goodbye.', toolCalls: [{ name: 'end_call', arguments: { reason: 'done' } }] },
  );
  const c = call([DAY, PARTY], ['hello', "Tuesday works, we'll be three"]);
  await c.hello();
  expect(await c.next()).toBe(`say: ${DAY.question}`);
  expect(await c.next()).toBe('listen: day');
  c.says(1200);
  expect(await c.next()).toBe('say: Perfect, Tuesday for three.');
  expect(await c.next()).toBe('say: Thank you and goodbye.');
  expect(await c.done).toBe('human');
  // The enum's option as the question spells it, the number as a number.
  expect(c.agent.result('human').answers).toEqual({ day: 'Tuesday', party: 3 });
  const toolMessages = farEnd.requests[2]!.body.messages.filter((m) => m.role === 'tool');
  expect(toolMessages.map((m) => JSON.parse(m.content!))).toEqual([
    { ok: true, key: 'day', value: 'Tuesday' },
    { ok: true, key: 'party', value: 3 },
  ]);
  // The tool's schema follows each question: the keys, and per key the type (the enum's options).
  const recordAnswer = farEnd.requests[0]!.body.tools!.find((t) => t.function.name === 'record_answer')!;
  expect(recordAnswer.function.parameters).toMatchObject({
    properties: { key: { enum: ['day', 'party'] } },
    anyOf: [{ properties: { key: { const: 'day' }, value: { type: 'string', enum: ['Monday', 'Tuesday', 'Wednesday'] } } }, { properties: { key: { const: 'party' }, value: { type: 'number' } } }],
  });
  expect(farEnd.requests[0]!.body.tools!.map((t) => t.function.name)).toEqual(['record_answer', 'end_call', 'schedule_callback', 'opt_out']);
});

test('a model slow to start its reply gets the filler ("One moment.") after a second instead of dead air; the reply follows', async () => {
  const slow = new Gate();
  farEnd.reply({ text: 'Can you make it tomorrow at 3 pm?' }, { text: 'Thank you, noted. Goodbye.', gate: slow.promise });
  const c = call([CONFIRMED], ['hello', 'yes']);
  await c.hello();
  expect(await c.next()).toBe(`say: ${CONFIRMED.question}`);
  expect(await c.next()).toBe('listen: confirmed');
  c.says(400);
  await farEnd.waitForRequests(2);
  // 900 ms of the callee's silence: not yet.
  c.media.silence(900);
  expect(c.media.played).toHaveLength(2);
  c.media.silence(100);
  expect(await c.next()).toBe(`say: ${FILLER}`);
  slow.open();
  expect(await c.next()).toBe('say: Thank you, noted.');
  expect(await c.next()).toBe('say: Goodbye.');
  expect(await c.next()).toBe('listen: confirmed');
  expect(c.policy.agentLog.some((e) => e.kind === 'filler')).toBe(true);
  c.agent.abort();
  await c.done;
});

test('a failing endpoint hands the call to the script mid-call: earlier answers are kept and only the questions left are asked', async () => {
  farEnd.reply(
    { text: 'Which day works for you?' },
    { toolCalls: [{ name: 'record_answer', arguments: { key: 'day', value: 'Monday', evidence: 'monday' } }] },
    { status: 503 },
  );
  const c = call([DAY, PARTY], ['hello', 'monday', 'three']);
  await c.hello();
  expect(await c.next()).toBe(`say: ${DAY.question}`);
  expect(await c.next()).toBe('listen: day');
  c.says();
  // The follow-up request fails: the script asks the question left, in its own words.
  expect(await c.next()).toBe(`say: ${PARTY.question}`);
  expect(await c.next()).toBe('listen: party');
  c.says();
  expect(await c.next()).toBe(`say: ${GOODBYE}`);
  expect(await c.done).toBe('human');
  const result = c.agent.result('human');
  expect(result.answers).toEqual({ day: 'Monday', party: 3 });
  expect(farEnd.requests).toHaveLength(3);
  expect(result.agentLog!.find((e) => e.kind === 'fallback')!.text).toContain('503');
  expect(result.transcript.slice(-3)).toEqual([`Agent: ${PARTY.question}`, 'Callee: three', `Agent: ${GOODBYE}`]);
});

test('an endpoint that never answers: the filler, then the script takes over at the deadline and the request is aborted', async () => {
  const never = new Gate();
  farEnd.reply({ text: 'Which day works for you?', gate: never.promise });
  const c = call([DAY], ['hello', 'tuesday']);
  await c.hello();
  await farEnd.waitForRequests(1);
  c.media.silence(1000);
  expect(await c.next()).toBe(`say: ${FILLER}`);
  c.media.silence(5000);
  expect(await c.next()).toBe(`say: ${DAY.question}`);
  await farEnd.waitForAbort(1);
  expect(await c.next()).toBe('listen: day');
  c.says();
  expect(await c.next()).toBe(`say: ${GOODBYE}`);
  await c.done;
  expect(c.agent.result('human').answers).toEqual({ day: 'Tuesday' });
  never.open();
});

test('record_answer with a value the callee did not give is refused with a reason the model sees; it asks again and the right answer is kept', async () => {
  farEnd.reply(
    { text: 'Which day works for you?' },
    // Not an option, then an option the callee never said: both refused.
    {
      toolCalls: [
        { name: 'record_answer', arguments: { key: 'day', value: 'Friday', evidence: 'maybe friday' } },
        { name: 'record_answer', arguments: { key: 'day', value: 'Wednesday', evidence: 'Wednesday is best' } },
      ],
    },
    { text: 'Sorry, which day: Monday, Tuesday or Wednesday?' },
    { toolCalls: [{ name: 'record_answer', arguments: { key: 'day', value: 'Tuesday', evidence: 'tuesday then' } }] },
    { text: 'Thanks, goodbye.', toolCalls: [{ name: 'end_call', arguments: { reason: 'done' } }] },
  );
  const c = call([DAY], ['hello', 'maybe friday', 'tuesday then']);
  await c.hello();
  expect(await c.next()).toBe(`say: ${DAY.question}`);
  expect(await c.next()).toBe('listen: day');
  c.says();
  expect(await c.next()).toBe('say: Sorry, which day: Monday, Tuesday or Wednesday?');
  expect(c.policy.answers).toEqual({ day: null });
  const refusals = farEnd.requests[2]!.body.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content!));
  expect(refusals[0]).toEqual({ ok: false, error: expect.stringContaining('must be one of "Monday", "Tuesday", "Wednesday"') });
  expect(refusals[1]).toEqual({ ok: false, error: expect.stringContaining('The callee was not heard saying "Wednesday is best"') });
  expect(await c.next()).toBe('listen: day');
  c.says();
  expect(await c.next()).toBe('say: Thanks, goodbye.');
  await c.done;
  expect(c.agent.result('human').answers).toEqual({ day: 'Tuesday' });
});

test('barge-in over a streamed reply stops the audio and aborts the model\'s HTTP stream; what the callee said goes to the model with what they heard', async () => {
  const rest = new Gate();
  farEnd.reply(
    { text: 'Can you make it tomorrow at 3 pm?' },
    { text: 'Let me tell you all about our new offers for the season. We have many. ', holdAfter: 12, gateAfterResolves: rest.promise },
    { toolCalls: [{ name: 'opt_out', arguments: {} }] },
  );
  const c = call([CONFIRMED], ['hello', 'what', 'stop calling me'], { holdPlays: true });
  expect(await c.next()).toBe('listen: any');
  c.says(400);
  expect(await c.next()).toBe(`say: ${intro(ORG, TASK)}`);
  while (c.media.isPlaying) c.media.silence(20);
  expect(await c.next()).toBe(`say: ${CONFIRMED.question}`);
  while (c.media.isPlaying) c.media.silence(20);
  expect(await c.next()).toBe('listen: confirmed');
  c.says(400);
  expect(await c.next()).toBe('say: Let me tell you all about our new offers for the season.');
  // The model has not finished; the callee talks over the first sentence.
  c.media.silence(100);
  c.media.speech(200);
  expect(await c.next()).toBe('stop: Let me tell you all about our new offers for the season.');
  const aborted = await farEnd.waitForAbort(2);
  expect(aborted.aborted).toBe(true);
  rest.open();
  expect(await c.next()).toBe('listen: confirmed');
  c.media.speech(400);
  c.media.silence(800);
  // The model opts the callee out without a word: the agent says the opt-out goodbye itself.
  expect(await c.next()).toBe('say: Understood. We will not call this number again. Goodbye.');
  while (c.media.isPlaying) c.media.silence(20);
  expect(await c.done).toBe('human');
  const result = c.agent.result('human');
  expect(result.optOut).toBe(true);
  expect(farEnd.requests[2]!.body.messages.at(-1)).toEqual({ role: 'user', content: '[The callee interrupted you; they heard only: "Let me tell you all about our new offers for the season."] stop calling me' });
  const cut = result.turns.find((t) => t.text.startsWith('Let me tell you'))!;
  expect(cut).toMatchObject({ speaker: 'agent', interrupted: true });
  expect(result.transcript).toContain('Agent: Let me tell you all about our new offers for the season. [interrupted]');
});

test('a key press answers the question being asked as the script reads it (2 = no), and the model is told what was recorded', async () => {
  farEnd.reply({ text: CONFIRMED.question }, { text: 'Understood, thank you. Goodbye.', toolCalls: [{ name: 'end_call', arguments: { reason: 'done' } }] });
  const c = call([CONFIRMED], ['hello']);
  await c.hello();
  expect(await c.next()).toBe(`say: ${CONFIRMED.question}`);
  expect(await c.next()).toBe('listen: confirmed');
  c.media.keys('2');
  expect(await c.next()).toBe('say: Understood, thank you.');
  expect(await c.next()).toBe('say: Goodbye.');
  await c.done;
  expect(c.agent.result('human').answers).toEqual({ confirmed: false });
  expect(farEnd.requests[1]!.body.messages.at(-1)!.content).toBe('[The callee pressed 2 on the keypad.] [Recorded as confirmed = false.]');
});
