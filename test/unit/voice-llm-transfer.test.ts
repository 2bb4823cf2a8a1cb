import type { CallQuestion } from '../../src/features/calls/ports';
import { VoiceAgent, type TransferLeg } from '../../src/voice/agent/voice-agent';
import type { AgentScript } from '../../src/voice/dialog/dialog-policy';
import { intro, TAKE_MESSAGE, TRANSFER_HOLD } from '../../src/voice/dialog/prompts';
import { ChatCompletions } from '../../src/voice/llm/chat-completions';
import { LlmDialogPolicy } from '../../src/voice/llm/llm-policy';
import { FakeClock } from '../../src/voice/testing/fake-clock';
import { FakeMedia, type MediaEvent } from '../../src/voice/testing/fake-media';
import { FakeRecognizer } from '../../src/voice/testing/fake-recognizer';
import { FakeSynthesizer } from '../../src/voice/testing/fake-synthesizer';
import { EnergyVad } from '../../src/voice/testing/fake-vad';
import { DEFAULT_TIMING } from '../../src/voice/timing';
import { ChatFarEnd } from '../helpers/chat-far-end';

/** A model-led call that can be handed to a person: the transfer_call tool, the key and the answer rule. */
const INTERESTED: CallQuestion = { key: 'interested', question: 'Are you interested in a cheaper plan?', type: 'boolean' };
const TASK = 'We are calling about your energy plan.';
const ORG = 'Acme Energy';

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

function call(transfer: AgentScript['transfer'], heard: Array<string | null>, outcome: TransferLeg) {
  const clock = new FakeClock();
  const media = new FakeMedia(clock);
  const tts = new FakeSynthesizer(400);
  const script: AgentScript = { task: TASK, questions: [INTERESTED], voicemailMessage: null, callerName: ORG, callee: '+14155550142', transfer };
  const policy = new LlmDialogPolicy({ script, timing: DEFAULT_TIMING, chat, clock, language: 'en-US', instructions: null, now: () => new Date('2026-11-24T10:00:00Z') });
  const summaries: string[] = [];
  const agent = new VoiceAgent({
    media,
    policy,
    tts,
    stt: new FakeRecognizer(heard),
    vad: new EnergyVad(),
    clock,
    onListen: media.listening,
    transfer: async (summary) => {
      summaries.push(summary);
      return outcome;
    },
  });
  const done = agent.run();
  const next = async (): Promise<string> => {
    const e: MediaEvent = await media.next();
    return e.type === 'play' ? `say: ${tts.textOf(e.pcm)}` : e.type === 'stop' ? `stop: ${tts.textOf(e.pcm)}` : `listen: ${e.listen.question?.key ?? 'any'}`;
  };
  const says = () => {
    media.speech(600);
    media.silence(800);
  };
  return { media, policy, agent, done, next, says, summaries };
}

test('the model is offered transfer_call only when the callee may ask for a person, and the call is handed over when it calls it', async () => {
  farEnd.reply({ text: INTERESTED.question }, { text: 'Of course, connecting you now.', toolCalls: [{ name: 'transfer_call', arguments: {} }] });
  const c = call({ callee_asks: true }, ['hello', 'can I speak to a person'], { answered: true, leg: '[transferred]' });
  expect(await c.next()).toBe('listen: any');
  c.says();
  expect(await c.next()).toBe(`say: ${intro(ORG, TASK)}`);
  expect(await c.next()).toBe(`say: ${INTERESTED.question}`);
  expect(await c.next()).toBe('listen: interested');
  c.says();
  expect(await c.next()).toBe('say: Of course, connecting you now.');
  expect(await c.done).toBe('transferred');
  expect(c.summaries).toEqual([expect.stringContaining('asked to speak to a person')]);
  expect((farEnd.requests[0]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name)).toContain('transfer_call');
  expect(c.policy.transcript.at(-1)).toBe('Agent: [transferred]');
});

test('the transfer key hands over without asking the model; nobody answers: the script offers to take a message', async () => {
  farEnd.reply({ text: INTERESTED.question });
  const c = call({ digit: '0' }, ['hello', 'please call me back about the bill'], { answered: false, leg: '[not answered]' });
  expect(await c.next()).toBe('listen: any');
  c.says();
  expect(await c.next()).toBe(`say: ${intro(ORG, TASK)}`);
  expect(await c.next()).toBe(`say: ${INTERESTED.question}`);
  expect(await c.next()).toBe('listen: interested');
  c.media.keys('0');
  expect(await c.next()).toBe(`say: ${TRANSFER_HOLD}`);
  expect(await c.next()).toBe(`say: ${TAKE_MESSAGE}`);
  expect(await c.next()).toBe('listen: message');
  c.says();
  await c.next(); // the goodbye
  expect(await c.done).toBe('human');
  // Without callee_asks the model is not offered the tool; one request only (the key needed no model).
  expect(farEnd.requests).toHaveLength(1);
  expect((farEnd.requests[0]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name)).not.toContain('transfer_call');
  expect(c.policy.transcript).toEqual(expect.arrayContaining(['Callee: [pressed 0]', `Agent: ${TRANSFER_HOLD}`, 'Agent: [not answered]', `Agent: ${TAKE_MESSAGE}`, 'Callee: please call me back about the bill']));
});

test('an answer the model records that matches the rule hands over, whatever the model meant to say next', async () => {
  farEnd.reply({ text: INTERESTED.question }, { text: 'Great.', toolCalls: [{ name: 'record_answer', arguments: { key: 'interested', value: true, evidence: 'yes I am' } }] });
  const c = call({ answer: { key: 'interested', equals: true } }, ['hello', 'yes I am'], { answered: true, leg: '[bridged]' });
  expect(await c.next()).toBe('listen: any');
  c.says();
  expect(await c.next()).toBe(`say: ${intro(ORG, TASK)}`);
  expect(await c.next()).toBe(`say: ${INTERESTED.question}`);
  expect(await c.next()).toBe('listen: interested');
  c.says();
  expect(await c.next()).toBe('say: Great.');
  expect(await c.done).toBe('transferred');
  expect(c.policy.answers).toEqual({ interested: true });
  expect(c.summaries).toEqual([expect.stringContaining('answered interested with yes')]);
});
