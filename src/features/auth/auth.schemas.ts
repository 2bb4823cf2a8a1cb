import { z } from 'zod';
import { emailSchema, passwordSchema } from '../../shared/validation';

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

/** A mailed token: any string; whether it is good is the token store's answer (400 invalid_token). */
const mailTokenSchema = z.string().max(1000);

export const verifyEmailSchema = z.object({ token: mailTokenSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

export const passwordResetRequestSchema = z.object({
  // Like login: the format is not judged, so no answer ever differs (always 202).
  email: z.string().max(1000).transform((e) => e.trim().toLowerCase()),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({ token: mailTokenSchema, password: passwordSchema });
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;

export const changePasswordSchema = z.object({ current_password: z.string().max(1000), new_password: passwordSchema });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const acceptInvitationSchema = z.object({ token: mailTokenSchema, password: passwordSchema });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;
