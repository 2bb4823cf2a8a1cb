import { Router, type RequestHandler, type Response } from 'express';
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
export function restRouter(
  routes: BoundRoute[],
  opts: { prefix: string; mountAuth: AuthKind; authenticate: Partial<Record<AuthKind, RequestHandler>>; parseBody?: (maxBytes: number) => RequestHandler },
): Router {
  const r = Router();
  const parsers = new Map<number, RequestHandler>();
  const parserFor = (limit: number): RequestHandler => {
    if (!parsers.has(limit)) parsers.set(limit, opts.parseBody!(limit));
    return parsers.get(limit)!;
  };
  for (const { descriptor: d, run } of routes) {
    if (opts.prefix && !d.path.startsWith(`${opts.prefix}/`)) throw new Error(`${d.operationId}: ${d.path} is not under ${opts.prefix}`);
    const extra: RequestHandler[] = [];
    if (d.auth !== opts.mountAuth) {
      const auth = opts.authenticate[d.auth];
      if (!auth) throw new Error(`${d.operationId}: no authentication middleware for ${d.auth} under ${opts.prefix || '/'}`);
      extra.push(auth);
    }
    if (opts.parseBody) extra.push(parserFor(bodyLimit(d)));
    const handler: RequestHandler = async (req, res) => {
      const reply = await run({ ctx: req.ctx, params: req.params as Record<string, string>, query: req.query, body: req.body, header: (name) => req.get(name), url: req.originalUrl });
      send(res, reply);
    };
    r[d.method](expressPath(d.path.slice(opts.prefix.length)), ...extra, handler);
  }
  return r;
}
