import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { authChecker } from './auth-checker';
import type { GqlContext } from './context';
import { RESOLVERS } from './resolvers';

let cached: GraphQLSchema | undefined;

/**
 * type-graphql insists on a PubSub once there are subscriptions; ours bring their own `subscribe`
 * (fed by PostgreSQL LISTEN/NOTIFY, see subscriptions/live-updates.ts), so topics are never used.
 */
const noTopics = {
  publish: () => {
    throw new Error('topics are not used: subscriptions define their own subscribe()');
  },
  subscribe: () => {
    throw new Error('topics are not used: subscriptions define their own subscribe()');
  },
};

/** Built once per process; `npm run schema` prints the same thing into schema.graphql. */
export function buildGraphqlSchema(): GraphQLSchema {
  if (!cached) {
    cached = buildSchemaSync({
      resolvers: [...RESOLVERS],
      authChecker,
      validate: false,
      emitSchemaFile: false,
      pubSub: noTopics,
      // Resolver instances come from the request's context (built with their services in server.ts).
      container: ({ context }) => (context as GqlContext).resolvers,
    });
    // type-graphql has no option for the root types' descriptions.
    cached.getQueryType()!.description = 'What a dashboard or an administrator reads. Every field is scoped to the organization of the token.';
    cached.getMutationType()!.description = 'What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md).';
    cached.getSubscriptionType()!.description = 'Live updates over WebSocket (graphql-transport-ws on /graphql), authenticated in connection_init.';
  }
  return cached;
}

export const printGraphqlSchema = (): string => printSchema(lexicographicSortSchema(buildGraphqlSchema())) + '\n';
