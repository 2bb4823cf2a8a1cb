import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { GraphQLError, specifiedRules, type GraphQLFormattedError } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Services } from '../../services';
import type { Ctx, UserActor } from '../../common/context';
import { toAppError } from '../../common/errors';
import { tokenExpiresAt, verifyDashboardToken, type DashboardClaims } from '../../features/auth/tokens';
import type { GqlContext, ResolverContainer } from '../context';
import { createFormatError } from '../format-error';
import { buildGraphqlSchema } from '../schema';
import { refusalRules } from '../query-bounds';
import { SocketBudget, SocketCounts } from './live-socket';
import { isRefused, prepareOperation, ValidatedDocuments, type Refused } from './prepare-operation';
import { SharedExecution } from './shared-execution';

/** WebSocket close codes (graphql-ws uses the 4400 range for protocol-level refusals); docs/graphql.md. */
export const CLOSE = {
  unauthorized: CloseCode.Unauthorized, // 4401: no, malformed or invalid token; the token expired
  forbidden: CloseCode.Forbidden, // 4403: inactive user or organization
  slowConsumer: 4008, // the socket held more unsent bytes (or events) than allowed: it did not read
  tooManySockets: 4029, // the user or the organization already holds its share of sockets
  internal: CloseCode.InternalServerError,
} as const;

export interface SubscriptionServer {
  dispose(): void | Promise<void>;
}

interface Connection {
  actor: UserActor;
  token: string;
  budget: SocketBudget;
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * graphql-ws (subprotocol graphql-transport-ws) on the HTTP server's /graphql, next to Apollo's
 * HTTP handler. A socket is authenticated once, by the dashboard JWT in connection_init, with the
 * same rules as HTTP: no or bad token → close 4401, inactive user or organization → close 4403.
 * It is re-checked whenever that user's or organization's standing changes in any process, and
 * closed with 4403 when it no longer holds. Limits (docs/security.md): sockets per user and per
 * organization in this process (4029 past them), operations per socket (the extra one is refused
 * with RATE_LIMITED), and unsent bytes per socket (4008 past them).
 */
export function startSubscriptionServer(http: Server, services: Services, resolvers: ResolverContainer): SubscriptionServer {
  const { config } = services;
  const limits = config.graphqlWs;
  const schema = buildGraphqlSchema();
  const documents = new ValidatedDocuments(schema, [...specifiedRules, ...refusalRules(config)]);
  const formatError = createFormatError({ hideSchemaDetails: !config.graphqlIntrospection });
  const wss = new WebSocketServer({ server: http, path: '/graphql', maxPayload: 256 * 1024 });
  const connections = new WeakMap<WebSocket, Connection>();
  const counts = new SocketCounts({ perUser: limits.maxSocketsPerUser, perOrg: limits.maxSocketsPerOrg });
  const log = services.log.child({ component: 'subscriptions' });
  const shared = new SharedExecution();

  const close = (socket: WebSocket, code: number, reason: string) => {
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
  };
  const newCtx = (actor: UserActor | null): Ctx => ({ em: services.db.orm.em.fork(), actor, requestId: randomUUID(), log });

  const authenticate = async (socket: WebSocket, token: string): Promise<UserActor | null> => {
    try {
      return await services.auth.authenticate(newCtx(null), token);
    } catch (err) {
      const e = toAppError(err);
      if (e.status === 401) close(socket, CLOSE.unauthorized, 'Unauthorized');
      else if (e.status === 403) close(socket, CLOSE.forbidden, 'Forbidden');
      else {
        // The database did not answer (an outage, a pool exhausted under load): the client retries.
        log.error({ err }, 'graphql websocket closed: the user could not be authenticated');
        close(socket, CLOSE.internal, 'Internal server error');
      }
      return null;
    }
  };

  /** The token's claims if its signature, expiry and shape hold; null otherwise (authenticate says why). */
  const verifiedClaims = (token: string): DashboardClaims | null => {
    try {
      return verifyDashboardToken(config, token);
    } catch {
      return null;
    }
  };
  const refuseTooMany = (socket: WebSocket, orgId: string, cap: 'user' | 'organization'): false => {
    log.info({ org_id: orgId, cap }, 'graphql websocket refused: too many sockets');
    close(socket, CLOSE.tooManySockets, `Too many connections for this ${cap}`);
    return false;
  };

  /** Logged like an HTTP 4xx (info, with the status it would have had); never the query or its variables. */
  const refused = (r: Refused, socket: WebSocket, operationId: string): GraphQLError[] => {
    const codes = [...new Set(r.errors.map((e) => e.extensions.code))];
    log.info({ org_id: connections.get(socket)?.actor.orgId, operation_id: operationId, statusCode: r.status, codes }, 'graphql operation refused');
    return r.errors;
  };
  const format = (errors: readonly (GraphQLError | GraphQLFormattedError)[], operationId: string): GraphQLFormattedError[] =>
    errors.map((e) => {
      const formatted = formatError(e instanceof GraphQLError ? e.toJSON() : e, e);
      if (formatted.extensions?.code === 'INTERNAL_SERVER_ERROR') log.error({ operation_id: operationId, err: e instanceof GraphQLError ? (e.originalError ?? e) : e }, 'graphql operation failed');
      return formatted;
    });

  const server = useServer<Record<string, unknown> | undefined, { socket: WebSocket }>(
    {
      schema,
      connectionInitWaitTimeout: 10_000,
      // One event executed once per distinct operation of a user, not once per subscription (./shared-execution.ts).
      subscribe: (args) => {
        const actor = (args.contextValue as GqlContext).ctx.actor;
        return shared.subscribe(args, actor?.kind === 'user' ? actor.userId : null);
      },
      onConnect: async (ctx) => {
        const socket = ctx.extra.socket;
        const header = ctx.connectionParams?.authorization;
        const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
        if (!token) {
          close(socket, CLOSE.unauthorized, 'Unauthorized');
          return false;
        }
        // Past a cap, a socket is refused once its token's signature holds, before the user is looked
        // up: a client reconnecting in a loop then costs a signature check, not an authentication
        // (bench/README.md, "A subscription flood during the lifecycle"). A token that does not
        // verify goes on to the authentication, which says why (4401). The caps are checked again
        // when the place is taken below.
        const claims = verifiedClaims(token);
        const claimedFull = claims && counts.full(claims.sub, claims.org_id);
        if (claims && claimedFull) return refuseTooMany(socket, claims.org_id, claimedFull);
        const actor = await authenticate(socket, token);
        if (!actor) return false;
        // Gone while it was checked: its 'close' has passed, so nothing would release a place taken now.
        if (socket.readyState !== socket.OPEN) return false;
        const place = counts.acquire(actor.userId, actor.orgId);
        if (typeof place === 'string') return refuseTooMany(socket, actor.orgId, place);
        const budget = new SocketBudget(
          limits.maxBufferedBytes,
          () => socket.bufferedAmount,
          () => {
            log.info({ org_id: actor.orgId, buffered: socket.bufferedAmount }, 'graphql websocket closed: slow consumer');
            close(socket, CLOSE.slowConsumer, 'Slow consumer');
          },
          // The upgraded request's connection is the one the WebSocket writes to.
          ctx.extra.request.socket,
        );
        connections.set(socket, { actor, token, budget });
        const forget = services.liveUpdates.addConnection({
          userId: actor.userId,
          orgId: actor.orgId,
          recheck: () => void authenticate(socket, token),
        });
        // A socket lives no longer than its token, with the lifetime cap HTTP applies: closed as unauthenticated then.
        const expiresAtMs = tokenExpiresAt(config, claims ?? verifyDashboardToken(config, token)) * 1000;
        const expiry = setTimeout(() => close(socket, CLOSE.unauthorized, 'Token expired'), Math.max(0, Math.min(expiresAtMs - Date.now(), 2 ** 31 - 1)));
        expiry.unref();
        socket.once('close', () => {
          place();
          forget();
          clearTimeout(expiry);
        });
        return true;
      },
      context: (ctx): GqlContext => {
        const conn = connections.get(ctx.extra.socket);
        return {
          ctx: newCtx(conn?.actor ?? null),
          resolvers,
          authenticate: async () => undefined, // done once in connection_init, re-checked on changes
          liveSocket: conn?.budget,
        };
      },
      onSubscribe: (ctx, id, payload) => {
        // graphql-ws registers this operation before asking: the count includes it.
        if (Object.keys(ctx.subscriptions).length > limits.maxSubscriptionsPerSocket) {
          const message = `At most ${limits.maxSubscriptionsPerSocket} operations may be open at once on one connection.`;
          return refused({ status: 429, errors: [new GraphQLError(message, { extensions: { code: 'RATE_LIMITED', reason: 'rate_limited' } })] }, ctx.extra.socket, id);
        }
        const prepared = prepareOperation(documents, payload);
        return isRefused(prepared) ? refused(prepared, ctx.extra.socket, id) : prepared;
      },
      onNext: (ctx, id, _payload, _args, result) => {
        connections.get(ctx.extra.socket)?.budget.check();
        if (!('errors' in result) || !result.errors?.length) return result;
        return { ...result, errors: format(result.errors, id) };
      },
      onError: (_ctx, id, _payload, errors) => format(errors, id),
    },
    wss,
  );
  return server;
}
