import type { ContainerType } from 'type-graphql';
import type { Ctx } from '../common/context';
import type { LiveSocket } from './subscriptions/live-socket';

/** type-graphql's container, plus the typed lookup code outside type-graphql needs (subscribe functions). */
export interface ResolverContainer extends ContainerType {
  instance<T>(resolverClass: abstract new (...args: never[]) => T): T;
}

/** Per-request GraphQL context: the shared service Ctx plus a lazy, memoized authentication. */
export interface GqlContext {
  ctx: Ctx;
  /** The process's resolver instances, each built with only the services it uses (./resolvers.ts). */
  resolvers: ResolverContainer;
  /** Resolves the dashboard actor from the bearer token (once per request); throws AppError. */
  authenticate(): Promise<void>;
  /** Over WebSocket only: the socket's byte budget, and the way to drop it when too slow. */
  liveSocket?: LiveSocket;
}
