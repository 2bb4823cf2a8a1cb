import { z } from 'zod';
import { AppError } from './errors';

/**
 * Parses input with a zod schema; failures become one 422 validation_error listing every field.
 * Unknown fields are dropped (zod's default), consistently on every endpoint.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : 'body',
    message: issue.message,
  }));
  throw new AppError('validation_error', 'The request is invalid.', { errors });
}

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ message: 'must be a valid e-mail address' }));

/** bcrypt reads only the first 72 bytes: longer passwords are refused, never silently truncated. */
export const passwordSchema = z
  .string()
  .refine((p) => Buffer.byteLength(p, 'utf8') >= 8, 'must be at least 8 bytes')
  .refine((p) => Buffer.byteLength(p, 'utf8') <= 72, 'must be at most 72 bytes (bcrypt limit)');
