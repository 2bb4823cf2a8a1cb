import type { EntityManager } from '@mikro-orm/postgresql';
import { requireOrg, type Ctx } from '../../common/context';
import type { Clock } from '../../common/clock';
import type { FieldError } from '../../common/errors';
import { checkValue, parseInput } from '../../common/validation';
import type { CallQuestion } from '../calls';
import type { CampaignsService } from './campaigns.service';
import { previewRecipientsSchema, recipientSchema } from './campaigns.schemas';
import { prepareRecipients } from './recipients';

/**
 * Recipients by where they stand, in the words of the people running the campaign: `reached`
 * (completed, and did not opt out), `opted_out` (reached, and asked not to be called again),
 * `pending` (never tried yet), `retrying` (tried, waiting for the next attempt), `calling`,
 * `failed`, `suppressed`, `canceled`. They add up to `total`.
 */
export interface CampaignProgress {
  total: number;
  reached: number;
  opted_out: number;
  pending: number;
  retrying: number;
  calling: number;
  failed: number;
  suppressed: number;
  canceled: number;
}

/** One statement over the campaign's recipients (its status index) and its opted-out calls (a partial index of those only). */
export async function campaignProgress(em: EntityManager, campaignId: string): Promise<CampaignProgress> {
  const rows: CampaignProgress[] = await em.execute(
    `select count(*)::int as total,
            (count(*) filter (where status = 'completed') - (select count(distinct recipient_id) from calls where campaign_id = ?::uuid and opted_out))::int as reached,
            (select count(distinct recipient_id) from calls where campaign_id = ?::uuid and opted_out)::int as opted_out,
            count(*) filter (where status = 'pending' and attempts = 0)::int as pending,
            count(*) filter (where status = 'pending' and attempts > 0)::int as retrying,
            count(*) filter (where status = 'calling')::int as calling,
            count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status = 'suppressed')::int as suppressed,
            count(*) filter (where status = 'canceled')::int as canceled
       from campaign_recipients where campaign_id = ?::uuid`,
    [campaignId, campaignId, campaignId],
  );
  return rows[0]!;
}

/** How often each answer was given to one question, over the recipients' latest calls. */
export interface QuestionAnswers {
  key: string;
  question: string;
  type: CallQuestion['type'];
  options: string[] | null;
  /** Recipients whose latest call recorded an answer to it. */
  answered: number;
  /** Distinct answers, most frequent first: at most MAX_ANSWER_VALUES of them. */
  values: Array<{ value: unknown; count: number }>;
  /** Whether there were more distinct answers than `values` holds. */
  truncated: boolean;
}

export const MAX_ANSWER_VALUES = 200;

/** What the dashboard shows of a campaign besides its rows: progress, answers, and a preview of recipients before creating. */
export class CampaignInsights {
  constructor(
    private readonly campaigns: Pick<CampaignsService, 'get'>,
    private readonly clock: Clock,
  ) {}

  async progress(ctx: Ctx, id: string): Promise<CampaignProgress> {
    return campaignProgress(ctx.em, (await this.campaigns.get(ctx, id)).id);
  }

  /**
   * Answer distributions per question. A recipient's answers are those of its latest call (a
   * recipient is called again only when no one answered, so that is the call that was answered).
   */
  async answers(ctx: Ctx, id: string): Promise<QuestionAnswers[]> {
    const c = await this.campaigns.get(ctx, id);
    const questions = (c.questions ?? []) as CallQuestion[];
    if (questions.length === 0) return [];
    const rows: Array<{ key: string; value: string; n: number; distinct_values: number; answered: number }> = await ctx.em.execute(
      `with a as (
         select kv.key, kv.value::jsonb as value
           from campaign_recipients r
           join calls c on c.id = r.last_call_id
           cross join lateral json_each(c.structured_answers) as kv
          where r.campaign_id = ? and c.structured_answers is not null and json_typeof(c.structured_answers) = 'object'
            and kv.key in (select json_array_elements_text(?::json)) and kv.value::jsonb <> 'null'::jsonb
       ), g as (
         select key, value, count(*)::int as n from a group by key, value
       )
       select key, value::text as value, n,
              count(*) over (partition by key)::int as distinct_values,
              sum(n) over (partition by key)::int as answered
         from (select g.*, row_number() over (partition by key order by n desc, value) as rank from g) ranked
        where rank <= ${MAX_ANSWER_VALUES}
        order by key, n desc, value`,
      [c.id, JSON.stringify(questions.map((q) => q.key))],
    );
    return questions.map((q) => {
      const mine = rows.filter((r) => r.key === q.key);
      return {
        key: q.key,
        question: q.question,
        type: q.type,
        options: q.options ?? null,
        answered: mine[0]?.answered ?? 0,
        values: mine.map((r) => ({ value: JSON.parse(r.value) as unknown, count: r.n })),
        truncated: (mine[0]?.distinct_values ?? 0) > MAX_ANSWER_VALUES,
      };
    });
  }

  /**
   * Checks rows of a file before a campaign is created from them, creating nothing: each row's
   * errors (as a create would name them, `recipients.<i>.<field>`), its number in canonical
   * form, its time zones and where they come from, when it would first be called under the given
   * window, whether the number is on the do-not-call list, and whether it repeats an earlier row.
   */
  async preview(ctx: Ctx, raw: unknown): Promise<RecipientsPreview> {
    const orgId = requireOrg(ctx);
    const input = parseInput(previewRecipientsSchema, raw);
    const now = this.clock.now();
    const campaign = {
      startAt: input.start_at ? new Date(input.start_at) : now,
      timeZone: input.time_zone ?? 'UTC',
      callingWindow: input.calling_window ?? null,
    };
    const checked = input.recipients.map((item, i) => checkValue(recipientSchema, item, ['recipients', i]));
    const valid = checked.flatMap((r) => (r.ok ? [r.data] : []));
    const prepared = prepareRecipients(valid, campaign, now);
    const numbers = [...new Set(prepared.map((p) => p.to_number))];
    const listed: Array<{ number: string }> = numbers.length
      ? await ctx.em.execute('select number from suppressions where org_id = ? and number in (select json_array_elements_text(?::json))', [orgId, JSON.stringify(numbers)])
      : [];
    const suppressed = new Set(listed.map((r) => r.number));
    const seen = new Set<string>();
    let k = 0;
    const rows = checked.map((r, index): RecipientPreviewRow => {
      if (!r.ok) return { index, to: null, errors: r.errors, time_zones: [], time_zone_source: null, first_call_at: null, suppressed: false, duplicate: false };
      const p = prepared[k++]!;
      const duplicate = seen.has(p.to_number);
      seen.add(p.to_number);
      return {
        index,
        to: p.to_number,
        errors: [],
        time_zones: p.time_zones.split('&'),
        time_zone_source: p.source,
        first_call_at: suppressed.has(p.to_number) ? null : p.next_attempt_at,
        suppressed: suppressed.has(p.to_number),
        duplicate,
      };
    });
    return {
      total: rows.length,
      valid: valid.length,
      invalid: rows.length - valid.length,
      suppressed: rows.filter((r) => r.suppressed).length,
      duplicates: rows.filter((r) => r.duplicate).length,
      rows,
    };
  }
}

export interface RecipientPreviewRow {
  /** The row's position in the request, from 0. */
  index: number;
  /** The number in canonical E.164 form; null when the row is invalid. */
  to: string | null;
  errors: FieldError[];
  time_zones: string[];
  time_zone_source: 'given' | 'number' | 'campaign' | null;
  /** When it would first be called (null: invalid or suppressed). */
  first_call_at: string | null;
  suppressed: boolean;
  /** The same number as an earlier row (it would be called once per row). */
  duplicate: boolean;
}

export interface RecipientsPreview {
  total: number;
  valid: number;
  invalid: number;
  suppressed: number;
  duplicates: number;
  rows: RecipientPreviewRow[];
}
