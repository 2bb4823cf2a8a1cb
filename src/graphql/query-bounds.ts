import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { GraphQLError, ValidationContext } from 'graphql';
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
