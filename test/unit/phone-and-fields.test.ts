import { readFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalPhoneNumber } from '../../src/common/phone';
import { suggestField } from '../../src/common/validation';

test('canonical E.164: a trunk 0 after the country code is dropped; impossible numbers are null', () => {
  expect(canonicalPhoneNumber('+4402071234567')).toBe('+442071234567');
  expect(canonicalPhoneNumber('+442071234567')).toBe('+442071234567');
  expect(canonicalPhoneNumber('+330612345678')).toBe('+33612345678');
  // Italy keeps its leading 0: it is part of the number there.
  expect(canonicalPhoneNumber('+390612345678')).toBe('+390612345678');
  for (const bad of ['+44123456', '+4412345678', '+999123456789', '+14155550100123', '4402071234567', '+1 415 555 0100', '+14155550100x12']) expect([bad, canonicalPhoneNumber(bad)]).toEqual([bad, null]);
});

test("the simulator's documented test numbers (docs/carriers.md, docs/api.md) stay accepted as they are written", () => {
  const docs = ['carriers.md', 'api.md', 'campaigns.md'].map((f) => readFileSync(path.resolve(__dirname, '../../docs', f), 'utf8')).join('\n');
  // The docs also show a non-canonical form on purpose ("`+4402071234567` is `+442071234567`"): not a test number.
  const examplesOfOtherForms = new Set([...docs.matchAll(/`(\+\d{8,15})` is `\+\d{8,15}`/g)].map((m) => m[1]!));
  const numbers = [...new Set([...docs.matchAll(/\+\d{8,15}\b/g)].map((m) => m[0]))].filter((n) => !examplesOfOtherForms.has(n));
  expect(numbers.length).toBeGreaterThan(3);
  for (const n of numbers) expect([n, canonicalPhoneNumber(n)]).toEqual([n, n]);
  // The outcome digits work on any possible number, fictional ranges included.
  for (const suffix of ['0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008']) {
    for (const prefix of ['+1415555', '+1555555', '+4420794']) expect(canonicalPhoneNumber(prefix + suffix)).toBe(prefix + suffix);
  }
});

test('suggestions: another spelling of a known field, else the closest within a few edits, else none', () => {
  const known = ['to', 'from', 'schedule_at', 'max_duration_seconds', 'metadata', 'time_zone'];
  expect(suggestField('scheduled_at', known)).toBe('schedule_at');
  expect(suggestField('scheduleAt', known)).toBe('schedule_at');
  expect(suggestField('timeZone', known)).toBe('time_zone');
  expect(suggestField('meta_data', known)).toBe('metadata');
  expect(suggestField('max_duration', known)).toBeUndefined();
  expect(suggestField('zzz', known)).toBeUndefined();
  expect(suggestField('fro', known)).toBe('from');
});
