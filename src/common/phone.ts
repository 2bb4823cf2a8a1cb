import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js';
import { z } from 'zod';

/**
 * Phone numbers, at every boundary that takes one (a call's `to` and `from`, suppressions,
 * campaign recipients, the caller IDs of carrier connections, CALLER_ID): one form on the wire,
 * one canonical form stored and compared (docs/api.md, "Phone numbers").
 *
 * The rule: the text must look like E.164 ("+", then 8 to 15 digits, no leading 0), and
 * libphonenumber must find it *possible* for its country calling code (a known code and a length
 * that country's numbers can have). It is then stored as libphonenumber's E.164 form, which drops
 * a national trunk prefix written after the country code: +44 0 20 7123 4567 is +442071234567,
 * so a suppression of either form stops a call to the other.
 *
 * Possible, not *valid*: validity also checks the number against the ranges a country has
 * assigned, which (a) refuses the fictional ranges test numbers live in (+1 555 …, the
 * simulator's outcome numbers of any prefix) and (b) lags behind new ranges until the library is
 * updated. Whether a possible number is really reachable stays the carrier's verdict
 * (disposition `invalid_number`).
 */

/** The written form: "+", then 8 to 15 digits, no leading 0. */
export const E164_FORM = /^\+[1-9]\d{7,14}$/;
export const E164_FORM_MESSAGE = 'must be an E.164 number: + then 8 to 15 digits, no leading 0';

/** The canonical E.164 form of a number, or null when it is not a possible number of its country. */
export function canonicalPhoneNumber(raw: string): string | null {
  if (!E164_FORM.test(raw)) return null;
  const parsed = parsePhoneNumberFromString(raw);
  return parsed?.isPossible() ? parsed.number : null;
}

/** Why a well-formed number is not possible, in words (for the 422's field message). */
export function impossibleReason(raw: string): string {
  const code = parsePhoneNumberFromString(raw)?.countryCallingCode;
  switch (validatePhoneNumberLength(raw)) {
    case 'INVALID_COUNTRY':
      return 'is not a phone number: no country uses its country calling code';
    case 'TOO_SHORT':
      return `is too short for a phone number of its country (+${code})`;
    case 'TOO_LONG':
      return `is too long for a phone number of its country (+${code})`;
    default:
      return `has a length no phone number of its country (+${code}) has`;
  }
}

/**
 * A phone number field: refused with the field's name when it is not E.164 or not possible for
 * its country; otherwise parsed into its canonical form (still a string, so the OpenAPI document
 * shows it as one).
 */
// The canonical form the check below just found, handed to the overwrite that follows it in the
// same synchronous run of the string's checks, so libphonenumber parses each number once, not twice.
let justChecked: { raw: string; canonical: string } | undefined;

export const phoneNumberSchema = z
  .string()
  .regex(E164_FORM, { message: E164_FORM_MESSAGE, abort: true })
  .superRefine((raw, ctx) => {
    const canonical = canonicalPhoneNumber(raw);
    justChecked = canonical === null ? undefined : { raw, canonical };
    if (canonical === null) ctx.addIssue({ code: 'custom', message: impossibleReason(raw) });
  })
  .overwrite((raw) => {
    const canonical = justChecked?.raw === raw ? justChecked.canonical : (canonicalPhoneNumber(raw) ?? raw);
    justChecked = undefined;
    return canonical;
  })
  .meta({ description: 'E.164; stored and returned in canonical form (a trunk 0 after the country code dropped).', examples: ['+14155550123'] });
