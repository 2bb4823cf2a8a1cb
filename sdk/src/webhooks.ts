import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from './types';

/** Headers as Node (IncomingHttpHeaders), Express, or fetch (Headers) present them. */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far webhook-timestamp may be from now, either way (default 300 s). */
  toleranceSeconds?: number;
  /** The current time (for tests); defaults to Date.now(). */
  now?: Date | number;
}

export type WebhookVerificationReason = 'invalid_secret' | 'missing_header' | 'invalid_timestamp' | 'timestamp_out_of_tolerance' | 'invalid_signature' | 'invalid_payload';

/** The request is not an authentic, fresh voicegate delivery: answer 400 and do not process it. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

const SECRET_PREFIX = 'whsec_';

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  // A repeated signature header is not something the service sends: refuse to guess which one counts.
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
  return value;
}

function required(headers: WebhookHeaders, name: string): string {
  const value = header(headers, name);
  if (!value) throw new WebhookVerificationError('missing_header', `missing ${name} header`);
  return value;
}

/** Equal-length comparison in constant time; lengths are public (the signature format fixes them). */
function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Verifies one delivery from the raw request body (the exact bytes received, before any JSON
 * parsing) and returns the parsed event. Throws WebhookVerificationError otherwise.
 *
 * Both signatures the service sends are checked, with every secret given (pass the new and the
 * old secret while you roll a rotation):
 * - Standard Webhooks: `webhook-timestamp` within the tolerance (replay protection) and one
 *   `v1,` entry of `webhook-signature` = base64 HMAC-SHA256 of "id.timestamp.body", keyed with
 *   the base64-decoded part of the secret after `whsec_`.
 * - `X-Voice-Signature` = "sha256=" + hex HMAC-SHA256 of the body, keyed with the UTF-8 bytes of
 *   the whole secret. The service signs it with its current secret, which is also the first
 *   `v1,` entry. Only while a rotation is under way and you hold just the old secret (your
 *   secrets match a later entry, never the first) is it signed with a secret you do not have;
 *   then the Standard Webhooks entry made with your old secret is what authenticates the event.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string | readonly string[], options: VerifyWebhookOptions = {}): WebhookEvent {
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || !s.startsWith(SECRET_PREFIX) || s.length <= SECRET_PREFIX.length)) {
    throw new WebhookVerificationError('invalid_secret', `each webhook secret must be the whsec_… value the service gave you`);
  }
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    // Typically a body a JSON parser already consumed: the signed bytes are gone.
    throw new WebhookVerificationError('invalid_payload', 'rawBody must be the raw request body (string, Buffer or Uint8Array), read before any JSON parsing');
  }
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);

  const id = required(headers, 'webhook-id');
  const timestamp = required(headers, 'webhook-timestamp');
  const signatures = required(headers, 'webhook-signature');
  const voiceSignature = required(headers, 'x-voice-signature');

  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookVerificationError('invalid_timestamp', 'webhook-timestamp is not a number of seconds');
  const nowSeconds = Math.floor((options.now === undefined ? Date.now() : Number(options.now)) / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError('timestamp_out_of_tolerance', `webhook-timestamp is more than ${tolerance} s from now`);
  }

  const signedContent = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'), body]);
  const entries = signatures.split(' ').filter(Boolean);
  const expectedStandard = secrets.map((s) => 'v1,' + createHmac('sha256', Buffer.from(s.slice(SECRET_PREFIX.length), 'base64')).update(signedContent).digest('base64'));
  // Every comparison runs (no early exit), so timing says nothing about which entry matched.
  let matchedEntry = -1;
  entries.forEach((entry, i) => {
    let hit = false;
    for (const expected of expectedStandard) hit = safeEqual(entry, expected) || hit;
    if (hit && matchedEntry === -1) matchedEntry = i;
  });
  if (matchedEntry === -1) throw new WebhookVerificationError('invalid_signature', 'no webhook-signature entry matches the secret(s)');

  let voiceMatches = false;
  for (const s of secrets) voiceMatches = safeEqual(voiceSignature, 'sha256=' + createHmac('sha256', Buffer.from(s, 'utf8')).update(body).digest('hex')) || voiceMatches;
  if (!voiceMatches && matchedEntry === 0) {
    throw new WebhookVerificationError('invalid_signature', 'X-Voice-Signature does not match the secret(s)');
  }

  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'the body is not JSON');
  }
  if (!event || typeof event !== 'object' || typeof (event as { event?: unknown }).event !== 'string') {
    throw new WebhookVerificationError('invalid_payload', 'the body is not a voicegate event');
  }
  return event as WebhookEvent;
}
