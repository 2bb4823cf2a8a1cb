import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { expressMiddleware } from '@as-integrations/express5';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { RequestHandler } from 'express';
import type { GraphQLError, ValidationContext } from 'graphql';
import type { Services } from '../services';
import { bearerToken } from '../rest/auth.middleware';
import type { GqlContext } from './context';
import { formatError } from './format-error';
import { buildGraphqlSchema } from './schema';

/** Armor's rules throw by default, which Apollo would treat as a crash: report them as validation errors instead. */
const reportAsValidationError = {
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
};

export async function createGraphqlMiddleware(services: Services): Promise<{ middleware: RequestHandler; stop: () => Promise<void> }> {
  const production = services.config.nodeEnv === 'production';
  // Query bounds (GRAPHQL_MAX_*): refused during validation, before any resolver runs.
  const limits = services.config.graphqlLimits;
  const server = new ApolloServer<GqlContext>({
    schema: buildGraphqlSchema(),
    formatError,
    includeStacktraceInErrorResponses: false,
    introspection: true,
    csrfPrevention: true,
    validationRules: [
      maxDepthRule({ n: limits.maxDepth, ...reportAsValidationError }),
      costLimitRule({ maxCost: limits.maxCost, ...reportAsValidationError }),
      maxAliasesRule({ n: limits.maxAliases, ...reportAsValidationError }),
    ],
    plugins: [production ? ApolloServerPluginLandingPageDisabled() : ApolloServerPluginLandingPageLocalDefault({ embed: true })],
  });
  await server.start();
  const middleware = expressMiddleware(server, {
    context: async ({ req }) => {
      let auth: Promise<void> | undefined;
      return {
        ctx: req.ctx,
        services,
        req,
        authenticate: () =>
          (auth ??= (async () => {
            req.ctx.actor = await services.auth.authenticate(req.ctx, bearerToken(req));
          })()),
      };
    },
  });
  return { middleware, stop: () => server.stop() };
}
