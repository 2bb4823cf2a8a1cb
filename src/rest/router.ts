import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import { Router, type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from 'express';
import { sendProblem } from './problem';
import { bodyLimit, type AuthKind, type Reply, type RouteDescriptor, type RouteInput, type Routes } from '../common/route';

/** A descriptor with the services its handler needs already supplied. */
export interface BoundRoute {
  descriptor: RouteDescriptor;
  run(input: RouteInput): Promise<Reply>;
}

/** Pairs a feature's descriptors with exactly the services they declare (type-checked). */
export const bind = <D>(routes: Routes<D>, deps: D): BoundRoute[] => routes.map((d) => ({ descriptor: d, run: (input) => d.handler(input, deps) }));

/** OpenAPI template → Express path: /v1/calls/{call_id} → /v1/calls/:call_id. */
const expressPath = (template: string): string => template.replace(/\{([^}]+)\}/g, ':$1');

function send(res: Response, reply: Reply): void {
  if (reply.problem) return sendProblem(res, reply.problem);
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  res.status(reply.status);
  if (reply.stream) {
    reply.stream.pipe(res);
  } else if (reply.body === undefined) {
    res.end();
  } else if (reply.contentType) {
    res.type(reply.contentType).send(reply.body);
  } else {
    res.json(reply.body);
  }
}

/**
 * An Express router for the descriptors mounted under `prefix`. The mount in app.ts applies the
 * prefix-wide middleware (CORS, the prefix's authentication, rate limits); a route whose `auth`
 * differs from the mount's gets its own authentication middleware here (e.g. /auth/me). With
 * `parseBody`, each route parses its body with that parser built for its own limit (bodyLimit:
 * `body.maxBytes` or the default), the very number its 413 in the OpenAPI document states.
 */
export interface RestRouterOptions {
  prefix: string;
  mountAuth: AuthKind;
  authenticate: Partial<Record<AuthKind, RequestHandler>>;
  parseBody?: (maxBytes: number) => RequestHandler;
}

export function restRouter(routes: BoundRoute[], opts: RestRouterOptions): Router {
  const r = Router();
  const parsers = new Map<number, RequestHandler>();
  const parserFor = (limit: number): RequestHandler => {
    if (!parsers.has(limit)) parsers.set(limit, opts.parseBody!(limit));
    return parsers.get(limit)!;
  };
  for (const route of routes) {
    const d = route.descriptor;
    if (opts.prefix && !d.path.startsWith(`${opts.prefix}/`)) throw new Error(`${d.operationId}: ${d.path} is not under ${opts.prefix}`);
    r[d.method](expressPath(d.path.slice(opts.prefix.length)), ...routeHandlers(route, opts, parserFor));
  }
  return r;
}

/** The handlers restRouter runs for the route `operationId` once it matched (for exactRoute). */
export function routeChain(routes: BoundRoute[], opts: RestRouterOptions, operationId: string): RequestHandler[] {
  const route = routes.find((r) => r.descriptor.operationId === operationId);
  if (!route) throw new Error(`no route ${operationId}`);
  return routeHandlers(route, opts, (limit) => opts.parseBody!(limit));
}

/** What the router runs for one route once it matched: its own authentication (if it differs from the mount's), its body parser, its handler. */
function routeHandlers(
  { descriptor: d, run }: BoundRoute,
  opts: RestRouterOptions,
  parserFor: (limit: number) => RequestHandler,
): RequestHandler[] {
  const extra: RequestHandler[] = [];
  if (d.auth !== opts.mountAuth) {
    const auth = opts.authenticate[d.auth];
    if (!auth) throw new Error(`${d.operationId}: no authentication middleware for ${d.auth} under ${opts.prefix || '/'}`);
    extra.push(auth);
  }
  if (opts.parseBody) extra.push(parserFor(bodyLimit(d)));
  const handler: RequestHandler = async (req, res) => {
    const reply = await run({
      ctx: req.ctx,
      params: req.params as Record<string, string>,
      // Parsed only by the handlers that read it (Express parses req.query on each access).
      get query() {
        return req.query;
      },
      body: req.body,
      header: (name) => req.get(name),
      url: req.originalUrl,
    });
    send(res, reply);
  };
  return [...extra, handler];
}

/**
 * The hot path's shortcut through Express (POST /v1/calls/outbound, docs/architecture.md "The
 * request path of placing a call"). A request whose method and URL are exactly `method path` (no
 * query string, no trailing slash, the path's own case) runs `chain` — the very middlewares the
 * app's stack would run for it, in the same order: the app-wide ones, the mount's, then the
 * route's as routeHandlers builds them — one after the other, and an error goes to `onError`,
 * the app's error handler. Nothing else is different from walking the stack: `req` and `res` are
 * already set up (by Express, this being the app's first layer, or by listenerWith below), and the
 * route has no path parameters.
 * It saves the router's per-layer work (matching every layer, rewriting req.url under a mount,
 * restoring it: about 5 % of the API's CPU per placed call in its profile). Every other request, including
 * `/v1/calls/outbound?x` or `/V1/calls/outbound`, takes the stack as before with `next()`.
 */
export function exactRoute(method: string, path: string, chain: RequestHandler[], handlers: { onError: ErrorRequestHandler; end: RequestHandler }): ExactRoute {
  const METHOD = method.toUpperCase();
  const matches = (req: IncomingMessage): boolean => req.method === METHOD && req.url === path;
  const route: RequestHandler = (req, res, outer) => {
    if (!matches(req)) return outer();
    req.params = {};
    let i = 0;
    let failed = false;
    const next = (err?: unknown): void => {
      if (err !== undefined && err !== null && err !== false && err !== 'route' && err !== 'router') return fail(err);
      // Past the end (the last handler answers, so only a handler that called next() gets here):
      // the stack's end for a path no later layer serves.
      const fn = chain[i++] ?? handlers.end;
      invoke(() => fn(req, res, next));
    };
    // As the stack does: the error handler once; should it fail in turn, Express's final handler.
    const fail = (err: unknown): void => {
      if (failed) return outer(err);
      failed = true;
      invoke(() => handlers.onError(err, req, res, outer));
    };
    // As Express 5's router calls a handler: a throw or a rejected promise is next(err).
    const invoke = (call: () => unknown): void => {
      try {
        const ret = call();
        if (ret instanceof Promise) ret.then(undefined, (e: unknown) => next(e ?? new Error('Rejected promise')));
      } catch (e) {
        next(e);
      }
    };
    next();
  };
  return Object.assign(route, { matches });
}

export interface ExactRoute extends RequestHandler {
  /** Whether a request is this route's (its method and URL exactly). */
  matches(req: IncomingMessage): boolean;
}

/**
 * The HTTP server's request listener: the exact route's requests go straight to it, without
 * Express's `app.handle` and the app router reaching its first layer (about 0.015 ms of CPU and
 * 8 KB of allocation per request, bench/README.md); every other request to the app. Done here as
 * Express 5 does it before the first layer runs (application.js `handle`, router `handle`): the
 * X-Powered-By header when enabled, `req.res`/`res.req`, the app's request and response
 * prototypes, `res.locals`, `req.originalUrl` and `req.baseUrl`. The route stays the app's first
 * layer as well, for callers that hand requests to `app` itself. Should the error handler itself
 * fail, the answer is a bare 500 (Express's final handler would write its own page).
 */
export function listenerWith(app: Express, route: ExactRoute): RequestListener {
  const poweredBy = app.enabled('x-powered-by');
  return (req, res) => {
    if (!route.matches(req)) return void app(req, res);
    const request = req as Request;
    const response = res as Response;
    if (poweredBy) res.setHeader('X-Powered-By', 'Express');
    request.res = response;
    response.req = request;
    // Made by the server with the app's prototypes already (appMessages): nothing to change.
    if (Object.getPrototypeOf(req) !== app.request) Object.setPrototypeOf(req, app.request);
    if (Object.getPrototypeOf(res) !== app.response) Object.setPrototypeOf(res, app.response);
    response.locals ??= Object.create(null) as Record<string, unknown>;
    request.originalUrl = req.url!;
    request.baseUrl = '';
    route(request, response, () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(500).end();
    });
  };
}

/** The classes an HTTP server makes its requests and responses with (http.createServer's options). */
export interface AppMessages {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
}

/**
 * Request and response classes whose instances are made with the app's prototypes. Express gives
 * every request and response its prototypes (`app.request`, `app.response`, which inherit node's)
 * with Object.setPrototypeOf as it starts handling them; changing an object's prototype after it
 * was built costs V8 a new hidden class for it and sends the property reads of node's HTTP code and
 * ours down their slow, megamorphic paths (about a quarter of the API's CPU per placed call,
 * bench/README.md). Here each class's prototype takes the place of the app's: it inherits what
 * `app.request` inherited, gets its own properties (`app`), and becomes `app.request` (the same
 * for responses). A request the server makes then already has the prototype Express sets, and
 * Express's change, on every route, finds nothing to change; listenerWith skips it outright.
 * Call it once the app is built, before the server takes requests.
 */
export function appMessages(app: Express): AppMessages {
  class AppRequest extends IncomingMessage {}
  class AppResponse<Req extends IncomingMessage = IncomingMessage> extends ServerResponse<Req> {}
  app.request = takePlaceOf(AppRequest.prototype, app.request);
  app.response = takePlaceOf(AppResponse.prototype, app.response);
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse };
}

/** `proto` made to stand for `old`: the same parent and the same own properties (but `constructor`, its class's). */
function takePlaceOf<T extends object>(proto: object, old: T): T {
  Object.setPrototypeOf(proto, Object.getPrototypeOf(old) as object);
  const { constructor: _ignored, ...own } = Object.getOwnPropertyDescriptors(old);
  Object.defineProperties(proto, own);
  return proto as T;
}
