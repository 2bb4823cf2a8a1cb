import http, { type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../common/logger';
import type { AppMessages } from './router';

export interface HttpLimits {
  /** Time to receive a request's headers; a slow-header (slowloris) client gets 408 and is closed. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body. */
  requestTimeoutMs: number;
  /** Open connections allowed from one peer address; 0 = no cap. */
  maxConnectionsPerIp: number;
}

export interface HttpServerOptions {
  port: number;
  host: string;
  limits: HttpLimits;
  /** Peers trusted as reverse proxies (express's compiled TRUST_PROXY) pool many clients: not capped. */
  isTrustedProxy?: (address: string) => boolean;
  log?: Logger;
  /** The classes requests and responses are made with (the app's: router.ts, appMessages); node's by default. */
  messages?: AppMessages;
}

/** Longer than the usual 60 s idle timeout of load balancers, so they close first (no 502 race). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

const TOO_MANY_CONNECTIONS = JSON.stringify({
  type: 'about:blank',
  title: 'Too Many Requests',
  status: 429,
  detail: 'Too many open connections from your address; reuse or close some and retry.',
  code: 'rate_limited',
});

/** Express's compiled TRUST_PROXY: is this direct peer a proxy we trust? */
export function trustedProxyCheck(app: { get(setting: string): unknown }): (address: string) => boolean {
  const trust = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  return (address) => trust(address, 0);
}

/**
 * The one place an HTTP server is created (main.ts and the test helper share it), so request
 * timeouts and the per-address connection cap are the same wherever the app listens
 * (docs/security.md, "Slow clients and connection floods").
 */
export async function startHttpServer(handler: RequestListener, opts: HttpServerOptions): Promise<Server> {
  const { headersTimeoutMs, requestTimeoutMs, maxConnectionsPerIp } = opts.limits;
  // Sockets already answered 429: whatever request they carry must never reach the application.
  const refused = new WeakSet<Socket>();
  const server = http.createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      // Node checks the two timeouts on this interval (30 s by default), so it follows the smaller one.
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(headersTimeoutMs / 2))),
      ...(opts.messages ?? {}),
    },
    (req, res) => {
      if (refused.has(req.socket)) req.socket.destroy();
      else handler(req, res);
    },
  );

  if (maxConnectionsPerIp > 0) {
    const trusted = opts.isTrustedProxy ?? (() => false);
    const open = new Map<string, number>();
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (!address || trusted(address)) return;
      const count = (open.get(address) ?? 0) + 1;
      if (count > maxConnectionsPerIp) {
        opts.log?.warn({ remote_address: address, limit: maxConnectionsPerIp }, 'connection refused: too many open connections from one address');
        refused.add(socket);
        // A complete answer before closing, so the client sees why instead of a reset.
        socket.end(
          'HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/problem+json\r\nRetry-After: 1\r\nConnection: close\r\n' +
            `Content-Length: ${Buffer.byteLength(TOO_MANY_CONNECTIONS)}\r\n\r\n${TOO_MANY_CONNECTIONS}`,
        );
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
