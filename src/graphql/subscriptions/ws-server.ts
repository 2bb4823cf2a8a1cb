import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { GraphQLError, parse, validate, specifiedRules, type ExecutionArgs, type GraphQLFormattedError } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Services } from '../../services';
import type { Ctx, UserActor } from '../../common/context';
import { toAppError } from '../../common/errors';
import { verifyDashboardToken } from '../../features/auth/tokens';
import type { GqlContext, ResolverContainer } from '../context';
import { formatError } from '../format-error';
import { buildGraphqlSchema } from '../schema';
import { queryBoundRules } from '../query-bounds';

/** WebSocket close codes (graphql-ws uses the 4400 range for protocol-level refusals). */
export const CLOSE = {
  unauthorized: CloseCode.Unauthorized, // 4401: no, malformed or invalid token
  forbidden: CloseCode.Forbidden, // 4403: inactive user or organization
  tooSlow: 1013, // "try again later": the subscriber did not keep up with its events
  internal: CloseCode.InternalServerError,
} as const;

export interface SubscriptionServer {
  dispose(): void | Promise<void>;
}

interface Connection {
  actor: UserActor;
  token: string;
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * graphql-ws (subprotocol graphql-transport-ws) on the HTTP server's /graphql, next to Apollo's
 * HTTP handler. A socket is authenticated once, by the dashboard JWT in connection_init, with the
 * same rules as HTTP: no or bad token → close 4401, inactive user or organization → close 4403.
 * It is re-checked whenever that user's or organization's standing changes in any process, and
 * closed with 4403 when it no longer holds.
 */
export function startSubscriptionServer(http: Server, services: Services, resolvers: ResolverContainer): SubscriptionServer {
  const schema = buildGraphqlSchema();
  const rules = [...specifiedRules, ...queryBoundRules(services.config.graphqlLimits)];
  const wss = new WebSocketServer({ server: http, path: '/graphql', maxPayload: 256 * 1024 });
  const connections = new WeakMap<WebSocket, Connection>();
  const log = services.log.child({ component: 'subscriptions' });

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
      else close(socket, CLOSE.internal, 'Internal server error');
      return null;
    }
  };

  const server = useServer<Record<string, unknown> | undefined, { socket: WebSocket }>(
    {
      schema,
      connectionInitWaitTimeout: 10_000,
      onConnect: async (ctx) => {
        const socket = ctx.extra.socket;
        const header = ctx.connectionParams?.authorization;
        const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
        if (!token) {
          close(socket, CLOSE.unauthorized, 'Unauthorized');
          return false;
        }
        const actor = await authenticate(socket, token);
        if (!actor) return false;
        connections.set(socket, { actor, token });
        const forget = services.liveUpdates.addConnection({
          userId: actor.userId,
          orgId: actor.orgId,
          recheck: () => void authenticate(socket, token),
        });
        // A socket lives no longer than its token: at expiry it is closed as unauthenticated.
        const msLeft = Math.min(verifyDashboardToken(services.config, token).exp * 1000 - Date.now(), 2 ** 31 - 1);
        const expiry = setTimeout(() => close(socket, CLOSE.unauthorized, 'Token expired'), Math.max(0, msLeft));
        expiry.unref();
        socket.once('close', () => {
          forget();
          clearTimeout(expiry);
        });
        return true;
      },
      context: (ctx): GqlContext => {
        const conn = connections.get(ctx.extra.socket);
        const socket = ctx.extra.socket;
        return {
          ctx: newCtx(conn?.actor ?? null),
          resolvers,
          authenticate: async () => undefined, // done once in connection_init, re-checked on changes
          dropSlowSubscriber: () => close(socket, CLOSE.tooSlow, 'Subscriber too slow'),
        };
      },
      onSubscribe: (_ctx, _id, payload) => {
        let document;
        try {
          document = parse(payload.query);
        } catch (err) {
          return [err instanceof GraphQLError ? err : new GraphQLError('Syntax error')];
        }
        const errors = validate(schema, document, rules);
        if (errors.length) return errors;
        return { schema, document, variableValues: payload.variables, operationName: payload.operationName } as ExecutionArgs;
      },
      onNext: (_ctx, _id, _payload, _args, result) => {
        if (!('errors' in result) || !result.errors?.length) return result;
        return { ...result, errors: result.errors.map((e) => format(e)) };
      },
      onError: (_ctx, _id, _payload, errors) => errors.map((e) => format(e)),
    },
    wss,
  );
  return server;
}

function format(e: GraphQLError | GraphQLFormattedError): GraphQLFormattedError {
  const formatted = e instanceof GraphQLError ? e.toJSON() : e;
  return formatError(formatted, e);
}
