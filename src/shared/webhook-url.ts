import { z } from 'zod';
import { AppError } from './errors';
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
  if (allowPrivate) return;
  const blocked = await resolvesToBlocked(bareHost(new URL(url)));
  if (blocked) {
    throw new AppError('validation_error', 'The request is invalid.', {
      errors: [{ field, message: `must not point to a private, loopback, link-local or reserved address (${blocked})` }],
    });
  }
}
