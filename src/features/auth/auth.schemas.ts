import { z } from 'zod';
import { uuidString } from '../../common/api-schemas';
import { ROLES } from '../../common/roles';
import { emailSchema, passwordSchema } from '../../common/validation';
import { newApiKeySchema } from '../api-keys';
import { organizationSchema } from '../orgs';
import { userSchema } from '../users';

export const signupSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  organization_name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
});
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.strictObject({
  // Login does not judge the e-mail's format: every failure is the same invalid_credentials.
  email: z.string().max(1000).transform((e) => e.trim().toLowerCase()),
  password: z.string().max(1000),
});
export type LoginInput = z.input<typeof loginSchema>;

/** A mailed token: any string; whether it is good is the token store's answer (400 invalid_token). */
const mailTokenSchema = z.string().max(1000);

export const verifyEmailSchema = z.strictObject({ token: mailTokenSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

export const passwordResetRequestSchema = z.strictObject({
  // Like login: the format is not judged, so no answer ever differs (always 202).
  email: z.string().max(1000).transform((e) => e.trim().toLowerCase()),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.strictObject({ token: mailTokenSchema, password: passwordSchema });
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;

export const changePasswordSchema = z.strictObject({ current_password: z.string().max(1000), new_password: passwordSchema });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const acceptInvitationSchema = z.strictObject({ token: mailTokenSchema, password: passwordSchema });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

// ---- responses ------------------------------------------------------------------------------

export const signupResponseSchema = z.strictObject({
  access_token: z.string().meta({ description: 'Dashboard JWT (HS256).' }),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().meta({ description: 'Seconds; JWT_EXPIRE_HOURS × 3600 (default 259200).' }),
  user: z.strictObject({ id: uuidString, email: z.string(), role: z.enum(ROLES), org_id: uuidString, email_verified: z.boolean() }),
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

export const emailVerifiedSchema = z.strictObject({ email_verified: z.literal(true) });

export const acceptedSchema = z
  .strictObject({ status: z.literal('accepted') })
  .meta({ description: 'The request was taken; any mail leaves in the background.' });
