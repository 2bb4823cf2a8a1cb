import { Arg, Authorized, ID, Mutation, Query, Resolver } from 'type-graphql';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import type { ApiKeysService } from './api-keys.service';
import { ApiKeyType, NewApiKeyType } from './api-keys.types';

@Resolver()
export class ApiKeysResolver {
  constructor(private readonly deps: { apiKeys: ApiKeysService }) {}

  @Authorized()
  @Query(() => [ApiKeyType], { description: "The organization's API keys, newest first." })
  async apiKeys(@RequestCtx() ctx: Ctx): Promise<ApiKeyType[]> {
    return this.deps.apiKeys.list(ctx);
  }

  @Authorized()
  @Mutation(() => NewApiKeyType, { description: 'Owner only. The secret is returned this once.' })
  async createApiKey(@Arg('name', () => String, { nullable: true, description: 'A label for the key.' }) name: string | null, @RequestCtx() ctx: Ctx): Promise<NewApiKeyType> {
    return this.deps.apiKeys.create(ctx, { name });
  }

  @Authorized()
  @Mutation(() => ApiKeyType, { description: 'Owner only. Idempotent; effective on the next request.' })
  async revokeApiKey(@Arg('id', () => ID, { description: 'The key to revoke.' }) id: string, @RequestCtx() ctx: Ctx): Promise<ApiKeyType> {
    return this.deps.apiKeys.revoke(ctx, id);
  }
}
