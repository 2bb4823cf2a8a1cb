import { randomBase62, sha256Hex } from '../../common/crypto';

export const API_KEY_PREFIX = 'sk_live_';
export const STORED_PREFIX_LENGTH = 16;

/** sk_live_ + 43 base62 characters (~256 bits) from the CSPRNG. */
export function generateApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = API_KEY_PREFIX + randomBase62(43);
  return { secret, prefix: secret.slice(0, STORED_PREFIX_LENGTH), hash: sha256Hex(secret) };
}

export const hashApiKey = (secret: string): string => sha256Hex(secret);
