import { inWindow, nextCommonOpening, nextOpening, type CallingWindow } from '../../src/features/campaigns/calling-window';
import { numberTimeZones } from '../../src/features/campaigns/number-time-zones';
import { outcome } from '../../src/features/campaigns/campaign-outcomes';
import { DEFAULT_RETRY } from '../../src/features/campaigns/campaigns.service';

const weekdays: CallingWindow = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '20:00' };
const at = (iso: string) => new Date(iso);

describe('calling windows in a time zone', () => {
  test('a Monday 08:59 / 09:00 / 19:59 / 20:00 in New York (EST, UTC-5)', () => {
    expect(inWindow(at('2026-11-23T13:59:00Z'), 'America/New_York', weekdays)).toBe(false);
    expect(inWindow(at('2026-11-23T14:00:00Z'), 'America/New_York', weekdays)).toBe(true);
    expect(inWindow(at('2026-11-24T00:59:00Z'), 'America/New_York', weekdays)).toBe(true);
    expect(inWindow(at('2026-11-24T01:00:00Z'), 'America/New_York', weekdays)).toBe(false);
  });

  test('the same instant is inside the window in Paris and outside it in Los Angeles', () => {
    const t = at('2026-11-23T10:00:00Z'); // 11:00 Paris, 02:00 Los Angeles
    expect(inWindow(t, 'Europe/Paris', weekdays)).toBe(true);
    expect(inWindow(t, 'America/Los_Angeles', weekdays)).toBe(false);
    expect(nextOpening(t, 'America/Los_Angeles', weekdays)!.toISOString()).toBe('2026-11-23T17:00:00.000Z');
  });

  test('a Friday evening waits for Monday morning, local days', () => {
    // Friday 2026-11-27 21:00 in Tokyo is 12:00 UTC
    expect(nextOpening(at('2026-11-27T12:00:00Z'), 'Asia/Tokyo', weekdays)!.toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  test('DST: 09:00 in New York is 14:00 UTC before the March change and 13:00 UTC after it', () => {
    // Sunday 2026-03-08 is the spring-forward day; the window opens Monday 09:00 EDT (UTC-4).
    expect(nextOpening(at('2026-03-07T12:00:00Z'), 'America/New_York', weekdays)!.toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(nextOpening(at('2026-03-06T02:00:00Z'), 'America/New_York', weekdays)!.toISOString()).toBe('2026-03-06T14:00:00.000Z');
  });

  test('DST: a window starting at a skipped local time opens just after the gap; a repeated hour is counted once', () => {
    const night: CallingWindow = { days: ['sun'], start: '02:30', end: '04:00' };
    // 2026-03-08 02:30 does not exist in New York (02:00 -> 03:00 EDT): opens at 03:00 EDT = 07:00 UTC.
    const o = nextOpening(at('2026-03-08T05:00:00Z'), 'America/New_York', night)!;
    expect(inWindow(o, 'America/New_York', night)).toBe(true);
    expect(o.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    // Europe/London falls back on 2026-10-25 (02:00 BST -> 01:00 GMT): 01:30 happens twice; the first one opens.
    const early: CallingWindow = { days: ['sun'], start: '01:30', end: '03:00' };
    expect(nextOpening(at('2026-10-24T23:00:00Z'), 'Europe/London', early)!.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  test('several zones: the most restrictive reading is the intersection of their windows', () => {
    // Boise (Mountain) and Los Angeles (Pacific): 09:00-20:00 in both = 09:00 Pacific (10:00 Mountain) onwards.
    const o = nextCommonOpening(at('2026-11-23T15:00:00Z'), ['America/Boise', 'America/Los_Angeles'], weekdays)!;
    expect(o.toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(inWindow(o, 'America/Boise', weekdays) && inWindow(o, 'America/Los_Angeles', weekdays)).toBe(true);
    // Zones eleven hours apart share no 09:00-10:00 window at all.
    const narrow: CallingWindow = { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '09:00', end: '10:00' };
    expect(nextCommonOpening(at('2026-11-23T00:00:00Z'), ['Pacific/Guam', 'America/Adak'], narrow)).toBeNull();
  });

  test('zones derived from the number (libphonenumber data): one for a geographic prefix, several for a spanning one', () => {
    expect(numberTimeZones('+14155550123')).toEqual(['America/Los_Angeles']);
    expect(numberTimeZones('+12125550123')).toEqual(['America/New_York']);
    expect(numberTimeZones('+442071234567')).toEqual(['Europe/London']);
    expect(numberTimeZones('+15555550100')!.length).toBeGreaterThan(5); // unassigned area code: the whole +1 plan
  });
});

describe('retry policy by outcome', () => {
  test('defaults: busy 10 min, no answer 1 h, voicemail 4 h, carrier error with back-off, invalid number never', () => {
    expect(outcome('busy', 1, DEFAULT_RETRY, true)).toEqual({ status: 'pending', afterSeconds: 600 });
    expect(outcome('no_answer', 1, DEFAULT_RETRY, true)).toEqual({ status: 'pending', afterSeconds: 3600 });
    expect(outcome('voicemail', 1, DEFAULT_RETRY, true)).toEqual({ status: 'pending', afterSeconds: 14_400 });
    expect(outcome('carrier_error', 1, DEFAULT_RETRY, true)).toEqual({ status: 'pending', afterSeconds: 60 });
    expect(outcome('carrier_error', 2, DEFAULT_RETRY, true)).toEqual({ status: 'pending', afterSeconds: 120 });
    expect(outcome('invalid_number', 1, DEFAULT_RETRY, true)).toEqual({ status: 'failed' });
    expect(outcome('human', 1, DEFAULT_RETRY, true)).toEqual({ status: 'completed' });
    expect(outcome('busy', 3, DEFAULT_RETRY, true)).toEqual({ status: 'failed' });
    expect(outcome('voicemail', 3, DEFAULT_RETRY, true)).toEqual({ status: 'completed' });
    expect(outcome('busy', 1, DEFAULT_RETRY, false)).toEqual({ status: 'failed' });
  });
});
