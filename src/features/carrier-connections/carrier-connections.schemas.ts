import { z } from 'zod';
import { phoneNumberSchema } from '../../common/phone';

// Canonical E.164 (a number written twice in two forms is one number, so "distinct" sees that).
const numbers = z.array(phoneNumberSchema).min(1, 'at least one caller-ID number is needed').max(50).refine((a) => new Set(a).size === a.length, 'numbers must be distinct');
const hostname = z
  .string()
  .min(1)
  .max(253)
  .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)$/, 'must be a host name or an IP address');

export const updateCarrierSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('simulator') }),
  z.strictObject({
    type: z.literal('sip'),
    host: hostname,
    port: z.number().int().min(1).max(65535).default(5060),
    transport: z.literal('udp', { message: 'only udp is supported' }).default('udp'),
    username: z.string().min(1).max(256).optional(),
    /** Omitted on a later PUT: the stored password is kept. */
    password: z.string().min(1).max(256).optional(),
    numbers,
  }),
  z.strictObject({
    type: z.literal('twilio'),
    account_sid: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID (AC followed by 32 hex characters)'),
    /** Omitted on a later PUT for the same account: the stored token is kept. */
    auth_token: z.string().min(8).max(256).optional(),
    numbers,
  }),
]);
export type UpdateCarrierInput = z.input<typeof updateCarrierSchema>;
export type ValidCarrierInput = z.output<typeof updateCarrierSchema>;
