import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, toAppError } from '../common/errors';

/**
 * graphql-js appends hints that name schema members ("Did you mean …?") to validation and
 * variable-coercion messages; with introspection off they would map the schema anyway.
 */
const SUGGESTION = / ?Did you mean .+?\?(?=$|;)/g;

/**
 * The GraphQL face of AppError: `extensions.code` in GraphQL's upper-case convention and
 * `extensions.reason` with the REST code. Unknown errors are never shown as they are.
 */
export function createFormatError(opts: { hideSchemaDetails: boolean }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError =>
    formatErrorWith(opts.hideSchemaDetails ? { ...formatted, message: formatted.message.replace(SUGGESTION, '') } : formatted, error);
}

export const formatError = createFormatError({ hideSchemaDetails: false });

/**
 * Apollo refuses some requests before parsing them with a bare GraphQLError that has an HTTP 4xx
 * status but no code ("provided sha does not match query", "Unsupported persisted query version"):
 * they are the client's mistake, so they are answered as BAD_REQUEST, not as an internal error.
 */
function isApolloRequestError(error: unknown): boolean {
  if (!(error instanceof GraphQLError) || error.originalError || error.extensions.code !== undefined) return false;
  const status = (error.extensions.http as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function formatErrorWith(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  if (isApolloRequestError(error)) {
    return { message: formatted.message, extensions: { code: 'BAD_REQUEST', reason: 'bad_request' } };
  }
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
