import type { CallQuestion } from '../../src/features/calls/ports';
import type { DialogEvent } from '../../src/voice/dialog/dialog-policy';
import { detectIntent, parseCallbackTime } from '../../src/voice/dialog/intents';
import { CALLBACK_GOODBYE, GOODBYE, intro, whoIsCalling } from '../../src/voice/dialog/prompts';
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
});
