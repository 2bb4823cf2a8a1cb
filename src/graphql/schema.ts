import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { authChecker } from './auth-checker';
import type { GqlContext } from './context';
import { RESOLVERS } from './resolvers';

let cached: GraphQLSchema | undefined;

/** Built once per process; `npm run schema` prints the same thing into schema.graphql. */
export function buildGraphqlSchema(): GraphQLSchema {
  cached ??= buildSchemaSync({
    resolvers: [...RESOLVERS],
    authChecker,
    validate: false,
    emitSchemaFile: false,
    // Resolver instances come from the request's context (built with their services in server.ts).
    container: ({ context }) => (context as GqlContext).resolvers,
  });
  return cached;
}

export const printGraphqlSchema = (): string => printSchema(lexicographicSortSchema(buildGraphqlSchema())) + '\n';
