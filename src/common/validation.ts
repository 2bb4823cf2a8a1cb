import { z } from 'zod';
import { AppError, type FieldError } from './errors';

export type Checked<T> = { ok: true; data: T; errors: [] } | { ok: false; data?: undefined; errors: FieldError[] };

/**
 * Checks input with a zod schema without throwing: the parsed value, or every field error (for
 * a caller that adds errors of its own, e.g. recipients or a header, to the same 422).
 */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown, prefix: ReadonlyArray<string | number> = []): Checked<z.output<S>> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return { ok: true, data: result.data, errors: [] };
  const errors = result.error.issues.map((issue) => {
    const path = [...prefix, ...issue.path.map(String)];
    return { field: path.length ? path.join('.') : 'body', message: issue.message };
  });
  return { ok: false, errors };
}

/** The one 422 validation_error, naming every invalid field (docs/api.md, "Errors"). */
export const invalidRequest = (errors: FieldError[]): AppError => new AppError('validation_error', 'The request is invalid.', { errors });

/**
 * Parses input with a zod schema; failures become one 422 validation_error listing every field.
 * Unknown fields are dropped (zod's default), consistently on every endpoint.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const checked = checkInput(schema, input);
  if (checked.ok) return checked.data;
  throw invalidRequest(checked.errors);
}

/**
 * How the accounts code compares addresses: trimmed and in lower case (emailSchema below, login
 * and password reset fold input the same way; stored addresses are already folded).
 */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

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
