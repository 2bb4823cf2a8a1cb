import { randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret, randomBase62, safeEqual, sha256Hex } from '../../src/common/crypto';
import { generateApiKeySecret } from '../../src/features/api-keys/api-key-secret';

test('safeEqual compares by value, including length', () => {
  expect(safeEqual('abc', 'abc')).toBe(true);
  expect(safeEqual('abc', 'abd')).toBe(false);
  expect(safeEqual('abc', 'abcd')).toBe(false);
  expect(safeEqual('', '')).toBe(true);
});

test('AES-256-GCM round trip; a changed byte or another key is refused', () => {
  const key = randomBytes(32);
  const sealed = encryptSecret('whsec_secret', key);
  expect(sealed).not.toContain('whsec_secret');
  expect(decryptSecret(sealed, key)).toBe('whsec_secret');
  expect(encryptSecret('whsec_secret', key)).not.toBe(sealed); // fresh IV each time
  expect(() => decryptSecret(sealed, randomBytes(32))).toThrow();
  const parts = sealed.split('.');
  const ct = Buffer.from(parts[3]!, 'base64url');
  ct[0]! ^= 1;
  expect(() => decryptSecret([parts[0], parts[1], parts[2], ct.toString('base64url')].join('.'), key)).toThrow();
});

test('base62 secrets are uniform enough and use the whole alphabet', () => {
  const s = randomBase62(62 * 400);
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  expect(counts.size).toBe(62);
  for (const n of counts.values()) {
    expect(n).toBeGreaterThan(250);
    expect(n).toBeLessThan(560);
  }
});

test('API key secrets: sk_live_ prefix, ~256 bits, prefix and hash derived from the secret', () => {
  const a = generateApiKeySecret();
  const b = generateApiKeySecret();
  expect(a.secret).toMatch(/^sk_live_[0-9A-Za-z]{43}$/);
  expect(a.secret).not.toBe(b.secret);
  expect(a.prefix).toBe(a.secret.slice(0, 16));
  expect(a.hash).toBe(sha256Hex(a.secret));
});
