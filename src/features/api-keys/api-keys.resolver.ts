import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { ApiKeyType, NewApiKeyType } from './api-keys.types';

@Resolver()
export class ApiKeysResolver {
  @Authorized()
  @Query(() => [ApiKeyType], { description: "The organization's API keys, newest first." })
  async apiKeys(@Ctx() { ctx, services }: GqlContext): Promise<ApiKeyType[]> {
    return services.apiKeys.list(ctx);
  }

  @Authorized()
  @Mutation(() => NewApiKeyType, { description: 'Owner only. The secret is returned this once.' })
  async createApiKey(@Arg('name', () => String, { nullable: true, description: 'A label for the key.' }) name: string | null, @Ctx() { ctx, services }: GqlContext): Promise<NewApiKeyType> {
    return services.apiKeys.create(ctx, { name });
  }

  @Authorized()
  @Mutation(() => ApiKeyType, { description: 'Owner only. Idempotent; effective on the next request.' })
  async revokeApiKey(@Arg('id', () => ID, { description: 'The key to revoke.' }) id: string, @Ctx() { ctx, services }: GqlContext): Promise<ApiKeyType> {
    return services.apiKeys.revoke(ctx, id);
  }
}
