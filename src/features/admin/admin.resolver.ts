import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { AuditActionEnum, CallStatusEnum, WebhookEventEnum } from '../../graphql/enums';
import { toConnection } from '../../graphql/connection';
import type { GqlContext } from '../../graphql/context';
import { toCallType } from '../calls/calls.resolver';
import type { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import type { AdminStats } from './admin-stats';
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
 * The admin part of GraphQL (CONTRACT §9 names). `@Authorized()` proves a valid dashboard token;
 * the service decides platform-admin standing, exactly as for /api/admin/*.
 */
@Resolver()
export class AdminResolver {
  @Authorized()
  @Query(() => AdminOrganizationConnection, { description: 'Platform admins only. Search by name, member e-mail or id.' })
  async adminOrganizations(
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 100; default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'Cursor from pageInfo.endCursor of the previous page.' }) after: string | null,
    @Arg('q', () => String, { nullable: true, description: 'Search text.' }) q: string | null,
    @Arg('active', () => Boolean, { nullable: true, description: 'Only active (true) or inactive (false) organizations.' }) active: boolean | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<AdminOrganizationConnection> {
    const page = await services.admin.listOrganizations(ctx, { limit: first ?? undefined, cursor: after ?? undefined, q: q ?? undefined, active: active ?? undefined });
    return toConnection(page);
  }

  @Authorized()
  @Query(() => AdminOrganizationType, { description: 'Platform admins only.' })
  async adminOrganization(@Arg('id', () => ID, { description: 'The organization id.' }) id: string, @Ctx() { ctx, services }: GqlContext): Promise<AdminOrganizationType> {
    return services.admin.getOrganization(ctx, id);
  }

  @Authorized()
  @Query(() => AdminUserConnection, { description: 'Platform admins only. Search by e-mail or id.' })
  async adminUsers(
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 100; default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'Cursor from pageInfo.endCursor of the previous page.' }) after: string | null,
    @Arg('q', () => String, { nullable: true, description: 'Search text.' }) q: string | null,
    @Arg('orgId', () => ID, { nullable: true, description: 'Only this organization.' }) orgId: string | null,
    @Arg('active', () => Boolean, { nullable: true, description: 'Only active (true) or inactive (false) users.' }) active: boolean | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<AdminUserConnection> {
    const page = await services.admin.listUsers(ctx, {
      limit: first ?? undefined,
      cursor: after ?? undefined,
      q: q ?? undefined,
      org_id: orgId ?? undefined,
      active: active ?? undefined,
    });
    return toConnection(page);
  }

  @Authorized()
  @Query(() => AdminCallConnection, { description: 'Platform admins only.' })
  async adminCalls(
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 100; default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'Cursor from pageInfo.endCursor of the previous page.' }) after: string | null,
    @Arg('orgId', () => ID, { nullable: true, description: 'Only this organization.' }) orgId: string | null,
    @Arg('status', () => CallStatusEnum, { nullable: true, description: 'Only calls with this status.' }) status: string | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<AdminCallConnection> {
    const page = await services.admin.listCalls(ctx, {
      limit: first ?? undefined,
      cursor: after ?? undefined,
      org_id: orgId ?? undefined,
      status: (status ?? undefined) as never,
    });
    return toConnection(page, (c) => ({ ...toCallType(services.calls, c), orgId: c.orgId }));
  }

  @Authorized()
  @Query(() => AdminWebhookDeliveryConnection, { description: 'Platform admins only.' })
  async adminWebhookDeliveries(
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 100; default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'Cursor from pageInfo.endCursor of the previous page.' }) after: string | null,
    @Arg('orgId', () => ID, { nullable: true, description: 'Only this organization.' }) orgId: string | null,
    @Arg('delivered', () => Boolean, { nullable: true, description: 'Only delivered (true) or undelivered (false) deliveries.' }) delivered: boolean | null,
    @Arg('event', () => WebhookEventEnum, { nullable: true, description: 'Only this event.' }) event: string | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<AdminWebhookDeliveryConnection> {
    const page = await services.admin.listWebhookDeliveries(ctx, {
      limit: first ?? undefined,
      cursor: after ?? undefined,
      org_id: orgId ?? undefined,
      delivered: delivered ?? undefined,
      event: (event ?? undefined) as never,
    });
    return toConnection(page, toDeliveryType);
  }

  @Authorized()
  @Query(() => AdminStatsType, { description: 'Platform admins only.' })
  async adminStats(@Ctx() { ctx, services }: GqlContext): Promise<AdminStatsType> {
    return toStatsType(await services.admin.stats(ctx));
  }

  @Authorized()
  @Query(() => AuditEntryConnection, { description: 'Platform admins only. Newest first.' })
  async adminAuditLog(
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 100; default 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'Cursor from pageInfo.endCursor of the previous page.' }) after: string | null,
    @Arg('action', () => AuditActionEnum, { nullable: true, description: 'Only entries of this action.' }) action: string | null,
    @Arg('targetId', () => String, { nullable: true, description: 'Only entries about this target id.' }) targetId: string | null,
    @Arg('orgId', () => ID, { nullable: true, description: 'Only this organization.' }) orgId: string | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<AuditEntryConnection> {
    const page = await services.admin.auditLog(ctx, {
      limit: first ?? undefined,
      cursor: after ?? undefined,
      action: action ?? undefined,
      target_id: targetId ?? undefined,
      org_id: orgId ?? undefined,
    });
    return toConnection(page);
  }

  @Authorized()
  @Mutation(() => AdminOrganizationType, { description: 'Platform admins only. Deactivation locks out tokens, keys and logins at once.' })
  async adminSetOrganizationActive(
    @Arg('id', () => ID, { description: 'The organization id.' }) id: string,
    @Arg('active', () => Boolean, { description: 'True to reactivate, false to deactivate.' }) active: boolean,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<AdminOrganizationType> {
    return services.admin.setOrganizationActive(ctx, id, active);
  }

  @Authorized()
  @Mutation(() => AdminUserType, { description: 'Platform admins only; not oneself.' })
  async adminSetUserActive(
    @Arg('id', () => ID, { description: 'The user id.' }) id: string,
    @Arg('active', () => Boolean, { description: 'True to reactivate, false to deactivate.' }) active: boolean,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<AdminUserType> {
    return services.admin.setUserActive(ctx, id, active);
  }

  @Authorized()
  @Mutation(() => AdminApiKeyType, { description: 'Platform admins only. Revokes any organization key (leaked-key response); idempotent.' })
  async adminRevokeApiKey(@Arg('id', () => ID, { description: 'The key id.' }) id: string, @Ctx() { ctx, services }: GqlContext): Promise<AdminApiKeyType> {
    return services.admin.revokeApiKey(ctx, id);
  }
}
