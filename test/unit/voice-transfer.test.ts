import type { CallQuestion, TransferWhen } from '../../src/features/calls/ports';
import type { AgentScript, DialogAction, DialogEvent } from '../../src/voice/dialog/dialog-policy';
import { detectIntent } from '../../src/voice/dialog/intents';
import { GOODBYE, handoffSummary, intro, MESSAGE_GOODBYE, reask, TAKE_MESSAGE, TRANSFER_HOLD } from '../../src/voice/dialog/prompts';
import { SurveyPolicy } from '../../src/voice/dialog/survey-policy';
import { onAnswer } from '../../src/voice/dialog/transfer-rules';
import { DEFAULT_TIMING } from '../../src/voice/timing';
import { outcome } from '../../src/features/campaigns/campaign-outcomes';

const INTERESTED: CallQuestion = { key: 'interested', question: 'Are you interested in the offer?', type: 'boolean' };
const PEOPLE: CallQuestion = { key: 'people', question: 'How many people will come?', type: 'number' };
const TASK = 'We are calling about your energy plan.';
const script = (transfer: TransferWhen | null, over: Partial<AgentScript> = {}): AgentScript => ({
  task: TASK,
  questions: [INTERESTED, PEOPLE],
  voicemailMessage: null,
  callerName: 'Acme Energy',
  callee: '+14155550199',
  transfer,
  ...over,
});

const spoken: DialogEvent = { type: 'spoken' };
const said = (text: string | null, speechMs = 600): DialogEvent => ({ type: 'utterance', text, speechMs });
const say = (text: string) => expect.objectContaining({ type: 'say', text });

function run(policy: SurveyPolicy, events: DialogEvent[]): DialogAction[] {
  const actions = [policy.start()];
  for (const e of events) actions.push(policy.handle(e));
  return actions;
}

describe('asking for a person (offline intent)', () => {
  test.each([
    'can I speak to a person',
    'Can I talk to a human please?',
    'I want to speak to an agent',
    'representative',
    'operator',
    'let me talk to someone',
    'is there a real person I can talk to',
  ])('"%s" asks for a person', (text) => {
    expect(detectIntent(text)).toBe('person');
  });

  test('stronger intents still win; answers are not requests', () => {
    expect(detectIntent('stop calling me, I do not want to speak to anyone')).toBe('opt_out');
    expect(detectIntent('you have the wrong person')).toBe('wrong_number');
    expect(detectIntent("I'm busy, can I speak to a person")).toBe('person');
    expect(detectIntent('yes I am interested')).toBeNull();
  });
});

describe('handing over', () => {
  test('the callee asks for a person: hold line, transfer with a summary, and the call is the person’s', () => {
    const policy = new SurveyPolicy(script({ callee_asks: true }), DEFAULT_TIMING);
    const actions = run(policy, [said('hello'), spoken, spoken, said('can I speak to a person'), spoken]);
    expect(actions.slice(1, 4)).toEqual([say(intro('Acme Energy', TASK)), say(INTERESTED.question), expect.objectContaining({ type: 'listen', question: INTERESTED })]);
    expect(actions[4]).toEqual({ type: 'say', text: TRANSFER_HOLD, bargeIn: null });
    const transfer = actions[5]!;
    expect(transfer).toEqual({ type: 'transfer', summary: handoffSummary(script(null), 'asked to speak to a person', {}) });
    expect((transfer as { summary: string }).summary).toContain('plus 1 4 1 5 5 5 5 0 1 9 9');
    expect(policy.handle({ type: 'transferred', answered: true, leg: '[transferred]' })).toEqual({ type: 'end', disposition: 'transferred' });
    expect(policy.transcript.slice(-3)).toEqual(['Callee: can I speak to a person', `Agent: ${TRANSFER_HOLD}`, 'Agent: [transferred]']);
  });

  test('without callee_asks, asking for a person is not an answer: the question is asked again', () => {
    const policy = new SurveyPolicy(script({ digit: '0' }), DEFAULT_TIMING);
    const actions = run(policy, [said('hello'), spoken, spoken, said('can I speak to a person')]);
    expect(actions.at(-1)).toEqual(say(reask(INTERESTED)));
  });

  test('pressing the transfer key hands over, even on a number question; another key answers', () => {
    const policy = new SurveyPolicy(script({ digit: '0' }), DEFAULT_TIMING);
    run(policy, [said('hello'), spoken, spoken, { type: 'digits', digits: '1' }, spoken]);
    expect(policy.answers).toEqual({ interested: true, people: null });
    expect(policy.handle({ type: 'digits', digits: '0' })).toEqual(say(TRANSFER_HOLD));
    expect(policy.handle(spoken)).toEqual({ type: 'transfer', summary: expect.stringContaining('pressed 0 to speak to a person') });
    expect(policy.handle(spoken)).toEqual({ type: 'end', disposition: 'human' }); // anything but the outcome ends it
  });

  test('an answer that matches the rule hands over, with the answers so far in the summary', () => {
    const policy = new SurveyPolicy(script({ answer: { key: 'interested', equals: true } }), DEFAULT_TIMING);
    const actions = run(policy, [said('hello'), spoken, spoken, said('yes')]);
    expect(actions.at(-1)).toEqual(say(TRANSFER_HOLD));
    const transfer = policy.handle(spoken) as { type: 'transfer'; summary: string };
    expect(transfer.summary).toContain('answered interested with yes');
    expect(transfer.summary).toContain('Answers so far: interested: yes.');
  });

  test('an answer that does not match goes on with the script', () => {
    const policy = new SurveyPolicy(script({ answer: { key: 'interested', equals: true } }), DEFAULT_TIMING);
    expect(run(policy, [said('hello'), spoken, spoken, said('no')]).at(-1)).toEqual(say(PEOPLE.question));
  });

  test('nobody answers: the agent offers to take a message, records it, says goodbye; not transferred', () => {
    const policy = new SurveyPolicy(script({ callee_asks: true }), DEFAULT_TIMING);
    run(policy, [said('hello'), spoken, spoken, said('operator'), spoken]);
    expect(policy.handle({ type: 'transferred', answered: false, leg: '[transfer not answered: 480]' })).toEqual(say(TAKE_MESSAGE));
    expect(policy.handle(spoken)).toEqual(expect.objectContaining({ type: 'listen', question: { key: 'message', question: TAKE_MESSAGE, type: 'string' }, keypad: 'ends_turn', intents: false, maxUtteranceMs: 30_000 }));
    expect(policy.handle(said('please call me back about the bill'))).toEqual(say(MESSAGE_GOODBYE));
    expect(policy.handle(spoken)).toEqual({ type: 'end', disposition: 'human' });
    expect(policy.message).toBe('please call me back about the bill');
    expect(policy.transcript.slice(-5)).toEqual([
      `Agent: ${TRANSFER_HOLD}`,
      'Agent: [transfer not answered: 480]',
      `Agent: ${TAKE_MESSAGE}`,
      'Callee: please call me back about the bill',
      `Agent: ${MESSAGE_GOODBYE}`,
    ]);
  });

  test('the callee hangs up during a bridged transfer the person took: still transferred', () => {
    const policy = new SurveyPolicy(script({ callee_asks: true }), DEFAULT_TIMING);
    run(policy, [said('hello'), spoken, spoken, said('a human please'), spoken]);
    expect(policy.handle({ type: 'hangup' })).toEqual({ type: 'end', disposition: 'human' });
    expect(policy.handle({ type: 'transferred', answered: true, leg: '[bridged]' })).toEqual({ type: 'end', disposition: 'transferred' });
    expect(policy.transcript.at(-1)).toBe('Agent: [bridged]');
  });

  test('a call without a transfer target never hands over', () => {
    const policy = new SurveyPolicy(script(null, { questions: [INTERESTED] }), DEFAULT_TIMING);
    const actions = run(policy, [said('hello'), spoken, spoken, { type: 'digits', digits: '0' }, spoken, said('operator'), spoken]);
    expect(actions.some((a) => a.type === 'transfer')).toBe(false);
    expect(actions.at(-1)).toEqual({ type: 'end', disposition: 'human' });
    expect(actions.at(-2)).toEqual(say(GOODBYE));
  });
});

test('answer rules: booleans and numbers by value, strings without case', () => {
  expect(onAnswer({ answer: { key: 'day', equals: 'tuesday' } }, 'day', 'Tuesday')).toBe(true);
  expect(onAnswer({ answer: { key: 'n', equals: 3 } }, 'n', 3)).toBe(true);
  expect(onAnswer({ answer: { key: 'n', equals: 3 } }, 'n', '3')).toBe(false);
  expect(onAnswer({ answer: { key: 'ok', equals: true } }, 'other', true)).toBe(false);
  expect(onAnswer({ answer: { key: 'ok', equals: false } }, 'ok', null)).toBe(false);
});

test('the transfer key works from the first moment: pressed during the greeting, it hands over before the introduction', () => {
  const policy = new SurveyPolicy(script({ digit: '0' }), DEFAULT_TIMING);
  expect(policy.start()).toEqual(expect.objectContaining({ type: 'listen', question: null, keypad: 'one_key' }));
  expect(policy.handle({ type: 'digits', digits: '0' })).toEqual(say(TRANSFER_HOLD));
  expect(policy.handle(spoken)).toEqual(expect.objectContaining({ type: 'transfer' }));
  // Without a transfer key a key during the greeting is no answer, as before.
  expect(new SurveyPolicy(script({ callee_asks: true }), DEFAULT_TIMING).start()).toEqual(expect.objectContaining({ keypad: 'ends_turn' }));
});

test('a campaign recipient whose call was transferred was reached: completed, never called again', () => {
  const retry = { busy: { after_seconds: 600 }, no_answer: { after_seconds: 3600 }, voicemail: { after_seconds: 14400 }, carrier_error: { after_seconds: 60 }, max_attempts: 3 };
  expect(outcome('transferred', 1, retry, true)).toEqual({ status: 'completed' });
  expect(outcome('transferred', 3, retry, false)).toEqual({ status: 'completed' });
});
