import type { CallQuestion } from '../../features/calls/ports';
import type { AgentScript } from './dialog-policy';

export const GOODBYE = 'Thank you for your time. Goodbye.';
/** The callee asked not to be called again. */
export const OPT_OUT_GOODBYE = 'Understood. We will not call this number again. Goodbye.';
/** The callee said this is the wrong number. */
export const WRONG_NUMBER_GOODBYE = 'Sorry for the trouble. Goodbye.';
/** The callee asked to be called later, with a time or without one. */
export const CALLBACK_GOODBYE = 'No problem, we will call you back later. Goodbye.';
export const CALLBACK_AT_GOODBYE = 'No problem, we will call you back then. Goodbye.';

/**
 * Asked when an intent that ends the call was heard with doubt (the recognizer unsure of it): the
 * call ends on it only after a yes. An opt-out suppresses the number for good and a wrong number
 * stops the campaign's calls to it, so neither is acted on from a guess, and neither is dropped
 * either: a callee who said it is asked, not ignored.
 */
export const ENDING_CHECK = {
  opt_out: 'Sorry, did you ask us to stop calling this number?',
  wrong_number: 'Sorry, did you say this is the wrong number?',
  callback: 'Sorry, did you ask us to call you back later?',
} as const;
/** Said before the question again when the callee said no to ENDING_CHECK. */
export const CHECK_REFUSED = 'My mistake.';

/** The callee is put through to a person (SIP REFER or bridge, Twilio <Dial>). */
export const TRANSFER_HOLD = 'Please hold while I connect you to a person.';
/** Nobody took the transfer: the agent offers to take a message. */
export const TAKE_MESSAGE = "I'm sorry, they're not available right now. Can I take a message?";
export const MESSAGE_GOODBYE = 'Thank you, I will pass on your message. Goodbye.';

/** Who is calling, as the agent says it: the organization's name (or the call's caller name). */
export function callingFor(callerName: string | null | undefined): string {
  return `Hello, this is an automated assistant calling on behalf of ${callerName?.trim() || 'our client'}.`;
}

export function intro(callerName: string | null | undefined, task: string | null): string {
  return `${callingFor(callerName)}${task?.trim() ? ` ${task.trim()}` : ''}`;
}

/** An inbound call's greeting when the organization set none. */
export function inboundGreeting(callerName: string | null | undefined): string {
  return `Hello, you have reached ${callerName?.trim() || 'us'}. This is an automated assistant.`;
}

/** What the agent says first: an inbound call's greeting then its task; else who is calling and the task. */
export function opening(script: Pick<AgentScript, 'greeting' | 'callerName' | 'task'>): string {
  if (!script.greeting) return intro(script.callerName, script.task);
  return `${script.greeting.trim()}${script.task?.trim() ? ` ${script.task.trim()}` : ''}`;
}

/**
 * The answer to "who is this?": who speaks and why, then the question again (if one was asked).
 * On an inbound call the caller rang the organization, so the agent is its assistant rather than
 * someone calling on its behalf.
 */
export function whoIsCalling(callerName: string | null | undefined, task: string | null, question: CallQuestion | null, inbound = false): string {
  const name = callerName?.trim();
  const who = !inbound ? `This is an automated assistant calling on behalf of ${name || 'our client'}.` : name ? `This is the automated assistant of ${name}.` : 'This is the automated assistant answering this number.';
  return `${who}${task?.trim() ? ` ${task.trim()}` : ''}${question ? ` ${question.question}` : ''}`;
}

/**
 * Said to a call-screening assistant ("say your name and why you're calling"): who calls and why,
 * for the person to decide whether to pick up.
 */
export function screeningReply(callerName: string | null | undefined, task: string | null): string {
  return `Hello, this is an automated assistant calling on behalf of ${callerName?.trim() || 'our client'}.${task?.trim() ? ` ${task.trim()}` : ''} I will hold for them.`;
}

/** The second asking of a question, with a keypad hint for the types that have one. */
export function reask(q: CallQuestion): string {
  const hint = q.type === 'boolean' ? ' Please say yes or no, or press 1 for yes and 2 for no.' : q.type === 'number' ? ' You can also type the number on your keypad, then press the pound key.' : '';
  return `Sorry, I did not catch that. ${q.question}${hint}`;
}

/**
 * A yes/no heard with low confidence, asked back as a choice: "I heard no. Is that right?" would
 * be answered "no" both by a callee who said yes and by one who said no; a choice between the two
 * is answered with the answer itself, usually bare, the form the recognizer hears best.
 */
export const YES_OR_NO = 'Sorry, was that a yes or a no?';

/** Every prompt a call of this script may say: synthesized while the phone rings. */
export function scriptPrompts(script: AgentScript): string[] {
  const callerName = script.callerName ?? null;
  const inbound = !!script.greeting;
  return [
    opening(script),
    ...script.questions.map((q) => q.question),
    ...script.questions.map((q) => reask(q)),
    ...(script.questions.some((q) => q.type === 'boolean') ? [YES_OR_NO] : []),
    GOODBYE,
    ...(script.voicemailMessage ? [script.voicemailMessage] : []),
    // Inbound calls skip machine detection: no screening assistant to answer.
    ...(inbound ? [] : [screeningReply(callerName, script.task)]),
    whoIsCalling(callerName, script.task, null, inbound),
    ...script.questions.map((q) => whoIsCalling(callerName, script.task, q, inbound)),
    OPT_OUT_GOODBYE,
    WRONG_NUMBER_GOODBYE,
    CALLBACK_GOODBYE,
    CALLBACK_AT_GOODBYE,
    ENDING_CHECK.opt_out,
    ...(script.transfer ? [TRANSFER_HOLD, TAKE_MESSAGE, MESSAGE_GOODBYE] : []),
  ];
}

/** A phone number digit by digit ("plus 1 4 1 5 …"), as a synthesizer should read it. */
const spokenNumber = (n: string): string => (/^\+?\d+$/.test(n) ? `${n.startsWith('+') ? 'plus ' : ''}${n.replace(/^\+/, '').split('').join(' ')}` : n);

/** The value of an answer as said aloud in a summary ("yes", "3", "Tuesday"). */
function spokenValue(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return String(value);
}

/**
 * The warm hand-off said to the person before the callee is put through: who is on the line, why
 * it is being handed over, and what the callee answered so far. One line, so it is short to hear.
 */
export function handoffSummary(script: AgentScript, why: string, answers: Readonly<Record<string, unknown>>): string {
  const on = script.callee ? `the person at ${spokenNumber(script.callee)}` : 'a caller';
  const about = script.task?.trim() ? ` The call is about: ${script.task.trim()}` : '';
  const known = script.questions.filter((q) => answers[q.key] !== null && answers[q.key] !== undefined).map((q) => `${q.key.replace(/_/g, ' ')}: ${spokenValue(answers[q.key])}`);
  const heard = known.length ? ` Answers so far: ${known.join('; ')}.` : '';
  return `Hello, this is the automated assistant of ${script.callerName?.trim() || 'our client'}. I have ${on} on the line, who ${why}.${about}${heard} Connecting you now.`;
}
