import { LockMode } from '@mikro-orm/core';
import type { Config } from '../../config';
import type { Ctx } from '../../shared/context';
import { requireOrg } from '../../shared/context';
import { sha256Hex } from '../../shared/crypto';
import { AppError, notFound } from '../../shared/errors';
import { isUuid } from '../../shared/ids';
import { paginate, type Page } from '../../shared/pagination';
import { parseInput } from '../../shared/validation';
import { assertPublicDestination } from '../../shared/webhook-url';
import { enqueue } from '../../worker/queue';
import { recordEvent } from '../webhooks/events.service';
import { Call } from './call.entity';
import type { CallLifecycle } from './call-lifecycle';
import { presentCall, type CallJson } from './calls.presenter';
import { idempotencyKeySchema, listCallsSchema, placeCallSchema, type ListCallsInput, type PlaceCallInput } from './calls.schemas';
import type { RecordingUrls } from './recording-url';

export interface PlacedCall {
  status: number;
  body: CallJson;
  replayed: boolean;
}

class IdempotencyKeyTaken extends Error {}

/** Stable JSON (sorted keys) so that the same body in another key order is still "the same body". */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export class CallsService {
  constructor(
    private readonly config: Config,
    private readonly lifecycle: CallLifecycle,
    private readonly recordingUrls: RecordingUrls,
  ) {}

  present(call: Call): CallJson {
    return presentCall(call, this.recordingUrls);
  }

  /**
   * Persists the call, its call.queued event and its dial job in one transaction. With an
   * Idempotency-Key, a repeat of the same body replays the first response; another body is 409.
   */
  async place(ctx: Ctx, raw: PlaceCallInput, idempotencyKey?: string): Promise<PlacedCall> {
    const orgId = requireOrg(ctx);
    const input = parseInput(placeCallSchema, raw);
    const key = idempotencyKey === undefined ? undefined : parseIdempotencyKey(idempotencyKey);
    const requestHash = sha256Hex(canonical(raw));
    if (key) {
      const earlier = await this.findIdempotent(ctx, orgId, key, requestHash);
      if (earlier) return earlier;
    }
    if (input.webhook_url) await assertPublicDestination('webhook_url', input.webhook_url, this.config.webhookAllowPrivateNetworks);
    try {
      return await ctx.em.transactional(async (em) => {
        const call = em.create(Call, {
          orgId,
          to: input.to,
          from: input.from ?? null,
          task: input.task ?? null,
          questions: input.questions ?? [],
          maxDurationSeconds: input.max_duration_seconds ?? 600,
          metadata: input.metadata ?? {},
          webhookUrl: input.webhook_url ?? null,
        });
        await em.flush();
        const body = this.present(call);
        if (key) {
          const rows = await em.execute(
            `insert into idempotency_keys (org_id, key, request_hash, response_status, response_body)
             values (?, ?, ?, 201, ?::json)
             on conflict (org_id, key) do update
               set request_hash = excluded.request_hash, response_status = excluded.response_status,
                   response_body = excluded.response_body, created_at = now()
               where idempotency_keys.created_at < now() - interval '24 hours'
             returning 1 as inserted`,
            [orgId, key, requestHash, JSON.stringify(body)],
          );
          // Someone committed this key first (a concurrent duplicate): undo ours, replay theirs.
          if (rows.length === 0) throw new IdempotencyKeyTaken();
        }
        await recordEvent(em, call, 'call.queued');
        await enqueue(em, 'dial_call', { callId: call.id }, { jobKey: `dial:${call.id}` });
        return { status: 201, body, replayed: false };
      });
    } catch (e) {
      if (!(e instanceof IdempotencyKeyTaken)) throw e;
      const earlier = await this.findIdempotent(ctx, orgId, key!, requestHash);
      if (!earlier) throw e;
      return earlier;
    }
  }

  async get(ctx: Ctx, id: string): Promise<Call> {
    const orgId = requireOrg(ctx);
    const call = isUuid(id) ? await ctx.em.findOne(Call, { id, orgId }) : null;
    if (!call) throw notFound('Call');
    return call;
  }

  async list(ctx: Ctx, raw: ListCallsInput): Promise<Page<Call>> {
    const orgId = requireOrg(ctx);
    const input = parseInput(listCallsSchema, raw);
    return paginate(ctx.em, Call, input.status ? { orgId, status: input.status } : { orgId }, input);
  }

  /** Only while queued or ringing; the call ends as canceled and call.ended goes out. */
  async cancel(ctx: Ctx, id: string): Promise<Call> {
    const orgId = requireOrg(ctx);
    if (!isUuid(id)) throw notFound('Call');
    const call = await ctx.em.transactional(async (em) => {
      const c = await em.findOne(Call, { id, orgId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!c) throw notFound('Call');
      if (c.status !== 'queued' && c.status !== 'ringing') {
        throw new AppError('invalid_state', `A call that is ${c.status} cannot be canceled (only queued or ringing calls).`);
      }
      await this.lifecycle.finish(em, c, 'canceled', 'canceled', 0);
      return c;
    });
    return call;
  }

  private async findIdempotent(ctx: Ctx, orgId: string, key: string, requestHash: string): Promise<PlacedCall | null> {
    const rows: Array<{ request_hash: string; response_status: number; response_body: CallJson }> = await ctx.em.execute(
      `select request_hash, response_status, response_body from idempotency_keys
        where org_id = ? and key = ? and created_at >= now() - interval '24 hours'`,
      [orgId, key],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.request_hash !== requestHash) {
      throw new AppError('idempotency_conflict', 'This Idempotency-Key was already used with a different request body.');
    }
    return { status: row.response_status, body: row.response_body, replayed: true };
  }
}

function parseIdempotencyKey(value: string): string {
  const r = idempotencyKeySchema.safeParse(value);
  if (!r.success) {
    throw new AppError('validation_error', 'The request is invalid.', {
      errors: [{ field: 'Idempotency-Key', message: r.error.issues[0]?.message ?? 'is invalid' }],
    });
  }
  return r.data;
}
