import { z } from 'zod';
import { AppError, type FieldError } from './errors';

export type Checked<T> = { ok: true; data: T; errors: [] } | { ok: false; data?: undefined; errors: FieldError[] };

/**
 * Request bodies are closed (z.strictObject, `additionalProperties: false` in the OpenAPI
 * document): a field the schema does not have is refused as 422 unknown_field, never dropped, so
 * a typo such as `scheduled_at` for `schedule_at` cannot silently change what a request does.
 * User-controlled maps (`metadata`) stay open. Query strings stay lenient.
 */
function unknownField(field: string, suggestion: string | undefined): FieldError {
  return { field, message: suggestion ? `is not a known field; did you mean ${suggestion}?` : 'is not a known field', unknown: { suggestion } };
}

/** The keys an object schema knows at `path` of the input (unwrapping optional, arrays, unions…). */
function knownKeysAt(schema: z.core.$ZodType, path: ReadonlyArray<PropertyKey>, value: unknown): string[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      if (path.length === 0) return Object.keys(shape);
      const [head, ...rest] = path;
      const child = shape[String(head)];
      return child ? knownKeysAt(child, rest, (value as Record<string, unknown> | undefined)?.[String(head)]) : [];
    }
    case 'array': {
      if (path.length === 0) return [];
      const [head, ...rest] = path;
      return knownKeysAt(def.element as z.core.$ZodType, rest, Array.isArray(value) ? value[Number(head)] : undefined);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return knownKeysAt(def.innerType as z.core.$ZodType, path, value);
    case 'pipe':
      return knownKeysAt(def.in as z.core.$ZodType, path, value);
    case 'union': {
      // The option the value was meant for: the one that knows most of its keys.
      const keysOf = (o: z.core.$ZodType) => knownKeysAt(o, path, value);
      const own = value && typeof value === 'object' ? Object.keys(pathValue(value, path) ?? {}) : [];
      const options = (def.options as z.core.$ZodType[]).map(keysOf);
      return options.reduce((best, keys) => (keys.filter((k) => own.includes(k)).length > best.filter((k) => own.includes(k)).length ? keys : best), options[0] ?? []);
    }
    default:
      return [];
  }
}

function pathValue(value: unknown, path: ReadonlyArray<PropertyKey>): object | undefined {
  let v: unknown = value;
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[String(p)] : undefined;
  return v && typeof v === 'object' ? v : undefined;
}

/** Levenshtein distance (small strings: field names). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The known field an unknown one most likely meant: the same name in another case or spelling
 * (`scheduleAt`, `Schedule-At`), else the closest within a third of its length (at least 1, at
 * most 3 edits); none when two are equally close.
 */
export function suggestField(unknown: string, known: string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[_\-\s]/g, '');
  const same = known.find((k) => norm(k) === norm(unknown));
  if (same) return same;
  const limit = Math.min(3, Math.max(1, Math.floor(unknown.length / 3)));
  const ranked = known.map((k) => ({ k, d: distance(norm(unknown), norm(k)) })).filter((x) => x.d <= limit).sort((x, y) => x.d - y.d);
  return ranked.length > 0 && (ranked.length === 1 || ranked[0]!.d < ranked[1]!.d) ? ranked[0]!.k : undefined;
}

/**
 * Checks input with a zod schema without throwing: the parsed value, or every field error (for
 * a caller that adds errors of its own, e.g. recipients or a header, to the same 422). Fields the
 * schema does not have come first, each named by its path with a likely intended field.
 */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown, prefix: ReadonlyArray<string | number> = []): Checked<z.output<S>> {
  // A missing body is an empty object (its required fields are then named one by one).
  return checkValue(schema, input ?? {}, prefix);
}

/** checkInput for one item of a list (e.g. a campaign recipient): the value as it is, null included. */
export function checkValue<S extends z.ZodType>(schema: S, input: unknown, prefix: ReadonlyArray<string | number> = []): Checked<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data, errors: [] };
  const unknown: FieldError[] = [];
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const path = [...prefix, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeysAt(schema, issue.path, input);
      for (const key of issue.keys) {
        unknown.push(unknownField([...path, key].join('.'), suggestField(key, known)));
      }
    } else {
      errors.push({ field: path.length ? path.join('.') : 'body', message: issue.message });
    }
  }
  return { ok: false, errors: [...unknown, ...errors] };
}

/**
 * The one 422 naming every bad field (docs/api.md, "Errors"): `unknown_field` when any field is
 * not one the request has (the detail names the first and the likely intended one), else
 * `validation_error`.
 */
export const invalidRequest = (errors: FieldError[]): AppError => {
  const unknown = errors.filter((e) => e.unknown);
  const listed = [...unknown, ...errors.filter((e) => !e.unknown)].map(({ field, message }) => ({ field, message }));
  if (unknown.length === 0) return new AppError('validation_error', 'The request is invalid.', { errors: listed });
  const first = unknown[0]!;
  const hint = first.unknown?.suggestion;
  const more = unknown.length > 1 ? ` (and ${unknown.length - 1} more)` : '';
  return new AppError('unknown_field', `Unknown field ${first.field}${hint ? ` (did you mean ${hint}?)` : ''}${more}.`, { errors: listed });
};

/**
 * Parses input with a zod schema; failures become one 422 listing every field (validation_error,
 * or unknown_field when a field is not one the schema has).
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
