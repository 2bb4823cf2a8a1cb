import type { CallQuestion } from '../../../features/calls/ports';
import { detectIntent, endsTheCall, type IntentName } from '../../dialog/intents';
import { TEENS, TENS, UNITS } from '../../dialog/answers';
import { DENY, INTENT_LEAD, INTENT_TAIL, namesTheCalls, OPT_OUT_NO_LEAD, LEAD, NO, NO_CHOSEN, NO_LEAD, NO_TAIL, nonAnswersFor, NUMBER_AFTER, NUMBER_LEAD, NUMBER_TRAIL, OFFER_LEAD, OPTION_AFTER, OPTION_LEAD, OPTION_BEFORE, TRAIL, WEEKDAYS, YES, YES_CHOSEN, YES_CONFIRM, YES_LEAD, YES_TAIL } from '../grammar';
import type { Expectation } from '../recognizer';
import { encodePhrase } from './tokenizer';

/**
 * What the callee may say to a question, as the neural model spells it: the same phrases as the
 * PocketSphinx grammar (../grammar.ts), in token sequences. An utterance is a path of slots, each
 * slot one phrase of a list (a filler may be left out): "[Um,] [around] fifty [people,] [I think.]".
 */
export interface TokenTrie {
  next: Map<number, TokenTrie>;
  /** Set where a phrase ends: the answer it means (the answer slot; an intent is no answer, and says which), or nothing (a filler). */
  ends: { value: unknown; intent?: IntentName } | null;
}

export interface Slot {
  trie: TokenTrie;
  optional: boolean;
  /** The slot whose phrase is the answer (the value of a finished path). */
  answer: boolean;
}

export type AnswerPath = readonly Slot[];

interface Phrase {
  text: string;
  value?: unknown;
  intent?: IntentName;
}

/** The ways a phrase is written: as listed, capitalised (first in a sentence), with "I" upper-case. */
function spellings(text: string): string[] {
  const withI = text.replace(/\bi\b/g, 'I');
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return [...new Set([text, cap(text), withI, cap(withI)])];
}

function trieOf(phrases: readonly Phrase[]): TokenTrie {
  const root: TokenTrie = { next: new Map(), ends: null };
  for (const p of phrases) {
    for (const form of spellings(p.text)) {
      let node = root;
      for (const id of encodePhrase(form)) {
        let child = node.next.get(id);
        if (!child) node.next.set(id, (child = { next: new Map(), ends: null }));
        node = child;
      }
      // The first meaning listed for a spelling wins ("one" is 1, not a filler).
      node.ends ??= { value: p.value ?? null, ...(p.intent ? { intent: p.intent } : {}) };
    }
  }
  return root;
}

const fillers = (xs: readonly string[]): Phrase[] => xs.map((text) => ({ text }));

/**
 * 0 to 1,000 as people say and the model may write them: "thirty-four", "thirty four", "34", "a
 * hundred and five", and zero as "oh" or "none" except in a reply to a read-back (there those are
 * what a "no" is misheard as, ../grammar.ts).
 */
function numberPhrases(ohForZero = true): Phrase[] {
  const say = (n: number): string[] => {
    if (n < 10) return [UNITS[n]!];
    if (n < 20) return [TEENS[n - 10]!];
    if (n < 100) {
      const tens = TENS[Math.floor(n / 10)]!;
      return n % 10 ? [`${tens}-${UNITS[n % 10]}`, `${tens} ${UNITS[n % 10]}`] : [tens];
    }
    if (n < 1000) {
      const h = Math.floor(n / 100);
      const heads = h === 1 ? ['a hundred', 'one hundred'] : [`${UNITS[h]} hundred`];
      const rest = n % 100;
      if (!rest) return heads;
      return heads.flatMap((head) => say(rest).flatMap((r) => [`${head} ${r}`, `${head} and ${r}`]));
    }
    return ['a thousand', 'one thousand'];
  };
  const out: Phrase[] = [];
  for (let n = 0; n <= 1000; n++) {
    for (const text of say(n)) out.push({ text, value: n });
    out.push({ text: String(n), value: n });
  }
  if (ohForZero) out.push({ text: 'oh', value: 0 }, { text: 'none', value: 0 });
  return out;
}

/** Built once per process: the numbers' trie alone is some 10,000 phrases. */
const shared = new Map<string, TokenTrie>();
function once(key: string, build: () => TokenTrie): TokenTrie {
  let t = shared.get(key);
  if (!t) shared.set(key, (t = build()));
  return t;
}
/** Options change per question: the last few lists are kept. */
const optionTries = new Map<string, TokenTrie>();
function optionTrie(options: readonly string[]): TokenTrie {
  const key = JSON.stringify(options);
  let t = optionTries.get(key);
  if (!t) {
    t = trieOf(options.flatMap((o) => [{ text: o, value: o }, { text: o.toLowerCase(), value: o }]));
    optionTries.set(key, t);
    if (optionTries.size > 50) optionTries.delete(optionTries.keys().next().value!);
  }
  return t;
}

const slot = (trie: TokenTrie, optional: boolean, answer = false): Slot => ({ trie, optional, answer });

/**
 * The paths of an expectation: its answers with their fillers, and the non-answers (with the
 * call's intents) as a path that means no answer. A reply to a read-back ("I heard thirty. Is
 * that right?") has three more: a yes (true), a bare no (false) and a correction ("no, thirty
 * eight": its value), the values ../second-opinion.ts meaningOf() gives. Null when the model is
 * not asked: free speech, a greeting, a free-text question.
 */
export function answerPaths(expect: Expectation): AnswerPath[] | null {
  const q: CallQuestion | null = expect.question;
  if (!q || !answersAsked(expect)) return null;
  const answer = answerSlots(q, expect);
  if (!answer) return null;
  // A yes or a no to "how many?" answers nothing: without them here, the model was made to hear
  // the "yes" meant for a read-back as "five" (the SIP conversation test's callee out of step).
  const yesNo = q.type !== 'boolean' && !expect.confirming ? [...YES, ...NO] : [];
  // The call's intents are on paths of their own (below), so not here as well.
  const intents = new Set(expect.intents ?? []);
  const nonAnswers = [...nonAnswersFor(q.type, expect.yesOrNo), ...yesNo].filter((p) => !intents.has(p));
  // Labelled too: "wrong number" is here as well as among the intents, and the two spellings of one intent must not be each other's runner-up.
  const other: AnswerPath = [slot(nonAnswerTrie(nonAnswers), false, true)];
  // The words around the intents only where the question itself is asked: in a reply to a read-back or to "was that a yes
  // or a no?" they took the beam's places from the corrections (with "no" among them, "No, fifty." came out as "no, sixty").
  const withoutAnswer = [other, ...intentPaths(expect.intents, !expect.confirming && !expect.yesOrNo)];
  if (!expect.confirming || q.type === 'boolean') return [answer, ...withoutAnswer];
  const yes = once('confirm-yes', () => trieOf(YES_CONFIRM.map((text) => ({ text, value: true }))));
  const no = once('confirm-no', () => trieOf(NO.map((text) => ({ text, value: false }))));
  const deny = once('deny', () => trieOf(fillers(DENY)));
  return [
    [slot(yes, false, true), slot(once('yes-tails', () => trieOf(fillers(YES_TAIL))), true)],
    [slot(no, false, true), slot(once('no-tails', () => trieOf(fillers(NO_TAIL))), true)],
    [slot(deny, true), ...answer],
    ...withoutAnswer,
  ];
}

/** Phrases that are no answer, each labelled with its intent where it is one ("wrong number", "call me later"). */
const nonAnswerTrie = (phrases: readonly string[]): TokenTrie => trieOf(phrases.map((text) => ({ text, value: null, intent: detectIntent(text) ?? undefined })));

/**
 * The call's intents as paths of their own: no answer, each labelled with its intent (which the
 * hearing reports, ./neural-engine.ts); `withWords`, those that end the call with what is said
 * around them ("please stop calling me", "just call me later": INTENT_LEAD and INTENT_TAIL, as
 * in PocketSphinx's grammar).
 */
function intentPaths(intents: readonly string[] | undefined, withWords: boolean): AnswerPath[] {
  const ending = withWords ? (intents?.filter(endsTheCall) ?? []) : [];
  const bare = withWords ? (intents?.filter((p) => !endsTheCall(p)) ?? []) : (intents ?? []);
  const paths: AnswerPath[] = [];
  if (bare.length) paths.push([slot(once(`intents:${bare.join('|')}`, () => nonAnswerTrie(bare)), false, true)]);
  const tail = (): Slot => slot(once('intent-tail', () => trieOf(fillers(INTENT_TAIL))), true);
  if (ending.length) paths.push([slot(once('intent-lead', () => trieOf(fillers(INTENT_LEAD))), true), slot(once(`intents:${ending.join('|')}`, () => nonAnswerTrie(ending)), false, true), tail()]);
  // "No, stop calling me." (OPT_OUT_NO_LEAD, as in PocketSphinx's grammar).
  const calls = ending.filter(namesTheCalls);
  if (calls.length) paths.push([slot(once('opt-out-no-lead', () => trieOf(fillers(OPT_OUT_NO_LEAD))), false), slot(once(`intents:${calls.join('|')}`, () => nonAnswerTrie(calls)), false, true), tail()]);
  return paths;
}

/** Whether answerPaths() has paths for an expectation (told without building them): a yes/no, number or option question, not a greeting or free text. */
export function answersAsked(expect: Expectation): boolean {
  const q = expect.question;
  if (!q || expect.spotting) return false;
  return q.type === 'boolean' || q.type === 'number' || (q.type === 'enum' && !!q.options?.length);
}

/** The slots of an answer to `q` with its fillers; null for a question the model is not asked (free text). */
function answerSlots(q: CallQuestion, expect: Expectation): Slot[] | null {
  const lead = once('lead', () => trieOf(fillers(LEAD)));
  const trail = once('trail', () => trieOf(fillers(TRAIL)));
  if (q.type === 'boolean') {
    const key = expect.yesOrNo ? 'yes-no-chosen' : 'yes-no';
    const yesNo = once(key, () => trieOf([...(expect.yesOrNo ? YES_CHOSEN : YES).map((text) => ({ text, value: true })), ...(expect.yesOrNo ? NO_CHOSEN : NO).map((text) => ({ text, value: false }))]));
    const tails = once('yes-no-tails', () => trieOf(fillers([...YES_TAIL, ...NO_TAIL])));
    // "I can, yes", "I cannot, no": the verb said first is a filler here, the yes or the no after it decides.
    const leads = expect.yesOrNo ? lead : once('yes-no-lead', () => trieOf(fillers([...LEAD, ...YES_LEAD, ...NO_LEAD])));
    return [slot(leads, true), slot(yesNo, false, true), slot(tails, true), slot(trail, true)];
  }
  if (q.type === 'number') {
    const numbers = expect.confirming ? once('numbers-reply', () => trieOf(numberPhrases(false))) : once('numbers', () => trieOf(numberPhrases()));
    return [
      slot(once('number-lead', () => trieOf(fillers([...LEAD, ...OFFER_LEAD, ...NUMBER_LEAD]))), true),
      slot(numbers, false, true),
      slot(once('number-after', () => trieOf(fillers(NUMBER_AFTER))), true),
      slot(once('number-trail', () => trieOf(fillers([...TRAIL, ...NUMBER_TRAIL]))), true),
    ];
  }
  if (q.type === 'enum' && q.options?.length) {
    const weekdays = q.options.every((o) => WEEKDAYS.includes(o.toLowerCase()));
    const before = once(weekdays ? 'before-weekday' : 'before-option', () => trieOf(fillers(weekdays ? OPTION_BEFORE.weekdays : OPTION_BEFORE.other)));
    const optionLead = once('option-lead', () => trieOf(fillers([...LEAD, ...OFFER_LEAD, ...OPTION_LEAD])));
    const slots: Slot[] = [slot(optionLead, true), slot(before, true), slot(optionTrie(q.options), false, true)];
    const after = weekdays ? OPTION_AFTER.weekdays : OPTION_AFTER.other;
    if (after.length) slots.push(slot(once('after-option', () => trieOf(fillers(after))), true));
    slots.push(slot(trail, true));
    return slots;
  }
  return null;
}
