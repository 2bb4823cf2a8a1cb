import { createParameterDecorator } from 'type-graphql';
import type { Ctx } from '../common/context';
import type { GqlContext } from './context';

/**
 * The service context of the request (unit of work and the authenticated actor), which every
 * service method takes first: `async calls(@RequestCtx() ctx: Ctx, …)`. Resolvers get their
 * services through their constructor (see ./resolvers.ts), never from the GraphQL context.
 */
export function RequestCtx(): ReturnType<typeof createParameterDecorator> {
  return createParameterDecorator<GqlContext>(({ context }): Ctx => context.ctx);
}
