import { extractAnswer } from '../../src/voice/dialog/answers';
import { confirmationAnswer, readConfirmation } from '../../src/voice/dialog/confirmation';
import { grammarFor, withIntents } from '../../src/voice/stt/grammar';
import { detectIntent, INTENT_PHRASES } from '../../src/voice/dialog/intents';
import type { CallQuestion } from '../../src/features/calls/ports';
import { confidenceOf, DEFAULT_MIN_CONFIDENCE, MARGIN_AT_THRESHOLD } from '../../src/voice/stt/pocketsphinx';
import { marginType } from '../../src/voice/stt/second-opinion';

/**
 * Every sentence a JSGF grammar of grammar.ts holds, fillers before and after the answer left
 * out (with them the list runs to millions): words, `|`, `( )`, `[ ]` and rule references,
 * which is all grammar.ts writes.
 */
function sentences(jsgf: string): Set<string> {
  jsgf = jsgf.replace('[<lead>] ', '').replace(' [<trail>]', '');
  const rules = new Map<string, string>();
  let top = '';
  for (const line of jsgf.split('\n')) {
    const m = /^(public )?<(\w+)> = (.*);$/.exec(line);
    if (!m) continue;
    rules.set(m[2]!, m[3]!);
    if (m[1]) top = m[2]!;
  }
  const memo = new Map<string, string[]>();
  const rule = (name: string): string[] => {
    if (!memo.has(name)) memo.set(name, expand(rules.get(name)!));
    return memo.get(name)!;
  };
  const expand = (text: string): string[] => {
    const tokens = text.match(/<\w+>|[()[\]|]|[^\s()[\]|<>]+/g) ?? [];
    let i = 0;
    const alternatives = (): string[] => {
      const out: string[] = [];
      for (;;) {
        for (const s of sequence()) out.push(s);
        if (tokens[i] !== '|') return out;
        i++;
      }
    };
    const sequence = (): string[] => {
      let acc = [''];
      while (i < tokens.length && tokens[i] !== '|' && tokens[i] !== ')' && tokens[i] !== ']') {
        const t = tokens[i++]!;
        let part: string[];
        if (t === '(' || t === '[') {
          part = alternatives();
          i++;
          if (t === '[') part = ['', ...part];
        } else if (t.startsWith('<')) part = rule(t.slice(1, -1));
        else part = [t];
        acc = acc.flatMap((a) => part.map((p) => [a, p].filter(Boolean).join(' ')));
      }
      return acc;
    };
    return alternatives();
  };
  return new Set(rule(top));
}

const numberQ: CallQuestion = { key: 'n', question: 'How many?', type: 'number' };
const known = () => true;
const answersOf = (q: CallQuestion, jsgf: string | null) => new Set([...sentences(jsgf!)].map((s) => extractAnswer(q, s)));

test('the number grammar holds 0..1000 in the usual ways of saying them', () => {
  const all = sentences(grammarFor(numberQ, known)!);
  for (const s of ['twenty five', 'a hundred', 'one hundred and five', 'three hundred forty', 'oh', 'zero people', 'a thousand']) expect(all.has(s)).toBe(true);
  const values = answersOf(numberQ, grammarFor(numberQ, known));
  for (let v = 0; v <= 1000; v++) expect(values.has(v)).toBe(true);
});

test('the grammar of what competes with an answer holds every other answer, and never that one', () => {
  const everything = answersOf(numberQ, grammarFor(numberQ, known));
  for (const v of [0, 1, 5, 9, 10, 13, 20, 30, 38, 99, 100, 105, 140, 200, 340, 999, 1000]) {
    const competing = answersOf(numberQ, grammarFor(numberQ, known, { answer: v }));
    expect(competing.has(v)).toBe(false);
    expect([...everything].filter((x) => x !== v && !competing.has(x))).toEqual([]);
    // The non-answers compete too.
    expect(competing.has(null)).toBe(true);
  }
  const yesNo: CallQuestion = { key: 'b', question: 'Can you come?', type: 'boolean' };
  expect(answersOf(yesNo, grammarFor(yesNo, known, { answer: true })).has(true)).toBe(false);
  expect(answersOf(yesNo, grammarFor(yesNo, known, { answer: true })).has(false)).toBe(true);
  expect(answersOf(yesNo, grammarFor(yesNo, known, { answer: false })).has(false)).toBe(false);
  const day: CallQuestion = { key: 'd', question: 'Which day?', type: 'enum', options: ['Monday', 'Friday'] };
  expect(answersOf(day, grammarFor(day, known, { answer: 'Friday' }))).toEqual(new Set(['Monday', null]));
  // With one option left out of one, only the non-answers compete.
  const one: CallQuestion = { key: 'o', question: 'Ready?', type: 'enum', options: ['Ready'] };
  expect(answersOf(one, grammarFor(one, known, { answer: 'Ready' }))).toEqual(new Set([null]));
});

test('the reply to a read-back: yes, no, a correction after a no, or the answer again; the grammar competing with each reply leaves that reply out', () => {
  const confirming = { value: 30 };
  const replies = (except?: { answer: unknown }) => new Set([...sentences(grammarFor(numberQ, known, except, confirming)!)].map((s) => confirmationAnswer(readConfirmation(numberQ, s))));
  const all = sentences(grammarFor(numberQ, known, undefined, confirming)!);
  for (const s of ['yes', 'yes that is right', 'no', 'no thirty eight', 'actually thirty', 'thirty', 'who is this']) expect(all.has(s)).toBe(true);
  const everything = replies();
  expect([true, false, 30, 38, null].every((r) => everything.has(r))).toBe(true);
  for (const answer of [true, false, 38]) {
    const competing = replies({ answer });
    expect(competing.has(answer)).toBe(false);
    expect([...everything].filter((x) => x !== answer && !competing.has(x))).toEqual([]);
  }
});

test('an opt-out or a wrong number heard where a yes or a no was asked needs an option\'s margin, not the bare win of a yes over a no', () => {
  const attend: CallQuestion = { key: 'attend', question: 'Can you attend?', type: 'boolean' };
  expect(marginType({ question: attend }, 'yes')).toBe('boolean');
  expect(marginType({ question: attend }, 'stop calling')).toBe('ending');
  expect(marginType({ question: attend, yesOrNo: true }, 'wrong number')).toBe('ending');
  // A callback ends the call but the callee is called again; "who is this" ends nothing.
  expect(marginType({ question: attend }, 'call me later')).toBe('boolean');
  expect(marginType({ question: attend }, 'who is this')).toBe('boolean');
  // A number's own margin is wider already.
  expect(marginType({ question: numberQ }, 'stop calling me')).toBe('number');
  // The whispered "No chance, sorry." heard as "stop calling", 2 score units ahead of its rival: a sure yes would be, an opt-out is not.
  expect(confidenceOf({ text: 'yes', margin: 2 }, 'boolean')).toBeGreaterThanOrEqual(DEFAULT_MIN_CONFIDENCE);
  expect(confidenceOf({ text: 'stop calling', margin: 2 }, 'ending')).toBeLessThan(DEFAULT_MIN_CONFIDENCE);
});

test('confidence grows with the verification margin: 0.5 at the question type\'s threshold, sure when nothing else was possible', () => {
  expect(confidenceOf({ text: 'thirty', margin: MARGIN_AT_THRESHOLD.number }, 'number')).toBeCloseTo(DEFAULT_MIN_CONFIDENCE);
  expect(confidenceOf({ text: 'thirty', margin: Infinity }, 'number')).toBe(1);
  expect(confidenceOf({ text: '', margin: 1000 })).toBe(0);
  expect(confidenceOf(null)).toBe(0);
  const margins = [-500, 0, 100, 200, 400, 1000];
  const c = margins.map((margin) => confidenceOf({ text: 'thirty', margin }, 'number'));
  expect([...c].sort((a, b) => a - b)).toEqual(c);
  // Numbers need a wider margin than a yes or a no.
  expect(confidenceOf({ text: 'thirty', margin: 200 }, 'number')).toBeLessThan(DEFAULT_MIN_CONFIDENCE);
  expect(confidenceOf({ text: 'yes', margin: 200 }, 'boolean')).toBeGreaterThan(DEFAULT_MIN_CONFIDENCE);
});

test('the reply to "was that a yes or a no?": the bare forms and the named ones, not the long yes-words a short "no" is misheard as', () => {
  const yesNo: CallQuestion = { key: 'b', question: 'Can you come?', type: 'boolean' };
  const all = sentences(grammarFor(yesNo, known, undefined, undefined, true)!);
  for (const s of ['yes', 'no', 'yeah', 'nope', 'a yes', 'it was a no', 'no i can not', 'not sure']) expect(all.has(s)).toBe(true);
  for (const s of ['certainly', 'absolutely', 'of course', 'not really']) expect(all.has(s)).toBe(false);
  // Nor a greeting ("hello" is what a bare "No." was heard as there), which the question's own grammar keeps.
  expect(all.has('hello')).toBe(false);
  expect(sentences(grammarFor(yesNo, known)!).has('hello')).toBe(true);
  expect(answersOf(yesNo, grammarFor(yesNo, known, undefined, undefined, true))).toEqual(new Set([true, false, null]));
  // Competing with a yes: the no and the non-answers.
  expect(answersOf(yesNo, grammarFor(yesNo, known, { answer: true }, undefined, true))).toEqual(new Set([false, null]));
});

test('a number may come with the words people hedge it with ("about ten", "only one", "ten or so"); other answers do not get them', () => {
  const rule = (jsgf: string | null, name: string) => new RegExp(`^<${name}> = (.*);$`, 'm').exec(jsgf ?? '')?.[1]?.split(' | ') ?? [];
  const number = grammarFor(numberQ, known);
  for (const w of ['about', 'around', 'only', 'just', 'roughly']) expect(rule(number, 'lead')).toContain(w);
  for (const w of ['or so', 'give or take']) expect(rule(number, 'trail')).toContain(w);
  const day: CallQuestion = { key: 'd', question: 'Which day?', type: 'enum', options: ['Monday', 'Tuesday'] };
  expect(rule(grammarFor(day, known), 'lead')).not.toContain('about');
  expect(rule(grammarFor(day, known), 'trail')).not.toContain('or so');
  // The words do not change the answer read from what was heard.
  expect(extractAnswer(numberQ, 'only one')).toBe(1);
  expect(extractAnswer(numberQ, 'about ten or so')).toBe(10);
  // Not "the" or "all" ("just the two of us"): a bare "Yes." to a read-back was heard as "the eight".
  for (const w of ['the', 'just the', 'all']) expect(rule(number, 'lead')).not.toContain(w);
});

test('a yes in reply to a read-back is one of the plain forms: "absolutely" or "certainly" is what a short "no, nine" was misheard as', () => {
  const all = sentences(grammarFor(numberQ, known, undefined, { value: 30 })!);
  for (const s of ['yes', 'yeah', 'correct', "that's right", 'yes it is']) expect(all.has(s)).toBe(true);
  for (const s of ['absolutely', 'certainly', 'definitely', 'of course']) expect(all.has(s)).toBe(false);
  // The question's own grammar (a yes/no question) keeps them.
  const yesNo: CallQuestion = { key: 'b', question: 'Can you come?', type: 'boolean' };
  expect(sentences(grammarFor(yesNo, known)!).has('absolutely')).toBe(true);
});

test('a polite refusal is a no ("afraid not", "unfortunately not", "I don\'t think so") and "yeah, no problem" a yes; a bare "I can\'t" is not held (its twin "I can" cannot be told from it)', () => {
  const yesNo: CallQuestion = { key: 'b', question: 'Can you come?', type: 'boolean' };
  const all = sentences(grammarFor(yesNo, known)!);
  for (const s of ['afraid not', 'unfortunately not', 'sadly not', "i don't think so", 'i do not think so', 'not this time']) {
    expect(all.has(s)).toBe(true);
    expect(extractAnswer(yesNo, s)).toBe(false);
  }
  for (const s of ['yeah no problem', 'sure no worries']) {
    expect(all.has(s)).toBe(true);
    expect(extractAnswer(yesNo, s)).toBe(true);
  }
  expect(extractAnswer(yesNo, 'no problem')).toBe(true);
  // A no beside it leaves the answer unsure ("no, no problem at all" is a yes to some, a no to others): asked again.
  expect(extractAnswer(yesNo, 'no no problem at all')).toBeNull();
  // Nor a bare "I can't", nor "I'm afraid not" whole (with it "Hmm, let me think." was heard as "um, absolutely, I think").
  for (const s of ["i can't", 'i can', "i'm afraid not", 'i am afraid not']) expect(all.has(s)).toBe(false);
  expect(extractAnswer(yesNo, "i'm afraid not")).toBe(false);
  // Nor "sorry" before a yes or a no: "Sorry, who is calling?" was heard as "sorry, absolutely".
  const rule = (jsgf: string | null, name: string) => new RegExp(`^<${name}> = (.*);$`, 'm').exec(jsgf ?? '')?.[1]?.split(' | ') ?? [];
  expect(rule(grammarFor(yesNo, known), 'lead')).not.toContain('sorry');
});

test('the yeses without a yes-word ("sounds good", "count me in"), the refusals after a no ("no, that doesn\'t work") and an answer offered as a question ("how about Tuesday?")', () => {
  const yesNo: CallQuestion = { key: 'b', question: 'Can you come?', type: 'boolean' };
  const all = sentences(grammarFor(yesNo, known)!);
  for (const s of ["no that doesn't work", 'no i cannot make it', "nope i won't be there"]) {
    expect(all.has(s)).toBe(true);
    expect(extractAnswer(yesNo, s)).toBe(false);
  }
  for (const s of ['sounds good', 'count me in', 'yeah works for me', 'i will be there', 'yes sounds good']) {
    expect(all.has(s)).toBe(true);
    expect(extractAnswer(yesNo, s)).toBe(true);
  }
  // The verb said first ("I cannot, no.") is for the neural model's paths only; never the verb alone.
  for (const s of ['i cannot no', 'i can yes', "i can't", 'i can', 'i cannot']) expect(all.has(s)).toBe(false);
  // The offer lead is a filler before numbers and options, never before a yes or a no.
  const day: CallQuestion = { key: 'd', question: 'Which day?', type: 'enum', options: ['Monday', 'Tuesday'] };
  const rule = (jsgf: string | null, name: string) => new RegExp(`^<${name}> = (.*);$`, 'm').exec(jsgf ?? '')?.[1]?.split(' | ') ?? [];
  expect(rule(grammarFor(day, known), 'lead')).toContain('how about');
  expect(rule(grammarFor(numberQ, known), 'lead')).toContain('how about');
  // Not "what about": "What was that?" was heard as "what about evening".
  expect(rule(grammarFor(day, known), 'lead')).not.toContain('what about');
  expect(rule(grammarFor(yesNo, known), 'lead')).not.toContain('how about');
  expect(extractAnswer(day, 'how about tuesday')).toBe('Tuesday');
});

test('a choice said as one ("let us go with Wednesday"), and an option with its time of day ("early afternoon")', () => {
  const day: CallQuestion = { key: 'd', question: 'Which day?', type: 'enum', options: ['Monday', 'Wednesday', 'Friday'] };
  const slot: CallQuestion = { key: 's', question: 'Morning, afternoon or evening?', type: 'enum', options: ['Morning', 'Afternoon', 'Evening'] };
  const rule = (jsgf: string | null, name: string) => new RegExp(`^<${name}> = (.*);$`, 'm').exec(jsgf ?? '')?.[1]?.split(' | ') ?? [];
  expect(rule(grammarFor(day, known), 'lead')).toEqual(expect.arrayContaining(['let us go with', "let's go with"]));
  // Not "suits me" after an option: "Whatever suits you." was heard as "afternoon suits me", and its read-back's "No." as "afternoon".
  expect(rule(grammarFor(day, known), 'trail')).not.toContain('suits me');
  for (const [s, value] of [['let us go with wednesday', 'Wednesday'], ["let's go with friday", 'Friday']] as const) expect(extractAnswer(day, s)).toBe(value);
  const slots = sentences(grammarFor(slot, known)!);
  for (const [s, value] of [['early afternoon', 'Afternoon'], ['in the late morning', 'Morning']] as const) {
    expect(slots.has(s)).toBe(true);
    expect(extractAnswer(slot, s)).toBe(value);
  }
  // The choice's lead is for options only.
  expect(rule(grammarFor(numberQ, known), 'lead')).not.toContain('let us go with');
});

test('the intents that end the call may come with words around them ("please stop calling me", "wrong number, sorry"); the others are said bare', () => {
  const jsgf = withIntents(grammarFor(numberQ, known), INTENT_PHRASES.map((p) => p.phrase), known);
  const all = sentences(jsgf!);
  for (const s of ['please stop calling me', 'just take my number off your list please', 'please call me later', 'wrong number please', 'can you call me back tomorrow', 'stop calling me']) {
    expect(all.has(s)).toBe(true);
    expect(detectIntent(s)).not.toBeNull();
  }
  // "Who are you" and "a human" stay bare: with words around them, answers were heard as "please who are you".
  for (const s of ['please who are you', 'no a human please', 'please say that again', 'could you remove me']) expect(all.has(s)).toBe(false);
  // Not "no" before the others: "No, I can't." and a read-back's "No, ninety." came out as "no call me back" and "no i'm busy", "No, I am out of
  // town." as "no unsubscribe". Before the opt-outs that name the calls it is (the policy asks those back before acting on them).
  expect(all.has('no stop calling me')).toBe(true);
  expect(all.has("nope don't call me again please")).toBe(true);
  expect(all.has('no unsubscribe')).toBe(false);
  expect(all.has('no remove me')).toBe(false);
  expect(all.has('no call me back')).toBe(false);
  expect(all.has('who are you')).toBe(true);
  // In a reply to a read-back or to "was that a yes or a no?", they are bare.
  const reply = sentences(withIntents(grammarFor(numberQ, known), INTENT_PHRASES.map((p) => p.phrase), known, false)!);
  expect(reply.has('stop calling me')).toBe(true);
  expect(reply.has('please stop calling me')).toBe(false);
  // Without intents, or without a grammar, nothing changes.
  expect(withIntents(grammarFor(numberQ, known), [], known)).toBe(grammarFor(numberQ, known));
  expect(withIntents(null, ['stop calling me'], known)).toBeNull();
});

test('a choice may be answered with no preference ("I don\'t mind", "whichever"): heard as such, no option; a yes/no or a number question does not hold those words', () => {
  const slot: CallQuestion = { key: 'slot', question: 'Morning, afternoon or evening?', type: 'enum', options: ['Morning', 'Afternoon', 'Evening'] };
  const choice = sentences(grammarFor(slot, known)!);
  for (const s of ["i don't mind", 'i do not mind', 'whichever', 'any time is fine', 'it does not matter', 'evening']) expect(choice.has(s)).toBe(true);
  for (const s of ["i don't mind", 'whichever', 'any time is fine']) expect(extractAnswer(slot, s)).toBeNull();
  const yesNo: CallQuestion = { key: 'attend', question: 'Can you attend?', type: 'boolean' };
  const people: CallQuestion = { key: 'people', question: 'How many?', type: 'number' };
  for (const q of [yesNo, people]) for (const s of ["i don't mind", 'whichever']) expect(sentences(grammarFor(q, known)!).has(s)).toBe(false);
});
