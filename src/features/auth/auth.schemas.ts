import { z } from 'zod';
import { uuidString } from '../../shared/api-schemas';
import { ROLES } from '../../shared/roles';
import { emailSchema, passwordSchema } from '../../shared/validation';
import { newApiKeySchema } from '../api-keys/api-keys.schemas';
import { organizationSchema } from '../orgs/orgs.schemas';
import { userSchema } from '../users/users.schemas';

export const signupSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  organization_name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
});
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  // Login does not judge the e-mail's format: every failure is the same invalid_credentials.
  email: z.string().max(1000).transform((e) => e.trim().toLowerCase()),
  password: z.string().max(1000),
});
export type LoginInput = z.input<typeof loginSchema>;

// ---- responses ------------------------------------------------------------------------------

export const signupResponseSchema = z.strictObject({
  access_token: z.string().meta({ description: 'Dashboard JWT (HS256).' }),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().meta({ description: 'Seconds; JWT_EXPIRE_HOURS × 3600 (default 259200).' }),
  user: z.strictObject({ id: uuidString, email: z.string(), role: z.enum(ROLES), org_id: uuidString }),
  organization: z.strictObject({ id: uuidString, name: z.string() }),
  api_key: newApiKeySchema,
  webhook_secret: z
    .string()
    .regex(/^whsec_/)
    .meta({ description: 'Signs every webhook; shown here and on rotation only.' }),
});

export const loginResponseSchema = z.strictObject({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});

export const meResponseSchema = userSchema.extend({ organization: organizationSchema });
