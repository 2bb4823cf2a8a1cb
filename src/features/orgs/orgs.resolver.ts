import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { OrganizationType } from '../users/users.types';
import { RotatedWebhookSecretType, WebhookSettingsType } from './orgs.types';

@Resolver()
export class OrganizationResolver {
  @Authorized()
  @Query(() => OrganizationType)
  async organization(@Ctx() { ctx, services }: GqlContext): Promise<OrganizationType> {
    return (await services.auth.me(ctx)).organization;
  }

  @Authorized()
  @Query(() => WebhookSettingsType)
  async webhook(@Ctx() { ctx, services }: GqlContext): Promise<WebhookSettingsType> {
    return services.webhookSettings.get(ctx);
  }

  @Authorized()
  @Mutation(() => WebhookSettingsType, { description: 'Owner only. Pass null to remove the default destination.' })
  async updateWebhook(
    @Arg('webhookUrl', () => String, { nullable: true }) webhookUrl: string | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<WebhookSettingsType> {
    return services.webhookSettings.update(ctx, { webhook_url: webhookUrl });
  }

  @Authorized()
  @Mutation(() => WebhookSettingsType, { description: 'Owner only. Enables the default endpoint again after it was disabled for failing; replay what it missed.' })
  async enableWebhook(@Ctx() { ctx, services }: GqlContext): Promise<WebhookSettingsType> {
    return services.webhookSettings.enable(ctx);
  }

  @Authorized()
  @Mutation(() => RotatedWebhookSecretType, { description: 'Owner only.' })
  async rotateWebhookSecret(@Ctx() { ctx, services }: GqlContext): Promise<RotatedWebhookSecretType> {
    return services.webhookSettings.rotateSecret(ctx);
  }
}
