import type { CallQuestion } from '../../src/features/calls/ports';
import type { DialogEvent } from '../../src/voice/dialog/dialog-policy';
import { detectIntent, parseCallbackTime } from '../../src/voice/dialog/intents';
import { CALLBACK_AT_GOODBYE, CALLBACK_GOODBYE, CHECK_REFUSED, ENDING_CHECK, GOODBYE, intro, OPT_OUT_GOODBYE, reask, WRONG_NUMBER_GOODBYE, whoIsCalling } from '../../src/voice/dialog/prompts';
import { SurveyPolicy } from '../../src/voice/dialog/survey-policy';
import { DEFAULT_TIMING } from '../../src/voice/timing';

const CONSENT: CallQuestion = { key: 'consent', question: 'Do you still want the appointment?', type: 'boolean' };

test.each([
  ['who is this', 'who'],
  ['hello who is calling', 'who'],
  ["what's this about", 'who'],
  ['sorry what', 'repeat'],
  ['what', 'repeat'],
  ['could you repeat that please', 'repeat'],
  ['stop calling me', 'opt_out'],
  ['please remove my number from your list', 'opt_out'],
  ["don't call me again", 'opt_out'],
  ['you have the wrong number', 'wrong_number'],
  ["i'm busy right now", 'callback'],
  ['can you call me back tomorrow', 'callback'],
  ['stop calling me i am busy', 'opt_out'],
  ['stop phoning me', 'opt_out'],
  ['do not contact me again', 'opt_out'],
  ['there is nobody here by that name', 'wrong_number'],
  ['could you ring me back later', 'callback'],
  ['now is not a good time', 'callback'],
])('"%s" is %s', (said, intent) => {
  expect(detectIntent(said)).toBe(intent);
});

test.each(['yes', 'no', 'no i cannot', 'twelve', 'tuesday please', 'yes of course', 'not really', 'hello', '', null])('"%s" is no intent', (said) => {
  expect(detectIntent(said)).toBeNull();
});

describe('callback times', () => {
  // Wednesday 2026-11-25 14:10 UTC.
  const now = new Date('2026-11-25T14:10:00Z');
  test.each([
    ['call me back in an hour', '2026-11-25T15:10:00.000Z'],
    ['in two hours please', '2026-11-25T16:10:00.000Z'],
    ['in half an hour', '2026-11-25T14:40:00.000Z'],
    ['in 20 minutes', '2026-11-25T14:30:00.000Z'],
    ['call me tomorrow', '2026-11-26T14:10:00.000Z'],
    ['tomorrow morning', '2026-11-26T09:00:00.000Z'],
    ['call me after five', '2026-11-25T17:00:00.000Z'],
    ['at 6:30 pm', '2026-11-25T18:30:00.000Z'],
    ['after ten', '2026-11-26T10:00:00.000Z'],
    ['tomorrow at nine', '2026-11-26T09:00:00.000Z'],
  ])('"%s" → %s', (said, at) => {
    expect(parseCallbackTime(said, now)?.toISOString()).toBe(at);
  });

  test('no time said: null', () => {
    expect(parseCallbackTime('call me later', now)).toBeNull();
    expect(parseCallbackTime("i'm busy", now)).toBeNull();
  });

  test('a time of day is the callee’s, in the call’s time zone', () => {
    // 14:10 UTC is 09:10 in New York (EST): "after five" is 17:00 there, 22:00 UTC.
    expect(parseCallbackTime('after five', now, 'America/New_York')?.toISOString()).toBe('2026-11-25T22:00:00.000Z');
  });
});

describe('the policy with intents and interruptions', () => {
  const ORG = 'Acme Dental';
  const policy = () => new SurveyPolicy({ task: 'We are confirming.', questions: [CONSENT], voicemailMessage: null, callerName: ORG }, DEFAULT_TIMING);
  const said = (text: string): DialogEvent => ({ type: 'utterance', text, speechMs: 600, atMs: Date.parse('2026-11-25T14:10:00Z') });

  test('the introduction and the questions may be talked over, goodbyes may not', () => {
    const p = policy();
    p.start();
    const introAction = p.handle(said('hello'));
    expect(introAction).toEqual({ type: 'say', text: intro(ORG, 'We are confirming.'), bargeIn: expect.objectContaining({ question: null, intents: true }) });
    expect(p.handle({ type: 'spoken' })).toEqual({ type: 'say', text: CONSENT.question, bargeIn: expect.objectContaining({ question: CONSENT, intents: true }) });
    expect(p.handle({ type: 'spoken' })).toMatchObject({ type: 'listen', question: CONSENT });
    expect(p.handle(said('yes'))).toEqual({ type: 'say', text: GOODBYE, bargeIn: null });
  });

  test('an interrupted question: the transcript marks it, the policy listens for its answer', () => {
    const p = policy();
    p.start();
    p.handle(said('hello'));
    p.handle({ type: 'spoken' });
    expect(p.handle({ type: 'spoken', interrupted: true })).toMatchObject({ type: 'listen', question: CONSENT, intents: true });
    p.handle(said('no'));
    expect(p.answers).toEqual({ consent: false });
    expect(p.transcript).toContain(`Agent: ${CONSENT.question} [interrupted]`);
  });

  test('who is this, twice at most: then the question counts as not answered', () => {
    const p = policy();
    p.start();
    p.handle(said('hello'));
    p.handle({ type: 'spoken' });
    p.handle({ type: 'spoken' });
    expect(p.handle(said('who is this'))).toMatchObject({ type: 'say', text: whoIsCalling(ORG, 'We are confirming.', CONSENT) });
    p.handle({ type: 'spoken' });
    expect(p.handle(said('who are you'))).toMatchObject({ type: 'say', text: whoIsCalling(ORG, 'We are confirming.', CONSENT) });
    p.handle({ type: 'spoken' });
    expect(p.handle(said('who is this'))).toMatchObject({ type: 'say', text: expect.stringMatching(/^Sorry, I did not catch that/) });
  });

  test('call me later without a time: callback_requested, no time', () => {
    const p = policy();
    p.start();
    p.handle(said('hello'));
    p.handle({ type: 'spoken' });
    p.handle({ type: 'spoken' });
    expect(p.handle(said('call me later'))).toEqual({ type: 'say', text: CALLBACK_GOODBYE, bargeIn: null });
    expect(p.handle({ type: 'spoken' })).toEqual({ type: 'end', disposition: 'callback_requested' });
    expect(p.callbackAt).toBeNull();
  });

  describe('an intent that ends the call, heard with doubt, is asked back', () => {
    const unsure = (text: string): DialogEvent => ({ type: 'utterance', text: null, unsure: text, speechMs: 700, atMs: Date.parse('2026-11-25T14:10:00Z') });
    /** A policy listening for the answer to its question. */
    const asked = () => {
      const p = policy();
      p.start();
      p.handle(said('hello'));
      p.handle({ type: 'spoken' });
      p.handle({ type: 'spoken' });
      return p;
    };

    test('a yes ends the call on it: the opt-out is recorded', () => {
      const p = asked();
      expect(p.anticipate(unsure('stop calling me'))).toBe(ENDING_CHECK.opt_out);
      expect(p.handle(unsure('stop calling me'))).toEqual({ type: 'say', text: ENDING_CHECK.opt_out, bargeIn: expect.objectContaining({ question: expect.objectContaining({ type: 'boolean' }), intents: true, keypad: 'one_key' }) });
      expect(p.optOut).toBe(false);
      expect(p.handle({ type: 'spoken' })).toMatchObject({ type: 'listen', question: { type: 'boolean' } });
      expect(p.handle(said('yes please'))).toEqual({ type: 'say', text: OPT_OUT_GOODBYE, bargeIn: null });
      expect(p.optOut).toBe(true);
      expect(p.answers).toEqual({ consent: null });
      expect(p.transcript.slice(-4)).toEqual(['Callee: stop calling me [unsure]', `Agent: ${ENDING_CHECK.opt_out}`, 'Callee: yes please', `Agent: ${OPT_OUT_GOODBYE}`]);
    });

    test('a no goes back to the question, whose answer is then recorded; no second check on that question', () => {
      const p = asked();
      p.handle(unsure('stop calling me'));
      p.handle({ type: 'spoken' });
      expect(p.handle(said('no'))).toMatchObject({ type: 'say', text: `${CHECK_REFUSED} ${CONSENT.question}` });
      expect(p.optOut).toBe(false);
      p.handle({ type: 'spoken' });
      // "Say that again": the question, without the apology.
      expect(p.handle(said('say that again'))).toMatchObject({ type: 'say', text: CONSENT.question });
      p.handle({ type: 'spoken' });
      // Heard with doubt again on the same question: not asked back twice (taken as no answer, as before).
      expect(p.anticipate(unsure('stop calling me'))).toBeNull();
      expect(p.handle(unsure('stop calling me'))).toMatchObject({ type: 'say', text: reask(CONSENT) });
      p.handle({ type: 'spoken' });
      expect(p.handle(said('yes'))).toEqual({ type: 'say', text: GOODBYE, bargeIn: null });
      expect(p.answers).toEqual({ consent: true });
      expect(p.optOut).toBe(false);
    });

    test('nothing understood, or a yes heard with doubt: not acted on, the question again', () => {
      const p = asked();
      p.handle(unsure('wrong number'));
      p.handle({ type: 'spoken' });
      expect(p.handle(unsure('yes'))).toMatchObject({ type: 'say', text: reask(CONSENT) });
      p.handle({ type: 'spoken' });
      p.handle(said('no'));
      expect(p.handle({ type: 'spoken' })).toEqual({ type: 'end', disposition: 'human' });
      expect(p.answers).toEqual({ consent: false });
    });

    test('the same ending said again in reply, heard with doubt again, counts; another one heard with doubt does not', () => {
      const p = asked();
      p.handle(unsure('do not call me again'));
      expect(p.handle({ type: 'spoken' })).toMatchObject({ type: 'listen', intents: true, question: { type: 'boolean' } });
      expect(p.handle(unsure("don't call me again"))).toMatchObject({ text: OPT_OUT_GOODBYE });
      expect(p.optOut).toBe(true);
      const q = asked();
      q.handle(unsure('do not call me again'));
      q.handle({ type: 'spoken' });
      expect(q.handle(unsure('call me later'))).toMatchObject({ text: reask(CONSENT) });
      expect(q.optOut).toBe(false);
    });

    test('the keypad answers the check: 1 is a yes', () => {
      const p = asked();
      expect(p.handle(unsure('you have the wrong number'))).toMatchObject({ text: ENDING_CHECK.wrong_number });
      p.handle({ type: 'spoken' });
      expect(p.handle({ type: 'digits', digits: '1' })).toMatchObject({ text: WRONG_NUMBER_GOODBYE });
      expect(p.handle({ type: 'spoken' })).toEqual({ type: 'end', disposition: 'wrong_number' });
    });

    test('a callback confirmed keeps the time first heard; an ending said with confidence in the reply wins', () => {
      const p = asked();
      expect(p.handle(unsure('call me back in an hour'))).toMatchObject({ text: ENDING_CHECK.callback });
      p.handle({ type: 'spoken' });
      expect(p.handle(said('yes'))).toMatchObject({ text: CALLBACK_AT_GOODBYE });
      expect(p.callbackAt?.toISOString()).toBe('2026-11-25T15:10:00.000Z');

      const q = asked();
      q.handle(unsure('call me later'));
      q.handle({ type: 'spoken' });
      expect(q.handle(said('no just stop calling me'))).toMatchObject({ text: OPT_OUT_GOODBYE });
      expect(q.optOut).toBe(true);
    });

    test('who is this, over the check: answered, and the check asked again', () => {
      const p = asked();
      p.handle(unsure('stop calling me'));
      p.handle({ type: 'spoken' });
      expect(p.handle(said('who is this'))).toMatchObject({ type: 'say', text: `${whoIsCalling(ORG, 'We are confirming.', null)} ${ENDING_CHECK.opt_out}` });
      p.handle({ type: 'spoken' });
      p.handle(said('yes'));
      expect(p.optOut).toBe(true);
    });

    test('an opt-out with a no before it is asked back even when heard with confidence; refused, its no is the answer', () => {
      const p = asked();
      expect(p.handle(said('no stop calling me'))).toMatchObject({ text: ENDING_CHECK.opt_out });
      p.handle({ type: 'spoken' });
      expect(p.handle(said('yes'))).toMatchObject({ text: OPT_OUT_GOODBYE });
      expect(p.optOut).toBe(true);

      const q = asked();
      q.handle(said("nope don't call me"));
      q.handle({ type: 'spoken' });
      expect(q.handle(said('no'))).toMatchObject({ text: `${CHECK_REFUSED} ${CONSENT.question}` });
      q.handle({ type: 'spoken' });
      expect(q.handle(said("no don't call me"))).toEqual({ type: 'say', text: GOODBYE, bargeIn: null });
      expect(q.optOut).toBe(false);
      expect(q.answers).toEqual({ consent: false });
    });

    test('an opt-out with a no before it, asked back and not answered: heard so again, it is no answer (not the no)', () => {
      const p = asked();
      p.handle(said('no stop calling me'));
      p.handle({ type: 'spoken' });
      expect(p.handle(said('hold on'))).toMatchObject({ text: reask(CONSENT) });
      p.handle({ type: 'spoken' });
      // No answer: asked once more (the check did not use up the first asking).
      expect(p.handle(said('no stop calling me'))).toMatchObject({ type: 'say', text: reask(CONSENT) });
      expect(p.answers).toEqual({ consent: null });
      expect(p.optOut).toBe(false);
    });

    test('over the introduction: asked back too, and a no leads to the first question', () => {
      const p = policy();
      p.start();
      p.handle(said('hello'));
      p.handle({ type: 'spoken', interrupted: true });
      expect(p.handle(unsure('take me off your list'))).toMatchObject({ text: ENDING_CHECK.opt_out });
      expect(p.transcript).toContain('Callee: take me off your list [unsure]');
      p.handle({ type: 'spoken' });
      expect(p.handle(said('no'))).toMatchObject({ text: `${CHECK_REFUSED} ${CONSENT.question}` });
    });

    test('an opt-out said with confidence as the callee hung up counts: no goodbye, the number suppressed', () => {
      const p = asked();
      p.handle({ type: 'hangup' });
      expect(p.handle(said('stop calling me'))).toEqual({ type: 'end', disposition: 'human' });
      expect(p.optOut).toBe(true);
      // One with a no before it is not asked back to nobody: nothing is recorded.
      const q = asked();
      q.handle({ type: 'hangup' });
      expect(q.handle(said('no stop calling me'))).toEqual({ type: 'end', disposition: 'human' });
      expect(q.optOut).toBe(false);
      expect(q.answers).toEqual({ consent: null });
    });

    test('a hang-up after a yes being heard: the opt-out still counts, no goodbye', () => {
      const p = asked();
      p.handle(unsure('stop calling me'));
      p.handle({ type: 'spoken' });
      expect(p.handle({ type: 'hangup' })).toEqual({ type: 'end', disposition: 'human' });
      expect(p.handle(said('yes'))).toEqual({ type: 'end', disposition: 'human' });
      expect(p.optOut).toBe(true);
    });
  });
});
