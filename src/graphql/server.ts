import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { expressMiddleware } from '@as-integrations/express5';
import type { RequestHandler } from 'express';
import { GraphQLError } from 'graphql';
import { AppError, toAppError } from '../common/errors';
import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { Services } from '../services';
import { bearerToken } from '../common/bearer-token';
import type { GqlContext } from './context';
import { createFormatError } from './format-error';
import { refusalRules } from './query-bounds';
import { createResolverContainer } from './resolvers';
import { buildGraphqlSchema } from './schema';
import { startSubscriptionServer, type SubscriptionServer } from './subscriptions/ws-server';
import type { Server } from 'node:http';

/**
 * Resolver errors normally travel in a 200 response; throttling and outages should not, so a
 * client's HTTP layer can back off: 429/503 and their headers (Retry-After, RateLimit) are copied.
 *
 * Every response is private to its token and never cacheable, so it says `no-store` itself.
 * That is all Apollo's default cache-control plugin ever concluded here (no field has a cache
 * hint), and that plugin wrapped every field's resolver to compute hints: about a fifth of the
 * GraphQL CPU of a 90-day analytics answer (about 2,500 fields). It is disabled below.
 */
const httpStatusOfThrottling: ApolloServerPlugin<GqlContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response, errors }) {
        response.http.headers.set('cache-control', 'no-store');
        const appError = (errors ?? []).map((e) => unwrapResolverError(e)).find((e): e is AppError => e instanceof AppError && (e.status === 429 || e.status === 503));
        if (!appError) return;
        response.http.status = appError.status;
        for (const [k, v] of Object.entries(appError.headers ?? {})) response.http.headers.set(k.toLowerCase(), v);
      },
    };
  },
};

export interface GraphqlEndpoint {
  middleware: RequestHandler;
  /** Serves subscriptions (graphql-ws) on the same HTTP server and path. */
  attach(server: Server): void;
  stop(): Promise<void>;
}

export async function createGraphqlMiddleware(services: Services): Promise<GraphqlEndpoint> {
  let subscriptions: SubscriptionServer | undefined;
  // Apollo's stop() drains HTTP requests, then this closes the WebSocket server and its sockets.
  const drainSubscriptions: ApolloServerPlugin<GqlContext> = {
    async serverWillStart() {
      return { drainServer: async () => { await subscriptions?.dispose(); } };
    },
  };
  const production = services.config.nodeEnv === 'production';
  const server = new ApolloServer<GqlContext>({
    schema: buildGraphqlSchema(),
    // GRAPHQL_INTROSPECTION (off in production by default) also hides "Did you mean …" hints,
    // which would otherwise reveal the schema one guess at a time (docs/security.md).
    formatError: createFormatError({ hideSchemaDetails: !services.config.graphqlIntrospection }),
    hideSchemaDetailsFromClientErrors: !services.config.graphqlIntrospection,
    includeStacktraceInErrorResponses: false,
    // Introspection is refused by refusalRules (the same rule serves the WebSocket), not by Apollo's own.
    introspection: true,
    csrfPrevention: true,
    // Query bounds (GRAPHQL_MAX_*) and introspection: refused during validation, before any resolver runs.
    validationRules: refusalRules(services.config),
    plugins: [httpStatusOfThrottling, drainSubscriptions, ApolloServerPluginCacheControlDisabled(), production ? ApolloServerPluginLandingPageDisabled() : ApolloServerPluginLandingPageLocalDefault({ embed: true })],
  });
  await server.start();
  const resolvers = createResolverContainer(services);
  const middleware = expressMiddleware(server, {
    context: async ({ req }) => {
      let auth: Promise<void> | undefined;
      // A credential that is present must be valid (docs/api.md, "Authentication": an API key on /graphql is a 401),
      // so a bad one fails the whole request with the HTTP status REST would use.
      if (req.headers.authorization) {
        try {
          req.ctx.actor = await services.auth.authenticate(req.ctx, bearerToken(req.headers.authorization));
          auth = Promise.resolve();
        } catch (err) {
          const e = toAppError(err);
          throw new GraphQLError(e.message, { extensions: { code: e.graphqlCode, reason: e.code, http: { status: e.status } } });
        }
      }
      return {
        ctx: req.ctx,
        resolvers,
        authenticate: () =>
          (auth ??= (async () => {
            req.ctx.actor = await services.auth.authenticate(req.ctx, bearerToken(req.headers.authorization));
          })()),
      };
    },
  });
  return {
    middleware,
    attach: (http) => {
      subscriptions ??= startSubscriptionServer(http, services, resolvers);
    },
    stop: () => server.stop(),
  };
}
