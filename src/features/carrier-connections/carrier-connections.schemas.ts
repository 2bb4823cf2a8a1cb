import { isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';
import { phoneNumberSchema } from '../../common/phone';

// Canonical E.164 (a number written twice in two forms is one number, so "distinct" sees that).
const numbers = z.array(phoneNumberSchema).min(1, 'at least one caller-ID number is needed').max(50).refine((a) => new Set(a).size === a.length, 'numbers must be distinct');
/**
 * RFC 3261 25.1 `host`: hostname (labels of letters, digits and inner hyphens; the last one
 * starts with a letter), IPv4address, or IPv6reference in brackets.
 */
const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TOP_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOSTNAME = new RegExp(`^(?:${DOMAIN_LABEL}\\.)*${TOP_LABEL}\\.?$`);
const hostname = z
  .string()
  .min(1)
  .max(253)
  .refine(
    (h) => HOSTNAME.test(h) || isIPv4(h) || (h.startsWith('[') && h.endsWith(']') && isIPv6(h.slice(1, -1))),
    'must be a host name, an IPv4 address or an IPv6 address in brackets (RFC 3261)',
  );
/**
 * RFC 3261 25.1 `user` (unreserved, escaped and user-unreserved characters): what a SIP URI's user
 * part may hold, and nothing that could end the quoted string of a digest user name or a header line.
 */
const sipUser = z
  .string()
  .min(1)
  .max(256)
  .regex(/^(?:[A-Za-z0-9\-_.!~*'()&=+$,;?/]|%[0-9A-Fa-f]{2})+$/, "may contain only letters, digits, %XX escapes and - _ . ! ~ * ' ( ) & = + $ , ; ? / (RFC 3261 user)");
/**
 * The digest password never goes on the wire (only its hash does), so any printable character is
 * accepted; control characters (CR, LF, NUL…) are not.
 */
const sipPassword = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[^\u0000-\u001f\u007f-\u009f]+$/, 'may not contain control characters (such as CR or LF)');

export const updateCarrierSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('simulator') }),
  z.strictObject({
    type: z.literal('sip'),
    host: hostname,
    port: z.number().int().min(1).max(65535).default(5060),
    transport: z.literal('udp', { message: 'only udp is supported' }).default('udp'),
    username: sipUser.optional(),
    /** Omitted on a later PUT for the same host, port and user name: the stored password is kept. */
    password: sipPassword.optional(),
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
