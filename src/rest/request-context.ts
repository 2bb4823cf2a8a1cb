import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Ctx } from '../common/context';
import { LOG_SERIALIZERS, type Logger } from '../common/logger';

declare module 'express-serve-static-core' {
  interface Request {
    ctx: Ctx;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request id (honouring a sane incoming X-Request-Id), a request logger, and a fresh unit of work. */
export function requestContext(orm: MikroORM, log: Logger): RequestHandler[] {
  const httpLogger = pinoHttp({
    logger: log,
    genReqId: (req, res) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
    // Only what is useful and safe: never headers (Authorization) or bodies.
    serializers: {
      req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url?.split('?')[0],
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      // Sanitized: driver errors embed SQL with parameter values (see common/logger.ts).
      err: LOG_SERIALIZERS.err,
    },
    customAttributeKeys: { reqId: 'request_id' },
    // req.log lines carry just `request_id` (not the whole request), so every line names its request.
    quietReqLogger: true,
  });
  const attach: RequestHandler = (req, _res, next) => {
    // The unit of work is forked on first use: hot paths that go straight to the pool (placing a
    // call, a cached API-key check) never pay for one.
    let em: EntityManager | undefined;
    req.ctx = {
      get em() {
        return (em ??= orm.em.fork());
      },
      actor: null,
      requestId: String(req.id),
      ip: req.ip,
      log: req.log,
    };
    next();
  };
  return [httpLogger, attach];
}
