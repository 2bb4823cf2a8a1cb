import type { FilterQuery } from '@mikro-orm/postgresql';
import type { LiveEventsPublisher } from '../../common/live-events';
import type { Ctx, UserActor } from '../../common/context';
import { requirePlatformAdmin } from '../../common/context';
import { AppError, notFound } from '../../common/errors';
import { isUuid } from '../../common/ids';
import type { Logger } from '../../common/logger';
import { paginate, type Page } from '../../common/pagination';
import { parseInput } from '../../common/validation';
import { ApiKey, type ApiKeyCache, type ApiKeysService } from '../api-keys';
import type { AuthService } from '../auth';
import { Call } from '../calls';
import { Organization } from '../orgs';
import { User } from '../users';
import { WebhookDelivery } from '../webhooks';
import {
  listAuditSchema,
  listCallsSchema,
  listDeliveriesSchema,
  listOrganizationsSchema,
  listUsersSchema,
  type AdminListCallsInput,
  type AdminListDeliveriesInput,
  type ListAuditInput,
  type ListOrganizationsInput,
  type ListUsersInput,
} from './admin.schemas';
import { loadStats, type AdminStats } from './admin-stats';
import { AuditEntry } from '../audit';

export interface OrgCounts {
  userCount: number;
  apiKeyCount: number;
  activeApiKeyCount: number;
  callCount: number;
  openCallCount: number;
}

/** An organization as platform admins see it: its row plus how much it holds. */
export interface AdminOrganizationView extends OrgCounts {
  id: string;
  name: string;
  active: boolean;
  webhookUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AdminUserView {
  id: string;
  email: string;
  role: string;
  orgId: string;
  active: boolean;
  emailVerified: boolean;
  createdAt: Date;
  isPlatformAdmin: boolean;
}

interface AuditInput {
  action: string;
  targetType: 'organization' | 'user' | 'api_key';
  targetId: string;
  orgId: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** LIKE wildcards in a search term are literal characters. */
const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A PostgreSQL array literal of ids that were validated or read from the database. */
const uuidArray = (ids: string[]): string => `{${ids.filter(isUuid).join(',')}}`;

/**
 * Cross-tenant operations (docs/admin.md). Every method starts with requirePlatformAdmin, so REST and
 * GraphQL enforce the same rule; every change writes an audit entry in the same transaction as the
 * change itself, and cache invalidation happens only after that commit.
 */
export class AdminService {
  /** Closes the live sockets of a deactivated user or organization (set by createServices). */
  live: LiveEventsPublisher | undefined;

  constructor(
    private readonly auth: AuthService,
    private readonly apiKeys: ApiKeysService,
    private readonly keyCache: ApiKeyCache,
    private readonly log: Logger,
    /** ADMIN_STATS_CACHE: how long platform-wide stats are reused (0: computed every time). */
    private readonly statsTtlMs = 0,
  ) {}

  async listOrganizations(ctx: Ctx, raw: unknown): Promise<Page<AdminOrganizationView>> {
    requirePlatformAdmin(ctx);
    const input = parseInput(listOrganizationsSchema, raw);
    const where: FilterQuery<Organization> & Record<string, unknown> = {};
    if (input.active !== undefined) where.active = input.active;
    if (input.q) {
      const like = likePattern(input.q);
      const or: Array<FilterQuery<Organization>> = [{ name: { $ilike: like } }];
      if (isUuid(input.q)) or.push({ id: input.q.toLowerCase() });
      const byEmail: Array<{ org_id: string }> = await ctx.em.execute('select distinct org_id from users where email ilike ? limit 1000', [like]);
      if (byEmail.length) or.push({ id: { $in: byEmail.map((r) => r.org_id) } });
      where.$or = or;
    }
    const page = await paginate(ctx.em, Organization, where, input);
    return { data: await this.withCounts(ctx, page.data), nextCursor: page.nextCursor };
  }

  async getOrganization(ctx: Ctx, id: string): Promise<AdminOrganizationView> {
    requirePlatformAdmin(ctx);
    const [view] = await this.withCounts(ctx, [await this.findOrganization(ctx, id)]);
    return view!;
  }

  /**
   * Deactivation locks the organization out at once: dashboard tokens and logins are checked
   * against the database on every request, and its API keys are dropped from every process's
   * cache after the commit. Reactivation restores all three.
   */
  async setOrganizationActive(ctx: Ctx, id: string, active: boolean): Promise<AdminOrganizationView> {
    const admin = requirePlatformAdmin(ctx);
    const org = await this.findOrganization(ctx, id);
    if (!active && org.id === admin.orgId) throw new AppError('invalid_state', 'You cannot deactivate your own organization.');
    const before = { active: org.active };
    org.active = active;
    this.audit(ctx, admin, {
      action: active ? 'organization.activate' : 'organization.deactivate',
      targetType: 'organization',
      targetId: org.id,
      orgId: org.id,
      before,
      after: { active },
    });
    await ctx.em.flush();
    this.live?.accessChanged({ orgId: org.id });
    await this.afterCommit(() => this.keyCache.invalidate({ orgId: org.id }));
    const [view] = await this.withCounts(ctx, [org]);
    return view!;
  }

  async listUsers(ctx: Ctx, raw: unknown): Promise<Page<AdminUserView>> {
    requirePlatformAdmin(ctx);
    const input = parseInput(listUsersSchema, raw);
    const where: FilterQuery<User> & Record<string, unknown> = {};
    if (input.org_id) where.orgId = input.org_id;
    if (input.active !== undefined) where.active = input.active;
    if (input.q) {
      const or: Array<FilterQuery<User>> = [{ email: { $ilike: likePattern(input.q) } }];
      if (isUuid(input.q)) or.push({ id: input.q.toLowerCase() });
      where.$or = or;
    }
    const page = await paginate(ctx.em, User, where, input);
    return { data: page.data.map((u) => this.userView(u)), nextCursor: page.nextCursor };
  }

  /** Deactivation bites on the user's next request (tokens are re-checked) and next login. */
  async setUserActive(ctx: Ctx, id: string, active: boolean): Promise<AdminUserView> {
    const admin = requirePlatformAdmin(ctx);
    const user = isUuid(id) ? await ctx.em.findOne(User, { id }) : null;
    if (!user) throw notFound('User');
    if (!active && user.id === admin.userId) throw new AppError('invalid_state', 'You cannot deactivate yourself.');
    const before = { active: user.active };
    user.active = active;
    this.audit(ctx, admin, {
      action: active ? 'user.activate' : 'user.deactivate',
      targetType: 'user',
      targetId: user.id,
      orgId: user.orgId,
      before,
      after: { active },
    });
    await ctx.em.flush();
    this.live?.accessChanged({ userId: user.id });
    return this.userView(user);
  }

  async listCalls(ctx: Ctx, raw: unknown): Promise<Page<Call>> {
    requirePlatformAdmin(ctx);
    const input = parseInput(listCallsSchema, raw);
    const where: Record<string, unknown> = {};
    if (input.org_id) where.orgId = input.org_id;
    if (input.status) where.status = input.status;
    return paginate(ctx.em, Call, where, input);
  }

  async listWebhookDeliveries(ctx: Ctx, raw: unknown): Promise<Page<WebhookDelivery>> {
    requirePlatformAdmin(ctx);
    const input = parseInput(listDeliveriesSchema, raw);
    const where: Record<string, unknown> = {};
    if (input.org_id) where.orgId = input.org_id;
    if (input.delivered !== undefined) where.delivered = input.delivered;
    if (input.event) where.event = input.event;
    return paginate(ctx.em, WebhookDelivery, where, input);
  }

  /** The leaked-key response: any organization's key, revoked at once everywhere (idempotent). */
  async revokeApiKey(ctx: Ctx, id: string): Promise<ApiKey> {
    const admin = requirePlatformAdmin(ctx);
    const key = isUuid(id) ? await ctx.em.findOne(ApiKey, { id }) : null;
    if (!key) throw notFound('API key');
    const before = { revoked_at: key.revokedAt?.toISOString() ?? null };
    key.revokedAt ??= new Date();
    this.audit(ctx, admin, {
      action: 'api_key.revoke',
      targetType: 'api_key',
      targetId: key.id,
      orgId: key.orgId,
      before,
      after: { revoked_at: key.revokedAt.toISOString() },
    });
    await ctx.em.flush();
    // Already revoked in the row: revokeKey only drops it from every process's cache, post-commit.
    await this.afterCommit(() => this.apiKeys.revokeKey(ctx, key).then(() => undefined));
    return key;
  }

  /**
   * Platform-wide counts are exact, so over millions of rows they take a sequential scan (hundreds
   * of milliseconds): computed at most once per ADMIN_STATS_CACHE per process and shared by the
   * requests that arrive meanwhile (`generatedAt` says how fresh they are).
   */
  async stats(ctx: Ctx): Promise<AdminStats> {
    requirePlatformAdmin(ctx);
    const cached = this.statsCache;
    if (cached && Date.now() - cached.at < this.statsTtlMs) return cached.value;
    this.statsLoading ??= loadStats(ctx.em.fork(), [...this.auth.adminEmails()])
      .then((value) => {
        this.statsCache = { at: Date.now(), value };
        return value;
      })
      .finally(() => {
        this.statsLoading = undefined;
      });
    return this.statsLoading;
  }

  private statsCache: { at: number; value: AdminStats } | undefined;
  private statsLoading: Promise<AdminStats> | undefined;

  async auditLog(ctx: Ctx, raw: unknown): Promise<Page<AuditEntry>> {
    requirePlatformAdmin(ctx);
    const input = parseInput(listAuditSchema, raw);
    const where: Record<string, unknown> = {};
    if (input.action) where.action = input.action;
    if (input.target_id) where.targetId = input.target_id;
    if (input.org_id) where.orgId = input.org_id;
    if (input.actor_user_id) where.actorUserId = input.actor_user_id;
    return paginate(ctx.em, AuditEntry, where, input);
  }

  private async findOrganization(ctx: Ctx, id: string): Promise<Organization> {
    const org = isUuid(id) ? await ctx.em.findOne(Organization, { id }) : null;
    if (!org) throw notFound('Organization');
    return org;
  }

  private userView(u: User): AdminUserView {
    return { id: u.id, email: u.email, role: u.role, orgId: u.orgId, active: u.active, emailVerified: u.emailVerified, createdAt: u.createdAt, isPlatformAdmin: this.auth.isPlatformAdmin(u) };
  }

  /** Persisted with the change it describes: both commit in the same flush, or neither does. */
  private audit(ctx: Ctx, admin: UserActor, a: AuditInput): void {
    ctx.em.create(AuditEntry, {
      actorUserId: admin.userId,
      actorEmail: admin.email,
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      orgId: a.orgId,
      before: a.before,
      after: a.after,
      requestId: ctx.requestId,
      ip: ctx.ip ?? null,
    });
  }

  /**
   * The change is committed: a failed cross-process NOTIFY must not turn it into an error. When it
   * fails the database is unreachable, and every process's notifier has then dropped its cache too.
   */
  private async afterCommit(fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      this.log.warn({ err }, 'cache invalidation after an admin change failed; caches reset on reconnect');
    }
  }

  private async withCounts(ctx: Ctx, orgs: Organization[]): Promise<AdminOrganizationView[]> {
    if (orgs.length === 0) return [];
    const rows: Array<{ id: string } & OrgCounts> = await ctx.em.execute(
      `select o.id,
              (select count(*) from users u where u.org_id = o.id)::int as "userCount",
              (select count(*) from api_keys k where k.org_id = o.id)::int as "apiKeyCount",
              (select count(*) from api_keys k where k.org_id = o.id and k.revoked_at is null)::int as "activeApiKeyCount",
              (select count(*) from calls c where c.org_id = o.id)::int as "callCount",
              (select count(*) from calls c where c.org_id = o.id and c.status in ('queued', 'ringing', 'in_progress'))::int as "openCallCount"
         from organizations o
        where o.id = any(?::uuid[])`,
      [uuidArray(orgs.map((o) => o.id))],
    );
    const counts = new Map(rows.map((r) => [r.id, r]));
    return orgs.map((o) => {
      const c = counts.get(o.id);
      return {
        id: o.id,
        name: o.name,
        active: o.active,
        webhookUrl: o.webhookUrl,
        createdAt: o.createdAt,
        updatedAt: o.updatedAt,
        userCount: c?.userCount ?? 0,
        apiKeyCount: c?.apiKeyCount ?? 0,
        activeApiKeyCount: c?.activeApiKeyCount ?? 0,
        callCount: c?.callCount ?? 0,
        openCallCount: c?.openCallCount ?? 0,
      };
    });
  }
}
