import type { CallQuestion } from '../../src/features/calls/ports';
import { confirmPrompt, readConfirmation } from '../../src/voice/dialog/confirmation';
import type { AgentScript, DialogAction, DialogEvent } from '../../src/voice/dialog/dialog-policy';
import { GOODBYE, reask, YES_OR_NO } from '../../src/voice/dialog/prompts';
import { SurveyPolicy } from '../../src/voice/dialog/survey-policy';
import { isCompleteAnswer } from '../../src/voice/stt/recognizer';
import { DEFAULT_TIMING } from '../../src/voice/timing';

const CONSENT: CallQuestion = { key: 'consent', question: 'Do you still want the appointment?', type: 'boolean' };
const PEOPLE: CallQuestion = { key: 'people', question: 'How many people will come?', type: 'number' };
const DAY: CallQuestion = { key: 'day', question: 'Which day suits you best?', type: 'enum', options: ['Monday', 'Tuesday'] };
const script = (questions: CallQuestion[]): AgentScript => ({ task: null, questions, voicemailMessage: null });

const spoken: DialogEvent = { type: 'spoken' };
const sure = (text: string): DialogEvent => ({ type: 'utterance', text, speechMs: 600 });
const unsure = (text: string): DialogEvent => ({ type: 'utterance', text: null, unsure: text, speechMs: 600 });
const nothing: DialogEvent = { type: 'utterance', text: null, speechMs: 600 };

/** Past the greeting and the introduction, to the first question; then each reply, with `spoken` after every prompt. */
function converse(questions: CallQuestion[], replies: DialogEvent[]): { policy: SurveyPolicy; said: string[]; listens: DialogAction[] } {
  const policy = new SurveyPolicy(script(questions), DEFAULT_TIMING);
  const actions: DialogAction[] = [policy.start(), policy.handle({ type: 'no_input' }), policy.handle(spoken)];
  for (const r of replies) {
    actions.push(policy.handle(spoken));
    actions.push(policy.handle(r));
  }
  return { policy, said: actions.flatMap((a) => (a.type === 'say' ? [a.text] : [])).slice(1), listens: actions.filter((a) => a.type === 'listen') };
}

test('an unsure number is read back; a yes records it', () => {
  const { policy, said, listens } = converse([PEOPLE], [unsure('thirty'), sure('yes that is right')]);
  expect(said).toEqual([PEOPLE.question, confirmPrompt(30), GOODBYE]);
  expect(policy.answers).toEqual({ people: 30 });
  // The read-back's reply is listened for as a reply to it.
  expect(listens[listens.length - 1]).toEqual(expect.objectContaining({ question: PEOPLE, confirming: { value: 30 }, keypad: 'number' }));
  expect(policy.transcript.slice(1)).toEqual([`Agent: ${PEOPLE.question}`, 'Callee: thirty [unsure]', `Agent: ${confirmPrompt(30)}`, 'Callee: yes that is right', `Agent: ${GOODBYE}`]);
});

test('the same value said again in reply to the read-back is recorded when heard with confidence; heard unsure, the question is asked again', () => {
  expect(converse([PEOPLE], [unsure('thirty'), sure('thirty')]).policy.answers).toEqual({ people: 30 });
  // "No, one hundred and five" heard as an unsure "I said one hundred and nine" is no confirmation of 109.
  const insisted = converse([PEOPLE], [unsure('one hundred and nine'), unsure('i said one hundred and nine'), { type: 'no_input' }]);
  expect(insisted.said).toEqual([PEOPLE.question, confirmPrompt(109), reask(PEOPLE), GOODBYE]);
  expect(insisted.policy.answers).toEqual({ people: null });
});

test('a correction is read back once more, heard with confidence or not', () => {
  const corrected = converse([PEOPLE], [unsure('thirty'), sure('no thirty eight'), sure('yes')]);
  expect(corrected.said).toEqual([PEOPLE.question, confirmPrompt(30), confirmPrompt(38), GOODBYE]);
  expect(corrected.policy.answers).toEqual({ people: 38 });
  // Past the second read-back, a correction is not recorded, even heard with confidence (the
  // number after the no is heard as badly as any): the question is asked again, keypad offered.
  const past = converse([PEOPLE], [unsure('thirty'), sure('no thirty eight'), sure('no forty'), { type: 'no_input' }]);
  expect(past.said).toEqual([PEOPLE.question, confirmPrompt(30), confirmPrompt(38), reask(PEOPLE), GOODBYE]);
  expect(past.policy.answers).toEqual({ people: null });
  const again = converse([PEOPLE], [unsure('thirty'), unsure('no thirty eight'), sure('yes')]);
  expect(again.said).toEqual([PEOPLE.question, confirmPrompt(30), confirmPrompt(38), GOODBYE]);
  expect(again.policy.answers).toEqual({ people: 38 });
});

test('the reply to a second read-back is listened for with the values refused so far (the recognizer never offers them again)', () => {
  const { listens } = converse([PEOPLE], [unsure('thirty'), unsure('no thirty eight'), sure('yes')]);
  const replies = listens.filter((l) => l.type === 'listen' && l.confirming).map((l) => (l.type === 'listen' ? l.confirming : null));
  expect(replies).toEqual([{ value: 30 }, { value: 38, refused: [30] }]);
});

test('"no, thirty" to "I heard thirty" is a no, not the value confirmed', () => {
  const { said, policy } = converse([PEOPLE], [unsure('thirty'), sure('no thirty'), { type: 'no_input' }]);
  expect(said).toEqual([PEOPLE.question, confirmPrompt(30), reask(PEOPLE), GOODBYE]);
  expect(policy.answers).toEqual({ people: null });
});

test('a no asks again with the keypad offered; a value refused is not taken when heard again, and nothing loops', () => {
  const { said, policy } = converse([PEOPLE, CONSENT], [unsure('thirty'), sure('no'), unsure('thirty'), sure('yes')]);
  expect(said).toEqual([PEOPLE.question, confirmPrompt(30), reask(PEOPLE), CONSENT.question, GOODBYE]);
  expect(policy.answers).toEqual({ people: null, consent: true });
  // Two read-backs at most on the first asking: a second correction heard unsure leads to the
  // question again, whose new hearing has one read-back; a correction to it is not read back.
  const bounded = converse([PEOPLE], [unsure('thirty'), unsure('no forty'), unsure('no fifty'), unsure('sixty'), unsure('no seventy')]);
  expect(bounded.said).toEqual([PEOPLE.question, confirmPrompt(30), confirmPrompt(40), reask(PEOPLE), confirmPrompt(60), GOODBYE]);
  expect(bounded.policy.answers).toEqual({ people: null });
});

test('keys answer the read-back; a reply not understood asks again, and the value read back is not taken from a later hearing', () => {
  expect(converse([PEOPLE], [unsure('thirty'), { type: 'digits', digits: '31' }]).policy.answers).toEqual({ people: 31 });
  const unconfirmed = converse([PEOPLE], [unsure('thirty'), nothing, unsure('thirty')]);
  expect(unconfirmed.said).toEqual([PEOPLE.question, confirmPrompt(30), reask(PEOPLE), GOODBYE]);
  expect(unconfirmed.policy.answers).toEqual({ people: null });
  // An unsure yes is no confirmation; an unsure "no, thirty" is a no.
  expect(converse([PEOPLE], [unsure('thirty'), unsure('yes'), { type: 'no_input' }]).policy.answers).toEqual({ people: null });
  expect(converse([PEOPLE], [unsure('thirty'), unsure('no thirty'), unsure('thirty')]).policy.answers).toEqual({ people: null });
});

test('a value heard only in replies to read-backs is not confirmed by being heard twice', () => {
  const { said, policy } = converse([PEOPLE], [unsure('thirty'), unsure('two'), unsure('two'), unsure('two')]);
  expect(said).toEqual([PEOPLE.question, confirmPrompt(30), confirmPrompt(2), reask(PEOPLE), GOODBYE]);
  expect(policy.answers).toEqual({ people: null });
});

test('options are read back too; an unsure yes/no is asked back as a choice, whose reply heard with confidence is the answer', () => {
  expect(converse([DAY], [unsure('on tuesday'), sure('yes')]).policy.answers).toEqual({ day: 'Tuesday' });
  const yes = converse([CONSENT], [unsure('yes please'), sure('yes')]);
  expect(yes.said).toEqual([CONSENT.question, YES_OR_NO, GOODBYE]);
  expect(yes.policy.answers).toEqual({ consent: true });
  // The reply is listened for as a choice (the recognizer's narrowed grammar), and shown as said.
  expect(yes.listens[yes.listens.length - 1]).toEqual(expect.objectContaining({ question: CONSENT, yesOrNo: true, keypad: 'one_key' }));
  expect(yes.policy.transcript.slice(1)).toEqual([`Agent: ${CONSENT.question}`, 'Callee: yes please [unsure]', `Agent: ${YES_OR_NO}`, 'Callee: yes', `Agent: ${GOODBYE}`]);
  // Whatever was heard first: "no" answers the choice (a callee who said yes and one who said no both mean no by it).
  expect(converse([CONSENT], [unsure('yes please'), sure('no')]).policy.answers).toEqual({ consent: false });
  expect(converse([CONSENT], [unsure('nope'), sure('yeah')]).policy.answers).toEqual({ consent: true });
  // Keys answer it too.
  expect(converse([CONSENT], [unsure('nope'), { type: 'digits', digits: '2' }]).policy.answers).toEqual({ consent: false });
});

test('an unsure reply to "yes or no?" is no answer: the question is asked again with the keypad, and two unsure hearings that agree are still none', () => {
  const yesNo = converse([CONSENT], [unsure('yes please'), unsure('yeah'), unsure('yes')]);
  expect(yesNo.said).toEqual([CONSENT.question, YES_OR_NO, reask(CONSENT), GOODBYE]);
  expect(yesNo.policy.answers).toEqual({ consent: null });
  // Asked back once per question: the re-ask's unsure hearing ends it.
  expect(converse([CONSENT], [unsure('yes'), nothing, unsure('yes')]).said).toEqual([CONSENT.question, YES_OR_NO, reask(CONSENT), GOODBYE]);
  expect(converse([CONSENT], [unsure('yes'), nothing, sure('yes')]).policy.answers).toEqual({ consent: true });
});

test('"say that again" repeats "yes or no?", still listened for as a choice', () => {
  const { said, listens, policy } = converse([CONSENT], [unsure('yes'), sure('say that again'), sure('no')]);
  expect(said).toEqual([CONSENT.question, YES_OR_NO, YES_OR_NO, GOODBYE]);
  expect(listens[listens.length - 1]).toEqual(expect.objectContaining({ yesOrNo: true }));
  expect(policy.answers).toEqual({ consent: false });
});

test('intents still work during a read-back: "say that again" repeats it; "wrong number" ends the call', () => {
  const { said, policy } = converse([PEOPLE], [unsure('thirty'), sure('say that again'), sure('yes')]);
  expect(said).toEqual([PEOPLE.question, confirmPrompt(30), confirmPrompt(30), GOODBYE]);
  expect(policy.answers).toEqual({ people: 30 });
  expect(converse([PEOPLE], [unsure('thirty'), sure('wrong number')]).said[2]).toBe('Sorry for the trouble. Goodbye.');
});

test('reading a reply to a read-back; a bare no is not a complete reply yet (a correction may follow)', () => {
  expect(readConfirmation(PEOPLE, 'yes')).toEqual({ kind: 'yes' });
  expect(readConfirmation(PEOPLE, 'nope')).toEqual({ kind: 'no' });
  expect(readConfirmation(PEOPLE, 'no thirty eight')).toEqual({ kind: 'value', value: 38, denied: true });
  expect(readConfirmation(PEOPLE, 'thirty eight')).toEqual({ kind: 'value', value: 38, denied: false });
  expect(readConfirmation(PEOPLE, 'who is this')).toBeNull();
  // "oh" and "none" are a misheard no there; only "zero" is zero.
  expect([readConfirmation(PEOPLE, 'oh people'), readConfirmation(PEOPLE, 'none'), readConfirmation(PEOPLE, 'zero')]).toEqual([{ kind: 'no' }, { kind: 'no' }, { kind: 'value', value: 0, denied: false }]);
  const expect38 = { question: PEOPLE, confirming: { value: 38 } };
  expect([isCompleteAnswer(expect38, 'yes'), isCompleteAnswer(expect38, 'no'), isCompleteAnswer(expect38, 'no thirty')]).toEqual([true, false, true]);
});

test('asked again after a refused read-back, a new value heard unsure is read back (the refused one never is), once', () => {
  const { policy, said, listens } = converse([PEOPLE], [unsure('forty'), sure('no'), unsure('fourteen'), sure('yes')]);
  expect(said).toEqual([PEOPLE.question, confirmPrompt(40), reask(PEOPLE), confirmPrompt(14), GOODBYE]);
  expect(policy.answers).toEqual({ people: 14 });
  // The question asked again is listened for with the value refused, for the recognizer's next reading.
  expect(listens[3]).toEqual(expect.objectContaining({ question: PEOPLE, refused: [40] }));
  expect(listens[4]).toEqual(expect.objectContaining({ confirming: { value: 14, refused: [40] } }));
  expect(listens[4]).not.toHaveProperty('refused');
  // The refused value heard again is not read back: the question is given up.
  expect(converse([PEOPLE], [unsure('forty'), sure('no'), unsure('forty')]).said).toEqual([PEOPLE.question, confirmPrompt(40), reask(PEOPLE), GOODBYE]);
  // After a correction read back too, the question asked again still has its read-back; once.
  expect(converse([PEOPLE], [unsure('forty'), unsure('no fifteen'), sure('no'), unsure('fourteen'), sure('yes')]).said).toEqual([PEOPLE.question, confirmPrompt(40), confirmPrompt(15), reask(PEOPLE), confirmPrompt(14), GOODBYE]);
  expect(converse([PEOPLE], [unsure('forty'), sure('no'), unsure('fourteen'), sure('no'), unsure('thirteen')]).said).toEqual([PEOPLE.question, confirmPrompt(40), reask(PEOPLE), confirmPrompt(14), GOODBYE]);
});

describe('a prompt talked over as it began: the callee was still finishing their answer ("Monday, | please")', () => {
  const early: DialogEvent = { type: 'spoken', interrupted: true, playedMs: 240 };
  const late: DialogEvent = { type: 'spoken', interrupted: true, playedMs: 900 };

  test('the read-back is said again, not taken as refused; then its yes records the value', () => {
    const policy = new SurveyPolicy(script([DAY]), DEFAULT_TIMING);
    policy.start();
    const said: string[] = [];
    const note = (a: DialogAction) => (a.type === 'say' ? said.push(a.text) : undefined);
    for (const e of [{ type: 'no_input' } as DialogEvent, spoken, spoken, unsure('monday'), early, sure('please'), spoken, sure('yes')]) note(policy.handle(e));
    expect(said.slice(1)).toEqual([DAY.question, confirmPrompt('Monday'), confirmPrompt('Monday'), GOODBYE]);
    expect(policy.answers).toEqual({ day: 'Monday' });
  });

  test('talked over later, what is said is the reply, as before; and a question is said again at most twice', () => {
    const policy = new SurveyPolicy(script([DAY]), DEFAULT_TIMING);
    policy.start();
    const said: string[] = [];
    const note = (a: DialogAction) => (a.type === 'say' ? said.push(a.text) : undefined);
    for (const e of [{ type: 'no_input' } as DialogEvent, spoken, spoken, unsure('monday'), late, sure('please')]) note(policy.handle(e));
    expect(said.slice(1)).toEqual([DAY.question, confirmPrompt('Monday'), reask(DAY)]);
    const again = new SurveyPolicy(script([DAY]), DEFAULT_TIMING);
    again.start();
    const asked: string[] = [];
    for (const e of [{ type: 'no_input' } as DialogEvent, spoken, early, sure('please'), early, sure('please'), early, sure('please')]) {
      const a = again.handle(e);
      if (a.type === 'say') asked.push(a.text);
    }
    expect(asked.slice(1)).toEqual([DAY.question, DAY.question, DAY.question, reask(DAY)]);
  });
});
