import type { Request } from 'express';
import type { Ctx } from '../shared/context';
import type { Services } from '../services';

/** Per-request GraphQL context: the shared service Ctx plus a lazy, memoized authentication. */
export interface GqlContext {
  ctx: Ctx;
  services: Services;
  req: Request;
  /** Resolves the dashboard actor from the bearer token (once per request); throws AppError. */
  authenticate(): Promise<void>;
  /** Over WebSocket only: ends the connection of a subscriber too slow to keep up. */
  dropSlowSubscriber?: () => void;
}
