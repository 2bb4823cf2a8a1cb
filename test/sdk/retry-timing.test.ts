import { backoffMs, parseRetryAfter } from '../../sdk/src/http';

test('Retry-After: delta-seconds and HTTP dates; anything else is ignored', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  expect(parseRetryAfter('3', now)).toBe(3000);
  expect(parseRetryAfter(' 0 ', now)).toBe(0);
  expect(parseRetryAfter('Mon, 23 Nov 2026 12:00:07 GMT', now)).toBe(7000);
  expect(parseRetryAfter('Mon, 23 Nov 2026 11:59:00 GMT', now)).toBe(0);
  expect(parseRetryAfter('soon', now)).toBeUndefined();
  expect(parseRetryAfter(null, now)).toBeUndefined();
});

test('backoff grows exponentially to a cap, with half of each delay random', () => {
  for (let attempt = 0; attempt < 8; attempt++) {
    const ceiling = Math.min(8000, 500 * 2 ** attempt);
    for (let i = 0; i < 50; i++) {
      const d = backoffMs(attempt);
      expect(d).toBeGreaterThanOrEqual(ceiling / 2);
      expect(d).toBeLessThanOrEqual(ceiling);
    }
  }
});
