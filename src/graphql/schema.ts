import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { AdminResolver } from '../features/admin/admin.resolver';
import { ApiKeysResolver } from '../features/api-keys/api-keys.resolver';
import { AuthResolver } from '../features/auth/auth.resolver';
import { CallsResolver } from '../features/calls/calls.resolver';
import { OrganizationResolver } from '../features/orgs/orgs.resolver';
import { MembersResolver } from '../features/users/members.resolver';
import { DeliveriesResolver } from '../features/webhooks/deliveries.resolver';
import { authChecker } from './auth-checker';
import { NodeResolver } from './node.resolver';
import { SubscriptionsResolver } from './subscriptions/subscriptions.resolver';

export const RESOLVERS = [AuthResolver, OrganizationResolver, MembersResolver, ApiKeysResolver, CallsResolver, DeliveriesResolver, AdminResolver, NodeResolver, SubscriptionsResolver] as const;

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
    cached = buildSchemaSync({ resolvers: [...RESOLVERS], authChecker, validate: false, emitSchemaFile: false, pubSub: noTopics });
    // type-graphql has no option for the root types' descriptions.
    cached.getQueryType()!.description = 'What a dashboard or an administrator reads. Every field is scoped to the organization of the token.';
    cached.getMutationType()!.description = 'What a dashboard or an administrator changes. Expected failures carry extensions.code and extensions.reason (docs/graphql.md).';
    cached.getSubscriptionType()!.description = 'Live updates over WebSocket (graphql-transport-ws on /graphql), authenticated in connection_init.';
  }
  return cached;
}

export const printGraphqlSchema = (): string => printSchema(lexicographicSortSchema(buildGraphqlSchema())) + '\n';
