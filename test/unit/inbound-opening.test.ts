import { TwilioDialog } from '../../src/carriers/twilio/twilio-dialog';
import type { CarrierCall } from '../../src/features/calls/ports';
import { inboundGreeting, opening, scriptPrompts } from '../../src/voice/dialog/prompts';
import { SurveyPolicy } from '../../src/voice/dialog/survey-policy';
import { DEFAULT_TIMING } from '../../src/voice/timing';

/** An inbound call opens with the organization's greeting, at once: the caller called us. */
const questions = [{ key: 'keep', question: 'Would you like to keep your appointment?', type: 'boolean' as const }];

test('the scripted agent speaks the greeting and task first on an inbound call (no listening for a hello), then asks', () => {
  const policy = new SurveyPolicy({ task: 'We can confirm your appointment.', questions, voicemailMessage: null, callerName: 'Acme Dental', greeting: 'Hello, you have reached Acme Dental.' }, DEFAULT_TIMING);
  expect(policy.start()).toMatchObject({ type: 'say', text: 'Hello, you have reached Acme Dental. We can confirm your appointment.' });
  expect(policy.handle({ type: 'spoken' })).toMatchObject({ type: 'say', text: questions[0]!.question });
  // An outbound call still listens for the callee's hello first.
  const outbound = new SurveyPolicy({ task: null, questions, voicemailMessage: null, callerName: 'Acme Dental' }, DEFAULT_TIMING);
  expect(outbound.start()).toMatchObject({ type: 'listen' });
});

test('the default greeting names the organization; the opening is among the prompts synthesized before the answer', () => {
  expect(inboundGreeting('Acme Dental')).toBe('Hello, you have reached Acme Dental. This is an automated assistant.');
  const script = { task: 'We can help.', questions, voicemailMessage: null, callerName: 'Acme Dental', greeting: inboundGreeting('Acme Dental') };
  expect(scriptPrompts(script)[0]).toBe(opening(script));
  expect(opening({ greeting: null, callerName: 'Acme Dental', task: 'Hi.' })).toBe('Hello, this is an automated assistant calling on behalf of Acme Dental. Hi.');
});

test('Twilio: an inbound call opens with its greeting (or the default), an outbound call with who is calling', () => {
  const base = { id: 'c', callerName: 'Acme Dental', task: 'We can confirm your appointment.', questions } as unknown as CarrierCall;
  expect(TwilioDialog.first({ ...base, direction: 'inbound', greeting: 'Hi, Acme here.' })).toMatchObject({ kind: 'ask', before: 'Hi, Acme here. We can confirm your appointment.', text: questions[0]!.question });
  expect(TwilioDialog.first({ ...base, direction: 'inbound', greeting: null })).toMatchObject({ before: 'Hello, you have reached Acme Dental. This is an automated assistant. We can confirm your appointment.' });
  expect(TwilioDialog.first({ ...base, direction: 'outbound', greeting: null })).toMatchObject({ before: expect.stringMatching(/^Hello, this is an automated assistant calling on behalf of Acme Dental/) });
});
