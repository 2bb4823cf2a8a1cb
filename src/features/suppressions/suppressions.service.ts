import { z } from 'zod';
import { requireOrg, type Ctx } from '../../common/context';
import { AppError, notFound } from '../../common/errors';
import { pageSchema } from '../../common/pagination';
import { parseInput } from '../../common/validation';
import { canonicalPhoneNumber } from '../../common/phone';
import { e164Schema } from '../calls';

/** Who listed a number: the API, the dashboard (one by one), the callee during a call, a file imported. */
export const SUPPRESSION_SOURCES = ['api', 'dashboard', 'opt_out', 'import'] as const;
export type SuppressionSource = (typeof SUPPRESSION_SOURCES)[number];

export const addSuppressionsSchema = z.strictObject({ numbers: z.array(e164Schema).min(1, 'must not be empty').max(10_000, 'must have at most 10000 numbers per request') });
/**
 * `search`: digits the number contains (spaces, dashes and a leading + ignored), so "555 01" finds
 * +14155550123. Searching reads the organization's list with the org's index, not the whole table.
 */
const listSchema = pageSchema.extend({
  search: z
    .string()
    .max(32, 'must be at most 32 characters')
    .transform((v) => v.replace(/[\s\-().+]/g, ''))
    .pipe(z.string().regex(/^[0-9]*$/, 'must be digits'))
    .optional(),
});

export interface SuppressionJson {
  number: string;
  source: SuppressionSource;
  created_at: string;
}

const cursorOf = (row: { created_at: string; number: string }) => Buffer.from(JSON.stringify([row.created_at, row.number])).toString('base64url');
function decode(cursor: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && !Number.isNaN(Date.parse(v[0]))) return [v[0], v[1]];
  } catch {
    /* falls through */
  }
  throw new AppError('validation_error', 'The request is invalid.', { errors: [{ field: 'cursor', message: 'is not a valid cursor' }] });
}

/**
 * The organization's do-not-call list. A listed number is never dialed: a single call to it is
 * 422 number_suppressed, a campaign recipient becomes `suppressed` (at once if pending, and in any
 * case before its next dial).
 */
export class SuppressionsService {
  async list(ctx: Ctx, raw: unknown): Promise<{ data: SuppressionJson[]; next_cursor: string | null }> {
    const orgId = requireOrg(ctx);
    const input = parseInput(listSchema, raw);
    const params: unknown[] = [orgId];
    let where = 'org_id = ?';
    if (input.cursor) {
      const [at, number] = decode(input.cursor);
      where += ' and (created_at, number) < (?::timestamptz, ?)';
      params.push(at, number);
    }
    if (input.search) {
      where += ' and number like ?';
      params.push(`%${input.search}%`);
    }
    const rows: Array<{ number: string; source: SuppressionSource; created_at: string }> = await ctx.em.execute(
      `select number, source, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"') as created_at
         from suppressions where ${where} order by created_at desc, number desc limit ${input.limit + 1}`,
      params,
    );
    const more = rows.length > input.limit;
    const data = more ? rows.slice(0, input.limit) : rows;
    return { data, next_cursor: more ? cursorOf(data[data.length - 1]!) : null };
  }

  /** Adds numbers (already listed ones are left as they were); returns how many were new. */
  async add(ctx: Ctx, raw: unknown, source: SuppressionSource): Promise<{ added: number; numbers: number }> {
    const orgId = requireOrg(ctx);
    const input = parseInput(addSuppressionsSchema, raw);
    return ctx.em.transactional((em) => addNumbers(em, orgId, [...new Set(input.numbers)], source));
  }

  async remove(ctx: Ctx, number: string): Promise<void> {
    const orgId = requireOrg(ctx);
    // The stored form is canonical; a number that is not possible can only match as written.
    const canonical = canonicalPhoneNumber(number) ?? number;
    const rows: unknown[] = await ctx.em.execute('delete from suppressions where org_id = ? and number = ? returning 1', [orgId, canonical]);
    if (rows.length === 0) throw notFound('Suppressed number');
  }
}

/** Adds numbers inside the caller's transaction, and suppresses pending campaign recipients with them. */
export async function addNumbers(em: Ctx['em'], orgId: string, numbers: string[], source: SuppressionSource): Promise<{ added: number; numbers: number }> {
  const list = JSON.stringify(numbers);
  const added: unknown[] = await em.execute(
    `insert into suppressions (org_id, number, source)
     select ?::uuid, n, ? from json_array_elements_text(?::json) as n
     on conflict (org_id, number) do nothing returning 1`,
    [orgId, source, list],
  );
  await em.execute(
    `update campaign_recipients set status = 'suppressed', next_attempt_at = null, updated_at = now()
      where org_id = ? and status = 'pending' and to_number in (select json_array_elements_text(?::json))`,
    [orgId, list],
  );
  return { added: added.length, numbers: numbers.length };
}

/** Registered on CallLifecycle.onAnalyzed: a callee who opted out is never called again. */
export const optOutHook = {
  applies: (_call: unknown, analysis: { optOut?: boolean }): boolean => !!analysis.optOut,
  run: async (em: Ctx['em'], call: { orgId: string; to: string }, analysis: { optOut?: boolean }): Promise<void> => {
    if (analysis.optOut) await addNumbers(em, call.orgId, [call.to], 'opt_out');
  },
};
