import { nextRetryDelayMs } from '../../src/features/webhooks/retry-schedule';
import { parseDuration } from '../../src/common/duration';
import { isoMicro, nowIsoMicro } from '../../src/common/time';

const schedule = ['5s', '5m', '30m', '2h', '5h', '10h', '10h'].map(parseDuration);

test('8 attempts in all: 7 delays, then give up', () => {
  const delays = Array.from({ length: 8 }, (_, i) => nextRetryDelayMs({ scheduleMs: schedule, scheduledAttemptsMade: i + 1, slowDown: false, floorMs: 60_000, random: () => 0.5 }));
  expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, null]);
});

test('±20 % jitter', () => {
  const at = (r: number) => nextRetryDelayMs({ scheduleMs: schedule, scheduledAttemptsMade: 2, slowDown: false, floorMs: 0, random: () => r });
  expect(at(0)).toBe(240_000);
  expect(at(0.999999)).toBeCloseTo(360_000, -1);
  for (let i = 0; i < 200; i++) {
    const d = nextRetryDelayMs({ scheduleMs: schedule, scheduledAttemptsMade: 1, slowDown: false, floorMs: 0 })!;
    expect(d).toBeGreaterThanOrEqual(4_000);
    expect(d).toBeLessThanOrEqual(6_000);
  }
});

test('after a 429 or a timeout the wait is at least the floor', () => {
  expect(nextRetryDelayMs({ scheduleMs: schedule, scheduledAttemptsMade: 1, slowDown: true, floorMs: 60_000, random: () => 0.5 })).toBe(60_000);
  expect(nextRetryDelayMs({ scheduleMs: schedule, scheduledAttemptsMade: 3, slowDown: true, floorMs: 60_000, random: () => 0.5 })).toBe(1_800_000);
});

test('timestamps: six fractional digits and +00:00, never Z', () => {
  expect(isoMicro(new Date('2026-11-22T10:15:30.123Z'))).toBe('2026-11-22T10:15:30.123000+00:00');
  expect(isoMicro(new Date('2026-11-22T10:15:30.123Z'), 456)).toBe('2026-11-22T10:15:30.123456+00:00');
  expect(nowIsoMicro()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
  expect(parseDuration('250ms')).toBe(250);
  expect(() => parseDuration('soon')).toThrow();
});
