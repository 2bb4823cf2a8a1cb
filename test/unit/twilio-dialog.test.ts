import { replayConversation, TwilioDialog } from '../../src/carriers/twilio/twilio-dialog';
import type { CarrierCall, HeardAnswer } from '../../src/features/calls/ports';

/** The Twilio conversation as a pure function of the stored <Gather> answers. */
const call = {
  id: 'c',
  callerName: 'Acme Dental',
  task: 'We are confirming your appointment.',
  questions: [
    { key: 'ok', question: 'Is Tuesday fine?', type: 'boolean' },
    { key: 'n', question: 'How many of you?', type: 'number' },
  ],
} as unknown as CarrierCall;
const g = (questionIndex: number, attempt: number, clarifications: number, speech: string, heardAt = new Date('2026-11-26T10:00:00Z')): HeardAnswer => ({
  questionIndex,
  attempt,
  clarifications,
  speech,
  digits: null,
  confidence: 0.9,
  heardAt,
});

describe('TwilioDialog', () => {
  it('answers "who is this" twice per question, then counts it as unanswered; the count carries to the retry', () => {
    const k = { q: 0, attempt: 0, clarifications: 0 };
    const first = TwilioDialog.heard(call, k, g(0, 0, 0, 'who is this')).next;
    expect(first).toEqual({ kind: 'ask', key: { q: 0, attempt: 0, clarifications: 1 }, text: 'This is an automated assistant calling on behalf of Acme Dental. We are confirming your appointment. Is Tuesday fine?' });
    expect(TwilioDialog.heard(call, { ...k, clarifications: 1 }, g(0, 0, 1, 'say that again')).next).toMatchObject({ key: { clarifications: 2 }, text: 'Is Tuesday fine?' });
    expect(TwilioDialog.heard(call, { ...k, clarifications: 2 }, g(0, 0, 2, 'who are you')).next).toMatchObject({ key: { q: 0, attempt: 1, clarifications: 2 }, text: expect.stringMatching(/^Sorry, I did not catch that/) });
    // A new question starts with no clarifications.
    expect(TwilioDialog.heard(call, { q: 0, attempt: 1, clarifications: 2 }, g(0, 1, 2, 'yes')).next).toMatchObject({ key: { q: 1, attempt: 0, clarifications: 0 } });
  });

  it('ends for opt-out, wrong number and call me later, with the outcome the status callback and the analysis read', () => {
    const at = new Date('2026-11-26T10:00:00Z');
    const replay = (speech: string) => replayConversation(call, [g(0, 0, 0, 'yes'), g(1, 0, 0, speech, at)]);
    expect(replay('remove me from your list').outcome).toEqual({ disposition: 'human', optOut: true, callbackAt: null });
    expect(replay('sorry wrong number').outcome).toEqual({ disposition: 'wrong_number', optOut: false, callbackAt: null });
    expect(replay('call me back in two hours').outcome).toEqual({ disposition: 'callback_requested', optOut: false, callbackAt: new Date('2026-11-26T12:00:00Z') });
    const r = replay('not a good time');
    expect(r.answers).toEqual({ ok: true, n: null });
    expect(r.lines.map((l) => l.text).slice(-2)).toEqual(['not a good time', 'No problem, we will call you back later. Goodbye.']);
  });

  it('replays only what was played: a stored answer for a prompt never given (a forged or stale key) is ignored', () => {
    const r = replayConversation(call, [g(0, 0, 0, 'yes'), g(0, 0, 1, 'stop calling me'), g(1, 0, 0, 'four')]);
    expect(r.outcome).toBeNull();
    expect(r.answers).toEqual({ ok: true, n: 4 });
    expect(r.lines.at(-1)!.text).toBe('Thank you for your time. Goodbye.');
  });
});
