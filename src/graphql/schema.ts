import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { AdminResolver } from '../features/admin/admin.resolver';
import { ApiKeysResolver } from '../features/api-keys/api-keys.resolver';
import { AuthResolver } from '../features/auth/auth.resolver';
import { CallsResolver } from '../features/calls/calls.resolver';
import { CampaignsResolver } from '../features/campaigns/campaigns.resolver';
import { OrganizationResolver } from '../features/orgs/orgs.resolver';
import { MembersResolver } from '../features/users/members.resolver';
import { DeliveriesResolver } from '../features/webhooks/deliveries.resolver';
import { authChecker } from './auth-checker';

export const RESOLVERS = [AuthResolver, OrganizationResolver, MembersResolver, ApiKeysResolver, CallsResolver, DeliveriesResolver, AdminResolver, CampaignsResolver] as const;

let cached: GraphQLSchema | undefined;

/** Built once per process; `npm run schema` prints the same thing into schema.graphql. */
export function buildGraphqlSchema(): GraphQLSchema {
  cached ??= buildSchemaSync({ resolvers: [...RESOLVERS], authChecker, validate: false, emitSchemaFile: false });
  return cached;
}

export const printGraphqlSchema = (): string => printSchema(lexicographicSortSchema(buildGraphqlSchema())) + '\n';
