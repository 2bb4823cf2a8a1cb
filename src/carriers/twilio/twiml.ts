import twilio from 'twilio';
import type { CallQuestion, CarrierCall } from '../../features/calls/ports';
import { GOODBYE, intro } from '../../voice/dialog/prompts';

const { VoiceResponse } = twilio.twiml;

export const twilioCallbackBase = (publicBaseUrl: string, callId: string): string => `${publicBaseUrl}/carriers/twilio/calls/${callId}`;

/** Words Twilio's recogniser should expect, by the question's type. */
export function speechHints(q: CallQuestion): string | undefined {
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

export const reaskText = (q: CallQuestion): string => `Sorry, I did not catch that. ${q.question}${q.type === 'boolean' ? ' Please say yes or no.' : ''}`;

/**
 * The TwiML conversation: the agent says the task, asks each question in a <Gather> (speech or
 * keypad), asks once more when the answer did not fit, says goodbye and hangs up. An answering
 * machine hears the voicemail message, if any, after the beep.
 */
export class TwilioConversation {
  constructor(private readonly publicBaseUrl: string) {}

  /** The first TwiML: the introduction (on behalf of the call's caller name) and the first question, which the callee may talk over. */
  answer(call: CarrierCall, machine: boolean): string {
    const r = new VoiceResponse();
    if (machine) {
      if (call.voicemailMessage) r.say(call.voicemailMessage);
      r.hangup();
      return r.toString();
    }
    return this.ask(r, call, 0, 0, intro(call.callerName, call.task));
  }

  /** What follows the answer to question `index`, attempt `attempt` (recognised or not). */
  next(call: CarrierCall, index: number, attempt: number, understood: boolean): string {
    const r = new VoiceResponse();
    if (!understood && attempt === 0) return this.ask(r, call, index, 1);
    return this.ask(r, call, index + 1, 0);
  }

  /**
   * Question `index` in a <Gather> with `bargeIn` (Twilio stops the nested <Say> as soon as it
   * hears speech; a key stops it too), preceded by `before` in the same <Gather> so that the
   * introduction can be talked over as well.
   */
  private ask(r: InstanceType<typeof VoiceResponse>, call: CarrierCall, index: number, attempt: number, before?: string): string {
    const q = call.questions[index];
    if (!q) {
      if (before) r.say(before);
      r.say(GOODBYE);
      r.hangup();
      return r.toString();
    }
    const gather = r.gather({
      input: ['speech', 'dtmf'],
      speechTimeout: 'auto',
      bargeIn: true,
      timeout: 6,
      finishOnKey: '#',
      actionOnEmptyResult: true,
      method: 'POST',
      action: `${twilioCallbackBase(this.publicBaseUrl, call.id)}/gather?q=${index}&attempt=${attempt}`,
      ...(speechHints(q) ? { hints: speechHints(q) } : {}),
    });
    if (before) gather.say(before);
    gather.say(attempt === 0 ? q.question : reaskText(q));
    return r.toString();
  }
}
