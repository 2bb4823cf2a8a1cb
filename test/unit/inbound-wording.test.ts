import { TwilioDialog } from '../../src/carriers/twilio/twilio-dialog';
import type { CarrierCall } from '../../src/features/calls/ports';
import type { AgentScript } from '../../src/voice/dialog/dialog-policy';
import { inboundGreeting, scriptPrompts, whoIsCalling } from '../../src/voice/dialog/prompts';
import { SurveyPolicy } from '../../src/voice/dialog/survey-policy';
import { ChatCompletions } from '../../src/voice/llm/chat-completions';
import { buildInstructions } from '../../src/voice/llm/instructions';
import { LlmDialogPolicy } from '../../src/voice/llm/llm-policy';
import { FakeClock } from '../../src/voice/testing/fake-clock';
import { DEFAULT_TIMING } from '../../src/voice/timing';
import { ChatFarEnd } from '../helpers/chat-far-end';

/**
 * On an inbound call the caller rang the organization: asked "who is this?", the agent says it is
 * the organization's assistant, never that it calls on the organization's behalf; the language
 * model is told the person on the line called in.
 */
const ORG = 'Acme Dental';
const TASK = 'We can confirm or move your appointment.';
const KEEP = { key: 'keep', question: 'Would you like to keep your appointment?', type: 'boolean' as const };
const inbound: AgentScript = { task: TASK, questions: [KEEP], voicemailMessage: null, callerName: ORG, greeting: inboundGreeting(ORG) };
const outbound: AgentScript = { task: TASK, questions: [KEEP], voicemailMessage: null, callerName: ORG };
const said = (text: string) => ({ type: 'utterance' as const, text, speechMs: 700 });

test('the words: inbound, the assistant of the organization; outbound, calling on its behalf', () => {
  expect(whoIsCalling(ORG, TASK, KEEP, true)).toBe(`This is the automated assistant of Acme Dental. ${TASK} ${KEEP.question}`);
  expect(whoIsCalling(null, null, null, true)).toBe('This is the automated assistant answering this number.');
  expect(whoIsCalling(ORG, TASK, KEEP)).toBe(`This is an automated assistant calling on behalf of Acme Dental. ${TASK} ${KEEP.question}`);
});

test('the scripted agent answers "who is this" on an inbound call as the organization\'s assistant, over the opening and over a question', () => {
  const overOpening = new SurveyPolicy(inbound, DEFAULT_TIMING);
  expect(overOpening.start()).toMatchObject({ type: 'say', text: `Hello, you have reached Acme Dental. This is an automated assistant. ${TASK}` });
  expect(overOpening.handle({ type: 'spoken', interrupted: true })).toMatchObject({ type: 'listen' });
  expect(overOpening.handle(said('who is this'))).toMatchObject({ type: 'say', text: whoIsCalling(ORG, TASK, KEEP, true) });

  const overQuestion = new SurveyPolicy(inbound, DEFAULT_TIMING);
  overQuestion.start();
  expect(overQuestion.handle({ type: 'spoken' })).toMatchObject({ type: 'say', text: KEEP.question });
  expect(overQuestion.handle({ type: 'spoken' })).toMatchObject({ type: 'listen' });
  const reply = overQuestion.handle(said('sorry who are you'));
  expect(reply).toMatchObject({ type: 'say', text: whoIsCalling(ORG, TASK, KEEP, true) });
  expect(overQuestion.transcript.join('\n')).not.toContain('on behalf of');

  // An outbound call keeps its words.
  const out = new SurveyPolicy(outbound, DEFAULT_TIMING);
  out.start();
  out.handle(said('hello'));
  out.handle({ type: 'spoken' });
  out.handle({ type: 'spoken' });
  expect(out.handle(said('who is this'))).toMatchObject({ type: 'say', text: whoIsCalling(ORG, TASK, KEEP) });
});

test('the prompts synthesized while an inbound call rings hold the inbound answer, none "on behalf of"', () => {
  const prompts = scriptPrompts(inbound);
  expect(prompts).toContain(whoIsCalling(ORG, TASK, KEEP, true));
  expect(prompts.filter((p) => p.includes('on behalf of'))).toEqual([]);
  expect(scriptPrompts(outbound)).toContain(whoIsCalling(ORG, TASK, KEEP));
});

test('Twilio: "who is this" on an inbound call is answered as the organization\'s assistant', () => {
  const call = { id: 'c', callerName: ORG, task: TASK, questions: [KEEP], greeting: null } as unknown as CarrierCall;
  const key = { q: 0, attempt: 0, clarifications: 0 };
  expect(TwilioDialog.heard({ ...call, direction: 'inbound' }, key, { speech: 'who is this', digits: null, heardAt: new Date() }).next).toMatchObject({ kind: 'ask', text: whoIsCalling(ORG, TASK, KEEP, true) });
  expect(TwilioDialog.heard({ ...call, direction: 'outbound' }, key, { speech: 'who is this', digits: null, heardAt: new Date() }).next).toMatchObject({ kind: 'ask', text: whoIsCalling(ORG, TASK, KEEP) });
});

describe('the language model\'s instructions', () => {
  const base = { callerName: ORG, task: TASK, questions: [KEEP], language: 'en-US', instructions: null, now: new Date('2026-11-24T10:00:00Z'), timeZone: null };

  test('inbound: the callee called the organization\'s number; the agent is its assistant', () => {
    const text = buildInstructions({ ...base, inbound: true });
    expect(text).toContain("You are the automated phone assistant of Acme Dental, answering a call. The person on the line (the callee below) called Acme Dental's number");
    expect(text).toContain('if asked, say you are the automated assistant of Acme Dental.');
    expect(text).not.toContain('on behalf of');
    expect(text).toContain(`The purpose of the call: ${TASK}`);
  });

  test('outbound: unchanged, calling on the organization\'s behalf', () => {
    const text = buildInstructions(base);
    expect(text).toContain('You are an automated phone assistant calling on behalf of Acme Dental.');
    expect(text).not.toContain('called Acme Dental');
  });

  test('the model-led agent sends the inbound instructions on an inbound call', async () => {
    const farEnd = await ChatFarEnd.start();
    const chat = new ChatCompletions({ url: farEnd.url, apiKey: 'sk-test-llm-key', model: 'test-model', allowPrivate: true });
    try {
      const policy = new LlmDialogPolicy({ script: inbound, timing: DEFAULT_TIMING, chat, clock: new FakeClock(), language: 'en-US', instructions: null, now: () => base.now });
      expect(policy.start()).toMatchObject({ type: 'say', text: `Hello, you have reached Acme Dental. This is an automated assistant. ${TASK}` });
      const sent = await farEnd.waitForRequests(1);
      expect(sent.body.messages[0]).toEqual({ role: 'system', content: buildInstructions({ ...base, inbound: true }) });
      policy.handle({ type: 'hangup' });
    } finally {
      await chat.close();
      await farEnd.close();
    }
  });
});
