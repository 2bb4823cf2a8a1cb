import { Arg, Authorized, Mutation, Query, Resolver } from 'type-graphql';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import type { Organization } from './organization.entity';
import { OrganizationType, RotatedWebhookSecretType, WebhookSettingsType } from './orgs.types';
import type { WebhookSettingsService } from './webhook-settings.service';

export interface OrganizationResolverDeps {
  /** The current user's organization (AuthService.me). */
  auth: { me(ctx: Ctx): Promise<{ organization: Organization }> };
  webhookSettings: WebhookSettingsService;
}

@Resolver()
export class OrganizationResolver {
  constructor(private readonly deps: OrganizationResolverDeps) {}

  @Authorized()
  @Query(() => OrganizationType, { description: "The signed-in user's organization." })
  async organization(@RequestCtx() ctx: Ctx): Promise<OrganizationType> {
    return (await this.deps.auth.me(ctx)).organization;
  }

  @Authorized()
  @Query(() => WebhookSettingsType, { description: "The organization's webhook settings." })
  async webhook(@RequestCtx() ctx: Ctx): Promise<WebhookSettingsType> {
    return this.deps.webhookSettings.get(ctx);
  }

  @Authorized()
  @Mutation(() => WebhookSettingsType, { description: 'Owner only. Pass null to remove the default destination.' })
  async updateWebhook(
    @Arg('webhookUrl', () => String, { nullable: true, description: 'The new default destination, or null to remove it.' }) webhookUrl: string | null,
    @RequestCtx() ctx: Ctx,
  ): Promise<WebhookSettingsType> {
    return this.deps.webhookSettings.update(ctx, { webhook_url: webhookUrl });
  }

  @Authorized()
  @Mutation(() => WebhookSettingsType, { description: 'Owner only. Enables the default endpoint again after it was disabled for failing; replay what it missed.' })
  async enableWebhook(@RequestCtx() ctx: Ctx): Promise<WebhookSettingsType> {
    return this.deps.webhookSettings.enable(ctx);
  }

  @Authorized()
  @Mutation(() => RotatedWebhookSecretType, { description: 'Owner only.' })
  async rotateWebhookSecret(@RequestCtx() ctx: Ctx): Promise<RotatedWebhookSecretType> {
    return this.deps.webhookSettings.rotateSecret(ctx);
  }
}
