import twilio from 'twilio';
import type { CallQuestion, CarrierCall } from '../../features/calls/ports';
import { MESSAGE_GOODBYE, TAKE_MESSAGE } from '../../voice/dialog/prompts';
import { TwilioDialog, type TwilioStep } from './twilio-dialog';

const { VoiceResponse } = twilio.twiml;

export const twilioCallbackBase = (publicBaseUrl: string, callId: string): string => `${publicBaseUrl}/carriers/twilio/calls/${callId}`;

/** The callee's intents as Twilio's recogniser should expect them (a few of voice/dialog/intents.ts's phrases). */
const INTENT_HINTS = ['who is this', 'what is this about', 'say that again', 'stop calling me', 'remove me from your list', 'wrong number', 'call me back later', "I'm busy", 'can I speak to a person', 'representative'];

/** Words Twilio's recogniser should expect: the answers, by the question's type, then the intents. */
export function speechHints(q: CallQuestion): string {
  return [answerHints(q), ...INTENT_HINTS].filter(Boolean).join(', ');
}

function answerHints(q: CallQuestion): string | undefined {
  switch (q.type) {
    case 'boolean':
      return 'yes, no, yeah, nope, correct';
    case 'number':
      return '$OOV_CLASS_DIGIT_SEQUENCE';
    case 'enum':
      return q.options?.length ? q.options.join(', ') : undefined;
    default:
      return undefined;
  }
}

/** After a <Dial> nobody answered: the offer to take a message, heard by a speech <Gather>. */
export function messageTwiml(publicBaseUrl: string, call: CarrierCall): string {
  const r = new VoiceResponse();
  r.say(TAKE_MESSAGE);
  r.gather({ input: ['speech'], speechTimeout: 'auto', timeout: 6, actionOnEmptyResult: true, method: 'POST', action: `${twilioCallbackBase(publicBaseUrl, call.id)}/message` });
  r.say(MESSAGE_GOODBYE);
  r.hangup();
  return r.toString();
}

/** The last words after the message (or the hang-up after a transfer the person took). */
export function closingTwiml(text: string | null): string {
  const r = new VoiceResponse();
  if (text) r.say(text);
  r.hangup();
  return r.toString();
}

/**
 * The TwiML conversation (twilio-dialog.ts decides each step): the agent says who is calling and
 * the task, asks each question in a <Gather> (speech or keypad), answers the callee's intents, asks
 * once more when the answer did not fit, says goodbye and hangs up. An answering machine hears the
 * voicemail message, if any, after the beep.
 */
export class TwilioConversation {
  constructor(private readonly publicBaseUrl: string) {}

  /** The first TwiML: the introduction (on behalf of the call's caller name) and the first question, which the callee may talk over. */
  answer(call: CarrierCall, machine: boolean): string {
    if (machine) {
      const r = new VoiceResponse();
      if (call.voicemailMessage) r.say(call.voicemailMessage);
      r.hangup();
      return r.toString();
    }
    return this.render(call, TwilioDialog.first(call));
  }

  /**
   * An inbound call, answered: the recording starts (both sides, reported to the call's recording
   * callback like an outbound call's), then the greeting and the first question.
   */
  answerInbound(call: CarrierCall): string {
    const r = new VoiceResponse();
    r.start().recording({
      channels: 'dual',
      recordingStatusCallback: `${twilioCallbackBase(this.publicBaseUrl, call.id)}/recording`,
      recordingStatusCallbackMethod: 'POST',
      recordingStatusCallbackEvent: ['completed'],
    });
    this.step(r, call, TwilioDialog.first(call));
    return r.toString();
  }

  /** Refuses a call (unknown number, inbound calls off): Twilio plays the caller a busy-like rejection. */
  static reject(): string {
    const r = new VoiceResponse();
    r.reject();
    return r.toString();
  }

  /**
   * One step as TwiML: a question in a <Gather> with `bargeIn` (Twilio stops the nested <Say> as
   * soon as it hears speech; a key stops it too), what comes before it (the introduction) inside
   * the same <Gather> so that it can be talked over as well; or the last words and the hang-up.
   */
  render(call: CarrierCall, step: TwilioStep): string {
    const r = new VoiceResponse();
    this.step(r, call, step);
    return r.toString();
  }

  private step(r: InstanceType<typeof VoiceResponse>, call: CarrierCall, step: TwilioStep): void {
    if (step.kind === 'end') {
      if (step.before) r.say(step.before);
      r.say(step.text);
      r.hangup();
      return;
    }
    if (step.kind === 'transfer') {
      if (step.before) r.say(step.before);
      r.say(step.text);
      // Twilio dials the person and joins the calls; the action tells us whether they answered.
      const dial = r.dial({ action: `${twilioCallbackBase(this.publicBaseUrl, call.id)}/dial`, method: 'POST', timeout: call.ringTimeoutSeconds, ...(call.from ? { callerId: call.from } : {}) });
      dial.number(call.transferTo!);
      return;
    }
    const { q: index, attempt, clarifications } = step.key;
    const q = call.questions[index]!;
    const gather = r.gather({
      input: ['speech', 'dtmf'],
      speechTimeout: 'auto',
      bargeIn: true,
      timeout: 6,
      finishOnKey: '#',
      actionOnEmptyResult: true,
      method: 'POST',
      action: `${twilioCallbackBase(this.publicBaseUrl, call.id)}/gather?q=${index}&attempt=${attempt}${clarifications ? `&c=${clarifications}` : ''}`,
      hints: speechHints(q),
    });
    if (step.before) gather.say(step.before);
    gather.say(step.text);
  }
}
