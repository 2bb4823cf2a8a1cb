import { GraphQLScalarType, Kind } from 'graphql';
import { isoMicro } from '../shared/time';

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
