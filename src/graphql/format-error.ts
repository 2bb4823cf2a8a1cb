import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, toAppError } from '../shared/errors';

/**
 * The GraphQL face of AppError: `extensions.code` in GraphQL's upper-case convention and
 * `extensions.reason` with the REST code. Unknown errors are never shown as they are.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const fromGraphql = formatted.extensions?.code;
  if (!(original instanceof AppError) && typeof fromGraphql === 'string' && fromGraphql !== 'INTERNAL_SERVER_ERROR') {
    // graphql-js and Apollo's own errors (syntax, validation, bad variables) are safe as they are;
    // ours raised as GraphQLError (authentication in the context) keep their REST reason.
    const reason = formatted.extensions?.reason;
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code: fromGraphql, ...(typeof reason === 'string' ? { reason } : {}) } };
  }
  const appError = original instanceof AppError ? original : toAppError(original);
  return {
    message: appError.message,
    locations: formatted.locations,
    path: formatted.path,
    extensions: {
      code: appError.graphqlCode,
      reason: appError.code,
      ...(appError.errors ? { errors: appError.errors } : {}),
    },
  };
}
