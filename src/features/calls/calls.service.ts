import { LockMode } from '@mikro-orm/core';
import type { Config } from '../../config';
import type { Ctx } from '../../common/context';
import { requireOrg, requireUser } from '../../common/context';
import { AppError, notFound, validationError } from '../../common/errors';
import { Idempotency, idempotencyKeyErrors, IdempotencyKeyTaken } from '../../common/idempotency';
import { isUuid, newId } from '../../common/ids';
import { paginateRows, type Page } from '../../common/pagination';
import { checkInput, invalidRequest, parseInput } from '../../common/validation';
import { assertPublicDestination, webhookUrlErrors } from '../../common/webhook-url';
import type { Pool } from 'pg';
import { insertJobsSql, type JobWaker } from '../../queue';
import { toPositional } from '../../common/sql';
import { buildEventBody, outboxCtes } from '../webhooks';
import { Call, newCallRow, type CallFields } from './call.entity';
import { eventSubject, type CallLifecycle } from './call-lifecycle';
import { presentCall, type CallJson } from './calls.presenter';
import { callAgentOptions, checkLanguage, checkVoice } from './call-agent';
import type { CallAgentOptions } from './ports';
import { listCallsSchema, placeCallSchema, type ListCallsInput, type PlaceCallInput } from './calls.schemas';
import type { RecordingUrls } from './recording-url';
import type { LiveEventsPublisher } from '../../common/live-events';
import { assertTransferTarget, type SipTransferPolicy } from './transfer-target';

export interface PlacedCall {
  status: number;
  body: CallJson;
  replayed: boolean;
}

/** First key of the two-key advisory lock that serializes quota checks per organization. */
export const OPEN_CALLS_LOCK_NAMESPACE = 7_263_541;
const OPEN_CALLS_RETRY_AFTER_SECONDS = 5;

/** The placement statement refused the caller ID as given: these are the numbers that apply. */
class CallerIdRefused extends Error {
  constructor(readonly callerIds: string[]) {
    super('caller id refused');
  }
}

function fromNotAllowed(from: string, numbers: string[]): AppError {
  return new AppError('from_not_allowed', `The caller ID ${from} is not one of this organization's numbers (${numbers.join(', ')}).`, {
    errors: [{ field: 'from', message: 'is not one of the carrier connection numbers' }],
  });
}

/** `from` must be one of the numbers (when there are any); it defaults to the first. */
function resolveCallerId(numbers: string[], from: string | undefined): string | null {
  if (!numbers.length) return from ?? null;
  if (from === undefined) return numbers[0]!;
  if (!numbers.includes(from)) throw fromNotAllowed(from, numbers);
  return from;
}

export class CallsService {
  /** Announces placements and cancellations to live subscribers (set by createServices). */
  live: LiveEventsPublisher | undefined;
  /** Whether an organization's calls can be led by a language model (the agent settings; set by createServices). */
  llmAvailable: (orgId: string) => Promise<boolean> = async () => !!this.config.llm;

  constructor(
    private readonly config: Config,
    private readonly lifecycle: CallLifecycle,
    private readonly recordingUrls: RecordingUrls,
    private readonly db: { pool: Pick<Pool, 'query'> } & JobWaker,
    /** The caller-ID numbers an organization's connection allows (empty: any). */
    private readonly callerIds: (orgId: string) => Promise<string[]> = async () => [],
    /** The deployment default connection's numbers, for an organization without a connection of its own. */
    private readonly defaultNumbers: string[] = [],
    /** Whether a SIP URI may be a transfer target of this organization's calls (its connection is SIP), and where its host may point. */
    private readonly sipTransferPolicy: (orgId: string) => Promise<SipTransferPolicy | null> = async () => null,
  ) {}

  /** As a PostgreSQL array literal (an array parameter would be expanded by MikroORM's execute()). */
  private defaultCallerIds(): string {
    return `{${this.defaultNumbers.map((n) => `"${n.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  }

  present(call: CallFields): CallJson {
    return presentCall(call, this.recordingUrls);
  }

  /**
   * Persists the call, its call.queued event and its dial job in one transaction. With an
   * Idempotency-Key, a repeat of the same body replays the first response; another body is 409.
   */
  async place(ctx: Ctx, raw: unknown, idempotencyKey?: string): Promise<PlacedCall> {
    const orgId = requireOrg(ctx);
    const checked = checkInput(placeCallSchema, raw);
    const keyErrors = idempotencyKeyErrors(idempotencyKey);
    if (!checked.ok || keyErrors.length > 0) {
      // One 422 naming every invalid field: the body's, the header's, and a well-formed webhook_url's network rule.
      throw invalidRequest([...checked.errors, ...keyErrors, ...(await webhookUrlErrors(raw, this.config.webhookAllowPrivateNetworks))]);
    }
    const input = checked.data;
    // The validated body: unknown fields are ignored here as everywhere, and its depth is bounded.
    // Only hashed with an Idempotency-Key (skipped otherwise: it is on the hot path).
    const key = Idempotency.of(idempotencyKey, input);
    if (key) {
      const earlier = await key.find<CallJson>(ctx.em, orgId);
      if (earlier) return { ...earlier, replayed: true };
    }
    if (input.webhook_url) await assertPublicDestination('webhook_url', input.webhook_url, this.config.webhookAllowPrivateNetworks);
    const language = input.language ? checkLanguage(this.config, 'language', input.language) : null;
    if (input.voice) checkVoice(this.config, 'voice', input.voice);
    // Only a call that asks for a model costs a look-up (the hot path places calls without one).
    if (input.llm === true && !(await this.llmAvailable(orgId))) {
      throw validationError('llm', 'no language model is configured (LLM_URL, or the organization\'s own in /dashboard/agent)');
    }
    const agent = callAgentOptions(input, language);
    if (input.transfer_to) await assertTransferTarget(input.transfer_to, () => this.sipTransferPolicy(orgId));
    const scheduleAt = input.schedule_at ? new Date(input.schedule_at) : null;
    const scheduled = scheduleAt !== null && scheduleAt.getTime() > Date.now();
    // An immediate call's caller ID is checked by its placement statement itself (no round trip of
    // its own on the hot path): the statement refuses a `from` the organization's numbers do not
    // allow as given (or a missing one when there are numbers), and returns the numbers; the
    // caller ID is then resolved from them here (default, or from_not_allowed) and placed again.
    let from = scheduled ? await this.callerId(orgId, input.from ?? undefined) : (input.from ?? null);
    for (let tries = 1; ; tries++) {
      const outcome = await this.insertPlaced(ctx, orgId, input, agent, from, scheduled ? scheduleAt : null, key);
      if (!('callerIds' in outcome)) return outcome;
      from = resolveCallerId(outcome.callerIds, input.from ?? undefined);
      // Only a connection changed at that very moment can refuse the resolved number too.
      if (tries >= 3) throw fromNotAllowed(from ?? '', outcome.callerIds);
    }
  }

  private async insertPlaced(
    ctx: Ctx,
    orgId: string,
    input: ReturnType<typeof parseInput<typeof placeCallSchema>>,
    agent: CallAgentOptions | null,
    from: string | null,
    scheduleAt: Date | null,
    key: Idempotency | null,
  ): Promise<PlacedCall | { callerIds: string[] }> {
    // Plain data, not an entity: the rows are written by one statement below, not by a flush.
    const call = newCallRow({
      orgId,
      to: input.to,
      from,
      task: input.task ?? null,
      questions: input.questions ?? [],
      maxDurationSeconds: input.max_duration_seconds ?? 600,
      metadata: input.metadata ?? {},
      webhookUrl: input.webhook_url ?? null,
      ringTimeoutSeconds: input.ring_timeout_seconds ?? 30,
      voicemailMessage: input.voicemail_message ?? null,
      callerName: input.caller_name ?? null,
      transferTo: input.transfer_to ?? null,
      transferWhen: input.transfer_to ? (input.transfer_when ?? null) : null,
      agent,
    });
    if (scheduleAt) {
      call.status = 'scheduled';
      call.scheduledAt = scheduleAt;
    }
    const body = this.present(call);
    // The call row, its call.queued event row, that event's delivery job and the dial job: one
    // statement (PLACE_CALL_SQL), so they commit together or not at all.
    const scheduled = call.status === 'scheduled';
    const statement = scheduled ? PLACE_SCHEDULED_CALL_SQL : PLACE_CALL_SQL;
    const params = scheduled ? placeScheduledCallParams(call) : placeCallParams(call, newId(), buildEventBody('call.queued', eventSubject(call)), this.defaultCallerIds());
    if (!key && !this.config.rateLimit.enabled) {
      // Nothing else to decide in the transaction: the statement is the transaction (one round trip).
      const { rows } = await this.db.pool.query<{ jobs: number; placed: number; caller_ok?: boolean; caller_ids?: string[]; caller_name?: string | null }>({
        name: scheduled ? 'voicegate_place_scheduled_call_v5' : 'voicegate_place_call_v7',
        text: statement,
        values: params,
      });
      if (rows[0]?.caller_ok === false) return { callerIds: rows[0].caller_ids ?? [] };
      if (!rows[0]?.placed) throw numberSuppressed(call.to);
      call.callerName = body.caller_name = rows[0].caller_name ?? null;
      this.db.jobsAdded(rows[0]?.jobs ?? 0);
      this.live?.callChanged(call);
      return { status: 201, body, replayed: false };
    }
    try {
      const placed = await ctx.em.transactional(async (em) => {
        const { sql, values } = toPositional(statement, params);
        const rows: Array<{ jobs: number; placed: number; caller_ok?: boolean; caller_ids?: string[]; caller_name?: string | null }> = await em.execute(sql, values);
        if (rows[0]?.caller_ok === false) throw new CallerIdRefused(rows[0].caller_ids ?? []);
        if (!rows[0]?.placed) throw numberSuppressed(call.to);
        call.callerName = body.caller_name = rows[0].caller_name ?? null;
        // Someone committed this key first (a concurrent duplicate): undo ours, replay theirs.
        if (key) await key.store(em, orgId, 201, body);
        if (!scheduled) await this.enforceOpenCallsQuota(em, orgId);
        return { result: { status: 201, body, replayed: false }, jobs: Number(rows[0]?.jobs ?? 0) };
      });
      this.db.jobsAdded(placed.jobs);
      if (!placed.result.replayed) this.live?.callChanged(call);
      return placed.result;
    } catch (e) {
      if (e instanceof CallerIdRefused) return { callerIds: e.callerIds };
      if (!(e instanceof IdempotencyKeyTaken) || !key) throw e;
      const earlier = await key.find<CallJson>(ctx.em, orgId);
      if (!earlier) throw e;
      return { ...earlier, replayed: true };
    }
  }

  /** `from` must be one of the connection's numbers; it defaults to the first. */
  private async callerId(orgId: string, from: string | undefined): Promise<string | null> {
    return resolveCallerId(await this.callerIds(orgId), from);
  }

  /**
   * A call placed from the dashboard (GraphQL placeCall): owners and members only, then exactly
   * place() (validation, quota, events, idempotency). Returns the call as it is now.
   */
  async placeFromDashboard(ctx: Ctx, raw: PlaceCallInput, idempotencyKey?: string): Promise<Call> {
    const user = requireUser(ctx);
    if (user.role !== 'owner' && user.role !== 'member') throw new AppError('insufficient_role', 'Only an owner or a member may place calls.');
    const placed = await this.place(ctx, raw, idempotencyKey);
    return this.get(ctx, placed.body.call_id);
  }

  async get(ctx: Ctx, id: string): Promise<Call> {
    const orgId = requireOrg(ctx);
    const call = isUuid(id) ? await ctx.em.findOne(Call, { id, orgId }) : null;
    if (!call) throw notFound('Call');
    return call;
  }

  async list(ctx: Ctx, raw: unknown): Promise<Page<Call>> {
    const orgId = requireOrg(ctx);
    const input = parseInput(listCallsSchema, raw);
    return paginateRows(ctx.em, Call, { orgId, ...(input.status ? { status: input.status } : {}), ...(input.direction ? { direction: input.direction } : {}) }, input);
  }

  /** Only while scheduled, queued or ringing; the call ends as canceled and call.ended goes out. */
  async cancel(ctx: Ctx, id: string): Promise<Call> {
    const orgId = requireOrg(ctx);
    if (!isUuid(id)) throw notFound('Call');
    const call = await ctx.em.transactional(async (em) => {
      const c = await em.findOne(Call, { id, orgId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!c) throw notFound('Call');
      if (c.status !== 'scheduled' && c.status !== 'queued' && c.status !== 'ringing') {
        throw new AppError('invalid_state', `A call that is ${c.status} cannot be canceled (only scheduled, queued or ringing calls).`);
      }
      await this.lifecycle.finish(em, c, 'canceled', 'canceled', 0);
      return c;
    });
    this.live?.callChanged(call);
    return call;
  }

  /**
   * Quota on the calls an organization has open (queued, ringing or in progress; this one
   * included). Checked last in the transaction under a per-organization advisory lock, so
   * concurrent placements cannot overshoot, and the lock is held only for the count and commit.
   * Over the quota the whole placement rolls back: 429 rate_limited with Retry-After.
   */
  private async enforceOpenCallsQuota(em: Ctx['em'], orgId: string): Promise<void> {
    if (!this.config.rateLimit.enabled) return;
    const max = this.config.rateLimit.maxQueuedCallsPerOrg;
    await em.execute('select pg_advisory_xact_lock(?::int, hashtext(?))', [OPEN_CALLS_LOCK_NAMESPACE, orgId]);
    const rows: Array<{ n: number }> = await em.execute(
      `select count(*)::int as n from calls where org_id = ? and status in ('queued', 'ringing', 'in_progress')`,
      [orgId],
    );
    if ((rows[0]?.n ?? 0) > max) {
      throw new AppError('rate_limited', `This organization already has ${max} open calls (queued, ringing or in progress). Retry when some have ended.`, {
        headers: {
          'Retry-After': String(OPEN_CALLS_RETRY_AFTER_SECONDS),
          'RateLimit-Policy': `"open_calls";q=${max}`,
          RateLimit: `"open_calls";r=0;t=${OPEN_CALLS_RETRY_AFTER_SECONDS}`,
        },
      });
    }
  }
}

export function numberSuppressed(number: string): AppError {
  return new AppError('number_suppressed', `${number} is on this organization's suppression list and is never dialed.`, {
    errors: [{ field: 'to', message: 'is on the suppression list' }],
  });
}

/**
 * One statement for the whole placement: the call row; its call.queued event through the outbox
 * (addressed as every event is, see outbox.ts; none = undeliverable with no_destination) with that
 * event's delivery job; and the call's dial job. As a single statement it is atomic on its own,
 * and it costs one round trip instead of five. Jobs are inserted without NOTIFY (insertJobsSql),
 * so no notification serializes the commit; the caller wakes the worker afterwards with the
 * returned job count.
 */
export const PLACE_CALL_SQL = `
with caller as (
  select numbers, cardinality(numbers) = 0 or coalesce($4::text = any(numbers), false) as ok
    from (select coalesce((select array(select jsonb_array_elements_text(numbers)) from carrier_connections where org_id = $2::uuid), $17::text[]) as numbers) n
), c as (
  insert into calls (id, org_id, to_number, from_number, status, disposition, duration_seconds, metadata, webhook_url, task,
                     questions, max_duration_seconds, transcript, structured_answers, recording_seconds, carrier_call_id,
                     created_at, started_at, ended_at, analyzed_at, updated_at, ring_timeout_seconds, voicemail_message, caller_name, agent,
                     transfer_to, transfer_when)
  select $1::uuid, $2::uuid, $3::text, $4::text, $5::text, null, null, $6::json, $7::text, $8::text,
         $9::json, $10::int, null, null, null, null, $11::timestamptz, null, null, null, $12::timestamptz, $15::int, $16::text,
         coalesce($18::text, (select caller_name from agent_settings where org_id = $2::uuid), (select name from organizations where id = $2::uuid)), $19::jsonb,
         $20::text, $21::jsonb
   where not exists (select 1 from suppressions where org_id = $2::uuid and number = $3::text) and (select ok from caller)
  returning id, caller_name
), ${outboxCtes({ from: 'c', orgId: '$2::uuid', callId: 'c.id', callUrl: '$7::text', deliveryId: '$13::uuid', event: "'call.queued'", payload: '$14::text' }, { notify: false })},
dial_job as (
  ${insertJobsSql('dial', { from: 'c', fields: { callId: 'c.id' } })}
  returning 1
)
select ((select count(*) from outbox_job) + (select count(*) from dial_job))::int as jobs, (select count(*) from c)::int as placed,
       (select ok from caller) as caller_ok, (select numbers from caller) as caller_ids, (select caller_name from c) as caller_name`;

/**
 * A scheduled call: the row (status scheduled, no event yet) and the job that queues it when it
 * is due (queue-scheduled.task.ts records call.queued then). Refused for a suppressed number.
 */
export const PLACE_SCHEDULED_CALL_SQL = `
with c as (
  insert into calls (id, org_id, to_number, from_number, status, metadata, webhook_url, task, questions, max_duration_seconds,
                     scheduled_at, created_at, updated_at, ring_timeout_seconds, voicemail_message, caller_name, agent, transfer_to, transfer_when)
  select $1::uuid, $2::uuid, $3::text, $4::text, 'scheduled', $5::json, $6::text, $7::text, $8::json, $9::int,
         $10::timestamptz, $11::timestamptz, $11::timestamptz, $12::int, $13::text,
         coalesce($14::text, (select caller_name from agent_settings where org_id = $2::uuid), (select name from organizations where id = $2::uuid)), $15::jsonb,
         $16::text, $17::jsonb
   where not exists (select 1 from suppressions where org_id = $2::uuid and number = $3::text)
  returning id, scheduled_at, caller_name
), queue_job as (
  ${insertJobsSql('queueScheduled', { from: 'c', fields: { callId: 'c.id' }, runAt: 'c.scheduled_at' })}
  returning 1
)
select (select count(*) from queue_job)::int as jobs, (select count(*) from c)::int as placed, (select caller_name from c) as caller_name`;

function placeScheduledCallParams(call: CallFields): unknown[] {
  return [
    call.id,
    call.orgId,
    call.to,
    call.from,
    JSON.stringify(call.metadata),
    call.webhookUrl,
    call.task,
    JSON.stringify(call.questions),
    call.maxDurationSeconds,
    call.scheduledAt!.toISOString(),
    call.createdAt.toISOString(),
    call.ringTimeoutSeconds,
    call.voicemailMessage,
    call.callerName,
    call.agent ? JSON.stringify(call.agent) : null,
    call.transferTo,
    call.transferWhen ? JSON.stringify(call.transferWhen) : null,
  ];
}

function placeCallParams(call: CallFields, deliveryId: string, payload: string, defaultCallerIds: string): unknown[] {
  return [
    call.id,
    call.orgId,
    call.to,
    call.from,
    call.status,
    JSON.stringify(call.metadata),
    call.webhookUrl,
    call.task,
    JSON.stringify(call.questions),
    call.maxDurationSeconds,
    call.createdAt.toISOString(),
    call.updatedAt.toISOString(),
    deliveryId,
    payload,
    call.ringTimeoutSeconds,
    call.voicemailMessage,
    defaultCallerIds,
    call.callerName,
    call.agent ? JSON.stringify(call.agent) : null,
    call.transferTo,
    call.transferWhen ? JSON.stringify(call.transferWhen) : null,
  ];
}
