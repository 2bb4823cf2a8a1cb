import { supportedBy } from '../../src/voice/llm/evidence';
import { SentenceSplitter } from '../../src/voice/llm/sentences';

test('sentences are handed on as soon as they are complete; decimals, abbreviations and short pieces do not cut', () => {
  const s = new SentenceSplitter();
  const out: string[] = [];
  for (const piece of ['Yes. ', 'Your visit with Dr', '. Rivera costs 3.5 ', 'dollars. ', 'See you ', 'at 3 p.m. tomorrow', '!']) out.push(...s.push(piece));
  expect(out).toEqual(['Yes. Your visit with Dr. Rivera costs 3.5 dollars.']);
  expect(s.flush()).toEqual(['See you at 3 p.m. tomorrow!']);
  expect(new SentenceSplitter().push('**Hello** there, how are you? Fine')).toEqual(['Hello there, how are you?']);
});

test("evidence must be the callee's words, loosely: misspellings pass, invented quotes do not", () => {
  const said = ["tuesday works we'll be three", 'yeah'];
  expect(supportedBy('Tuesday works', said)).toBe(true);
  expect(supportedBy("we'll be tree", said)).toBe(true);
  expect(supportedBy('yes', said)).toBe(false);
  expect(supportedBy('Wednesday is best', said)).toBe(false);
  expect(supportedBy('', said)).toBe(false);
});

test("a reply's first piece ends at its first clause of four words or more; later pieces are whole sentences", () => {
  const s = new SentenceSplitter();
  const out: string[] = [];
  for (const piece of ['Thanks for ', 'calling us today', ', and ', 'sorry, the wait was long. ', 'Yes, we ', 'can, at 3:30 ', 'for 1,000 people. ']) out.push(...s.push(piece));
  expect(out).toEqual(['Thanks for calling us today,', 'and sorry, the wait was long.', 'Yes, we can, at 3:30 for 1,000 people.']);
});

test('short openings, numbers with commas, times and hyphens do not cut a clause; a dash and a semicolon do', () => {
  // Three words before the comma: too short to stand alone.
  expect(new SentenceSplitter().push('Yes, of course, I can do that. ')).toEqual(['Yes, of course, I can do that.']);
  expect(new SentenceSplitter().push('We have 1,000 seats at 3:30 for a well-known show. ')).toEqual(['We have 1,000 seats at 3:30 for a well-known show.']);
  expect(new SentenceSplitter().push('I checked the calendar for you — Tuesday is free. ')).toEqual(['I checked the calendar for you —', 'Tuesday is free.']);
  // A comma in a list after a colon does not cut (the colon itself may).
  expect(new SentenceSplitter().push('Sorry, which day: Monday, Tuesday or Wednesday? ')).toEqual(['Sorry, which day: Monday, Tuesday or Wednesday?']);
  expect(new SentenceSplitter().push('Sorry, which day would suit you: Monday, Tuesday or Wednesday? ')).toEqual(['Sorry, which day would suit you:', 'Monday, Tuesday or Wednesday?']);
  expect(new SentenceSplitter().push('Your appointment is on Tuesday; see you then at noon. ')).toEqual(['Your appointment is on Tuesday;', 'see you then at noon.']);
  // A clause not yet followed by a space is not complete: the model may still be writing a number.
  const s = new SentenceSplitter();
  expect(s.push('The total comes to about 1,')).toEqual([]);
  expect(s.push('200 dollars, paid monthly')).toEqual(['The total comes to about 1,200 dollars,']);
  expect(s.flush()).toEqual(['paid monthly']);
});
