import type { CallQuestion } from '../../src/features/calls/ports';
import { combineWithNeural, doubted, type NeuralHearing } from '../../src/voice/stt/moonshine/neural-opinion';
import { answerPaths } from '../../src/voice/stt/moonshine/answer-paths';
import { encodePhrase } from '../../src/voice/stt/moonshine/tokenizer';

const people: CallQuestion = { key: 'people', question: 'How many people will come?', type: 'number' };
const day: CallQuestion = { key: 'day', question: 'Which day?', type: 'enum', options: ['Monday', 'Tuesday', 'Thursday'] };
const neural = (value: unknown): NeuralHearing => ({ value, margin: 3, readings: [{ value, score: -2 }] });
/** The neural model's readings, best first, as [value, log-probability]; the margin is the first's lead over the second. */
const readings = (...rs: Array<[unknown, number]>): NeuralHearing => ({ value: rs[0]![0], margin: rs.length > 1 ? rs[0]![1] - rs[1]![1] : Infinity, readings: rs.map(([value, score]) => ({ value, score })) });

describe('the neural opinion combined with an unsure PocketSphinx hearing', () => {
  test('the same answer heard by both is recorded, at the threshold', () => {
    expect(combineWithNeural(people, { text: null, confidence: 0.3, unsure: 'thirty four people' }, neural(34), 0.5)).toEqual({ text: 'thirty four people', confidence: 0.5 });
    expect(combineWithNeural(day, { text: null, confidence: 0.2, unsure: 'uh thursday please' }, neural('Thursday'), 0.5)).toEqual({ text: 'uh thursday please', confidence: 0.5 });
  });

  test('another answer: the neural one is what is read back, never recorded', () => {
    expect(combineWithNeural(people, { text: null, confidence: 0.3, unsure: 'twenty four' }, neural(34), 0.5)).toEqual({ text: null, confidence: 0.3, unsure: '34' });
    // PocketSphinx heard nothing at all.
    expect(combineWithNeural(day, { text: null, confidence: 0 }, neural('Tuesday'), 0.5)).toEqual({ text: null, confidence: 0, unsure: 'Tuesday' });
  });

  test('an unlikely neural number (below -10) does not replace a number PocketSphinx heard; with nothing heard, or for an option, it is still read back', () => {
    // "Seven." heard by PocketSphinx as an unsure "seven", by the neural model as 100 at -12.8.
    const seven = { text: null, confidence: 0.03, unsure: 'seven' };
    const hundred: NeuralHearing = { value: 100, margin: 1.9, readings: [{ value: 100, score: -12.8 }, { value: 1000, score: -14.7 }] };
    expect(combineWithNeural(people, seven, hundred, 0.5)).toBe(seven);
    expect(combineWithNeural(people, { text: null, confidence: 0 }, hundred, 0.5)).toEqual({ text: null, confidence: 0, unsure: '100' });
    const thursday = { text: null, confidence: 0.2, unsure: 'on thursday i think' };
    expect(combineWithNeural(day, thursday, { value: 'Tuesday', margin: 1, readings: [{ value: 'Tuesday', score: -11 }, { value: 'Monday', score: -12 }] }, 0.5)).toEqual({ text: null, confidence: 0.2, unsure: 'Tuesday' });
  });

  test('a confident hearing, a neural non-answer or no opinion leave the hearing as it was', () => {
    const sure = { text: 'twenty four', confidence: 0.9 };
    expect(combineWithNeural(people, sure, neural(34), 0.5)).toBe(sure);
    const unsure = { text: null, confidence: 0.3, unsure: 'twenty four' };
    expect(combineWithNeural(people, unsure, neural(null), 0.5)).toBe(unsure);
    expect(combineWithNeural(people, unsure, null, 0.5)).toBe(unsure);
  });

  test('a non-answer or an intent PocketSphinx was sure of, where the neural model hears an answer: that answer is made unsure', () => {
    expect(combineWithNeural(people, { text: 'hold on', confidence: 1 }, neural(2), 0.5)).toEqual({ text: null, confidence: 0.4, unsure: '2' });
    expect(combineWithNeural(people, { text: 'call me back', confidence: 0.99 }, neural(4), 0.5)).toEqual({ text: null, confidence: 0.4, unsure: '4' });
    // The neural model hears the intent too: it stands.
    const intent = { text: 'call me back', confidence: 0.99 };
    const callback: NeuralHearing = { value: null, margin: Infinity, readings: [{ value: null, score: -3, intent: 'callback' }], intent: { name: 'callback', margin: 4 } };
    expect(combineWithNeural(people, intent, callback, 0.5)).toBe(intent);
    // Another non-answer ("hold on") where it heard no answer at all: stands.
    const holdOn = { text: 'hold on', confidence: 1 };
    expect(combineWithNeural(people, holdOn, neural(null), 0.5)).toBe(holdOn);
    // An unlikely answer (a filler heard right, "Hmm, let me think.", scores its best answer far lower): it stands too.
    const filler = { text: 'hmm let me think', confidence: 1 };
    expect(combineWithNeural(people, filler, { value: 0, margin: 1, readings: [{ value: 0, score: -14 }, { value: null, score: -15 }] }, 0.5)).toBe(filler);
  });

  test('a call-me-later PocketSphinx was sure of, where the model hears a plain non-answer ("any time is fine"), is made unsure (asked back); not where the model hears the callback too, nor in a reply to a read-back', () => {
    const slot: CallQuestion = { key: 'slot', question: 'Morning, afternoon or evening?', type: 'enum', options: ['Morning', 'Afternoon', 'Evening'] };
    const notNow = { text: "it's not a good time", confidence: 1 };
    expect(combineWithNeural(slot, notNow, neural(null), 0.5)).toEqual({ text: null, confidence: 0.4, unsure: "it's not a good time" });
    const callback: NeuralHearing = { value: null, margin: Infinity, readings: [{ value: null, score: -3, intent: 'callback' }], intent: { name: 'callback', margin: 2 } };
    expect(combineWithNeural(slot, notNow, callback, 0.5)).toBe(notNow);
    // A reply to a read-back is not asked back so.
    expect(combineWithNeural(slot, notNow, neural(null), 0.5, { value: 'Morning' })).toBe(notNow);
  });

  test('a zero PocketSphinx was sure of but heard as "oh" gives way to another answer the neural model hears; "zero" said, or a zero both hear, stands', () => {
    expect(combineWithNeural(people, { text: 'oh people', confidence: 0.9 }, neural(4), 0.5)).toEqual({ text: null, confidence: 0.4, unsure: '4' });
    const oh = { text: 'oh', confidence: 0.9 };
    expect(combineWithNeural(people, oh, neural(0), 0.5)).toBe(oh);
    const zero = { text: 'zero people', confidence: 0.9 };
    expect(combineWithNeural(people, zero, neural(4), 0.5)).toBe(zero);
  });

  test('an intent PocketSphinx was unsure of gives way to an answer the neural model hears (its own paths hold the intents too)', () => {
    expect(combineWithNeural(people, { text: null, confidence: 0.07, unsure: 'hello who is this' }, neural(4), 0.5)).toEqual({ text: null, confidence: 0.07, unsure: '4' });
  });

  test('an intent PocketSphinx was unsure of, where the model clearly hears the same intent, is taken at the threshold (not an opt-out: asked back); a close call or another intent leave it', () => {
    const heard = { text: null, confidence: 0.07, unsure: 'call me back later' };
    const hearing = (name: 'opt_out' | 'callback', margin: number): NeuralHearing => ({ value: null, margin: Infinity, readings: [{ value: null, score: -4, intent: name }], intent: { name, margin } });
    expect(combineWithNeural(people, heard, hearing('callback', 4), 0.5)).toEqual({ text: 'call me back later', confidence: 0.5 });
    expect(combineWithNeural(people, heard, hearing('callback', 2), 0.5)).toBe(heard);
    expect(combineWithNeural(people, heard, hearing('opt_out', 9), 0.5)).toBe(heard);
    // An opt-out stays unsure even where both hear it: the policy asks it back before the number is suppressed for good.
    const optOut = { text: null, confidence: 0.07, unsure: 'do not call me again' };
    expect(combineWithNeural(people, optOut, hearing('opt_out', 9), 0.5)).toBe(optOut);
    // Nor is an ending taken as the answer its words read as ("not": a no) where the model hears that answer: both models
    // heard "No, I can't make it." so, and the opt-out was acted on.
    const attend: CallQuestion = { key: 'attend', question: 'Can you attend?', type: 'boolean' };
    const please = { text: null, confidence: 0.15, unsure: 'do not call me please' };
    expect(combineWithNeural(attend, please, readings([false, -0.6]), 0.5)).toBe(please);
    expect(combineWithNeural(attend, { text: null, confidence: 0.15, unsure: 'not really' }, readings([false, -0.6]), 0.5)).toEqual({ text: 'not really', confidence: 0.5 });
    // A non-answer the model hears, not an intent: as before.
    expect(combineWithNeural(people, heard, readings([null, -2], [4, -9]), 0.5)).toBe(heard);
  });
});

describe('what the neural model is asked about', () => {
  test('the answers of a yes/no, number or option question, a reply to its read-back; not a greeting or free text', () => {
    expect(answerPaths({ question: people })).toHaveLength(2);
    expect(answerPaths({ question: day, intents: ['who is this'] })).toHaveLength(3);
    expect(answerPaths({ question: { key: 'ok', question: 'OK?', type: 'boolean' }, yesOrNo: true })).toHaveLength(2);
    expect(answerPaths({ question: null })).toBeNull();
    expect(answerPaths({ question: people, confirming: { value: 30 } })).toHaveLength(4);
    expect(answerPaths({ question: { key: 'name', question: 'Your name?', type: 'string' } })).toBeNull();
  });

  test('a yes or a no may follow the verb said first ("I cannot, no."), except in the bare reply to "was that a yes or a no?"', () => {
    const attendQ: CallQuestion = { key: 'attend', question: 'Can you come?', type: 'boolean' };
    const leadHolds = (expect_: Parameters<typeof answerPaths>[0], phrase: string) => {
      let node = answerPaths(expect_)![0]![0]!.trie;
      for (const id of encodePhrase(phrase)) node = node.next.get(id) ?? { next: new Map(), ends: null };
      return node.ends !== null;
    };
    expect(leadHolds({ question: attendQ }, 'I cannot')).toBe(true);
    expect(leadHolds({ question: attendQ }, 'I can')).toBe(true);
    expect(leadHolds({ question: attendQ, yesOrNo: true }, 'I cannot')).toBe(false);
    expect(leadHolds({ question: day }, 'how about')).toBe(true);
  });

  test('the call\'s intents are paths of their own, each phrase marked with its intent; those that end the call with what is said around them ("please stop calling me")', () => {
    const paths = answerPaths({ question: day, intents: ['who is this', 'wrong number', 'stop calling me'] })!;
    // The answer, the non-answers, "who is this", the endings with words around them, and the opt-outs that name the calls with a no before them.
    expect(paths).toHaveLength(5);
    // "Who is this" alone, bare; the opt-out and the wrong number with the words around them.
    expect(paths[2]).toHaveLength(1);
    const [lead, intents, tail] = paths[3]!;
    const walk = (trie: typeof lead.trie, phrase: string) => {
      let node = trie;
      for (const id of encodePhrase(phrase)) node = node.next.get(id) ?? { next: new Map(), ends: null };
      return node.ends;
    };
    expect(lead!.optional && tail!.optional && intents!.answer).toBe(true);
    expect(walk(lead!.trie, 'please')).not.toBeNull();
    expect(walk(intents!.trie, 'stop calling me')).toEqual({ value: null, intent: 'opt_out' });
    expect(walk(intents!.trie, 'wrong number')).toEqual({ value: null, intent: 'wrong_number' });
    expect(walk(lead!.trie, 'no')).toBeNull();
    expect(walk(tail!.trie, 'right now')).not.toBeNull();
    const [no, calls] = paths[4]!;
    expect(no!.optional).toBe(false);
    expect(walk(no!.trie, 'nope')).not.toBeNull();
    expect(walk(calls!.trie, 'stop calling me')).toEqual({ value: null, intent: 'opt_out' });
    expect(walk(calls!.trie, 'wrong number')).toBeNull();
    // In a reply to a read-back or to "was that a yes or a no?", the intents are said bare: one path, no words around them.
    expect(answerPaths({ question: day, intents: ['who is this', 'wrong number', 'stop calling me'], confirming: { value: 'Monday' } })).toHaveLength(5);
    expect(answerPaths({ question: day, intents: ['who is this', 'wrong number'] })).toHaveLength(4);
    expect(answerPaths({ question: { key: 'ok', question: 'OK?', type: 'boolean' }, intents: ['who is this', 'stop calling me'], yesOrNo: true })).toHaveLength(3);
    // The non-answers that are intents carry theirs too, the others none; an intent of the call is on its own path only.
    const other = answerPaths({ question: day, intents: ['stop calling me'] })![1]![0]!.trie;
    expect(walk(other, 'wrong number')).toEqual({ value: null, intent: 'wrong_number' });
    expect(walk(other, 'hold on')).toEqual({ value: null });
    expect(walk(other, 'stop calling me')).toBeNull();
  });
});

describe('the neural opinion on a reply to a read-back ("I heard 30. Is that right?")', () => {
  const confirming = { value: 30 };

  test('a correction it hears is what is read back next, heard by PocketSphinx too or not', () => {
    expect(combineWithNeural(people, { text: null, confidence: 0.1, unsure: 'no ten would be good' }, neural(70), 0.5, confirming)).toEqual({ text: null, confidence: 0.1, unsure: 'no, 70' });
    expect(combineWithNeural(people, { text: null, confidence: 0.1, unsure: 'no seventy' }, neural(70), 0.5, confirming)).toEqual({ text: null, confidence: 0.1, unsure: 'no, 70' });
  });

  test('a correction it ranks just below a bare "no" is read back, a far one is not', () => {
    // "No, seventy." that both models heard as a bare no, or PocketSphinx as "no ten".
    const noSeventy = readings([false, -3.7], [70, -6.5], [10, -8.5]);
    expect(combineWithNeural(people, { text: null, confidence: 0.01, unsure: 'nope ten' }, noSeventy, 0.5, confirming)).toEqual({ text: null, confidence: 0.01, unsure: 'no, 70' });
    // Heard as a confident bare no by PocketSphinx: the correction is read back, below the threshold.
    expect(combineWithNeural(people, { text: 'not at all', confidence: 1 }, noSeventy, 0.5, confirming)).toEqual({ text: null, confidence: 0.4, unsure: 'no, 70' });
    // Heard as a confident non-answer ("hold on" for "No, four."): the same.
    expect(combineWithNeural(people, { text: 'hold on', confidence: 1 }, noSeventy, 0.5, confirming)).toEqual({ text: null, confidence: 0.4, unsure: 'no, 70' });
    // The value read back is no correction; a bare "No." has its best correction far below it.
    expect(combineWithNeural(people, { text: 'nope', confidence: 0.9 }, readings([false, -1.3], [30, -2], [12, -14.5]), 0.5, confirming)).toEqual({ text: 'nope', confidence: 0.9 });
    const unsure = { text: null, confidence: 0.1, unsure: 'nope twelve' };
    expect(combineWithNeural(people, unsure, readings([false, -8.4], [9, -21.3]), 0.5, confirming)).toBe(unsure);
    // Its best reading a non-answer: nothing.
    expect(combineWithNeural(people, unsure, readings([null, -2], [70, -3]), 0.5, confirming)).toBe(unsure);
  });

  test('an opt-out or a wrong number PocketSphinx was sure of stands, unless the model clearly hears an answer: then that is read back or asked back, and the call goes on', () => {
    const optOut = { text: 'stop calling me', confidence: 0.9 };
    // "No, Thursday." heard, sure, as "remove me": the correction the model clearly hears is read back.
    expect(combineWithNeural(people, optOut, readings([70, -3.7], [false, -6.9]), 0.5, confirming)).toEqual({ text: null, confidence: 0.4, unsure: 'no, 70' });
    // Its clear bare no is a no; the value read back, a yes.
    expect(combineWithNeural(people, optOut, readings([false, -3.7], [70, -6.9]), 0.5, confirming)).toEqual({ text: null, confidence: 0.4, unsure: 'no' });
    expect(combineWithNeural(people, optOut, readings([30, -3.7], [null, -9]), 0.5, confirming)).toEqual({ text: null, confidence: 0.4, unsure: 'yes' });
    // "No chance, sorry." heard, sure, as "don't call me": asked back as a no.
    const attend: CallQuestion = { key: 'attend', question: 'Can you attend?', type: 'boolean' };
    expect(combineWithNeural(attend, optOut, readings([false, -6.2], [null, -12]), 0.5)).toEqual({ text: null, confidence: 0.4, unsure: 'no' });
    const wrong = { text: 'wrong number', confidence: 0.9 };
    expect(combineWithNeural(people, wrong, neural(4), 0.5)).toEqual({ text: null, confidence: 0.4, unsure: '4' });
    // A close call, an unlikely answer, or the model hearing no answer: a wrong number stands; an opt-out only where the
    // model's best reading is an opt-out too, else it is heard again (never suppressed on PocketSphinx's hearing alone).
    const heardOptOut = (...rs: Array<[unknown, number]>): NeuralHearing => ({ ...readings(...rs), intent: { name: 'opt_out', margin: 2 } });
    expect(combineWithNeural(people, optOut, heardOptOut([null, -2], [4, -9]), 0.5)).toBe(optOut);
    expect(combineWithNeural(people, optOut, heardOptOut([null, -3.7], [false, -5]), 0.5, confirming)).toBe(optOut);
    expect(combineWithNeural(people, optOut, readings([false, -3.7], [null, -5]), 0.5, confirming)).toEqual({ text: null, confidence: 0.4, unsure: 'stop calling me' });
    expect(combineWithNeural(people, optOut, readings([4, -11], [null, -15]), 0.5)).toEqual({ text: null, confidence: 0.4, unsure: 'stop calling me' });
    for (const hearing of [readings([false, -3.7], [null, -5]), readings([4, -11], [null, -15]), readings([null, -2], [4, -9])]) expect(combineWithNeural(people, wrong, hearing, 0.5)).toBe(wrong);
    // No opinion (it failed, or came too late): PocketSphinx's hearing stands.
    expect(combineWithNeural(people, optOut, null, 0.5)).toBe(optOut);
    // What is doubted, and what is not.
    expect(doubted(people, 'hold on')).toBe(true);
    expect(doubted(people, 'call me back')).toBe(true);
    expect(doubted(people, 'oh people')).toBe(true);
    expect(doubted(people, 'twenty four')).toBe(false);
    expect(doubted(people, 'zero')).toBe(false);
    expect(doubted(people, "don't call me")).toBe(true);
    expect(doubted(people, 'wrong number', confirming)).toBe(true);
    expect(doubted(people, 'not at all', confirming)).toBe(true);
    expect(doubted(people, 'hold on', confirming)).toBe(true);
    // A yes to a read-back is put to the model too (see deniedYes), a correction is not.
    expect(doubted(people, 'yes', confirming)).toBe(true);
    expect(doubted(people, 'no thirty eight', confirming)).toBe(false);
  });

  test('a value the callee already refused is never the correction', () => {
    // "No, eighty-one." to "I heard 33", after 1 was refused: the neural model ranks 1 first, 81 next.
    const noEightyOne = readings([1, -3.4], [false, -4.4], [81, -4.4], [31, -6]);
    expect(combineWithNeural(people, { text: null, confidence: 0.01, unsure: 'no thirty three' }, noEightyOne, 0.5, { value: 33, refused: [1] })).toEqual({ text: null, confidence: 0.01, unsure: 'no, 81' });
    expect(combineWithNeural(people, { text: null, confidence: 0.01, unsure: 'no thirty three' }, noEightyOne, 0.5, { value: 33, refused: [1, 81, 31] })).toEqual({ text: null, confidence: 0.01, unsure: 'no thirty three' });
  });

  test('a yes it hears is taken where PocketSphinx heard no "no" (a yes misheard as a number, or nothing)', () => {
    expect(combineWithNeural(people, { text: null, confidence: 0.2, unsure: 'yes' }, neural(true), 0.5, confirming)).toEqual({ text: 'yes', confidence: 0.5 });
    expect(combineWithNeural(people, { text: null, confidence: 0.01, unsure: 'fifteen' }, neural(true), 0.5, confirming)).toEqual({ text: 'yes', confidence: 0.5 });
  });

  test('its yes counts only well ahead of its next reading, and only where PocketSphinx heard something (not nothing, not an intent)', () => {
    const nothing = { text: null, confidence: 0 };
    expect(combineWithNeural(people, nothing, neural(true), 0.5, confirming)).toBe(nothing);
    const intent = { text: null, confidence: 0.1, unsure: 'stop calling me' };
    expect(combineWithNeural(people, intent, neural(true), 0.5, confirming)).toBe(intent);
    const fifteen = { text: null, confidence: 0.01, unsure: 'fifteen' };
    expect(combineWithNeural(people, fifteen, readings([true, -5], [false, -5.1]), 0.5, confirming)).toBe(fifteen);
  });

  test('its clear yes is taken where PocketSphinx heard the read-back asked for again ("what", "who are you") or a non-answer ("hold on"), sure or not', () => {
    expect(combineWithNeural(people, { text: null, confidence: 0.4, unsure: 'what' }, neural(true), 0.5, confirming)).toEqual({ text: 'yes', confidence: 0.5 });
    expect(combineWithNeural(people, { text: 'what', confidence: 1 }, neural(true), 0.5, confirming)).toEqual({ text: 'yes', confidence: 1 });
    expect(combineWithNeural(people, { text: 'who are you', confidence: 0.9 }, neural(true), 0.5, confirming)).toEqual({ text: 'yes', confidence: 0.9 });
    // Or a non-answer: holdout9's "Yes." heard, sure, as "hold on".
    expect(combineWithNeural(people, { text: 'hold on', confidence: 1 }, neural(true), 0.5, confirming)).toEqual({ text: 'yes', confidence: 1 });
    const holdOn = { text: 'hold on', confidence: 1 };
    expect(combineWithNeural(people, holdOn, neural(null), 0.5, confirming)).toBe(holdOn);
    // Not a yes it hardly prefers, nor its no or a non-answer: the read-back is said again, as before.
    const what = { text: 'what', confidence: 1 };
    expect(combineWithNeural(people, what, readings([true, -5], [null, -6]), 0.5, confirming)).toBe(what);
    expect(combineWithNeural(people, what, neural(false), 0.5, confirming)).toBe(what);
    expect(combineWithNeural(people, what, neural(null), 0.5, confirming)).toBe(what);
  });

  test('a yes PocketSphinx was sure of, where the model clearly hears a bare no, is taken as the no; a close call, its yes or the value read back leave it', () => {
    // "No." heard by PocketSphinx as a sure "yup" to "I heard 33. Is that right?".
    const yup = { text: 'yup', confidence: 1 };
    expect(combineWithNeural(people, yup, readings([false, -1.5], [true, -7]), 0.5, confirming)).toEqual({ text: null, confidence: 0.4, unsure: 'no' });
    expect(combineWithNeural(people, yup, readings([false, -1.5], [true, -3]), 0.5, confirming)).toBe(yup);
    expect(combineWithNeural(people, yup, readings([true, -1]), 0.5, confirming)).toBe(yup);
    expect(combineWithNeural(people, yup, readings([30, -1], [false, -6]), 0.5, confirming)).toBe(yup);
    // "No, two." heard as "yup please": the correction the model hears is read back (as for any reply).
    expect(combineWithNeural(people, { text: 'yup please', confidence: 1 }, readings([false, -2], [2, -3]), 0.5, confirming)).toEqual({ text: null, confidence: 0.4, unsure: 'no, 2' });
  });

  test('the value read back said again, heard with confidence: the model\'s clear bare no is the no; nothing else it hears changes it', () => {
    // "No." to "I heard 30. Is that right?" heard by PocketSphinx as a sure "thirty".
    const thirty = { text: 'thirty', confidence: 1 };
    expect(doubted(people, 'thirty', confirming)).toBe(true);
    expect(combineWithNeural(people, thirty, readings([false, -1.5], [30, -7]), 0.5, confirming)).toEqual({ text: null, confidence: 0.4, unsure: 'no' });
    // A close call, the model hearing the value too, or another value: left as heard (the same value twice is a yes).
    expect(combineWithNeural(people, thirty, readings([false, -1.5], [30, -3]), 0.5, confirming)).toBe(thirty);
    expect(combineWithNeural(people, thirty, readings([30, -1], [false, -6]), 0.5, confirming)).toBe(thirty);
    expect(combineWithNeural(people, thirty, readings([false, -2], [13, -3]), 0.5, confirming)).toBe(thirty);
    // Another value heard with confidence is a correction, not doubted.
    expect(doubted(people, 'thirteen', confirming)).toBe(false);
  });

  test('a yes against a "no" PocketSphinx heard, a bare no, or the value read back change nothing', () => {
    const unsure = { text: null, confidence: 0.1, unsure: 'no eighty one' };
    expect(combineWithNeural(people, unsure, neural(false), 0.5, confirming)).toBe(unsure);
    expect(combineWithNeural(people, unsure, neural(true), 0.5, confirming)).toBe(unsure);
    expect(combineWithNeural(people, unsure, neural(30), 0.5, confirming)).toBe(unsure);
    expect(combineWithNeural(people, { text: null, confidence: 0.3, unsure: 'nope' }, neural(true), 0.5, confirming)).toEqual({ text: null, confidence: 0.3, unsure: 'nope' });
  });
});

describe('a yes or a no PocketSphinx was sure of', () => {
  const attend: CallQuestion = { key: 'attend', question: 'Can you attend?', type: 'boolean' };

  test('is put to the neural model, first hearing or reply to "was that a yes or a no?" alike', () => {
    expect(doubted(attend, 'um okay please please')).toBe(true);
    expect(doubted(attend, 'no thanks')).toBe(true);
    expect(doubted(attend, 'yes')).toBe(true);
  });

  test('in the reply to "was that a yes or a no?", the other one clearly heard is taken; agreement or a close call leave it', () => {
    // A bare "No." heard by PocketSphinx as a sure "yup".
    expect(combineWithNeural(attend, { text: 'yup', confidence: 1 }, readings([false, -1.2], [true, -6]), 0.5, undefined, true)).toEqual({ text: 'no', confidence: 0.5 });
    const yup = { text: 'yup', confidence: 1 };
    expect(combineWithNeural(attend, yup, readings([true, -1]), 0.5, undefined, true)).toBe(yup);
    expect(combineWithNeural(attend, yup, readings([false, -1], [true, -2.5]), 0.5, undefined, true)).toBe(yup);
  });

  test('the other one, clearly heard by the model, makes it unsure (asked back); agreement, a close call or a model non-answer leave it', () => {
    // "No, I have another meeting." heard by PocketSphinx as "um okay please please".
    expect(combineWithNeural(attend, { text: 'um okay please please', confidence: 0.81 }, readings([false, -3.9]), 0.5)).toEqual({ text: null, confidence: 0.4, unsure: 'no' });
    const sure = { text: 'absolutely i will', confidence: 0.64 };
    expect(combineWithNeural(attend, sure, readings([true, -2]), 0.5)).toBe(sure);
    expect(combineWithNeural(attend, sure, readings([false, -10.7], [true, -11]), 0.5)).toBe(sure);
    expect(combineWithNeural(attend, sure, readings([null, -2], [false, -3]), 0.5)).toBe(sure);
  });

  test('where the model clearly hears no answer at all (a question, a filler), it is asked back, first hearing or reply to "was that a yes or a no?"; a close call, a read-back reply or another question type leave it', () => {
    // A question ("Who did you say you were?") heard by PocketSphinx as a sure "yup".
    const yup = { text: 'yup', confidence: 0.96 };
    expect(combineWithNeural(attend, yup, readings([null, -1.5], [true, -7]), 0.5)).toEqual({ text: null, confidence: 0.4, unsure: 'yup' });
    expect(combineWithNeural(attend, yup, readings([null, -1.5]), 0.5, undefined, true)).toEqual({ text: null, confidence: 0.4, unsure: 'yup' });
    expect(combineWithNeural(attend, yup, readings([null, -3], [true, -4]), 0.5)).toBe(yup);
    // A reply to a read-back (only numbers and options are read back) keeps its own rules.
    const readBack = { value: 30, refused: [] };
    expect(combineWithNeural(people, { text: 'yes', confidence: 0.9 }, readings([null, -1], [true, -8]), 0.5, readBack)).toEqual({ text: 'yes', confidence: 0.9 });
    // A number PocketSphinx was sure of is not concerned.
    const twelve = { text: 'twelve', confidence: 0.9 };
    expect(combineWithNeural(people, twelve, readings([null, -1], [12, -8]), 0.5)).toBe(twelve);
    // An opt-out is not a yes or a no: it stands where the model hears it too.
    const optOut = { text: 'stop calling me', confidence: 0.95 };
    expect(combineWithNeural(attend, optOut, { ...readings([null, -1], [true, -8]), intent: { name: 'opt_out', margin: 7 } }, 0.5)).toBe(optOut);
  });
});

describe('the question asked again after a refused read-back', () => {
  // "Um, fourteen.": PocketSphinx unsure of "forty", the neural model's readings 40 then 14; 40 was refused.
  const forty = { text: null, confidence: 0.01, unsure: 'forty' };

  test('a refused value heard again (by either model) gives way to the next reading that is an answer', () => {
    expect(combineWithNeural(people, forty, readings([40, -3.9], [14, -7.8], [0, -9.1]), 0.5, undefined, false, [40])).toEqual({ text: null, confidence: 0.01, unsure: '14' });
    // Both agreeing on a refused value: never recorded, the next reading is read back.
    expect(combineWithNeural(people, forty, readings([40, -1], [14, -4]), 0.5, undefined, false, [40])).toEqual({ text: null, confidence: 0.01, unsure: '14' });
    // PocketSphinx's value refused, the neural model's best a new one: that one.
    expect(combineWithNeural(people, forty, readings([14, -2], [40, -3]), 0.5, undefined, false, [40])).toEqual({ text: null, confidence: 0.01, unsure: '14' });
  });

  test('nothing within the margin, or only refused values and non-answers: PocketSphinx\'s reading stands', () => {
    expect(combineWithNeural(people, forty, readings([40, -1], [14, -7.5]), 0.5, undefined, false, [40])).toBe(forty);
    expect(combineWithNeural(people, forty, readings([40, -1], [null, -2], [14, -3]), 0.5, undefined, false, [40, 14])).toBe(forty);
  });

  test('without a refused value in either reading, the rule is the usual one', () => {
    expect(combineWithNeural(people, { text: null, confidence: 0.3, unsure: 'thirty four' }, readings([34, -2]), 0.5, undefined, false, [40])).toEqual({ text: 'thirty four', confidence: 0.5 });
    expect(combineWithNeural(people, { text: null, confidence: 0.3, unsure: 'twenty four' }, readings([34, -2]), 0.5, undefined, false, [40])).toEqual({ text: null, confidence: 0.3, unsure: '34' });
  });
});

describe('the neural opinion on the reply to "was that a yes or a no?"', () => {
  const attend: CallQuestion = { key: 'attend', question: 'Can you attend?', type: 'boolean' };

  test('its clear yes or no is taken where PocketSphinx heard none (nothing, a non-answer, "who are you" or "say that again", sure or not)', () => {
    const no = { text: 'no', confidence: 0.5 };
    expect(combineWithNeural(attend, { text: null, confidence: 0 }, readings([false, -2]), 0.5, undefined, true)).toEqual(no);
    expect(combineWithNeural(attend, { text: null, confidence: 0.1, unsure: 'let me think' }, readings([true, -0.7], [null, -9]), 0.5, undefined, true)).toEqual({ text: 'yes', confidence: 0.5 });
    expect(combineWithNeural(attend, { text: null, confidence: 0.03, unsure: 'who are you' }, readings([false, -2.2]), 0.5, undefined, true)).toEqual(no);
    expect(combineWithNeural(attend, { text: 'who are you', confidence: 0.98 }, readings([false, -3.2]), 0.5, undefined, true)).toEqual(no);
    expect(combineWithNeural(attend, { text: 'say that again', confidence: 0.9 }, readings([false, -3.2]), 0.5, undefined, true)).toEqual(no);
  });

  test('not when it hardly prefers it, when PocketSphinx heard the other one or an intent, nor outside that reply', () => {
    const nothing = { text: null, confidence: 0 };
    expect(combineWithNeural(attend, nothing, readings([false, -5], [true, -6.5]), 0.5, undefined, true)).toEqual({ text: null, confidence: 0, unsure: 'no' });
    const yes = { text: null, confidence: 0.2, unsure: 'yep' };
    expect(combineWithNeural(attend, yes, readings([false, -2]), 0.5, undefined, true)).toEqual({ text: null, confidence: 0.2, unsure: 'no' });
    // An intent that ends the call or hands it over is never taken as the no: left unsure (as any unsure hearing there), a sure opt-out or wrong number too.
    const later = { text: null, confidence: 0.2, unsure: 'call me later' };
    expect(combineWithNeural(attend, later, readings([false, -2]), 0.5, undefined, true)).toEqual({ text: null, confidence: 0.2, unsure: 'no' });
    for (const text of ['stop calling me', 'wrong number']) {
      const sure = { text, confidence: 0.95 };
      expect(combineWithNeural(attend, sure, readings([false, -2]), 0.5, undefined, true)).toEqual({ text: null, confidence: 0.4, unsure: 'no' });
      // Its no hardly preferred: a wrong number stands; an opt-out the model did not hear best is heard again.
      expect(combineWithNeural(attend, sure, readings([false, -2], [null, -3]), 0.5, undefined, true)).toEqual(text === 'wrong number' ? sure : { text: null, confidence: 0.4, unsure: text });
    }
    // A "talk to a human" it was sure of is made unsure, as wherever an answer is asked for: never recorded as the neural no.
    expect(combineWithNeural(attend, { text: 'can i speak to a human', confidence: 0.95 }, readings([false, -2]), 0.5, undefined, true)).toEqual({ text: null, confidence: 0.4, unsure: 'no' });
    // The question's first hearing: the neural no is asked back ("was that a yes or a no?"), never recorded.
    expect(combineWithNeural(attend, nothing, readings([false, -2]), 0.5)).toEqual({ text: null, confidence: 0, unsure: 'no' });
  });
});
