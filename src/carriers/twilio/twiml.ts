import twilio from 'twilio';
import type { Call, CallQuestion } from '../../features/calls/call.entity';
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

  answer(call: Call, machine: boolean): string {
    const r = new VoiceResponse();
    if (machine) {
      if (call.voicemailMessage) r.say(call.voicemailMessage);
      r.hangup();
      return r.toString();
    }
    r.say(intro(call.task));
    return this.ask(r, call, 0, 0);
  }

  /** What follows the answer to question `index`, attempt `attempt` (recognised or not). */
  next(call: Call, index: number, attempt: number, understood: boolean): string {
    const r = new VoiceResponse();
    if (!understood && attempt === 0) return this.ask(r, call, index, 1);
    return this.ask(r, call, index + 1, 0);
  }

  private ask(r: InstanceType<typeof VoiceResponse>, call: Call, index: number, attempt: number): string {
    const q = call.questions[index];
    if (!q) {
      r.say(GOODBYE);
      r.hangup();
      return r.toString();
    }
    const gather = r.gather({
      input: ['speech', 'dtmf'],
      speechTimeout: 'auto',
      timeout: 6,
      finishOnKey: '#',
      actionOnEmptyResult: true,
      method: 'POST',
      action: `${twilioCallbackBase(this.publicBaseUrl, call.id)}/gather?q=${index}&attempt=${attempt}`,
      ...(speechHints(q) ? { hints: speechHints(q) } : {}),
    });
    gather.say(attempt === 0 ? q.question : reaskText(q));
    return r.toString();
  }
}
