import { z } from 'zod';

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').nullish(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
