import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationSec?: number;
  amount?: number;
  /** Fixed offered rate (requests per second over all connections); absent = as fast as possible. */
  rate?: number;
  /** Status counted as success (default 200). */
  expectStatus?: number;
  /** Called with every response body of the expected status (e.g. to collect created ids). */
  onOk?: (body: string) => void;
}

export interface LoadResult {
  /** Successful responses per second over the run. */
  rps: number;
  ok: number;
  total: number;
  errors: number;
  /** Responses of another status, by status. */
  unexpected: Record<string, number>;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  durationSec: number;
  offeredRate: number | null;
  connections: number;
}

/** One autocannon run over loopback; resolves with throughput and latency (ms). */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const expect = spec.expectStatus ?? 200;
  return new Promise((resolve, reject) => {
    const target = new URL(spec.url);
    autocannon(
      {
        url: target.origin,
        connections: spec.connections,
        ...(spec.amount ? { amount: spec.amount } : { duration: spec.durationSec }),
        ...(spec.rate ? { overallRate: spec.rate } : {}),
        timeout: 10,
        requests: [
          {
            method: spec.method ?? 'GET',
            path: target.pathname + target.search,
            headers: { ...(spec.body ? { 'content-type': 'application/json' } : {}), ...spec.headers },
            body: spec.body,
            onResponse: spec.onOk
              ? (status, body) => {
                  if (status === expect) spec.onOk!(body);
                }
              : undefined,
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        let ok = 0;
        let total = 0;
        const unexpected: Record<string, number> = {};
        for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) {
          total += Number(count);
          if (Number(code) === expect) ok += Number(count);
          else unexpected[code] = Number(count);
        }
        resolve({
          rps: round(ok / r.duration, 0),
          ok,
          total,
          errors: r.errors,
          unexpected,
          p50: r.latency.p50,
          p90: r.latency.p90,
          p99: r.latency.p99,
          max: r.latency.max,
          durationSec: round(r.duration, 2),
          offeredRate: spec.rate ?? null,
          connections: spec.connections,
        });
      },
    );
  });
}

export const round = (n: number, digits = 1): number => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export interface OpenLoopSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Requests per second, sent on a fixed schedule whatever the responses (open loop). */
  rate: number;
  durationSec: number;
  expectStatus?: number;
  onOk?: (body: string) => void;
  /** Every answered request: its latency (ms) and when it was scheduled (performance.now()). */
  onLatency?: (ms: number, scheduledAt: number) => void;
}

/**
 * A fixed offered rate done properly: requests leave on a uniform schedule (every 1/rate s) no
 * matter how slowly earlier ones are answered, and latency is counted from the scheduled send
 * time, so queueing and coordinated omission are both in the figures. (autocannon's own rate
 * option sends each connection's quota in a burst at the start of every second, which measures
 * bursts rather than a rate.)
 */
export async function runOpenLoop(spec: OpenLoopSpec): Promise<LoadResult> {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(spec.url);
  const expect = spec.expectStatus ?? 200;
  const body = spec.body ? Buffer.from(spec.body) : undefined;
  const headers: Record<string, string> = { ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}), ...spec.headers };
  const latencies: number[] = [];
  const unexpected: Record<string, number> = {};
  let errors = 0;
  let ok = 0;
  const total = Math.round(spec.rate * spec.durationSec);
  const intervalMs = 1000 / spec.rate;
  const t0 = performance.now() + 5;
  let sent = 0;
  let done = 0;
  const start = Date.now();
  await new Promise<void>((resolve) => {
    const finishOne = () => {
      done++;
      if (done === total) resolve();
    };
    const fire = (scheduled: number) => {
      const req = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: spec.method ?? 'GET', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          latencies.push(performance.now() - scheduled);
          spec.onLatency?.(performance.now() - scheduled, scheduled);
          if (res.statusCode === expect) {
            ok++;
            spec.onOk?.(Buffer.concat(chunks).toString('utf8'));
          } else {
            unexpected[String(res.statusCode)] = (unexpected[String(res.statusCode)] ?? 0) + 1;
          }
          finishOne();
        });
      });
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        finishOne();
      });
      req.end(body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && t0 + sent * intervalMs <= now) {
        fire(t0 + sent * intervalMs);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, Math.min(intervalMs, t0 + sent * intervalMs - performance.now())));
    };
    setTimeout(tick, 5);
  });
  agent.destroy();
  const durationSec = (Date.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: round(ok / durationSec, 0),
    ok,
    total,
    errors,
    unexpected,
    p50: round(percentile(latencies, 50), 1),
    p90: round(percentile(latencies, 90), 1),
    p99: round(percentile(latencies, 99), 1),
    max: round(latencies[latencies.length - 1] ?? NaN, 1),
    durationSec: round(durationSec, 2),
    offeredRate: spec.rate,
    connections: 0,
  };
}
