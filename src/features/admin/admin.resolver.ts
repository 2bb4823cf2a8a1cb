import { Arg, Args, Authorized, ID, Mutation, Query, Resolver } from 'type-graphql';
import { AuditActionEnum, CallStatusEnum, WebhookEventEnum } from '../../graphql/enums';
import { toConnection } from '../../graphql/connection';
import { PageArgs, pageInput } from '../../graphql/page-args';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import { type CallsService, toCallType } from '../calls';
import type { WebhookDelivery } from '../webhooks';
import type { AdminStats } from './admin-stats';
import type { AdminService } from './admin.service';
import {
  AdminApiKeyType,
  AdminCallConnection,
  AdminOrganizationConnection,
  AdminOrganizationType,
  AdminStatsType,
  AdminUserConnection,
  AdminUserType,
  AdminWebhookDeliveryConnection,
  AdminWebhookDeliveryType,
  AuditEntryConnection,
} from './admin.types';

const counts = (o: Record<string, number>) => Object.entries(o).map(([value, count]) => ({ value, count }));
const toStatsType = (s: AdminStats): AdminStatsType => ({
  ...s,
  calls: { ...s.calls, byStatus: counts(s.calls.byStatus) },
  webhookDeliveries: { ...s.webhookDeliveries, byState: counts(s.webhookDeliveries.byState) },
});
const toDeliveryType = (d: WebhookDelivery): AdminWebhookDeliveryType => ({ ...d, nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt : null });

/**
 * The admin part of GraphQL (the same names as /api/admin, docs/admin.md). `@Authorized()` proves a valid dashboard token;
 * the service decides platform-admin standing, exactly as for /api/admin/*.
 */
@Resolver()
export class AdminResolver {
  constructor(private readonly deps: { admin: AdminService; calls: Pick<CallsService, 'present'> }) {}

  @Authorized()
  @Query(() => AdminOrganizationConnection, { description: 'Platform admins only. Search by name, member e-mail or id.' })
  async adminOrganizations(
    @Args() page: PageArgs,
    @Arg('q', () => String, { nullable: true, description: 'Search text.' }) q: string | null,
    @Arg('active', () => Boolean, { nullable: true, description: 'Only active (true) or inactive (false) organizations.' }) active: boolean | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<AdminOrganizationConnection> {
    const result = await this.deps.admin.listOrganizations(ctx, { ...pageInput(page), q: q ?? undefined, active: active ?? undefined });
    return toConnection(result);
  }

  @Authorized()
  @Query(() => AdminOrganizationType, { description: 'Platform admins only.' })
  async adminOrganization(@Arg('id', () => ID, { description: 'The organization id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<AdminOrganizationType> {
    return this.deps.admin.getOrganization(ctx, id);
  }

  @Authorized()
  @Query(() => AdminUserConnection, { description: 'Platform admins only. Search by e-mail or id.' })
  async adminUsers(
    @Args() page: PageArgs,
    @Arg('q', () => String, { nullable: true, description: 'Search text.' }) q: string | null,
    @Arg('orgId', () => ID, { nullable: true, description: 'Only this organization.' }) orgId: string | null,
    @Arg('active', () => Boolean, { nullable: true, description: 'Only active (true) or inactive (false) users.' }) active: boolean | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<AdminUserConnection> {
    const result = await this.deps.admin.listUsers(ctx, {
      ...pageInput(page),
      q: q ?? undefined,
      org_id: orgId ?? undefined,
      active: active ?? undefined,
    });
    return toConnection(result);
  }

  @Authorized()
  @Query(() => AdminCallConnection, { description: 'Platform admins only.' })
  async adminCalls(
    @Args() page: PageArgs,
    @Arg('orgId', () => ID, { nullable: true, description: 'Only this organization.' }) orgId: string | null,
    @Arg('status', () => CallStatusEnum, { nullable: true, description: 'Only calls with this status.' }) status: string | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<AdminCallConnection> {
    const result = await this.deps.admin.listCalls(ctx, {
      ...pageInput(page),
      org_id: orgId ?? undefined,
      status: status ?? undefined,
    });
    return toConnection(result, (c) => ({ ...toCallType(this.deps.calls, c), orgId: c.orgId }));
  }

  @Authorized()
  @Query(() => AdminWebhookDeliveryConnection, { description: 'Platform admins only.' })
  async adminWebhookDeliveries(
    @Args() page: PageArgs,
    @Arg('orgId', () => ID, { nullable: true, description: 'Only this organization.' }) orgId: string | null,
    @Arg('delivered', () => Boolean, { nullable: true, description: 'Only delivered (true) or undelivered (false) deliveries.' }) delivered: boolean | null,
    @Arg('event', () => WebhookEventEnum, { nullable: true, description: 'Only this event.' }) event: string | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<AdminWebhookDeliveryConnection> {
    const result = await this.deps.admin.listWebhookDeliveries(ctx, {
      ...pageInput(page),
      org_id: orgId ?? undefined,
      delivered: delivered ?? undefined,
      event: event ?? undefined,
    });
    return toConnection(result, toDeliveryType);
  }

  @Authorized()
  @Query(() => AdminStatsType, { description: 'Platform admins only.' })
  async adminStats(@RequestCtx() ctx: Ctx): Promise<AdminStatsType> {
    return toStatsType(await this.deps.admin.stats(ctx));
  }

  @Authorized()
  @Query(() => AuditEntryConnection, { description: 'Platform admins only. Newest first.' })
  async adminAuditLog(
    @Args() page: PageArgs,
    @Arg('action', () => AuditActionEnum, { nullable: true, description: 'Only entries of this action.' }) action: string | null,
    @Arg('targetId', () => String, { nullable: true, description: 'Only entries about this target id.' }) targetId: string | null,
    @Arg('orgId', () => ID, { nullable: true, description: 'Only this organization.' }) orgId: string | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<AuditEntryConnection> {
    const result = await this.deps.admin.auditLog(ctx, {
      ...pageInput(page),
      action: action ?? undefined,
      target_id: targetId ?? undefined,
      org_id: orgId ?? undefined,
    });
    return toConnection(result);
  }

  @Authorized()
  @Mutation(() => AdminOrganizationType, { description: 'Platform admins only. Deactivation locks out tokens, keys and logins at once.' })
  async adminSetOrganizationActive(
    @Arg('id', () => ID, { description: 'The organization id.' }) id: string,
    @Arg('active', () => Boolean, { description: 'True to reactivate, false to deactivate.' }) active: boolean,
    @RequestCtx() ctx: Ctx,
  ): Promise<AdminOrganizationType> {
    return this.deps.admin.setOrganizationActive(ctx, id, active);
  }

  @Authorized()
  @Mutation(() => AdminUserType, { description: 'Platform admins only; not oneself.' })
  async adminSetUserActive(
    @Arg('id', () => ID, { description: 'The user id.' }) id: string,
    @Arg('active', () => Boolean, { description: 'True to reactivate, false to deactivate.' }) active: boolean,
    @RequestCtx() ctx: Ctx,
  ): Promise<AdminUserType> {
    return this.deps.admin.setUserActive(ctx, id, active);
  }

  @Authorized()
  @Mutation(() => AdminApiKeyType, { description: 'Platform admins only. Revokes any organization key (leaked-key response); idempotent.' })
  async adminRevokeApiKey(@Arg('id', () => ID, { description: 'The key id.' }) id: string, @RequestCtx() ctx: Ctx): Promise<AdminApiKeyType> {
    return this.deps.admin.revokeApiKey(ctx, id);
  }
}
