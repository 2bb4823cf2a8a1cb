import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { sha256Hex } from './crypto';
import { AppError, type FieldError } from './errors';
import { invalidRequest } from './validation';

/**
 * Idempotency-Key, the one implementation for every operation that takes one (placing a call,
 * creating a campaign, appending recipients): one per-organization key space kept 24 h. The key
 * stores the first response; a repeat with the same validated body replays it, another body (or
 * another operation) is 409 idempotency_conflict.
 */
export const idempotencyKeySchema = z
  .string()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

/** What is wrong with an Idempotency-Key header, if anything (none sent: nothing). */
export function idempotencyKeyErrors(value: string | undefined): FieldError[] {
  if (value === undefined) return [];
  const r = idempotencyKeySchema.safeParse(value);
  return r.success ? [] : [{ field: 'Idempotency-Key', message: r.error.issues[0]?.message ?? 'is invalid' }];
}

/** Stable JSON (sorted keys) so that the same body in another key order is still "the same body". */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Thrown inside the operation's transaction when a concurrent request took the key first: roll back, then replay theirs. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('idempotency key taken');
  }
}

export interface StoredResponse<T> {
  status: number;
  body: T;
}

type Executor = Pick<EntityManager, 'execute'>;

export class Idempotency {
  constructor(
    readonly key: string,
    /** SHA-256 of the operation (when several share the key space) and the canonical validated body. */
    readonly hash: string,
  ) {}

  /** None without a key; the key must have been validated (idempotencyKeyErrors) with the body. */
  static of(rawKey: string | undefined, body: unknown, operation?: string): Idempotency | null {
    if (rawKey === undefined) return null;
    const errors = idempotencyKeyErrors(rawKey);
    if (errors.length > 0) throw invalidRequest(errors);
    return new Idempotency(rawKey, sha256Hex(operation ? `${operation}\n${canonical(body)}` : canonical(body)));
  }

  /** The response stored under this key, if any (409 when the key was used for another request). */
  async find<T>(em: Executor, orgId: string): Promise<StoredResponse<T> | null> {
    const rows: Array<{ request_hash: string; response_status: number; response_body: T }> = await em.execute(
      `select request_hash, response_status, response_body from idempotency_keys
        where org_id = ? and key = ? and created_at >= now() - interval '24 hours'`,
      [orgId, this.key],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.request_hash !== this.hash) throw new AppError('idempotency_conflict', 'This Idempotency-Key was already used with a different request body.');
    return { status: row.response_status, body: row.response_body };
  }

  /** Inside the transaction of the operation; throws IdempotencyKeyTaken when a concurrent request took the key first. */
  async store(em: Executor, orgId: string, status: number, body: unknown): Promise<void> {
    const rows: unknown[] = await em.execute(
      `insert into idempotency_keys (org_id, key, request_hash, response_status, response_body)
       values (?, ?, ?, ?, ?::json)
       on conflict (org_id, key) do update
         set request_hash = excluded.request_hash, response_status = excluded.response_status,
             response_body = excluded.response_body, created_at = now()
         where idempotency_keys.created_at < now() - interval '24 hours'
       returning 1 as inserted`,
      [orgId, this.key, this.hash, status, JSON.stringify(body)],
    );
    if (rows.length === 0) throw new IdempotencyKeyTaken();
  }
}
