import { hmacSha256 } from '../../common/crypto';

/** X-Voice-Signature: "sha256=" + lowercase hex HMAC-SHA256 of the raw body, keyed with the UTF-8 bytes of the whsec_ secret. */
export function voiceSignature(secret: string, body: string): string {
  return 'sha256=' + hmacSha256(Buffer.from(secret, 'utf8'), body).toString('hex');
}

/** Standard Webhooks: base64 HMAC-SHA256 of "id.timestamp.body", keyed with the base64-decoded part after whsec_. */
export function standardSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return 'v1,' + hmacSha256(key, `${id}.${timestampSeconds}.${body}`).toString('base64');
}

/** All headers of one attempt. `secrets[0]` is current; a second one (24 h after rotation) adds a second v1 entry. */
export function signedHeaders(opts: { deliveryId: string; event: string; body: string; secrets: string[]; now?: number }): Record<string, string> {
  const timestamp = Math.floor((opts.now ?? Date.now()) / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'voicegate-webhooks/1.0',
    'x-voice-signature': voiceSignature(opts.secrets[0]!, opts.body),
    'x-voice-event': opts.event,
    'x-voice-delivery': opts.deliveryId,
    'webhook-id': opts.deliveryId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': opts.secrets.map((s) => standardSignature(s, opts.deliveryId, timestamp, opts.body)).join(' '),
  };
}
