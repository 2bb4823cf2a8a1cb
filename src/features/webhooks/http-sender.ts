import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { bareHost, BlockedDestinationError, guardedLookup, isBlockedAddress } from '../../shared/net-guard';

export interface SendResult {
  responseCode: number | null;
  durationMs: number;
  /** Short machine-readable reason when no HTTP response was obtained (or it was not 2xx). */
  error: string | null;
  responseExcerpt: string | null;
  /** Timeouts and 429s push the next retry to at least the floor. */
  slowDown: boolean;
}

const MAX_EXCERPT_BYTES = 4096;

const agentOptions = { keepAlive: true, maxSockets: 64, scheduling: 'lifo' as const };
const guardedAgents = { http: new http.Agent({ ...agentOptions, lookup: guardedLookup as net.LookupFunction }), https: new https.Agent({ ...agentOptions, lookup: guardedLookup as net.LookupFunction }) };
const openAgents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

function classify(err: NodeJS.ErrnoException): string {
  if (err instanceof BlockedDestinationError || (err as { code?: string }).code === 'blocked_destination') return 'blocked_destination';
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'connection_refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'connection_reset';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'dns_failure';
    case 'ETIMEDOUT':
      return 'timeout';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return 'tls_error';
    default:
      return 'network_error';
  }
}

/**
 * One POST: no redirects followed, one deadline for the whole exchange, at most 4 KiB of the
 * response kept. With `allowPrivate` false, the address actually connected to is checked (the
 * lookup refuses blocked answers; literal IPs are checked before connecting).
 */
export function sendWebhook(url: string, headers: Record<string, string>, body: string, opts: { timeoutMs: number; allowPrivate: boolean }): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const done = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return done({ responseCode: null, error: 'invalid_url', responseExcerpt: null, slowDown: false });
    }
    const host = bareHost(target);
    if (!opts.allowPrivate && net.isIP(host) && isBlockedAddress(host)) {
      return done({ responseCode: null, error: 'blocked_destination', responseExcerpt: null, slowDown: false });
    }
    const isHttps = target.protocol === 'https:';
    const agents = opts.allowPrivate ? openAgents : guardedAgents;
    const bytes = Buffer.from(body, 'utf8');
    const req = (isHttps ? https : http).request(target, {
      method: 'POST',
      agent: isHttps ? agents.https : agents.http,
      headers: { ...headers, 'content-length': String(bytes.length) },
    });
    timer = setTimeout(() => {
      req.destroy();
      done({ responseCode: null, error: 'timeout', responseExcerpt: null, slowDown: true });
    }, opts.timeoutMs);
    req.on('socket', (socket) => {
      // Defence in depth: whatever resolved, refuse a connection that landed on a blocked address.
      const check = () => {
        if (!opts.allowPrivate && socket.remoteAddress && isBlockedAddress(socket.remoteAddress)) {
          req.destroy(new BlockedDestinationError(socket.remoteAddress));
        }
      };
      // A kept-alive socket is connected already and never emits 'connect' again: a listener added
      // to it would only pile up (one per request) until the socket closes.
      if (socket.connecting) socket.once('connect', check);
      else check();
    });
    req.on('error', (err) => done({ responseCode: null, error: classify(err), responseExcerpt: null, slowDown: false }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < MAX_EXCERPT_BYTES) {
          chunks.push(chunk.subarray(0, MAX_EXCERPT_BYTES - kept));
          kept += Math.min(chunk.length, MAX_EXCERPT_BYTES - kept);
        } else if (kept >= MAX_EXCERPT_BYTES) {
          // Enough kept; stop reading a large or endless body.
          res.destroy();
          finish();
        }
      });
      const finish = () => {
        const code = res.statusCode ?? 0;
        const ok = code >= 200 && code < 300;
        done({
          responseCode: code,
          error: ok ? null : `http_${code}`,
          responseExcerpt: Buffer.concat(chunks).toString('utf8').replace(/\uFFFD+$/, '') || null,
          slowDown: code === 429,
        });
      };
      res.on('end', finish);
      res.on('error', finish);
      res.on('close', finish);
    });
    req.end(bytes);
  });
}
