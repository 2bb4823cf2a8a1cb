import type { CallQuestion } from '../../features/calls/ports';
import { TEENS, TENS, UNITS } from '../dialog/answers';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const YES = ['yes', 'yeah', 'yep', 'yup', 'sure', 'correct', 'right', 'of course', 'absolutely', 'definitely', 'certainly', 'okay', 'that is right', "that's right", 'sure thing'];
const NO = ['no', 'nope', 'nah', 'not really', 'no way', 'of course not', 'definitely not', 'absolutely not', 'not at all', 'never'];
/** What follows a yes or a no: "yes please", "no I can't", "sure I'll be there". */
const YES_TAIL = ['please', 'i can', 'i will', 'i do', 'i am', "i'll be there", 'thanks', 'thank you', 'that works', 'definitely', 'of course', 'sure', 'that is right', "that's right"];
const NO_TAIL = ['thanks', 'thank you', 'sorry', "i can't", 'i cannot', "i won't", "i don't", "i'm not", "i don't think so", 'not really', 'i can not'];
const GREETING = ['hello', 'hi', 'yes', 'speaking', 'hello who is this', 'hello yes', 'go ahead', 'sure go ahead', 'okay'];
/** Before an answer: "um", "I think", "let's say", "maybe". */
const LEAD = ['um', 'uh', 'i think', 'i would say', "i'd say", "let's say", "it's", 'maybe', 'probably'];
/** After an answer: "please", "I think", "would be good". */
const TRAIL = ['please', 'i think', 'i guess', 'thanks', 'would be good', 'would be great', 'works for me', 'is fine', 'is good', 'is best'];
/**
 * What a callee says that is not an answer. Given to the decoder beside the answers so that such
 * speech is heard as what it is instead of being forced into the nearest answer; none of it
 * yields an answer, so the question is asked again.
 */
const NOT_AN_ANSWER = [
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

const clean = (s: string) => s.toLowerCase().replace(/[^a-z' ]/g, ' ').replace(/\s+/g, ' ').trim();

/** Numbers as people say them, 0..999 and a thousand: "oh", "twenty five", "a hundred", "three hundred and forty". */
function numberRules(): string[] {
  const units = UNITS.slice(1);
  const tens = TENS.filter(Boolean);
  return [
    `<unit> = ${units.join(' | ')};`,
    `<teen> = ${TEENS.join(' | ')};`,
    `<tens> = ${tens.join(' | ')};`,
    '<upto99> = <unit> | <teen> | <tens> [<unit>];',
    '<number> = zero | oh | none | <upto99> | (a | <unit>) hundred [[and] <upto99>] | (a | one) thousand;',
  ];
}

/**
 * A JSGF grammar of what a callee may say to a question: its answers (with the fillers people
 * put around them) and the usual non-answers. PocketSphinx recognises telephone speech well only
 * when it knows what to expect. Alternatives with a word missing from the dictionary are left out
 * (they would stop the grammar from loading); null when nothing can be expected (free text).
 */
export function grammarFor(question: CallQuestion | null, known: (word: string) => boolean): string | null {
  const usable = (xs: string[]) => [...new Set(xs.map(clean))].filter((a) => a && a.split(' ').every(known));
  const rules: string[] = [];
  let answer: string;
  if (!question) {
    const greeting = usable(GREETING);
    if (!greeting.length) return null;
    return ['#JSGF V1.0;', 'grammar answer;', `public <utterance> = ${greeting.join(' | ')};`, ''].join('\n');
  } else if (question.type === 'boolean') {
    rules.push(`<yes> = ${usable(YES).join(' | ')};`, `<no> = ${usable(NO).join(' | ')};`);
    rules.push(`<yestail> = ${usable(YES_TAIL).join(' | ')};`, `<notail> = ${usable(NO_TAIL).join(' | ')};`);
    answer = '(<yes> [<yestail>] | <no> [<notail>])';
  } else if (question.type === 'number') {
    rules.push(...numberRules());
    answer = '(<number> [people | persons | of us | guests])';
  } else if (question.type === 'enum') {
    const options = usable((question.options ?? []).map(clean));
    if (!options.length) return null;
    const isWeekdays = options.every((o) => WEEKDAYS.includes(o));
    rules.push(`<option> = ${options.join(' | ')};`);
    const before = usable(isWeekdays ? ['on', 'next', 'this'] : ['the', 'in the', 'the one in the']);
    const after = usable(isWeekdays ? [] : ['one']);
    answer = `(${before.length ? `[${before.join(' | ')}] ` : ''}<option>${after.length ? ` [${after.join(' | ')}]` : ''})`;
  } else return null;
  const lead = usable(LEAD);
  const trail = usable(TRAIL);
  const other = usable(NOT_AN_ANSWER);
  if (lead.length) rules.push(`<lead> = ${lead.join(' | ')};`);
  if (trail.length) rules.push(`<trail> = ${trail.join(' | ')};`);
  if (other.length) rules.push(`<other> = ${other.join(' | ')};`);
  const main = `${lead.length ? '[<lead>] ' : ''}${answer}${trail.length ? ' [<trail>]' : ''}`;
  return ['#JSGF V1.0;', 'grammar answer;', `public <utterance> = ${main}${other.length ? ' | <other>' : ''};`, ...rules, ''].join('\n');
}

/**
 * The grammar with the callee's intents ("who is this", "call me later") as more alternatives of
 * the utterance, so that they are heard as said; phrases with a word missing from the dictionary
 * are left out. No grammar stays no grammar (free text is not forced into intents).
 */
export function withIntents(grammar: string | null, intents: readonly string[] | undefined, known: (word: string) => boolean): string | null {
  if (!grammar || !intents?.length) return grammar;
  const phrases = [...new Set(intents.map(clean))].filter((p) => p && p.split(' ').every(known));
  if (!phrases.length) return grammar;
  const rule = `<intent> = ${phrases.join(' | ')};`;
  return grammar.replace(/^(public <utterance> = .*);$/m, (_all, head: string) => `${head} | <intent>;\n${rule}`);
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
