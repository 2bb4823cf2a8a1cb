import type { CallQuestion } from '../../src/features/calls/ports';
import type { AgentScript, DialogAction, DialogEvent } from '../../src/voice/dialog/dialog-policy';
import { GOODBYE, intro, reask, scriptPrompts } from '../../src/voice/dialog/prompts';
import { SurveyPolicy } from '../../src/voice/dialog/survey-policy';
import { DEFAULT_TIMING } from '../../src/voice/timing';

const CONSENT: CallQuestion = { key: 'consent', question: 'Do you still want the appointment?', type: 'boolean' };
const PEOPLE: CallQuestion = { key: 'people', question: 'How many people will come?', type: 'number' };
const DAY: CallQuestion = { key: 'day', question: 'Which day suits you best?', type: 'enum', options: ['Monday', 'Tuesday'] };
const TASK = 'We are confirming your appointment.';
const script = (over: Partial<AgentScript> = {}): AgentScript => ({ task: TASK, questions: [CONSENT, PEOPLE, DAY], voicemailMessage: null, ...over });

const spoken: DialogEvent = { type: 'spoken' };
const said = (text: string | null, speechMs = 600): DialogEvent => ({ type: 'utterance', text, speechMs });
const say = (text: string) => ({ type: 'say', text });
const listenFor = (q: CallQuestion | null) => expect.objectContaining({ type: 'listen', question: q });

/** Feeds events one by one and collects the actions, as the agent would. */
function run(policy: SurveyPolicy, events: DialogEvent[]): DialogAction[] {
  const actions = [policy.start()];
  for (const e of events) actions.push(policy.handle(e));
  return actions;
}

test('intro, each question, goodbye: answers from speech and keys', () => {
  const policy = new SurveyPolicy(script(), DEFAULT_TIMING);
  const actions = run(policy, [said('hello'), spoken, spoken, said('yes'), spoken, { type: 'digits', digits: '3' }, spoken, said('tuesday i think'), spoken]);
  expect(actions).toEqual([
    { type: 'listen', question: null, noInputMs: 2500, maxUtteranceMs: 12_000, keypad: 'ends_turn' },
    say(intro(TASK)),
    say(CONSENT.question),
    { type: 'listen', question: CONSENT, noInputMs: 7000, maxUtteranceMs: 15_000, keypad: 'one_key' },
    say(PEOPLE.question),
    { type: 'listen', question: PEOPLE, noInputMs: 7000, maxUtteranceMs: 15_000, keypad: 'number' },
    say(DAY.question),
    listenFor(DAY),
    say(GOODBYE),
    { type: 'end', disposition: 'human' },
  ]);
  expect(policy.answers).toEqual({ consent: true, people: 3, day: 'Tuesday' });
  expect(policy.transcript).toEqual([
    'Callee: hello',
    `Agent: ${intro(TASK)}`,
    `Agent: ${CONSENT.question}`,
    'Callee: yes',
    `Agent: ${PEOPLE.question}`,
    'Callee: [pressed 3]',
    `Agent: ${DAY.question}`,
    'Callee: tuesday i think',
    `Agent: ${GOODBYE}`,
  ]);
});

test('nobody says hello: the agent speaks anyway, and the greeting is not in the transcript', () => {
  const policy = new SurveyPolicy(script({ questions: [] }), DEFAULT_TIMING);
  expect(run(policy, [{ type: 'no_input' }, spoken, spoken])).toEqual([listenFor(null), say(intro(TASK)), say(GOODBYE), { type: 'end', disposition: 'human' }]);
  expect(policy.transcript).toEqual([`Agent: ${intro(TASK)}`, `Agent: ${GOODBYE}`]);
});

test('a hello that was not understood is noted as a greeting; a key during it is no answer', () => {
  const policy = new SurveyPolicy(script({ questions: [] }), DEFAULT_TIMING);
  run(policy, [said(null)]);
  expect(policy.transcript).toEqual(['Callee: [greeting]', `Agent: ${intro(TASK)}`]);
  const keyed = new SurveyPolicy(script({ questions: [] }), DEFAULT_TIMING);
  expect(run(keyed, [{ type: 'digits', digits: '5' }])[1]).toEqual(say(intro(TASK)));
  expect(keyed.transcript).toEqual([`Agent: ${intro(TASK)}`]);
});

test('no answer or an answer that does not fit: asked once more with the keypad hint, then the next question', () => {
  const policy = new SurveyPolicy(script(), DEFAULT_TIMING);
  const actions = run(policy, [{ type: 'no_input' }, spoken, spoken, { type: 'no_input' }, spoken, said('maybe'), spoken, said('no idea'), spoken, { type: 'digits', digits: '12' }, spoken, { type: 'digits', digits: '9' }, spoken, { type: 'digits', digits: '2' }, spoken]);
  expect(actions.filter((a) => a.type === 'say')).toEqual([
    say(intro(TASK)),
    say(CONSENT.question),
    say(reask(CONSENT)),
    say(PEOPLE.question),
    say(reask(PEOPLE)),
    say(DAY.question),
    say(reask(DAY)),
    say(GOODBYE),
  ]);
  expect(reask(CONSENT)).toBe(`Sorry, I did not catch that. ${CONSENT.question} Please say yes or no, or press 1 for yes and 2 for no.`);
  expect(reask(PEOPLE)).toContain('press the pound key');
  expect(policy.answers).toEqual({ consent: null, people: 12, day: 'Tuesday' });
  expect(policy.transcript.filter((l) => l.startsWith('Callee'))).toEqual(['Callee: maybe', 'Callee: no idea', 'Callee: [pressed 12]', 'Callee: [pressed 9]', 'Callee: [pressed 2]']);
  expect(actions[actions.length - 1]).toEqual({ type: 'end', disposition: 'human' });
});

test('speech that was not recognised is noted as such and asked again', () => {
  const policy = new SurveyPolicy(script({ questions: [CONSENT] }), DEFAULT_TIMING);
  const actions = run(policy, [{ type: 'no_input' }, spoken, spoken, said(null)]);
  expect(actions[actions.length - 1]).toEqual(say(reask(CONSENT)));
  expect(policy.transcript[policy.transcript.length - 2]).toBe('Callee: [not understood]');
});

test('a long greeting is an answering machine: the voicemail message, then the end as voicemail', () => {
  const policy = new SurveyPolicy(script({ voicemailMessage: 'Please call us back.' }), DEFAULT_TIMING);
  expect(run(policy, [said(null, 4000), spoken])).toEqual([listenFor(null), say('Please call us back.'), { type: 'end', disposition: 'voicemail' }]);
  expect(policy.transcript).toEqual(['Callee: [answering machine greeting]', 'Agent: Please call us back.']);
  expect(policy.answers).toEqual({ consent: null, people: null, day: null });
  // Just under the threshold is a person.
  expect(run(new SurveyPolicy(script(), DEFAULT_TIMING), [said('hello there', 3980)])[1]).toEqual(say(intro(TASK)));
});

test('an answering machine and no voicemail message: the end, at once', () => {
  const policy = new SurveyPolicy(script(), DEFAULT_TIMING);
  expect(run(policy, [said('you have reached sam', 9000)])).toEqual([listenFor(null), { type: 'end', disposition: 'voicemail' }]);
  expect(policy.transcript).toEqual(['Callee: you have reached sam']);
});

test('a hang-up mid-way keeps the answers so far and says nothing more', () => {
  const policy = new SurveyPolicy(script(), DEFAULT_TIMING);
  run(policy, [said('hello'), spoken, spoken, said('yes'), spoken]);
  expect(policy.handle({ type: 'hangup' })).toEqual({ type: 'end', disposition: 'human' });
  expect(policy.handle(spoken)).toEqual({ type: 'end', disposition: 'human' });
  expect(policy.answers).toEqual({ consent: true, people: null, day: null });
  expect(policy.transcript[policy.transcript.length - 1]).toBe(`Agent: ${PEOPLE.question}`);
});

test('a hang-up while an answer is being recognised: the answer still counts, nothing more is said', () => {
  const policy = new SurveyPolicy(script(), DEFAULT_TIMING);
  run(policy, [said('hello'), spoken, spoken]);
  policy.handle({ type: 'hangup' });
  expect(policy.handle(said('no'))).toEqual({ type: 'end', disposition: 'human' });
  expect(policy.answers).toEqual({ consent: false, people: null, day: null });
  expect(policy.transcript.slice(-2)).toEqual([`Agent: ${CONSENT.question}`, 'Callee: no']);
});

test('a hang-up during an answering machine greeting that is being recognised: voicemail, no message', () => {
  const policy = new SurveyPolicy(script({ voicemailMessage: 'Call us.' }), DEFAULT_TIMING);
  policy.start();
  policy.handle({ type: 'hangup' });
  expect(policy.handle(said(null, 5000))).toEqual({ type: 'end', disposition: 'voicemail' });
  expect(policy.transcript).toEqual(['Callee: [answering machine greeting]']);
});

test('the prompts synthesized while the phone rings', () => {
  expect(scriptPrompts(script({ questions: [CONSENT], voicemailMessage: 'Call us.' }))).toEqual([intro(TASK), CONSENT.question, reask(CONSENT), GOODBYE, 'Call us.']);
  expect(intro(null)).toBe('Hello, this is an automated assistant calling on behalf of our client.');
});
