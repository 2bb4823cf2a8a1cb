import { randomBytes } from 'node:crypto';
import { encryptSecret, decryptSecret, sha256Hex } from '../../common/crypto';

export interface SealedWebhookSecret {
  enc: string;
  fingerprint: string;
  last4: string;
}

/** whsec_ + base64 of 32 random bytes: the Standard Webhooks secret format. */
export function generateWebhookSecret(): string {
  return 'whsec_' + randomBytes(32).toString('base64');
}

export function sealWebhookSecret(secret: string, key: Buffer): SealedWebhookSecret {
  return { enc: encryptSecret(secret, key), fingerprint: sha256Hex(secret), last4: secret.slice(-4) };
}

export const openWebhookSecret = (enc: string, key: Buffer): string => decryptSecret(enc, key);

/** Previous secrets keep signing for this long after a rotation. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3600 * 1000;
