import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { RequestHandler } from 'express';
import type { Actor, Ctx } from '../common/context';
import type { Logger } from '../common/logger';

declare module 'express-serve-static-core' {
  interface Request {
    ctx: Ctx;
    /** The request id (X-Request-Id, kept when the client sent a sane one). */
    id: string;
    /** The logger of this request: every line carries `request_id`. */
    log: Logger;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

type Level = 'error' | 'info' | 'debug';

/**
 * Request id (honouring a sane incoming X-Request-Id), a request logger, a fresh unit of work, and
 * one line per request when it ends: `request completed` (debug for 2xx/3xx, info for 4xx) or
 * `request errored` (error, for a 5xx or a failed response), with `req` (id, method, path,
 * remote address; never headers or bodies), `res.statusCode` and `responseTime` in ms.
 *
 * Written here rather than with pino-http: that made two child loggers per request, one of them
 * binding the whole request through the serializers and the redaction (about 3 % of the API's CPU
 * at saturation, bench/README.md), before knowing whether anything would be logged. Here the
 * request's logger is made on first use, and the closing line only when its level is enabled.
 */
export function requestContext(orm: MikroORM, log: Logger): RequestHandler[] {
  // `req.log` is a getter on the app's request prototype (installed once per app), not a property
  // defined on each request: defining an accessor on the request object turned it into a slower
  // dictionary-mode object and allocated more per request (bench/README.md).
  const installed = new WeakSet<object>();
  const attach: RequestHandler = (req, res, next) => {
    const proto = Object.getPrototypeOf(req) as object;
    if (!installed.has(proto)) {
      Object.defineProperty(proto, 'log', {
        get(this: { ctx?: Ctx }) {
          return this.ctx?.log;
        },
        configurable: true,
      });
      installed.add(proto);
    }
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    const startedAt = Date.now();
    req.id = id;
    const ctx = new RequestCtx(orm, log, id, req.ip);
    req.ctx = ctx;
    res.once('close', () => {
      const err = (res as { err?: unknown }).err;
      const failed = err !== undefined || res.statusCode >= 500;
      const level: Level = failed ? 'error' : res.statusCode >= 400 ? 'info' : 'debug';
      if (!log.isLevelEnabled(level)) return;
      const fields = {
        req: { id, method: req.method, url: req.originalUrl.split('?')[0], remoteAddress: req.socket.remoteAddress },
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - startedAt,
      };
      if (failed) ctx.log[level]({ ...fields, err: err ?? new Error(`failed with status code ${res.statusCode}`) }, 'request errored');
      else ctx.log[level](fields, 'request completed');
    });
    next();
  };
  return [attach];
}

/**
 * A request's context. The unit of work is forked on first use: hot paths that go straight to
 * the pool (placing a call, a cached API-key check) never pay for one. The request's logger too
 * is made on first use (and is `req.log`).
 */
class RequestCtx implements Ctx {
  actor: Actor | null = null;
  readonly #orm: MikroORM;
  readonly #base: Logger;
  #em: EntityManager | undefined;
  #log: Logger | undefined;

  constructor(orm: MikroORM, log: Logger, readonly requestId: string, readonly ip: string | undefined) {
    this.#orm = orm;
    this.#base = log;
  }

  get em(): EntityManager {
    return (this.#em ??= this.#orm.em.fork());
  }

  get log(): Logger {
    return (this.#log ??= this.#base.child({ request_id: this.requestId }));
  }
}
