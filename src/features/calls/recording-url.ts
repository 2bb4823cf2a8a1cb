import { hkdfSync } from 'node:crypto';
import type { Config } from '../../config';
import { hmacSha256, safeEqual } from '../../common/crypto';

/**
 * Recording links work without a credential for a limited time: the query string carries an
 * expiry and an HMAC over (call id, expiry) under a key derived from SECRETS_ENCRYPTION_KEY.
 */
export class RecordingUrls {
  private readonly key: Buffer;

  constructor(private readonly config: Config) {
    this.key = Buffer.from(hkdfSync('sha256', config.secretsEncryptionKey, Buffer.alloc(0), 'voicegate recording url v1', 32));
  }

  sign(callId: string, now = Date.now()): string {
    const expires = Math.floor((now + this.config.recordingUrlTtlMs) / 1000);
    return `${this.config.publicBaseUrl}/recordings/${callId}.wav?expires=${expires}&signature=${this.signature(callId, expires)}`;
  }

  verify(callId: string, expires: string | undefined, signature: string | undefined, now = Date.now()): 'ok' | 'expired' | 'invalid' {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
    if (!safeEqual(this.signature(callId, Number(expires)), signature)) return 'invalid';
    return Number(expires) * 1000 < now ? 'expired' : 'ok';
  }

  private signature(callId: string, expires: number): string {
    return hmacSha256(this.key, `${callId}.${expires}`).toString('hex');
  }
}
