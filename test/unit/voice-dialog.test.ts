import type { CallQuestion } from '../../src/features/calls/ports';
import type { AgentScript, DialogAction, DialogEvent } from '../../src/voice/dialog/dialog-policy';
import { CALLBACK_AT_GOODBYE, CALLBACK_GOODBYE, ENDING_CHECK, GOODBYE, intro, OPT_OUT_GOODBYE, reask, screeningReply, scriptPrompts, whoIsCalling, WRONG_NUMBER_GOODBYE, YES_OR_NO } from '../../src/voice/dialog/prompts';
import { SurveyPolicy } from '../../src/voice/dialog/survey-policy';
import { GREETING_VOCABULARY } from '../../src/voice/amd/greeting-phrases';
import { BEEP_MAX_WAIT_MS, BEEP_SILENCE_MS } from '../../src/voice/amd/greeting-phase';
import { DEFAULT_TIMING } from '../../src/voice/timing';

const CONSENT: CallQuestion = { key: 'consent', question: 'Do you still want the appointment?', type: 'boolean' };
const PEOPLE: CallQuestion = { key: 'people', question: 'How many people will come?', type: 'number' };
const DAY: CallQuestion = { key: 'day', question: 'Which day suits you best?', type: 'enum', options: ['Monday', 'Tuesday'] };
const TASK = 'We are confirming your appointment.';
const script = (over: Partial<AgentScript> = {}): AgentScript => ({ task: TASK, questions: [CONSENT, PEOPLE, DAY], voicemailMessage: null, ...over });

const spoken: DialogEvent = { type: 'spoken' };
const said = (text: string | null, speechMs = 600): Extract<DialogEvent, { type: 'utterance' }> => ({ type: 'utterance', text, speechMs });
const say = (text: string) => expect.objectContaining({ type: 'say', text });
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
    { type: 'listen', question: null, noInputMs: 2500, maxUtteranceMs: 12_000, keypad: 'ends_turn', intents: false, spotting: GREETING_VOCABULARY },
    say(intro(null, TASK)),
    say(CONSENT.question),
    { type: 'listen', question: CONSENT, noInputMs: 7000, maxUtteranceMs: 15_000, keypad: 'one_key', intents: true },
    say(PEOPLE.question),
    { type: 'listen', question: PEOPLE, noInputMs: 7000, maxUtteranceMs: 15_000, keypad: 'number', intents: true },
    say(DAY.question),
    listenFor(DAY),
    say(GOODBYE),
    { type: 'end', disposition: 'human' },
  ]);
  expect(policy.answers).toEqual({ consent: true, people: 3, day: 'Tuesday' });
  expect(policy.transcript).toEqual([
    'Callee: hello',
    `Agent: ${intro(null, TASK)}`,
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
  expect(run(policy, [{ type: 'no_input' }, spoken, spoken])).toEqual([listenFor(null), say(intro(null, TASK)), say(GOODBYE), { type: 'end', disposition: 'human' }]);
  expect(policy.transcript).toEqual([`Agent: ${intro(null, TASK)}`, `Agent: ${GOODBYE}`]);
});

test('a hello that was not understood is noted as a greeting; a key during it is no answer', () => {
  const policy = new SurveyPolicy(script({ questions: [] }), DEFAULT_TIMING);
  run(policy, [said(null)]);
  expect(policy.transcript).toEqual(['Callee: [greeting]', `Agent: ${intro(null, TASK)}`]);
  const keyed = new SurveyPolicy(script({ questions: [] }), DEFAULT_TIMING);
  expect(run(keyed, [{ type: 'digits', digits: '5' }])[1]).toEqual(say(intro(null, TASK)));
  expect(keyed.transcript).toEqual([`Agent: ${intro(null, TASK)}`]);
});

test('no answer or an answer that does not fit: asked once more with the keypad hint, then the next question', () => {
  const policy = new SurveyPolicy(script(), DEFAULT_TIMING);
  const actions = run(policy, [{ type: 'no_input' }, spoken, spoken, { type: 'no_input' }, spoken, said('maybe'), spoken, said('no idea'), spoken, { type: 'digits', digits: '12' }, spoken, { type: 'digits', digits: '9' }, spoken, { type: 'digits', digits: '2' }, spoken]);
  expect(actions.filter((a) => a.type === 'say')).toEqual([
    say(intro(null, TASK)),
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

test('a long greeting is an answering machine: the wait for its beep, the voicemail message, then the end as voicemail', () => {
  const policy = new SurveyPolicy(script({ voicemailMessage: 'Please call us back.' }), DEFAULT_TIMING);
  expect(run(policy, [{ ...said(null, 4000), positionMs: 5200 }, { type: 'beep', heard: true }, spoken])).toEqual([
    listenFor(null),
    { type: 'await_beep', silenceMs: BEEP_SILENCE_MS, maxMs: BEEP_MAX_WAIT_MS },
    say('Please call us back.'),
    { type: 'end', disposition: 'voicemail' },
  ]);
  expect(policy.transcript).toEqual(['Callee: [answering machine greeting]', 'Callee: [beep]', 'Agent: Please call us back.']);
  expect(policy.answers).toEqual({ consent: null, people: null, day: null });
  expect(policy.amd).toEqual({ result: 'machine', ms: 5200 });
  // A short hello is a person; so is a longer one that says "who is this".
  const short = new SurveyPolicy(script(), DEFAULT_TIMING);
  expect(run(short, [{ ...said('hello', 700), positionMs: 1900 }])[1]).toEqual(say(intro(null, TASK)));
  expect(short.amd).toEqual({ result: 'human', ms: 1900 });
  expect(run(new SurveyPolicy(script(), DEFAULT_TIMING), [said('hello this is maria from accounting who is this', 3000)])[1]).toEqual(say(intro(null, TASK)));
  // Machine words decide at once, however short.
  expect(run(new SurveyPolicy(script({ voicemailMessage: 'Hi.' }), DEFAULT_TIMING), [said('please leave a message', 1500)])[1]).toEqual({ type: 'await_beep', silenceMs: BEEP_SILENCE_MS, maxMs: BEEP_MAX_WAIT_MS });
});

test('a longish greeting without telling words: a person waits for an answer, a machine goes on', () => {
  const person = new SurveyPolicy(script(), DEFAULT_TIMING);
  const more = expect.objectContaining({ type: 'listen', question: null, noInputMs: 1500 });
  expect(run(person, [said(null, 3000), { type: 'no_input', positionMs: 5000 }])).toEqual([listenFor(null), more, say(intro(null, TASK))]);
  expect(person.amd).toEqual({ result: 'human', ms: 5000 });
  const machine = new SurveyPolicy(script({ voicemailMessage: 'Call us.' }), DEFAULT_TIMING);
  expect(run(machine, [said(null, 3000), { ...said(null, 1200), positionMs: 6400 }, { type: 'beep', heard: false }, spoken])).toEqual([
    listenFor(null),
    more,
    { type: 'await_beep', silenceMs: BEEP_SILENCE_MS, maxMs: BEEP_MAX_WAIT_MS },
    say('Call us.'),
    { type: 'end', disposition: 'voicemail' },
  ]);
  expect(machine.amd).toEqual({ result: 'machine', ms: 6400 });
  // A beep heard with the greeting is a machine.
  const beeped = new SurveyPolicy(script(), DEFAULT_TIMING);
  expect(run(beeped, [{ ...said(null, 2000), beep: true }])).toEqual([listenFor(null), { type: 'end', disposition: 'voicemail' }]);
  // Silence at the answer: unknown, and the agent speaks first.
  const silent = new SurveyPolicy(script(), DEFAULT_TIMING);
  expect(run(silent, [{ type: 'no_input', positionMs: 2500 }])[1]).toEqual(say(intro(null, TASK)));
  expect(silent.amd).toEqual({ result: 'unknown', ms: 2500 });
});

test('a call-screening assistant: the agent says who calls and why, then the person picks up and the survey runs', () => {
  const policy = new SurveyPolicy(script({ questions: [CONSENT], callerName: 'Acme Dental' }), DEFAULT_TIMING);
  const prompt = "hi the person you're calling is using a screening service go ahead and say your name and why you're calling";
  const actions = run(policy, [{ ...said(prompt, 6000), positionMs: 7100 }, spoken, said('thanks please stay on the line', 1500), said('hello', 600), spoken, spoken, said('yes'), spoken]);
  expect(actions).toEqual([
    listenFor(null),
    { type: 'say', text: screeningReply('Acme Dental', TASK), bargeIn: null },
    expect.objectContaining({ type: 'listen', question: null, noInputMs: 20_000 }),
    expect.objectContaining({ type: 'listen', question: null, noInputMs: 20_000 }),
    say(intro('Acme Dental', TASK)),
    say(CONSENT.question),
    listenFor(CONSENT),
    say(GOODBYE),
    { type: 'end', disposition: 'human' },
  ]);
  expect(screeningReply('Acme Dental', TASK)).toBe(`Hello, this is an automated assistant calling on behalf of Acme Dental. ${TASK} I will hold for them.`);
  expect(policy.amd).toEqual({ result: 'screened', ms: 7100 });
  expect(policy.answers).toEqual({ consent: true });
});

test('a call-screening assistant nobody picks up after: voicemail; one that hands over to voicemail: the message after the beep', () => {
  const prompt = 'please state your name and the reason for your call';
  const nobody = new SurveyPolicy(script({ questions: [CONSENT] }), DEFAULT_TIMING);
  expect(run(nobody, [said(prompt, 3000), spoken, { type: 'no_input' }]).slice(-1)).toEqual([{ type: 'end', disposition: 'voicemail' }]);
  expect(nobody.amd?.result).toBe('screened');
  const handed = new SurveyPolicy(script({ questions: [CONSENT], voicemailMessage: 'Call us.' }), DEFAULT_TIMING);
  expect(run(handed, [said(prompt, 3000), spoken, said('the person is not available please leave a message', 3000), { type: 'beep', heard: true }, spoken]).slice(-3)).toEqual([
    { type: 'await_beep', silenceMs: BEEP_SILENCE_MS, maxMs: BEEP_MAX_WAIT_MS },
    say('Call us.'),
    { type: 'end', disposition: 'voicemail' },
  ]);
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
  expect(scriptPrompts(script({ questions: [CONSENT], voicemailMessage: 'Call us.' }))).toEqual([
    intro(null, TASK),
    CONSENT.question,
    reask(CONSENT),
    YES_OR_NO,
    GOODBYE,
    'Call us.',
    screeningReply(null, TASK),
    whoIsCalling(null, TASK, null),
    whoIsCalling(null, TASK, CONSENT),
    OPT_OUT_GOODBYE,
    WRONG_NUMBER_GOODBYE,
    CALLBACK_GOODBYE,
    CALLBACK_AT_GOODBYE,
    ENDING_CHECK.opt_out,
  ]);
  expect(intro(null, null)).toBe('Hello, this is an automated assistant calling on behalf of our client.');
  expect(intro('Acme Dental', null)).toBe('Hello, this is an automated assistant calling on behalf of Acme Dental.');
});
