import type { CallQuestion } from '../../features/calls/ports';
import { TEENS, TENS, UNITS } from '../dialog/answers';
import { endsTheCall, namesTheCalls, OPT_OUT_NO_LEAD } from '../dialog/intents';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/**
 * The yeses of a first answer. Besides the yes-words, the phrases people accept an invitation with
 * and no yes-word in them ("sounds good", "count me in", "works for me"): measured on a fresh set
 * of voices (holdout8), without them such a reply was heard as "come again" or as nothing at all.
 */
export const YES = ['yes', 'yeah', 'yep', 'yup', 'sure', 'correct', 'right', 'of course', 'absolutely', 'definitely', 'certainly', 'okay', 'that is right', "that's right", 'sure thing', 'sounds good', 'sounds great', 'count me in', 'works for me', 'that works', "i'll be there", 'i will be there'];
/**
 * The refusals besides "no" itself are the polite ones people answer an invitation with ("afraid
 * not", "unfortunately not", "I don't think so"): without them the recognizer forced such a reply
 * into the nearest phrase it knew ("Unfortunately not." as "don't call me"). Not a bare "I can't": its
 * twin "I can" is a yes the grammar cannot tell from it on a telephone line. Nor "I'm afraid
 * not" / "I am afraid not" whole (only "afraid not"): with them, "Hmm, let me think." was heard,
 * sure, as "um, absolutely, I think" in four of the eight tune voices.
 */
export const NO = ['no', 'nope', 'nah', 'not really', 'no way', 'of course not', 'definitely not', 'absolutely not', 'not at all', 'never', 'afraid not', 'unfortunately not', 'sadly not', "i don't think so", 'i do not think so', 'not this time'];
/** What follows a yes or a no: "yes please", "no I can't", "sure I'll be there", "yeah, no problem". */
export const YES_TAIL = ['no problem', 'no worries', 'please', 'i can', 'i will', 'i do', 'i am', "i'll be there", 'i will be there', 'thanks', 'thank you', 'that works', 'works for me', 'sounds good', 'count me in', 'definitely', 'of course', 'sure', 'that is right', "that's right"];
export const NO_TAIL = ['thanks', 'thank you', 'sorry', "i can't", 'i cannot', "i won't", "i don't", "i'm not", "i don't think so", 'not really', 'i can not', "that doesn't work", 'that does not work', "i can't make it", 'i cannot make it', "i won't be there", 'i will not be there'];
/**
 * Before a yes or a no, the verb said first: "I can, yes", "I cannot, no". In the neural model's
 * answer paths only (./moonshine/answer-paths.ts), as fillers: the yes or the no after them
 * decides. Measured on holdout8, "I cannot, no." of seven voices had no path in either model and
 * came out as a yes or as nothing in all seven. Not in PocketSphinx's grammar: there they made
 * holdout7's "Nope, not this time." come out, sure, as "who are you" (the search took another
 * path from the utterance's start), and the neural model alone rescued nearly as many of holdout8's.
 */
export const YES_LEAD = ['i can', 'i will', 'i do', 'i am'];
export const NO_LEAD = ["i can't", 'i cannot', 'i can not', "i won't", "i don't", "i'm not", 'unfortunately', 'sadly'];
/** A reply to "was that a yes or a no?": the answer bare, or named ("a yes", "it was a no"). */
export const YES_CHOSEN = ['yes', 'yeah', 'yep', 'yup', 'sure', 'a yes', 'it was a yes', 'that was a yes', 'yes it was'];
export const NO_CHOSEN = ['no', 'nope', 'nah', 'a no', 'it was a no', 'that was a no', 'no it was not', 'no it was a no'];
const GREETING = ['hello', 'hi', 'yes', 'speaking', 'hello who is this', 'hello yes', 'go ahead', 'sure go ahead', 'okay'];
/**
 * A yes to "I heard thirty. Is that right?": the forms people confirm with. Not "absolutely",
 * "certainly", "definitely" or "of course": a short "no, nine" was heard as "absolutely" there, and
 * a yes heard wrongly records the value read back.
 */
export const YES_CONFIRM = ['yes', 'yeah', 'yep', 'yup', 'sure', 'correct', 'right', 'okay', 'that is right', "that's right", 'yes it is', "that's correct", 'that is correct'];
/** Before a correction of what the agent read back: "no, thirty eight", "actually, Tuesday". */
export const DENY = ['no', 'nope', 'no no', 'actually', 'no actually', 'sorry', 'no sorry', 'no it is', "no it's", 'i said'];
/** Before an answer: "um", "I think", "let's say", "maybe". Not "sorry" before a yes or a no: "Sorry, who is calling?" was heard as "sorry, absolutely". */
export const LEAD = ['um', 'uh', 'i think', 'i would say', "i'd say", "let's say", "it's", 'maybe', 'probably'];
/**
 * Before a number or an option only, an answer offered as a question: "how about Tuesday?". Not
 * "what about": with it, "What was that?" was heard, sure, as "what about evening, I think".
 */
export const OFFER_LEAD = ['how about'];
/** Before an option only, a choice said as one: "let's go with Wednesday". */
export const OPTION_LEAD = ["let's go with", 'let us go with'];
/**
 * Before a number only: "about ten", "only one", "around fifty", "just two". Not "the" or "all"
 * ("just the two of us", "all four of us"): measured, a short misheard answer was heard to start
 * with them (a read-back's "Yes." as "the eight") more often than they were said.
 */
export const NUMBER_LEAD = ['about', 'around', 'only', 'just', 'roughly', 'approximately', 'exactly', 'like', 'maybe about', 'probably about', "i'd say about"];
/**
 * After a number only: "ten or so", "fifty give or take", "twenty in total". Not "altogether": a
 * read-back's "No, nine." came out, sure, as "two altogether" (holdout10).
 */
export const NUMBER_TRAIL = ['or so', 'more or less', 'give or take', 'at most', 'at least', 'tops', 'in total', 'in all', 'roughly'];
/** After a number only: "four people", "two of us". */
export const NUMBER_AFTER = ['people', 'persons', 'of us', 'guests'];
/** Around an option: "on Monday", "next Friday"; "the morning", "the one in the evening", "the second one". */
export const OPTION_BEFORE = { weekdays: ['on', 'next', 'this'], other: ['the', 'in the', 'the one in the', 'early', 'late', 'the early', 'the late', 'in the early', 'in the late'] };
export const OPTION_AFTER = { weekdays: [] as string[], other: ['one'] };
/**
 * Said before and after an intent that ends the call (`endsTheCall`): "please stop calling me",
 * "just take my number off your list", "I'm busy right now", "call me later please". Without them, a
 * callee who asked not to be called in words of their own was heard as an answer ("Please stop
 * calling me." as "yes", "Remove my number, please." as "like a hundred please"; docs/voice.md,
 * "Ninth round"). Tried and left out, each for an answer or a question it took: "look" and "okay"
 * before ("Not sure, to be honest." came out as a sure "look call me later"), "can you" and "could
 * you" ("Could we do Thursday?" as "could you remove me", an opt-out), "no" (before a callback, "No,
 * I can't." came out as "no call me back", a read-back's "No, ninety." as "no i'm busy"; before an
 * opt-out, "No, I am out of town." of a holdout11 voice as a sure "no unsubscribe"), "thanks",
 * "thank you" and "again" after ("Who did you say you were?" as a sure "I'm busy thank you", then
 * "I'm busy again"), and "sorry" before (it moved PocketSphinx's search: "Hmm, let me think." of
 * two tune voices came out, sure, as "um yeah please i think" and "um definitely i think", yeses)
 * and after ("I'm not sure." as a sure "remove me sorry").
 */
export const INTENT_LEAD = ['please', 'just'];
export const INTENT_TAIL = ['please', 'right now'];
export { namesTheCalls, OPT_OUT_NO_LEAD } from '../dialog/intents';
/**
 * After an answer: "please", "I think", "would be good", and the hedges people end an answer with
 * ("Friday if possible", "fourteen, I reckon", "evening, if that works"). Without the hedges such an
 * answer was forced into the nearest path ("Evening, if that works." as a sure "in the afternoon");
 * the fresh sets of the last rounds say them in about one answer in five (docs/voice.md, "Tenth
 * round"). Not "probably", "I believe" or "ideally" after an answer: "I need to think about it."
 * came out, sure, as "evening probably" in three voices, "Who did you say you were?" as "certainly
 * I do, I believe".
 */
export const TRAIL = ['please', 'i think', 'i guess', 'thanks', 'would be good', 'would be great', 'works for me', 'is fine', 'is good', 'is best', 'maybe', 'i reckon', 'i suppose', 'i expect', 'i would say', 'if possible', 'if that works', 'if that is okay', "if that's okay"];
/**
 * What a callee says that is not an answer. Given to the decoder beside the answers so that such
 * speech is heard as what it is instead of being forced into the nearest answer; none of it
 * yields an answer, so the question is asked again.
 */
export const NOT_AN_ANSWER = [
  'who is this',
  'who is calling',
  'what is this about',
  'what',
  'sorry what',
  'sorry',
  'pardon',
  'excuse me',
  'say that again',
  'can you repeat that',
  'repeat that please',
  'hello',
  'i do not know',
  "i don't know",
  'not sure',
  "i'm not sure",
  'let me think',
  'hmm let me think',
  'just a moment',
  'hold on',
  'wait',
  'call me back later',
  'can you call me back later',
  'call me later',
  "i'm busy",
  'stop calling me',
  'remove me from your list',
  'wrong number',
  'why do you ask',
  'what do you mean',
];

/**
 * Said to a choice when any option would do. Not an option, so the choices are offered again;
 * without these in the grammar, "Any time is fine." was heard, sure, as "it's not a good time" (a
 * call-me-later that ended the call) and "I do not mind." as "on Monday". Choices only: to a
 * yes/no question "I don't mind" may be a yes, and to a number it is rare. ("Up to you" was
 * tried and left out: short, it took "Sometime in the afternoon." from the answers, sure.)
 */
export const NO_PREFERENCE = [
  'i do not mind',
  "i don't mind",
  'any time',
  'any time is fine',
  'whenever',
  'whenever is fine',
  'whichever',
  'whichever is easiest',
  'either is fine',
  'it does not matter',
  "it doesn't matter",
  'no preference',
];

/** The non-answers a question's grammars hold beside its answers (the reply to "was that a yes or a no?" without "hello": a bare "no" was heard as it there). */
export function nonAnswersFor(type: CallQuestion['type'], yesOrNo?: boolean): readonly string[] {
  if (yesOrNo) return NOT_AN_ANSWER.filter((p) => p !== 'hello');
  return type === 'enum' ? [...NOT_AN_ANSWER, ...NO_PREFERENCE] : NOT_AN_ANSWER;
}

const clean = (s: string) => s.toLowerCase().replace(/[^a-z' ]/g, ' ').replace(/\s+/g, ' ').trim();

/** Ways of saying zero. In a reply to a read-back only "zero": "oh" and "none" are what a "no" is misheard as there. */
const ZEROS = ['zero', 'oh', 'none'];
const REPLY_ZEROS = ['zero'];

/** Numbers as people say them, 0..999 and a thousand: "oh", "twenty five", "a hundred", "three hundred and forty". */
function numberRules(zeros: readonly string[] = ZEROS): string[] {
  const units = UNITS.slice(1);
  const tens = TENS.filter(Boolean);
  return [
    `<unit> = ${units.join(' | ')};`,
    `<teen> = ${TEENS.join(' | ')};`,
    `<tens> = ${tens.join(' | ')};`,
    '<upto99> = <unit> | <teen> | <tens> [<unit>];',
    `<number> = ${zeros.join(' | ')} | <upto99> | (a | <unit>) hundred [[and] <upto99>] | (a | one) thousand;`,
  ];
}

const alt = (xs: string[]) => (xs.length ? `(${xs.join(' | ')})` : null);

/** 1..99 as said, except `r` (a JSGF expansion over the rules of numberRules()); null when nothing is left. */
function upto99Except(r: number): string {
  const parts: string[] = [];
  parts.push(alt(UNITS.slice(1).filter((_, i) => i + 1 !== r))!);
  parts.push(alt(TEENS.filter((_, i) => i + 10 !== r))!);
  for (let t = 2; t <= 9; t++) {
    const word = TENS[t]!;
    if (Math.floor(r / 10) !== t) parts.push(`${word} [<unit>]`);
    // "forty" alone is r itself: "forty" must be followed by a unit; "forty two" is: any other unit, or none.
    else if (r % 10 === 0) parts.push(`${word} <unit>`);
    else {
      const others = UNITS.slice(1).filter((_, i) => i + 1 !== r % 10);
      parts.push(`${word} [${alt(others)}]`);
    }
  }
  return alt(parts)!;
}

/**
 * The number rule of numberRules() without the ways of saying `value`: every other number the
 * grammar holds. What a second decoding of the same audio finds there is the best competitor of
 * `value`, and how far behind it is tells how sure the first decoding was.
 */
function numberExcept(value: number, zeros: readonly string[] = ZEROS): string {
  const zero = value === 0 ? [] : [...zeros];
  const thousand = value === 1000 ? [] : ['(a | one) thousand'];
  if (value >= 1 && value <= 99) return alt([...zero, upto99Except(value), '(a | <unit>) hundred [[and] <upto99>]', ...thousand])!;
  if (value >= 100 && value <= 999) {
    const h = Math.floor(value / 100);
    const r = value % 100;
    const same = h === 1 ? '(a | one)' : UNITS[h]!;
    const otherHundreds = alt([...(h === 1 ? [] : ['a', 'one']), ...UNITS.slice(2).filter((_, i) => i + 2 !== h)]);
    const rest = r === 0 ? `${same} hundred [and] <upto99>` : `${same} hundred [[and] ${upto99Except(r)}]`;
    return alt([...zero, '<upto99>', ...(otherHundreds ? [`${otherHundreds} hundred [[and] <upto99>]`] : []), rest, ...thousand])!;
  }
  return alt([...zero, '<upto99>', '(a | <unit>) hundred [[and] <upto99>]', ...thousand])!;
}

/**
 * A JSGF grammar of what a callee may say to a question: its answers (with the fillers people
 * put around them) and the usual non-answers. PocketSphinx recognises telephone speech well only
 * when it knows what to expect. Alternatives with a word missing from the dictionary are left out
 * (they would stop the grammar from loading); null when nothing can be expected (free text).
 *
 * With `except`, the ways of saying that answer are left out (a yes, an option, a number; null:
 * the non-answers): the grammar of everything that competes with it, for the second decoding
 * that measures how sure the first one was (./verification.ts).
 *
 * With `confirming` (the agent read back an answer heard with low confidence: "I heard thirty.
 * Is that right?"), a yes and a no are answers too, and an answer may follow a no ("no, thirty
 * eight"); `except.answer` is then a reply as confirmationAnswer() gives it (true: the yes, false:
 * the bare no, a value: that correction).
 *
 * With `yesOrNo` (a yes/no question, after "was that a yes or a no?"), the yes and no are the bare
 * forms people answer such a choice with: the longer forms of a first answer ("certainly",
 * "absolutely", "not really") are what a short "no" was misheard as.
 */
export function grammarFor(question: CallQuestion | null, known: (word: string) => boolean, except?: { answer: unknown }, confirming?: { value: unknown }, yesOrNo?: boolean): string | null {
  const usable = (xs: readonly string[]) => [...new Set(xs.map(clean))].filter((a) => a && a.split(' ').every(known));
  const rules: string[] = [];
  let answer: string | null;
  if (!question) {
    const greeting = usable(GREETING);
    if (!greeting.length) return null;
    return ['#JSGF V1.0;', 'grammar answer;', `public <utterance> = ${greeting.join(' | ')};`, ''].join('\n');
  } else if (question.type === 'boolean') {
    rules.push(`<yes> = ${usable(yesOrNo ? YES_CHOSEN : YES).join(' | ')};`, `<no> = ${usable(yesOrNo ? NO_CHOSEN : NO).join(' | ')};`);
    rules.push(`<yestail> = ${usable(YES_TAIL).join(' | ')};`, `<notail> = ${usable(NO_TAIL).join(' | ')};`);
    const yes = except?.answer === true ? [] : ['<yes> [<yestail>]'];
    const no = except?.answer === false ? [] : ['<no> [<notail>]'];
    answer = alt([...yes, ...no]);
  } else if (question.type === 'number') {
    const zeros = confirming ? REPLY_ZEROS : ZEROS;
    rules.push(...numberRules(zeros));
    const number = except && typeof except.answer === 'number' ? numberExcept(except.answer, zeros) : '<number>';
    answer = `(${number} [${usable(NUMBER_AFTER).join(' | ')}])`;
  } else if (question.type === 'enum') {
    const options = usable((question.options ?? []).map(clean)).filter((o) => !except || typeof except.answer !== 'string' || o !== clean(except.answer));
    const isWeekdays = options.length > 0 && options.every((o) => WEEKDAYS.includes(o));
    if (options.length) rules.push(`<option> = ${options.join(' | ')};`);
    const before = usable(isWeekdays ? OPTION_BEFORE.weekdays : OPTION_BEFORE.other);
    const after = usable(isWeekdays ? OPTION_AFTER.weekdays : OPTION_AFTER.other);
    answer = options.length ? `(${before.length ? `[${before.join(' | ')}] ` : ''}<option>${after.length ? ` [${after.join(' | ')}]` : ''})` : null;
    if (!answer && !except) return null;
  } else return null;
  const lead = usable(question.type === 'number' ? [...LEAD, ...OFFER_LEAD, ...NUMBER_LEAD] : question.type === 'enum' ? [...LEAD, ...OFFER_LEAD, ...OPTION_LEAD] : LEAD);
  const trail = usable(question.type === 'number' ? [...TRAIL, ...NUMBER_TRAIL] : TRAIL);
  // Competing with a non-answer (or an intent, which withIntents adds): the answers alone. A reply
  // to "was that a yes or a no?" is not a greeting: "hello" is what a bare "no" was heard as there.
  const other = except && except.answer === null ? [] : usable(nonAnswersFor(question.type, yesOrNo));
  if (lead.length) rules.push(`<lead> = ${lead.join(' | ')};`);
  if (trail.length) rules.push(`<trail> = ${trail.join(' | ')};`);
  if (other.length) rules.push(`<other> = ${other.join(' | ')};`);
  const replies: string[] = [];
  let deny = '';
  if (confirming && question.type !== 'boolean') {
    rules.push(`<yes> = ${usable(YES_CONFIRM).join(' | ')};`, `<no> = ${usable(NO).join(' | ')};`);
    rules.push(`<yestail> = ${usable(YES_TAIL).join(' | ')};`, `<notail> = ${usable(NO_TAIL).join(' | ')};`);
    const denial = usable(DENY);
    if (denial.length) {
      rules.push(`<deny> = ${denial.join(' | ')};`);
      deny = '[<deny>] ';
    }
    if (except?.answer !== true) replies.push('<yes> [<yestail>]');
    if (except?.answer !== false) replies.push('<no> [<notail>]');
  }
  const main = answer ? `${lead.length ? '[<lead>] ' : ''}${deny}${answer}${trail.length ? ' [<trail>]' : ''}` : null;
  const top = [...replies, main, other.length ? '<other>' : null].filter(Boolean).join(' | ');
  if (!top) return null;
  return ['#JSGF V1.0;', 'grammar answer;', `public <utterance> = ${top};`, ...rules, ''].join('\n');
}

/**
 * The grammar with the callee's intents ("who is this", "call me later") as more alternatives of
 * the utterance, so that they are heard as said; phrases with a word missing from the dictionary
 * are left out. No grammar stays no grammar (free text is not forced into intents). `withWords`
 * (where the question itself is asked): the intents that end the call with what is said around
 * them; in a reply to a read-back or to "was that a yes or a no?" they are bare (there "I'm not
 * sure." came out as a sure "remove me sorry", an opt-out, on holdout10).
 */
export function withIntents(grammar: string | null, intents: readonly string[] | undefined, known: (word: string) => boolean, withWords = true): string | null {
  if (!grammar || !intents?.length) return grammar;
  const usable = (xs: readonly string[]) => [...new Set(xs.map(clean))].filter((p) => p && p.split(' ').every(known));
  const phrases = usable(intents);
  if (!phrases.length) return grammar;
  // Only the intents that end the call have words around them: with them around "who are you" and "a human", answers
  // were heard as "please who are you" and "no a human please".
  const ending = withWords ? phrases.filter(endsTheCall) : [];
  const bare = phrases.filter((p) => !ending.includes(p));
  const calls = ending.filter(namesTheCalls);
  const noLed = calls.length ? [`<intentno> (${calls.join(' | ')}) [<intenttail>]`] : [];
  const rules = ending.length
    ? [
        `<intent> = ${[...bare, `[<intentlead>] (${ending.join(' | ')}) [<intenttail>]`, ...noLed].join(' | ')};`,
        `<intentlead> = ${usable(INTENT_LEAD).join(' | ')};`,
        `<intenttail> = ${usable(INTENT_TAIL).join(' | ')};`,
        ...(noLed.length ? [`<intentno> = ${usable(OPT_OUT_NO_LEAD).join(' | ')};`] : []),
      ]
    : [`<intent> = ${bare.join(' | ')};`];
  return grammar.replace(/^(public <utterance> = .*);$/m, (_all, head: string) => `${head} | <intent>;\n${rules.join('\n')}`);
}

/**
 * Free speech as a loop of phrases and words (a greeting: "hi you've reached maria please leave a
 * message after the tone"), so that the phrases that matter are found in it rather than the
 * whole utterance forced into one of them. Words missing from the dictionary are left out.
 */
export function spottingGrammar(phrases: readonly string[], known: (word: string) => boolean): string | null {
  const usable = [...new Set(phrases.map(clean))].filter((p) => p && p.split(' ').every(known));
  if (!usable.length) return null;
  return ['#JSGF V1.0;', 'grammar spotting;', `public <utterance> = (<item>)+;`, `<item> = ${usable.join(' | ')};`, ''].join('\n');
}
