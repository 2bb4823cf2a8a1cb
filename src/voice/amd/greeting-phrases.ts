/**
 * The words that tell a greeting's speaker: what answering machines, call-screening assistants
 * (iOS Call Screening, Google Call Screen) and people say when they pick up. Matched on the
 * recognised text of the greeting; the offline recogniser is also given them as phrases to spot
 * in free speech (`GREETING_VOCABULARY`).
 */

export type GreetingCue = 'machine' | 'screened' | 'human' | 'hello';

const MACHINE = [
  'leave a message',
  'leave your message',
  'leave me a message',
  'leave your name',
  'leave a brief message',
  'leave a detailed message',
  'after the tone',
  'after the beep',
  'at the tone',
  'at the beep',
  'not available',
  'is unavailable',
  "i'm unavailable",
  "can't come to the phone",
  'cannot come to the phone',
  "can't take your call",
  'cannot take your call',
  'unable to take your call',
  'unable to answer',
  'voicemail',
  'voice mail',
  'mailbox',
  "you've reached",
  'you have reached',
  'has been forwarded',
  'voice messaging system',
  'record your message',
  'get back to you',
  'return your call',
  'call you back',
  'as soon as possible',
  'the number you have dialed',
  'away from the phone',
  "i'm not here",
  'no one is available',
];

const SCREENED = [
  'screening service',
  'call screening',
  'screening',
  'say your name',
  'state your name',
  'record your name',
  'your name and why',
  "why you're calling",
  'why you are calling',
  'reason for calling',
  'reason for your call',
  'the person you are calling',
  "the person you're calling",
  'see if this person is available',
  'see if this person',
  'stay on the line',
  'copy of this conversation',
  'google assistant',
  'go ahead and say',
];

/** What a person says and a recorded greeting hardly ever does: a question back, "speaking". */
const HUMAN = ['who is this', "who's this", 'who is it', 'who is calling', "who's calling", 'speaking', 'can i help you', 'how can i help', 'what can i do for you', 'what is it', 'this is he', 'this is she'];

/** A hello: a person's, but machines start with one too, so it counts only in a short greeting. */
const HELLO = ['hello', 'hi', 'hey', 'yes', 'yeah', 'go ahead'];

/** What a screening assistant says while the person decides (keep waiting, it is not them yet). */
const SCREENING_HOLD = ['stay on the line', 'please hold', 'one moment', 'one second', 'just a moment', 'see if this person', 'please wait', 'thanks'];

export const GREETING_PHRASES: Readonly<Record<GreetingCue, readonly string[]>> = { machine: MACHINE, screened: SCREENED, human: HUMAN, hello: HELLO };

const norm = (text: string) => ` ${text.toLowerCase().replace(/[^a-z0-9' ]/g, ' ').replace(/\s+/g, ' ').trim()} `;
const NORMALIZED = Object.fromEntries(Object.entries(GREETING_PHRASES).map(([cue, list]) => [cue, list.map(norm)])) as Record<GreetingCue, string[]>;
const HOLD = SCREENING_HOLD.map(norm);

/** How many of each kind of phrase the text holds. */
export function greetingCues(text: string | null): Record<GreetingCue, number> {
  const t = text ? norm(text) : ' ';
  const count = (cue: GreetingCue) => NORMALIZED[cue].filter((p) => t.includes(p)).length;
  return { machine: count('machine'), screened: count('screened'), human: count('human'), hello: count('hello') };
}

/** The screening assistant asking the caller to wait ("please stay on the line"). */
export const isScreeningHold = (text: string | null): boolean => !!text && HOLD.some((p) => norm(text).includes(p));

/**
 * Words a greeting is made of besides the cue phrases (names, fillers): given to the offline
 * recogniser with the phrases so that free speech is decoded as a loop of words and the phrases
 * are found in it rather than forced on it.
 */
const COMMON_WORDS =
  `a about after again am an and any are as at away back be been but by call calling can cannot come copy
  conversation do for from get go good got hand have here how i if in is it just know last let like me
  message my name new no not now number of office on one or our out phone please reach reached right
  say see sorry soon speak take thank thanks that the there this time to today tone try up us wait want
  we what when who why will with you your john mary maria michael david sarah james linda robert
  smith johnson accounting doctor family home mobile sales support team busy moment person`
    .split(/\s+/)
    .filter(Boolean);

/** Phrases and words for the recogniser: what a greeting is decoded as (src/voice/stt/grammar.ts `spottingGrammar`). */
export const GREETING_VOCABULARY: readonly string[] = [...new Set([...MACHINE, ...SCREENED, ...HUMAN, ...HELLO, ...SCREENING_HOLD, ...COMMON_WORDS])];
