import { GraphQLScalarType, Kind } from 'graphql';
import { isoMicro } from '../common/time';
import { E164_FORM } from '../common/phone';

/** Timestamps in GraphQL look exactly like REST's: ISO 8601 UTC, six fractional digits, +00:00. */
export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description: 'ISO 8601 UTC timestamp with microseconds and a +00:00 offset, e.g. 2026-11-22T10:15:30.123456+00:00',
  serialize: (value) => {
    if (value instanceof Date) return isoMicro(value);
    if (typeof value === 'string') return value;
    throw new TypeError('DateTime cannot represent this value');
  },
  parseValue: (value) => {
    const d = new Date(String(value));
    if (Number.isNaN(d.getTime())) throw new TypeError('DateTime must be an ISO 8601 date-time');
    return d;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new TypeError('DateTime must be a string');
    const d = new Date(ast.value);
    if (Number.isNaN(d.getTime())) throw new TypeError('DateTime must be an ISO 8601 date-time');
    return d;
  },
});

/** A string scalar checked by `valid` on input and passed through unchanged on output (REST shows the same string). */
function checkedString(name: string, description: string, specifiedByURL: string | undefined, valid: (s: string) => boolean, expected: string) {
  const parse = (value: unknown): string => {
    if (typeof value !== 'string' || !valid(value)) throw new TypeError(`${name} must be ${expected}`);
    return value;
  };
  return new GraphQLScalarType<string, string>({
    name,
    description,
    specifiedByURL,
    serialize: (value) => {
      if (typeof value !== 'string') throw new TypeError(`${name} cannot represent this value`);
      return value;
    },
    parseValue: parse,
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) throw new TypeError(`${name} must be a string`);
      return parse(ast.value);
    },
  });
}

const isHttpUrl = (s: string): boolean => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

export const UrlScalar = checkedString(
  'URL',
  'An absolute http(s) URL, e.g. https://example.com/hooks. Returned exactly as it was given.',
  'https://url.spec.whatwg.org/',
  isHttpUrl,
  'an absolute http(s) URL',
);

export const EmailAddressScalar = checkedString(
  'EmailAddress',
  'An e-mail address, e.g. ada@example.com (stored trimmed and lower-cased).',
  'https://www.rfc-editor.org/rfc/rfc5322',
  (s) => s.length <= 320 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim()),
  'an e-mail address',
);

export const PhoneNumberScalar = checkedString(
  'PhoneNumber',
  'A phone number in E.164 form: "+", then 8 to 15 digits, no leading 0, e.g. +14155550123.',
  'https://www.itu.int/rec/T-REC-E.164',
  // The written form only; the services parse it (possible for its country, canonical form).
  (s) => E164_FORM.test(s),
  'an E.164 number: + then 8 to 15 digits, no leading 0',
);
