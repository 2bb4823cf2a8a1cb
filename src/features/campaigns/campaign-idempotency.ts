import type { EntityManager } from '@mikro-orm/postgresql';
import { sha256Hex } from '../../common/crypto';
import { AppError } from '../../common/errors';
import { canonical, parseIdempotencyKey } from '../calls/calls.service';

/**
 * Idempotency-Key for campaign creation and appends, in the same per-organization key space as
 * calls (24 h): the hash covers the operation and the validated body, so one key reused for
 * another operation or body is 409 idempotency_conflict.
 */
export class CampaignIdempotency {
  constructor(
    readonly key: string,
    readonly hash: string,
  ) {}

  static of(rawKey: string | undefined, operation: string, body: unknown): CampaignIdempotency | null {
    if (rawKey === undefined) return null;
    return new CampaignIdempotency(parseIdempotencyKey(rawKey), sha256Hex(`${operation}\n${canonical(body)}`));
  }

  async find(em: EntityManager, orgId: string): Promise<{ status: number; body: unknown } | null> {
    const rows: Array<{ request_hash: string; response_status: number; response_body: unknown }> = await em.execute(
      `select request_hash, response_status, response_body from idempotency_keys
        where org_id = ? and key = ? and created_at >= now() - interval '24 hours'`,
      [orgId, this.key],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.request_hash !== this.hash) throw new AppError('idempotency_conflict', 'This Idempotency-Key was already used with a different request body.');
    return { status: row.response_status, body: row.response_body };
  }

  /** Inside the transaction of the operation; false when a concurrent request took the key first. */
  async store(em: EntityManager, orgId: string, status: number, body: unknown): Promise<boolean> {
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
    return rows.length > 0;
  }
}
