/**
 * What a callee may say besides an answer, understood offline: a small phrase grammar beside the
 * question's own. The phrases are given to the recogniser as extra alternatives (so that "who is
 * this" is heard as itself, not forced into the nearest answer), and `detectIntent` reads the
 * recognised text. The dialog policy turns an intent into its reply; nothing here has state.
 */

export const INTENTS = ['who', 'repeat', 'opt_out', 'wrong_number', 'callback', 'person'] as const;
/** "Who is this?" and "say that again" answered per question before the question counts as unanswered (SIP and Twilio alike). */
export const MAX_CLARIFICATIONS = 2;
export type IntentName = (typeof INTENTS)[number];
/** The intents the agent answers with a goodbye: the call ends on them. */
export const CALL_ENDING = ['opt_out', 'wrong_number', 'callback'] as const satisfies readonly IntentName[];
export type EndingIntent = (typeof CALL_ENDING)[number];
/** Whether an intent is one the call ends on. */
export const isEnding = (intent: IntentName | null): intent is EndingIntent => intent !== null && (CALL_ENDING as readonly IntentName[]).includes(intent);
/** Whether a phrase (or what was heard) is an intent that ends the call. */
export const endsTheCall = (text: string | null): boolean => {
  return isEnding(detectIntent(text));
};

/** Whether what was heard is an intent after which the callee is not called again: an opt-out (the number is suppressed for good) or a wrong number. */
export const endsForGood = (text: string | null): boolean => {
  const intent = detectIntent(text);
  return intent === 'opt_out' || intent === 'wrong_number';
};

/**
 * Said before an opt-out that names the calls: "No, stop calling me.", "Nope, don't call me again."
 * Without it that was heard as a no (or, to "how many?", a number) every time (docs/voice.md,
 * "Eleventh round"). The same lead made refusals ("Nope, not this time.") come out as "no don't
 * call me", so an opt-out heard with it is never acted on unasked: the agent asks back first
 * (SurveyPolicy, through `noLedOptOut`).
 */
export const OPT_OUT_NO_LEAD = ['no', 'nope'];
/** The opt-outs OPT_OUT_NO_LEAD goes before: those that name the calls ("stop calling me", "don't call me again"). */
export const namesTheCalls = (phrase: string): boolean => detectIntent(phrase) === 'opt_out' && /\bcall/.test(phrase);
/** Whether what was heard is an opt-out with OPT_OUT_NO_LEAD before it ("no stop calling me"). */
export const noLedOptOut = (text: string | null): boolean => detectIntent(text) === 'opt_out' && OPT_OUT_NO_LEAD.includes(text!.trim().toLowerCase().split(/[^a-z']+/)[0]!);

/** One phrase of an intent, as the recogniser should expect it (lower case, words of the dictionary). */
export interface IntentPhrase {
  intent: IntentName;
  phrase: string;
}

const PHRASES: Record<IntentName, string[]> = {
  who: ['who is this', 'who is calling', 'who are you', 'who is it', 'what is this about', 'what is this', 'what is this call about', 'why are you calling', 'who are you calling from', 'sorry who is this', 'hello who is this'],
  repeat: ['say that again', 'can you say that again', 'could you say that again', 'repeat that', 'can you repeat that', 'could you repeat that', 'repeat that please', 'please repeat', 'come again', 'pardon', 'sorry what', 'what did you say', 'i did not hear you', "i didn't catch that", 'say again'],
  opt_out: ['stop calling me', 'stop calling', 'stop calling this number', 'remove me', 'remove me from your list', 'remove my number', 'take me off your list', 'take my number off your list', 'do not call me again', "don't call me again", 'do not call me', "don't call me", 'do not call this number again', "don't call this number again", 'never call me again', 'unsubscribe', 'i want to unsubscribe', 'put me on your do not call list', 'stop phoning me', 'i want you to stop calling me', 'do not contact me', "don't contact me", 'do not contact me again', "don't contact me again", 'take me off your calling list', 'remove me from your calling list'],
  wrong_number: ['wrong number', 'you have the wrong number', "you've got the wrong number", 'you have got the wrong number', 'wrong person', 'you have the wrong person', 'there is no one here by that name', 'there is nobody here by that name', 'nobody here by that name'],
  person: ['can i speak to a person', 'can i talk to a person', 'i want to speak to a person', 'i want to talk to a person', 'speak to a person', 'talk to a person', 'a real person', 'can i speak to a human', 'speak to a human', 'talk to a human', 'a human please', 'can i speak to an agent', 'speak to an agent', 'talk to an agent', 'can i speak to someone', 'speak to someone', 'representative', 'speak to a representative', 'operator', 'put me through to someone'],
  callback: ["i'm busy", 'i am busy', 'i am busy right now', "i'm busy right now", 'call me later', 'call me back', 'call me back later', 'can you call me back', 'can you call me back later', 'call back later', 'call me tomorrow', 'call me back tomorrow', 'can you call me back tomorrow', 'call me in an hour', 'call me back in an hour', 'call me after five', 'call me back after five', 'not a good time', 'this is not a good time', "it's not a good time", 'now is not a good time', 'can you call later', 'ring me back', 'ring me back later', 'can you ring me back', 'could you ring me back later'],
};

/** Every intent phrase, for the recogniser's grammar (`Expectation.intents`). */
export const INTENT_PHRASES: readonly IntentPhrase[] = INTENTS.flatMap((intent) => PHRASES[intent].map((phrase) => ({ intent, phrase })));

const norm = (text: string) => ` ${text.toLowerCase().replace(/[^a-z0-9' ]/g, ' ').replace(/\s+/g, ' ').trim()} `;
/** The phrases as `norm` leaves them, made once (detectIntent runs at every pause of the callee). */
const NORMALIZED = Object.fromEntries(INTENTS.map((intent) => [intent, PHRASES[intent].map(norm)])) as Record<IntentName, string[]>;

/** Cues that are not whole phrases but still say the intent clearly (a recogniser without a grammar may word it freely). */
const CUES: Array<[IntentName, RegExp]> = [
  ['opt_out', / (stop|quit|don't|do not|never) (calling|call|phoning|phone|contacting|contact) (me|this number)| remove (me|my number)| take (me|my number) off| do not call list| unsubscribe /],
  ['wrong_number', / wrong (number|person)| no ?(one|body) (here )?by that name /],
  ['person', / (speak|talk) (to|with) (a |an |some )?(person|human|someone|somebody|agent|representative|operator|real person)| (a )?(real|live) (person|human)| representative | operator /],
  ['callback', / (call|ring|phone) (me )?(back|later|again later|tomorrow|in an hour)| (i'm|i am) busy| not a good time| call back /],
  ['who', / who( is|'s| are) (this|calling|you|it)| what( is|'s) (this|it) (about|for)| why (are you|do you keep) calling /],
  ['repeat', / (say|repeat) (that|it)( again)?| say again| come again| pardon| what did you say| didn't (catch|hear)| did not (catch|hear)/],
];

/**
 * The intent in what the callee said; null when it is none of them (an answer, or anything else).
 * The stronger intents win when two are present ("stop calling me, I'm busy" is an opt-out; "I'm
 * busy, can I speak to a person" asks for a person).
 * A bare "what?" or "sorry?" asks for the prompt again.
 */
export function detectIntent(text: string | null): IntentName | null {
  if (!text?.trim()) return null;
  const t = norm(text);
  if (t === ' what ' || t === ' sorry ' || t === ' sorry what ' || t === ' what was that ') return 'repeat';
  const order: IntentName[] = ['opt_out', 'wrong_number', 'person', 'callback', 'who', 'repeat'];
  for (const intent of order) {
    if (NORMALIZED[intent].some((p) => t.includes(p))) return intent;
  }
  for (const [intent, re] of CUES) if (re.test(t)) return intent;
  return null;
}

const HOURS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, noon: 12 };
const COUNTS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, ten: 10, fifteen: 15, twenty: 20, thirty: 30, half: 0.5, couple: 2, 'a couple of': 2, 'a few': 3, few: 3 };

/** Minutes east of UTC of `timeZone` at `at` (0 for UTC or an unknown zone). */
function zoneOffsetMinutes(at: Date, timeZone: string): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(at);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
    return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
  } catch {
    return 0;
  }
}

/**
 * When the callee asked to be called back, from a few plain phrasings; null when no time was said
 * (or it is not one of these). Kept deliberately small:
 * - "in an hour", "in two hours", "in half an hour", "in twenty minutes": from now;
 * - "tomorrow": the same time tomorrow ("tomorrow morning" 9:00, "afternoon" 14:00, "evening" 18:00);
 * - "after five", "at five", "at 5 pm", "after 6:30": that time today (tomorrow when it has passed),
 *   in the call's time zone. Hours 1–7 without am/pm are read as afternoon (people mean 5 pm,
 *   not 5 am), 8–11 as morning; with "tomorrow" the day moves on.
 */
export function parseCallbackTime(text: string | null, now: Date, timeZone = 'UTC'): Date | null {
  if (!text) return null;
  const t = ` ${text.toLowerCase().replace(/[^a-z0-9': ]/g, ' ').replace(/\s+/g, ' ').trim()} `.replace(/ (\d+(?::\d{2})?) (am|pm) /g, ' $1$2 ');
  const rel = / in (an?|one|two|three|four|five|ten|fifteen|twenty|thirty|half an?|a couple of|a few|\d+) (hours?|minutes?|mins?)( |$)/.exec(t);
  if (rel) {
    const word = rel[1]!.startsWith('half') ? 'half' : rel[1]!;
    const n = /^\d+$/.test(word) ? Number(word) : (COUNTS[word] ?? 1);
    const unit = rel[2]!.startsWith('h') ? 60 : 1;
    if (n > 0 && n * unit <= 7 * 24 * 60) return new Date(now.getTime() + n * unit * 60_000);
  }
  const tomorrow = / tomorrow /.test(t);
  const clock = / (?:after|at|around|about|by) (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)(?::(\d{2}))? ?(am|pm|o'clock|in the morning|in the afternoon|in the evening|tonight)?/.exec(t)
    ?? / (\d{1,2})(?::(\d{2}))?(am|pm) /.exec(t);
  let hour: number | null = null;
  let minute = 0;
  if (clock) {
    hour = /^\d+$/.test(clock[1]!) ? Number(clock[1]) : HOURS[clock[1]!]!;
    minute = clock[2] ? Number(clock[2]) : 0;
    const suffix = clock[3] ?? '';
    if (hour < 1 || hour > 24 || minute > 59) return null;
    if (/pm|afternoon|evening|tonight/.test(suffix)) hour = hour < 12 ? hour + 12 : hour;
    else if (/am|morning/.test(suffix)) hour = hour === 12 ? 0 : hour;
    else if (hour >= 1 && hour <= 7) hour += 12;
  } else if (tomorrow) {
    hour = / morning /.test(t) ? 9 : / afternoon /.test(t) ? 14 : / evening | night /.test(t) ? 18 : null;
  }
  if (hour === null) return tomorrow ? new Date(now.getTime() + 24 * 3600_000) : null;
  const offset = zoneOffsetMinutes(now, timeZone);
  const local = new Date(now.getTime() + offset * 60_000);
  let at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + (tomorrow ? 1 : 0), hour % 24, minute) - offset * 60_000;
  if (!tomorrow && at <= now.getTime()) at += 24 * 3600_000;
  return new Date(at);
}
