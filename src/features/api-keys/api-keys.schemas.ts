import { z } from 'zod';
import { EXAMPLE, nullable, timestamp, uuidString } from '../../common/api-schemas';

export const createApiKeySchema = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').nullish(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

// ---- responses (api-keys.presenter.ts) ------------------------------------------------------

export const apiKeySchema = z.strictObject({
  id: uuidString,
  name: nullable(z.string()),
  prefix: z.string().length(16).meta({ description: 'First 16 characters of the secret.' }),
  created_at: timestamp,
  last_used_at: nullable(timestamp).meta({ description: 'Updated at most once a minute per key.' }),
  revoked_at: nullable(timestamp),
  status: z.enum(['active', 'revoked']),
});

export const newApiKeySchema = apiKeySchema.extend({
  secret: z
    .string()
    .regex(/^sk_live_/)
    .meta({ description: 'The full key: shown in this response only, never again.' }),
});

export const API_KEY_EXAMPLE = {
  id: EXAMPLE.apiKeyId,
  name: 'staging',
  prefix: 'sk_live_4f9a2c1e',
  created_at: EXAMPLE.time,
  last_used_at: null,
  revoked_at: null,
  status: 'active',
};
export const NEW_API_KEY_EXAMPLE = { ...API_KEY_EXAMPLE, secret: 'sk_live_4f9a2c1e8b7d6a5f4e3d2c1b0a9f8e7d' };
