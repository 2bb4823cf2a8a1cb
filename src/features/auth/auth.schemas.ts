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
