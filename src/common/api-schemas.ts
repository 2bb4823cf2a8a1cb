import { z } from 'zod';
import { ERROR_CODES } from './errors';

/**
 * Building blocks of the REST response shapes (each feature's `*.schemas.ts` holds its own). The
 * shapes are strict: a presenter that grows a field without its schema growing it fails
 * test/integration/openapi.test.ts, which validates real responses against the document.
 */

/** ISO 8601 UTC, exactly six fractional digits, "+00:00" (docs/api.md). */
export const timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/)
  .meta({ format: 'date-time', examples: ['2026-11-22T10:15:30.123456+00:00'] });
export const uuidString = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i).meta({ format: 'uuid' });
export const nullable = <T extends z.ZodType>(t: T) => t.nullable();
export const jsonObject = z.record(z.string(), z.unknown());

export const problemSchema = z
  .strictObject({
    type: z.string().meta({ examples: ['about:blank'] }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...Array<keyof typeof ERROR_CODES>]),
    instance: z.string().optional(),
    errors: z.array(z.strictObject({ field: z.string(), message: z.string() })).optional().meta({ description: 'Only for validation_error and unknown_field: one entry per invalid or unknown field (unknown ones first).' }),
  })
  .meta({ description: 'RFC 9457 problem details (application/problem+json) with a stable `code` (docs/api.md).' });

/** `{data: [...], next_cursor}` (docs/api.md). */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    data: z.array(item),
    next_cursor: nullable(z.string()).meta({ description: 'Pass as ?cursor= for the next page; null on the last page.' }),
  });

/** The list envelope of one example item, for documentation examples. */
export const pageExample = <T>(item: T) => ({ data: [item], next_cursor: null });

/** Shared example values for documentation. */
export const EXAMPLE = {
  time: '2026-11-22T10:15:30.123456+00:00',
  orgId: '019a5f2e-7c3b-7d10-9a4e-2b8c1d0e6f01',
  userId: '019a5f2e-7c3b-7d10-9a4e-2b8c1d0e6f02',
  apiKeyId: '019a5f2e-7c3b-7d10-9a4e-2b8c1d0e6f03',
  callId: '019a5f2e-7c3b-7d10-9a4e-2b8c1d0e6f04',
  deliveryId: '019a5f2e-7c3b-7d10-9a4e-2b8c1d0e6f05',
  attemptId: '019a5f2e-7c3b-7d10-9a4e-2b8c1d0e6f06',
  auditId: '019a5f2e-7c3b-7d10-9a4e-2b8c1d0e6f07',
} as const;
