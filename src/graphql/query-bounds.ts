import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { NoSchemaIntrospectionCustomRule, type GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import type { Config } from '../config';

/** Armor's rules throw by default, which Apollo would treat as a crash: report them as validation errors instead. */
const reportAsValidationError = {
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
};

/** Depth, cost and alias bounds (GRAPHQL_MAX_*), for HTTP and WebSocket operations alike. */
export function queryBoundRules(limits: Config['graphqlLimits']) {
  return [
    maxDepthRule({ n: limits.maxDepth, ...reportAsValidationError }),
    costLimitRule({ maxCost: limits.maxCost, ...reportAsValidationError }),
    maxAliasesRule({ n: limits.maxAliases, ...reportAsValidationError }),
  ];
}

/**
 * Every rule beyond the specification's that refuses an operation before it runs, over HTTP and
 * WebSocket alike: the query bounds, and introspection when GRAPHQL_INTROSPECTION is off.
 */
export function refusalRules(config: Pick<Config, 'graphqlLimits' | 'graphqlIntrospection'>): ValidationRule[] {
  return [...queryBoundRules(config.graphqlLimits), ...(config.graphqlIntrospection ? [] : [NoSchemaIntrospectionCustomRule])];
}
