import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { OrganizationType } from '../users/users.types';
import { RotatedWebhookSecretType, WebhookSettingsType } from './orgs.types';

@Resolver()
export class OrganizationResolver {
  @Authorized()
  @Query(() => OrganizationType, { description: "The signed-in user's organization." })
  async organization(@Ctx() { ctx, services }: GqlContext): Promise<OrganizationType> {
    return (await services.auth.me(ctx)).organization;
  }

  @Authorized()
  @Query(() => WebhookSettingsType, { description: "The organization's webhook settings." })
  async webhook(@Ctx() { ctx, services }: GqlContext): Promise<WebhookSettingsType> {
    return services.webhookSettings.get(ctx);
  }

  @Authorized()
  @Mutation(() => WebhookSettingsType, { description: 'Owner only. Pass null to remove the default destination.' })
  async updateWebhook(
    @Arg('webhookUrl', () => String, { nullable: true, description: 'The new default destination, or null to remove it.' }) webhookUrl: string | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<WebhookSettingsType> {
    return services.webhookSettings.update(ctx, { webhook_url: webhookUrl });
  }

  @Authorized()
  @Mutation(() => RotatedWebhookSecretType, { description: 'Owner only.' })
  async rotateWebhookSecret(@Ctx() { ctx, services }: GqlContext): Promise<RotatedWebhookSecretType> {
    return services.webhookSettings.rotateSecret(ctx);
  }
}
