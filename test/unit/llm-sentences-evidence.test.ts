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
