import { z } from 'zod';
import { EXAMPLE } from '../../common/api-schemas';
import { named, reply, route, type Routes } from '../../common/route';
import { presentApiKey, presentNewApiKey } from './api-keys.presenter';
import { API_KEY_EXAMPLE, NEW_API_KEY_EXAMPLE, apiKeySchema, createApiKeySchema, newApiKeySchema } from './api-keys.schemas';
import type { ApiKeysService } from './api-keys.service';

export interface ApiKeysDeps {
  apiKeys: ApiKeysService;
}

/** Mounted under /dashboard (JWT). */
export const apiKeysRoutes: Routes<ApiKeysDeps> = [
  route<ApiKeysDeps>({
    method: 'get',
    path: '/dashboard/api-keys',
    operationId: 'listApiKeys',
    summary: "The organization's API keys, newest first",
    description: 'A bare JSON array (the one list that is not paginated). Secrets are never listed.',
    tag: 'api-keys',
    auth: 'dashboard',
    responses: { 200: reply('The keys.', named('ApiKeyArray', z.array(apiKeySchema))) },
    errors: [],
    example: { response: [API_KEY_EXAMPLE] },
    handler: async ({ ctx }, { apiKeys }) => ({ status: 200, body: (await apiKeys.list(ctx)).map(presentApiKey) }),
  }),
  route<ApiKeysDeps>({
    method: 'post',
    path: '/dashboard/api-keys',
    operationId: 'createApiKey',
    summary: 'Create an API key (owner)',
    description: 'The response carries the full secret, this once. An empty body is fine.',
    tag: 'api-keys',
    auth: 'dashboard',
    body: { ...named('CreateApiKeyRequest', createApiKeySchema), required: false },
    responses: { 201: reply('Created.', named('NewApiKey', newApiKeySchema)) },
    errors: [422],
    example: { request: { name: 'staging' }, response: NEW_API_KEY_EXAMPLE },
    handler: async ({ ctx, body }, { apiKeys }) => ({ status: 201, body: presentNewApiKey(await apiKeys.create(ctx, body)) }),
  }),
  route<ApiKeysDeps>({
    method: 'post',
    path: '/dashboard/api-keys/{id}/revoke',
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key (owner)',
    description: 'Idempotent. Effective at once in every process (cache invalidation by NOTIFY).',
    tag: 'api-keys',
    auth: 'dashboard',
    responses: { 200: reply('The revoked key.', named('ApiKey', apiKeySchema)) },
    errors: [404],
    example: { response: { ...API_KEY_EXAMPLE, status: 'revoked', revoked_at: EXAMPLE.time } },
    handler: async ({ ctx, params }, { apiKeys }) => ({ status: 200, body: presentApiKey(await apiKeys.revoke(ctx, params.id!)) }),
  }),
];
