import net from 'node:net';
import { Agent, errors as undiciErrors } from 'undici';
import { guardedConnector } from '../../common/guarded-connector';
import { bareHost, BlockedDestinationError, isBlockedAddress } from '../../common/net-guard';

export interface SendResult {
  responseCode: number | null;
  durationMs: number;
  /** Short machine-readable reason when no HTTP response was obtained (or it was not 2xx). */
  error: string | null;
  responseExcerpt: string | null;
  /** Timeouts and 429s push the next retry to at least the floor. */
  slowDown: boolean;
}

export interface SenderOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Connections kept to one destination (origin), at most. */
  connectionsPerDestination: number;
}

const MAX_EXCERPT_BYTES = 4096;
/** Idle keep-alive connections are closed after this; receivers usually close sooner (5 s in Node). */
const KEEP_ALIVE_MS = 4000;
/** Destinations whose agents are kept; beyond that the least recently used one is closed. */
const MAX_AGENTS = 2000;

/**
 * undici agents, one per destination origin and guard mode: keep-alive connections reused across
 * attempts to the same receiver, at most `connectionsPerDestination` of them, so a receiver that
 * answers slowly costs connections, not threads or job slots. Every new connection is checked
 * after it connected: the lookup refuses blocked answers, and the address actually connected to
 * is checked again (literal IPs included), whatever resolved it.
 */
class AgentPool {
  private readonly agents = new Map<string, Agent>();

  get(origin: string, opts: SenderOptions): Agent {
    const key = `${opts.allowPrivate ? 'open' : 'guarded'} ${opts.connectionsPerDestination} ${origin}`;
    let agent = this.agents.get(key);
    if (agent) {
      // Most recently used last (Map keeps insertion order).
      this.agents.delete(key);
      this.agents.set(key, agent);
      return agent;
    }
    agent = new Agent({
      connections: opts.connectionsPerDestination,
      pipelining: 1,
      keepAliveTimeout: KEEP_ALIVE_MS,
      keepAliveMaxTimeout: KEEP_ALIVE_MS,
      connect: guardedConnector(opts),
    });
    this.agents.set(key, agent);
    if (this.agents.size > MAX_AGENTS) {
      const [oldestKey, oldest] = this.agents.entries().next().value as [string, Agent];
      this.agents.delete(oldestKey);
      void oldest.close().catch(() => undefined);
    }
    return agent;
  }

  async closeAll(): Promise<void> {
    const all = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(all.map((a) => a.close().catch(() => undefined)));
  }
}

const agents = new AgentPool();

/** Closes every kept connection (worker shutdown, tests). */
export function closeSenderConnections(): Promise<void> {
  return agents.closeAll();
}

function causeChain(err: unknown): Array<Error & { code?: string }> {
  const out: Array<Error & { code?: string }> = [];
  let e: unknown = err;
  while (e instanceof Error && out.length < 5) {
    out.push(e as Error & { code?: string });
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

function classify(err: unknown): string {
  const chain = causeChain(err);
  if (chain.some((e) => e instanceof BlockedDestinationError || e.code === 'blocked_destination')) return 'blocked_destination';
  const codes = chain.map((e) => e.code ?? '');
  const has = (...c: string[]) => codes.some((x) => c.includes(x));
  if (has('ECONNREFUSED')) return 'connection_refused';
  if (has('ENOTFOUND', 'EAI_AGAIN')) return 'dns_failure';
  if (has('ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT')) return 'timeout';
  if (has('CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID', 'SELF_SIGNED_CERT_IN_CHAIN')) return 'tls_error';
  if (has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED')) return 'connection_reset';
  if (chain.some((e) => e instanceof undiciErrors.RequestAbortedError)) return 'timeout';
  return 'network_error';
}

/**
 * One POST: no redirects followed, one deadline for the whole exchange (connect, headers and the
 * kept part of the body), at most 4 KiB of the response kept. With `allowPrivate` false, the
 * address actually connected to is checked (see AgentPool).
 */
export async function sendWebhook(url: string, headers: Record<string, string>, body: string, opts: SenderOptions): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (error: string, slowDown = false): SendResult => ({ responseCode: null, durationMs: elapsed(), error, responseExcerpt: null, slowDown });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return fail('invalid_url');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return fail('invalid_url');
  const host = bareHost(target);
  if (!opts.allowPrivate && net.isIP(host) && isBlockedAddress(host)) return fail('blocked_destination');

  const deadline = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.abort();
  }, opts.timeoutMs);
  try {
    const res = await agents.get(target.origin, opts).request({
      origin: target.origin,
      path: `${target.pathname}${target.search}`,
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body, 'utf8')) },
      body,
      signal: deadline.signal,
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
    });
    const chunks: Buffer[] = [];
    let kept = 0;
    try {
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        chunks.push(chunk.subarray(0, MAX_EXCERPT_BYTES - kept));
        kept += Math.min(chunk.length, MAX_EXCERPT_BYTES - kept);
        // Enough kept; stop reading a large or endless body.
        if (kept >= MAX_EXCERPT_BYTES) break;
      }
    } catch {
      // A body cut short still leaves the status code, which is what the attempt is judged by.
    } finally {
      if (!res.body.destroyed) res.body.destroy();
    }
    const code = res.statusCode;
    const ok = code >= 200 && code < 300;
    return {
      responseCode: code,
      durationMs: elapsed(),
      error: ok ? null : `http_${code}`,
      responseExcerpt: Buffer.concat(chunks).toString('utf8').replace(/\uFFFD+$/, '') || null,
      slowDown: code === 429,
    };
  } catch (err) {
    if (timedOut) return fail('timeout', true);
    const reason = classify(err);
    return fail(reason, reason === 'timeout');
  } finally {
    clearTimeout(timer);
  }
}
