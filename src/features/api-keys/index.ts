/**
 * The api-keys feature's public module: what other features may use of it (the layer rules in
 * docs/architecture.md; test/unit/dependency-rules.test.ts enforces them).
 */
export type { ApiKeyCache } from './api-key-cache';
export { generateApiKeySecret } from './api-key-secret';
export { ApiKey } from './api-key.entity';
export { presentApiKey, presentNewApiKey } from './api-keys.presenter';
export { API_KEY_EXAMPLE, NEW_API_KEY_EXAMPLE, apiKeySchema, newApiKeySchema } from './api-keys.schemas';
export type { ApiKeysService } from './api-keys.service';
export { ApiKeyType, NewApiKeyType } from './api-keys.types';
