import { z } from 'zod';
import { AppError, type FieldError } from './errors';
import { bareHost, resolvesToBlocked } from './net-guard';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Shape rules for a webhook URL; the network rule (no private destinations) is `assertPublicDestination`. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an absolute http or https URL' });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: 'must use http or https' });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'must not contain credentials' });
    } else if (!url.hostname) {
      ctx.addIssue({ code: 'custom', message: 'must have a host' });
    }
  })
  // WHATWG normalisation (e.g. http://2130706433/ -> http://127.0.0.1/) so later checks see the real host.
  .transform((value) => new URL(value).toString());

/** 422 when the URL's host is, or resolves now to, a non-public address (unless allowed by config). */
export async function assertPublicDestination(field: string, url: string, allowPrivate: boolean): Promise<void> {
  const error = await destinationError(field, url, allowPrivate);
  if (error) throw new AppError('validation_error', 'The request is invalid.', { errors: [error] });
}

async function destinationError(field: string, url: string, allowPrivate: boolean): Promise<FieldError | null> {
  if (allowPrivate) return null;
  const blocked = await resolvesToBlocked(bareHost(new URL(url)));
  return blocked ? { field, message: `must not point to a private, loopback, link-local or reserved address (${blocked})` } : null;
}

/**
 * For a body already refused for other fields: the network rule's error for its `webhook_url`
 * when that one is well formed, so the single 422 names every invalid field.
 */
export async function webhookUrlErrors(body: unknown, allowPrivate: boolean): Promise<FieldError[]> {
  const value = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).webhook_url : undefined;
  if (value === undefined || value === null) return [];
  const shape = webhookUrlSchema.safeParse(value);
  if (!shape.success) return [];
  const error = await destinationError('webhook_url', shape.data, allowPrivate);
  return error ? [error] : [];
}
