import type { Config } from '../../config';
import type { ApiKeyActor, Ctx } from '../../common/context';
import { requireOrg, requireOwner } from '../../common/context';
import { AppError, notFound } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { parseInput } from '../../common/validation';
import { ApiKey } from './api-key.entity';
import { API_KEY_PREFIX, generateApiKeySecret, hashApiKey } from './api-key-secret';
import { createApiKeySchema, type CreateApiKeyInput } from './api-keys.schemas';
import type { ApiKeyCache } from './api-key-cache';

/** last_used_at is written at most once a minute per key: a hot key must not mean a hot row. */
const LAST_USED_RESOLUTION_MS = 60_000;

export class ApiKeysService {
  constructor(
    private readonly config: Config,
    private readonly cache: ApiKeyCache,
  ) {}

  /** The specification calls this a list; docs/api.md ("Pagination") makes it a bare array, newest first. */
  async list(ctx: Ctx): Promise<ApiKey[]> {
    const orgId = requireOrg(ctx);
    return ctx.em.find(ApiKey, { orgId }, { orderBy: { id: 'desc' } });
  }

  async create(ctx: Ctx, raw: unknown): Promise<ApiKey & { secret: string }> {
    const owner = requireOwner(ctx);
    const input = parseInput(createApiKeySchema, raw);
    const generated = generateApiKeySecret();
    const key = ctx.em.create(ApiKey, { orgId: owner.orgId, name: input.name ?? null, prefix: generated.prefix, hash: generated.hash });
    await ctx.em.flush();
    return Object.assign(key, { secret: generated.secret });
  }

  /** Idempotent; another organization's key looks exactly like a missing one (404). */
  async revoke(ctx: Ctx, id: string): Promise<ApiKey> {
    const owner = requireOwner(ctx);
    const key = isUuid(id) ? await ctx.em.findOne(ApiKey, { id, orgId: owner.orgId }) : null;
    if (!key) throw notFound('API key');
    return this.revokeKey(ctx, key);
  }

  /** Shared with the platform admin's leaked-key response. */
  async revokeKey(ctx: Ctx, key: ApiKey): Promise<ApiKey> {
    if (!key.revokedAt) {
      key.revokedAt = new Date();
      await ctx.em.flush();
    }
    await this.cache.invalidate({ hash: key.hash });
    return key;
  }

  /** Authentication for /v1/*: the exact rejections listed in docs/api.md, "Authentication". */
  async authenticate(ctx: Pick<Ctx, 'em'>, bearer: string): Promise<ApiKeyActor> {
    if (!bearer.startsWith(API_KEY_PREFIX)) {
      throw new AppError('invalid_api_key_format', `API keys start with ${API_KEY_PREFIX}.`);
    }
    const hash = hashApiKey(bearer);
    const entry = await this.cache.get(hash, async () => {
      // Raw rows: MikroORM hands timestamptz back as text here, not as a Date.
      const rows: Array<{ id: string; org_id: string; revoked: boolean; org_active: boolean; last_used_at: string | Date | null }> = await ctx.em
        .getConnection()
        .execute(
          `select k.id, k.org_id, k.revoked_at is not null as revoked, o.active as org_active, k.last_used_at
             from api_keys k join organizations o on o.id = k.org_id
            where k.hash = ?`,
          [hash],
        );
      const row = rows[0];
      return row
        ? { keyId: row.id, orgId: row.org_id, revoked: row.revoked, orgActive: row.org_active, lastUsedAt: row.last_used_at ? new Date(row.last_used_at).getTime() || 0 : 0 }
        : null;
    });
    if (!entry || entry.revoked) throw new AppError('invalid_api_key', 'The API key is invalid or revoked.');
    if (!entry.orgActive) throw new AppError('inactive_organization', 'This organization is deactivated.');
    const now = Date.now();
    if (now - entry.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
      entry.lastUsedAt = now;
      this.cache.markUsed(entry.keyId);
    }
    return { kind: 'api_key', apiKeyId: entry.keyId, orgId: entry.orgId };
  }
}
