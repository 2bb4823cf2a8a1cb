/**
 * npm run bench — measured speed against the machine's own limit.
 *
 * Starts a fresh embedded PostgreSQL in a temporary directory, builds and starts the service as
 * child processes (an API process, later a separate worker, as in production), and measures over
 * loopback:
 *   - baselines: bare node:http, bare Express, and a raw node:http + pg server doing the same SQL
 *     as POST /v1/calls/outbound (the limit), plus the textbook 5-statement SQL for reference;
 *   - place-call: throughput at saturation, latency at a fixed offered rate, then a check that every
 *     201 has its call row, its call.queued event row and its dial job;
 *   - dashboard: GraphQL apiKeys, GraphQL webhookDeliveries(first: 50), REST GET /dashboard/api-keys;
 *   - delivery: a backlog of N calls drained by the worker into a local receiver (deliveries/s), then
 *     commit-to-receipt latency of call.queued at steady rates of 100 and 200 calls/s;
 *   - sustained: 200 calls/s for 60 s with the worker running, the queue's backlog sampled every second;
 *   - lifecycle: the highest call rate whose every webhook keeps up; sip: RTP timing of 100 SIP calls;
 *   - fairness, slow, scale: see bench/README.md;
 *   - memory: peak RSS (VmHWM) of the API and worker processes.
 * Prints a table and writes it as JSON under bench/results/, whatever happens: a phase that fails
 * becomes a FAILED row and an unmet verdict (with the output tails of the processes involved) and
 * the next phase runs. Bounded: a watchdog stops everything after BENCH_BUDGET_SEC (default 900 s).
 *
 * Environment: BENCH_PHASES=baselines,place,dashboard,delivery,sustained,lifecycle,fairness,slow,scale,sip (default all), BENCH_PROFILE=1
 * (--cpu-prof on the API and worker processes, profiles in bench/results/profiles), BENCH_LABEL=text
 * (stored in the JSON), BENCH_SKIP_BUILD=1, BENCH_SHORT=1 (halved durations, for a quick look),
 * BENCH_SERVICE_DIR=dir (run the service built in another checkout, e.g. an older commit extracted
 * with `git archive`, against the same harness), BENCH_LIMIT=same|naive (which raw server is "the
 * limit" for the ratio: the one running the service's own SQL, default, or the textbook SQL),
 * BENCH_NODE_FLAGS (Node flags of the service processes; default the Dockerfile's), BENCH_RAW_POOL
 * (the raw server's pool size, default 8 like the API's), BENCH_BUDGET_SEC, BENCH_TRACE=1, BENCH_CPU_SAMPLER=1
 * (bench/tools/cpu-sampler.ts: every process's CPU per 25 ms), BENCH_PG_SETTINGS, BENCH_CHILD_LOGS=1,
 * BENCH_KILL=worker@20,api@35,backend@50,postgres@65 with BENCH_KILL_PHASE (SIGKILLs during a phase, see scheduleKills),
 * BENCH_FLOOD_SOCKETS=40 (a GraphQL subscription flood during the lifecycle phase, tools/subscription-flood.ts).
 *
 * Fixed-rate figures come from an open-loop generator (lib/load.ts runOpenLoop): requests leave on
 * a uniform schedule and latency counts from the scheduled time. Saturation figures are autocannon.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Client, Pool } from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded';
import { freePort } from '../src/db/free-port';
import { deleteJobs, jobCounts, keyedJobExistsSql, queueBacklog } from '../src/queue/admin';
import { dashboardQueries, explainAll, insertBacklog } from './lib/scale';
import type { FloodStats } from './lib/subscription-flood';
import { percentile, round, runLoad, runOpenLoop, type LoadResult } from './lib/load';
import { killAllChildren, liveChildren, restartsSoFar, startChild, waitForHttp, type Child } from './lib/proc';
import { postmasterPid, treeCpuSeconds } from './lib/cpu';

const ROOT = path.resolve(__dirname, '..');
const RESULTS = path.join(ROOT, 'bench', 'results');
const SHORT = process.env.BENCH_SHORT === '1';
const PROFILE = process.env.BENCH_PROFILE === '1';
/** pg_stat_statements per phase (top statements into bench/results/pg-stats-<phase>.txt); on with BENCH_PROFILE. */
const PG_STATS = PROFILE || process.env.BENCH_PG_STATS === '1';
/** BENCH_PG_SETTINGS="name=value,name=value": more settings for the embedded PostgreSQL (for experiments; stored in the JSON). */
const PG_SETTINGS = (process.env.BENCH_PG_SETTINGS ?? '').split(',').map((x) => x.trim()).filter(Boolean);
const PHASES = new Set((process.env.BENCH_PHASES ?? 'baselines,place,dashboard,delivery,sustained,lifecycle,fairness,slow,scale,sip').split(',').map((s) => s.trim()));
const BUDGET_SEC = Number(process.env.BENCH_BUDGET_SEC ?? 900);
/** Seeded rows for the scale phase: reduced by default, BENCH_SCALE=full for 1,000 orgs / 2M calls / 6M deliveries. */
const SCALE_FULL = process.env.BENCH_SCALE === 'full';
const SCALE_CALLS = Number(process.env.BENCH_SCALE_CALLS ?? (SCALE_FULL ? 2_000_000 : SHORT ? 100_000 : 300_000));
const NOISY_BACKLOG = Number(process.env.BENCH_NOISY_BACKLOG ?? (SHORT ? 3000 : 10_000));
const NOISY_QUEUED = process.env.BENCH_NOISY_QUEUED === '1';
const SLOW_BACKLOG = Number(process.env.BENCH_SLOW_BACKLOG ?? (SHORT ? 3000 : 6000));
const SLOW_CONCURRENCY = Number(process.env.BENCH_SLOW_CONCURRENCY ?? 800);
const SERVICE_DIR = path.resolve(process.env.BENCH_SERVICE_DIR ?? ROOT);
const LIMIT: 'same' | 'naive' = process.env.BENCH_LIMIT === 'naive' ? 'naive' : 'same';
/** The heap settings the Dockerfile ships in NODE_OPTIONS; the service is measured as it runs there. */
const PRODUCTION_NODE_FLAGS = '--max-old-space-size=256 --max-semi-space-size=32 --v8-pool-size=1';
const LOAD_AT_START = os.loadavg()[0]!;
/** BENCH_KILL="worker@20,api@35,backend@50,postgres@65": see scheduleKills. */
const KILLS = (process.env.BENCH_KILL ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((spec) => {
    const m = /^(api|worker|backend|postgres)@(\d+(?:\.\d+)?)$/.exec(spec);
    if (!m) throw new Error(`BENCH_KILL: "${spec}" is not <api|worker|backend|postgres>@<seconds>`);
    return { target: m[1] as 'api' | 'worker' | 'backend' | 'postgres', atSec: Number(m[2]) };
  });

const SAT_SEC = SHORT ? 4 : 8;
const RATE_SEC = SHORT ? 4 : 8;
const WARM_SEC = 2;
const DASH_SEC = SHORT ? 3 : 5;
const SAT_CONNECTIONS = 16;
/** Saturation runs of the service and of the limit, interleaved; the verdict takes the median ratio. */
const PLACE_RUNS = Number(process.env.BENCH_PLACE_RUNS ?? 3);
const PLACE_RATE = 300;
const DASH_RATE = 100;
const DELIVERY_BACKLOG = SHORT ? 2000 : 4000;
const DELIVERY_RATES = [100, 200];
/** The sustained phase: calls/s offered with the worker running, for this long, the queue sampled every second. */
const SUSTAINED_RATE = Number(process.env.BENCH_SUSTAINED_RATE ?? 200);
const SUSTAINED_SEC = Number(process.env.BENCH_SUSTAINED_SEC ?? (SHORT ? 20 : 60));
/** Exits that come from outside the process (kill, the OOM killer, a stop): restarted and listed, not held against the service. */
const EXTERNAL_SIGNALS = new Set(['SIGKILL', 'SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT']);

/** The lifecycle phase: each rate tried for this long, at most this many rates. */
const LIFECYCLE_SEC = Number(process.env.BENCH_LIFECYCLE_SEC ?? (SHORT ? 15 : 60));
/** The sip phase: live calls on one process (bench/sip-capacity.ts), and its measured window. */
const SIP_CALLS = Number(process.env.BENCH_SIP_CALLS ?? 100);
const SIP_MEASURE_MS = Number(process.env.BENCH_SIP_MEASURE_MS ?? (SHORT ? 10_000 : 20_000));
const LIFECYCLE_STEPS = Number(process.env.BENCH_LIFECYCLE_STEPS ?? (SHORT ? 3 : 5));
/** BENCH_FLOOD_SOCKETS=n: a GraphQL subscription flood of n sockets during the lifecycle phase (bench/tools/subscription-flood.ts). */
const FLOOD_SOCKETS = Number(process.env.BENCH_FLOOD_SOCKETS ?? 0);
/** Subscriptions each flooding socket asks for: more than GRAPHQL_WS_MAX_SUBSCRIPTIONS (20), so some are refused. */
const FLOOD_SUBSCRIPTIONS = 25;
const LIFECYCLE_RATES = (process.env.BENCH_LIFECYCLE_RATES ?? '').split(',').map(Number).filter((n) => n > 0);
/** The service's pg pool in the API role (src/main.ts); the raw baseline gets the same. */
const API_POOL_SIZE = process.env.BENCH_RAW_POOL ?? '8';

const TARGETS = {
  fairP99Ms: 50,
  /** RTP frames that leave more than 5 ms after their 20 ms slot, 100 SIP calls beside the lifecycle's traffic. */
  sipLatePct: 1,
  /** …and more than a whole frame (20 ms) late: a gap a far end's one-frame jitter buffer cannot hide. */
  sipVeryLatePct: 0.5,
  /** Every webhook of the lifecycle phase, commit→receipt. */
  lifecycleP99Ms: 1000,
  /** The highest sustained whole-lifecycle call rate, as a share of the raw placement limit. */
  lifecycleOfRaw: 0.2,
  /** The delivery drain as a share of graphile-worker draining no-op jobs on the same database. */
  drainOfNoop: 0.8,
  sustainedP99Ms: 100,
  /** "No growing backlog": the undelivered count's least-squares slope over the run, per second. */
  backlogSlopePerSec: 1,
  slowPerSec: 500,
  scaleP99Ms: 30,
  placeVsRaw: 0.7,
  placeP99Ms: 10,
  deliveriesPerSec: 1000,
  queuedP50Ms: 25,
  dashboardP99Ms: 30,
  rssMiB: 300,
};

const PLACE_BODY = JSON.stringify({
  to: '+14155550123',
  task: 'Confirm the appointment for tomorrow at 10:00 and ask whether the customer needs parking.',
  metadata: { customer_id: 'cus_8731', campaign: 'reminders', attempt: 1 },
});

interface Row {
  scenario: string;
  rps: number | null;
  p50: number | null;
  p99: number | null;
  note?: string;
}

const started = Date.now();
const log = (msg: string) => console.error(`[bench ${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s] ${msg}`);

let embeddedDb: EmbeddedDatabase | undefined;
let pgVersion = 'unknown';

type Verdict = { target: string; measured: string; met: boolean };
/** Everything measured so far: written out whatever happens (a failed phase, a crash, the watchdog). */
const rows: Row[] = [];
const verdicts: Verdict[] = [];
const results: Record<string, unknown> = {};
/** Phases that failed, with why and the output tails of the service processes. */
const failures: Array<{ phase: string; error: string; tails: Record<string, string> }> = [];
/** The 1-minute load average when each phase started and ended. */
const phaseLoad: Array<{ phase: string; start: number; end: number; seconds: number; settleSeconds: number }> = [];
let tmpDir: string | undefined;

async function cleanup(): Promise<void> {
  await stopCpuSampler().catch(() => undefined);
  killAllChildren();
  await embeddedDb?.stop().catch(() => undefined);
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
}

const watchdog = setTimeout(() => {
  log(`budget of ${BUDGET_SEC} s exceeded: stopping everything`);
  verdicts.push({ target: 'the bench finishes within BENCH_BUDGET_SEC', measured: `stopped by the watchdog after ${BUDGET_SEC} s`, met: false });
  writeReport();
  void cleanup().finally(() => process.exit(2));
}, BUDGET_SEC * 1000);
watchdog.unref();

function build(): void {
  if (process.env.BENCH_SKIP_BUILD === '1' && existsSync(path.join(SERVICE_DIR, 'dist/src/main.js'))) return;
  log(`building ${SERVICE_DIR} (tsc -p tsconfig.build.json)`);
  const r = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: SERVICE_DIR, encoding: 'utf8' });
  if (r.status !== 0) {
    if (!existsSync(path.join(SERVICE_DIR, 'dist/src/main.js'))) throw new Error(`build failed:\n${r.stdout}${r.stderr}`);
    log(`warning: tsc reported errors (output was still emitted):\n${(r.stdout + r.stderr).slice(0, 2000)}`);
  }
}

/**
 * The bench's own requests (sign-ups, settings, receiver stats): each on a fresh connection. The
 * global fetch keeps idle sockets and can reuse one the server has closed while the bench's event
 * loop was blocked (a synchronous seeding step), which surfaces as "fetch failed". A connection
 * refused or reset is tried again a few times before it counts as the service being down.
 */
async function json<T>(url: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const payload = init.body === undefined ? undefined : Buffer.from(JSON.stringify(init.body));
  const once = () =>
    new Promise<{ status: number; body: T }>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: init.method ?? (payload === undefined ? 'GET' : 'POST'),
          agent: false,
          headers: {
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(payload.length) }),
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T });
            } catch {
              reject(new Error(`${url}: ${res.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`));
            }
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error(`${url}: no answer within 30 s`)));
      req.on('error', reject);
      req.end(payload);
    });
  for (let attempt = 1; ; attempt++) {
    try {
      return await once();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (attempt >= 3 || !['ECONNRESET', 'ECONNREFUSED', 'EPIPE'].includes(code ?? '')) throw new Error(`${init.method ?? (payload ? 'POST' : 'GET')} ${url} failed: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

interface Org {
  token: string;
  apiKey: string;
  orgId: string;
}

async function signup(base: string, tag: string): Promise<Org> {
  const r = await json<{ access_token: string; api_key: { secret: string }; organization: { id: string } }>(`${base}/auth/signup`, {
    body: { email: `bench-${tag}-${randomBytes(4).toString('hex')}@example.com`, password: randomBytes(12).toString('base64url'), organization_name: `bench ${tag}` },
  });
  if (r.status !== 201) throw new Error(`signup failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { token: r.body.access_token, apiKey: r.body.api_key.secret, orgId: r.body.organization.id };
}

/** Every acknowledged call must have its row, its call.queued event and its dial job. */
async function verifyPlaced(pg: Pool, ids: string[]): Promise<{ acknowledged: number; unique: number; missingCalls: number; missingEvents: number; missingJobs: number }> {
  const unique = [...new Set(ids)];
  const { rows } = await pg.query<{ missing_calls: string; missing_events: string; missing_jobs: string }>(
    `select count(*) filter (where not exists (select 1 from calls c where c.id = x.id)) as missing_calls,
            count(*) filter (where not exists (select 1 from webhook_deliveries d where d.call_id = x.id and d.event = 'call.queued')) as missing_events,
            count(*) filter (where not ${keyedJobExistsSql('dial', 'x.id')}) as missing_jobs
       from unnest($1::uuid[]) as x(id)`,
    [unique],
  );
  return {
    acknowledged: ids.length,
    unique: unique.length,
    missingCalls: Number(rows[0]!.missing_calls),
    missingEvents: Number(rows[0]!.missing_events),
    missingJobs: Number(rows[0]!.missing_jobs),
  };
}

function placeLoad(base: string, apiKey: string, ids: string[]) {
  return {
    url: `${base}/v1/calls/outbound`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${apiKey}` },
    body: PLACE_BODY,
    expectStatus: 201,
    onOk: (body: string) => ids.push((JSON.parse(body) as { call_id: string }).call_id),
  };
}

/** Warm-up, saturation, then a fixed offered rate. */
async function measure(name: string, spec: Omit<Parameters<typeof runLoad>[0], 'connections'> & { method?: 'GET' | 'POST' }, rate?: number): Promise<{ sat: LoadResult; fixed?: LoadResult }> {
  await runLoad({ ...spec, connections: SAT_CONNECTIONS, durationSec: WARM_SEC });
  log(`${name}: saturation (${SAT_CONNECTIONS} connections, ${SAT_SEC} s)`);
  const sat = await runLoad({ ...spec, connections: SAT_CONNECTIONS, durationSec: SAT_SEC });
  let fixed: LoadResult | undefined;
  if (rate) {
    log(`${name}: fixed rate ${rate}/s (${RATE_SEC} s)`);
    fixed = await runOpenLoop({ ...spec, durationSec: RATE_SEC, rate });
  }
  return { sat, fixed };
}

/** Least-squares slope of y over x (NaN with fewer than 3 points). */
function leastSquaresSlope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 3) return NaN;
  const mx = points.reduce((a, p) => a + p[0], 0) / n;
  const my = points.reduce((a, p) => a + p[1], 0) / n;
  const sxy = points.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0);
  const sxx = points.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
  return sxy / sxx;
}

function microsEpoch(iso: string): number {
  // 2026-11-22T10:15:30.123456+00:00 -> epoch ms with the microseconds as a fraction
  const m = /^(.*\.\d{3})(\d{3})(\+00:00)$/.exec(iso);
  return m ? Date.parse(m[1]! + m[3]!) + Number(m[2]) / 1000 : Date.parse(iso);
}

interface Receipt {
  callId: string;
  event: string;
  timestamp: string;
  status?: string;
  receivedAt: number;
}

async function receiverStats(url: string): Promise<Receipt[]> {
  return (await json<{ receipts: Receipt[] }>(`${url}/__stats`)).body.receipts;
}

/**
 * Measure the steady state, not the aftermath of what ran before: vacuum now, flush the dirty
 * pages (otherwise the checkpointer writes them during the measurement) and wait (at most a
 * minute) until no autovacuum worker runs. Called after the scale phase's bulk load and before every phase
 * but the first: the lifecycle phase ends with its overload step, and the rows it churned would
 * otherwise be vacuumed while the next phase measures. Returns the seconds waited.
 */
async function settle(pg: Pool, before: string): Promise<number> {
  const t0 = Date.now();
  // The previous phase's jobs go first (every phase starts by deleting them), then what it left
  // is vacuumed now rather than by an autovacuum worker during the measurement.
  await deleteJobs(pg);
  await pg.query('vacuum (analyze)');
  await pg.query('checkpoint');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await pg.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'`);
    if (rows[0]!.n === 0) break;
    if (Date.now() > deadline) {
      log(`${before}: ${rows[0]!.n} autovacuum worker(s) still running after a minute; measuring anyway`);
      break;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return round((Date.now() - t0) / 1000, 1);
}

/**
 * BENCH_TRACE=1: during a fixed-rate run, every 250 ms, the slowest request scheduled in that
 * slice beside what PostgreSQL was doing (autovacuum workers, checkpoints, queued jobs), into
 * bench/results/trace-<name>.txt. For finding where a p99 comes from.
 */
function startTrace(pg: Pool, name: string) {
  const t0 = performance.now();
  const epochAtT0 = performance.timeOrigin + t0;
  cpuMark(`trace ${name} start`);
  const slices = new Map<number, number[]>();
  const lines: string[] = [];
  let running = true;
  const sample = async () => {
    while (running) {
      const at = Math.floor((performance.now() - t0) / 250);
      try {
        const av = await pg.query<{ q: string }>(`select string_agg(regexp_replace(query, '\\s+', ' ', 'g'), ' | ') as q from pg_stat_activity where backend_type = 'autovacuum worker'`);
        const ck = await pg.query<{ n: string }>(`select (num_timed + num_requested)::text || ' (wal ' || (pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') / 1048576)::int || ' MiB)' as n from pg_stat_checkpointer`).catch(() => pg.query<{ n: string }>(`select (checkpoints_timed + checkpoints_req)::text as n from pg_stat_bgwriter`));
        const act = await pg.query<{ n: number; w: string }>(`select count(*)::int as n, string_agg(distinct coalesce(wait_event_type, '') || ':' || coalesce(wait_event, ''), ',') as w from pg_stat_activity where state = 'active' and backend_type = 'client backend'`);
        lines.push(`${String(at * 250).padStart(6)} ms  checkpoints ${ck.rows[0]!.n}  active ${act.rows[0]!.n} [${act.rows[0]!.w ?? ''}]  autovacuum: ${av.rows[0]!.q ?? '-'}`);
      } catch (e) {
        lines.push(`${at * 250} ms  sample failed: ${String(e)}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const loop = sample();
  return {
    onLatency: (ms: number, scheduledAt: number) => {
      const k = Math.floor((scheduledAt - t0) / 250);
      (slices.get(k) ?? slices.set(k, []).get(k)!).push(ms);
    },
    stop: async () => {
      running = false;
      await loop;
      const lat = [...slices.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${String(k * 250).padStart(6)} ms  n ${v.length}  max ${round(Math.max(...v), 1)}  p50 ${round(percentile([...v].sort((a, b) => a - b), 50), 1)}`);
      cpuMark(`trace ${name} end`);
      writeFileSync(path.join(RESULTS, `trace-${name}.txt`), `# epoch_ms_at_t0 ${Math.round(epochAtT0)}\nlatency per 250 ms slice (by scheduled time)\n${lat.join('\n')}\n\npostgres per 250 ms\n${lines.join('\n')}\n`);
    },
  };
}

/**
 * BENCH_TRACE=1, for phases measured at a receiver: commit→receipt per 250 ms slice of the
 * event's own timestamp (the placing transaction), in the same format as startTrace's file, so
 * bench/tools/stall-report.ts can set it beside the CPU timeline.
 */
function writeReceiptTrace(name: string, sent: Array<{ at: number; ms: number }>): void {
  if (process.env.BENCH_TRACE !== '1' || sent.length === 0) return;
  const first = Math.min(...sent.map((x) => x.at));
  const slices = new Map<number, number[]>();
  for (const x of sent) {
    const k = Math.floor((x.at - first) / 250);
    (slices.get(k) ?? slices.set(k, []).get(k)!).push(x.ms);
  }
  const lat = [...slices.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${String(k * 250).padStart(6)} ms  n ${v.length}  max ${round(Math.max(...v), 1)}  p50 ${round(percentile([...v].sort((a, b) => a - b), 50), 1)}`);
  writeFileSync(path.join(RESULTS, `trace-${name}.txt`), `# epoch_ms_at_t0 ${Math.round(first)}\ncommit→receipt per 250 ms slice (by the event's timestamp)\n${lat.join('\n')}\n`);
}

/**
 * BENCH_CPU_SAMPLER=1: bench/tools/cpu-sampler.ts runs beside the bench for the whole run and
 * writes every process's CPU per 25 ms (the bench's tree, PostgreSQL's processes, anything else
 * on the machine) to bench/results/cpu-timeline.txt, with the phases marked.
 */
let cpuSampler: ChildProcess | undefined;
function startCpuSampler(): void {
  if (process.env.BENCH_CPU_SAMPLER !== '1') return;
  const out = path.join(RESULTS, 'cpu-timeline.txt');
  cpuSampler = spawn(process.execPath, ['-r', '@swc-node/register', path.join(ROOT, 'bench', 'tools', 'cpu-sampler.ts'), '--out', out, '--root', String(process.pid), '--stdin-marks', '--interval-ms', process.env.BENCH_CPU_SAMPLER_MS ?? '25'], {
    cwd: ROOT,
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  cpuSampler.stdin!.on('error', () => undefined);
  log(`CPU timeline: ${out}`);
}
function cpuMark(text: string): void {
  cpuSampler?.stdin?.write(`mark ${text}\n`);
}
async function stopCpuSampler(): Promise<void> {
  const c = cpuSampler;
  if (!c || c.exitCode !== null) return;
  cpuSampler = undefined;
  const exited = new Promise<void>((r) => c.once('exit', () => r()));
  c.stdin!.end();
  const killer = setTimeout(() => c.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

/** The statements that took the most time since the last reset, as text. */
async function topStatements(pg: Pool): Promise<string> {
  const { rows: top } = await pg.query<{ calls: string; total_ms: string; mean_ms: string; rows: string; plan_ms: string; plans: string; hit: string; query: string }>(
    `select calls::text, round(total_exec_time::numeric, 1)::text as total_ms, round(mean_exec_time::numeric, 3)::text as mean_ms, rows::text,
            round(total_plan_time::numeric, 1)::text as plan_ms, plans::text, (shared_blks_hit + shared_blks_read)::text as hit,
            regexp_replace(query, '\\s+', ' ', 'g') as query
       from pg_stat_statements order by total_exec_time + total_plan_time desc limit 25`,
  );
  // All statements together (PostgreSQL's own foreign-key checks included): round trips and planning, beside the top ones.
  const { rows: all } = await pg.query<{ calls: string; exec_ms: string; plan_ms: string }>(
    `select sum(calls)::text as calls, round(sum(total_exec_time)::numeric, 1)::text as exec_ms, round(sum(total_plan_time)::numeric, 1)::text as plan_ms from pg_stat_statements`,
  );
  return (
    `all statements: ${all[0]!.calls} calls, ${all[0]!.exec_ms} ms executing, ${all[0]!.plan_ms} ms planning\n` +
    top
      .map(
        (r) =>
          `${r.total_ms.padStart(10)} ms total  ${r.calls.padStart(8)} calls  ${r.mean_ms.padStart(8)} ms mean  ${r.rows.padStart(8)} rows  planning ${r.plan_ms} ms in ${r.plans} plans  ${r.hit} buffers\n    ${r.query.slice(0, 600)}`,
      )
      .join('\n') + '\n'
  );
}

async function main(): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  if (LOAD_AT_START > 0.7) log(`warning: load average is ${LOAD_AT_START.toFixed(2)}: something else is using the CPUs; figures will be noisy`);
  build();
  startCpuSampler();
  tmpDir = mkdtempSync(path.join(os.tmpdir(), 'voicegate-bench-'));
  log(`starting embedded PostgreSQL in ${tmpDir}`);
  const embedded = (embeddedDb = await startEmbeddedPostgres({ dataDir: path.join(tmpDir, 'pg'), secretsFile: path.join(tmpDir, 'secrets.json'), database: 'voicegate_bench', log: (m) => log(m), settings: [...(PG_STATS ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all', 'pg_stat_statements.track_planning=on'] : []), ...PG_SETTINGS] }));
  pgVersion = await (async () => {
    const c = new Client({ connectionString: embedded.url });
    await c.connect();
    const v = (await c.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    await c.end();
    return v;
  })();

  const secrets = { JWT_SECRET: randomBytes(48).toString('base64url'), SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  const serviceEnv = (role: 'api' | 'worker', port: number): Record<string, string> => ({
    NODE_ENV: 'production',
    DATABASE_URL: embedded.url,
    HOST: '127.0.0.1',
    PORT: String(port),
    ROLE: role,
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(tmpDir!, 'data'),
    RATE_LIMIT_ENABLED: 'false',
    MAX_QUEUED_CALLS_PER_ORG: '100000000',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    // Simulated calls progress 100x slower than real time, so the only background work during the
    // bench is what every call costs at once (its dial job and its call.queued delivery).
    SIMULATOR_SPEEDUP: '0.01',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    ...secrets,
  });
  const profileDir = path.join(RESULTS, 'profiles');
  const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? PRODUCTION_NODE_FLAGS).split(' ').filter(Boolean);
  const nodeArgs = (name: string) => [...nodeFlags, ...(PROFILE ? ['--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-name', `${name}-${Date.now()}.cpuprofile`] : [])];
  const tsArgs = (file: string) => ['-r', '@swc-node/register', path.join(ROOT, 'bench', 'servers', file)];

  const apiPort = await freePort();
  const base = `http://127.0.0.1:${apiPort}`;
  log('starting the API process (ROLE=api)');
  // The service's processes (the API, the workers) are supervised: killed from outside while a
  // phase runs, each is started again as a process manager would (bench/lib/proc.ts).
  const startApi = () => startChild('api', [...nodeArgs('api'), path.join(SERVICE_DIR, 'dist/src/main.js')], serviceEnv('api', apiPort), { cwd: SERVICE_DIR, supervise: true });
  let api = startApi();
  await waitForHttp(api, `${base}/ready`, 90_000);
  /** Peak RSS of API processes that had to be replaced. */
  let apiPeakBefore = 0;
  /**
   * Between phases: the API must still answer /ready. If it exited or hangs, its output goes into
   * the report and a new one is started on the same port so the remaining phases can run.
   */
  const ensureApi = async (after: string): Promise<void> => {
    const isReady = () => json(`${base}/ready`).then((r) => r.status === 200, () => false);
    // Restarted by its supervisor during the phase (killed from outside): give it the time to start.
    if (!api.gone() && !(await isReady())) await waitForHttp(api, `${base}/ready`, 90_000).catch(() => undefined);
    const exited = api.gone();
    const ready = !exited && (await isReady());
    if (ready) return;
    const how = exited ? `exited (${api.proc.exitCode ?? api.proc.signalCode})` : 'not answering /ready';
    const tail = api.tail().slice(-4000);
    log(`the API process ${how} after phase ${after}; its output:\n${tail}`);
    failures.push({ phase: after, error: `API process ${how} after the phase`, tails: { api: tail } });
    verdicts.push({ target: 'the API process stays up', measured: `${how} after phase ${after}; restarted`, met: false });
    apiPeakBefore = Math.max(apiPeakBefore, api.peakRssMiB());
    await api.stop();
    api = startApi();
    await waitForHttp(api, `${base}/ready`, 90_000);
  };
  /** When each phase began (its own work, after settling), to say in which phase a process was restarted. */
  const phaseStarts: Array<{ name: string; at: number }> = [];
  /** The kills BENCH_KILL made, for the report. */
  const killed: Array<{ target: string; pid: number; phase: string; atSec: number }> = [];
  /**
   * BENCH_KILL: SIGKILLs at given seconds into one phase (BENCH_KILL_PHASE, default lifecycle),
   * for seeing that its figures degrade gracefully when a process dies under load:
   * `worker@20,api@35,backend@50,postgres@65` (the phase's newest worker, the API, one of
   * PostgreSQL's client backends — PostgreSQL then restarts every connection — and the postmaster
   * itself). The service's processes and PostgreSQL are started again by their supervisors.
   */
  const scheduleKills = (phase: string): (() => void) => {
    if ((process.env.BENCH_KILL_PHASE ?? 'lifecycle') !== phase || !KILLS.length) return () => undefined;
    const timers = KILLS.map(({ target, atSec }) =>
      setTimeout(() => {
        void (async () => {
          let pid: number | undefined;
          let what: string = target;
          if (target === 'api') pid = api.proc.pid;
          else if (target === 'worker') {
            const w = liveChildren().filter((c) => c.name.startsWith('worker')).pop();
            pid = w?.proc.pid;
            what = w?.name ?? 'worker';
          } else if (target === 'postgres') pid = postmasterPid(path.join(tmpDir!, 'pg'));
          else {
            const r = await pg
              .query<{ pid: number }>(`select pid from pg_stat_activity where backend_type = 'client backend' and datname = current_database() and pid <> pg_backend_pid() order by backend_start limit 1`)
              .catch(() => undefined);
            pid = r?.rows[0]?.pid;
            what = 'a PostgreSQL client backend';
          }
          if (!pid) return log(`BENCH_KILL: no ${target} to kill at +${atSec} s`);
          log(`BENCH_KILL: SIGKILL ${what} (pid ${pid}) at +${atSec} s into ${phase}`);
          killed.push({ target: what, pid, phase, atSec });
          try {
            process.kill(pid, 'SIGKILL');
          } catch (e) {
            log(`BENCH_KILL: ${String(e)}`);
          }
        })();
      }, atSec * 1000),
    );
    return () => timers.forEach(clearTimeout);
  };
  /**
   * Runs one phase. A phase that throws becomes a FAILED row and an unmet verdict with the reason
   * and the output tails of the processes involved (the API's and any the phase started, which are
   * then stopped); the remaining phases still run.
   */
  const guarded = async (name: string, fn: () => Promise<void>): Promise<void> => {
    const before = new Set(liveChildren());
    let cancelKills = (): void => undefined;
    let settleSeconds = 0;
    let load0 = os.loadavg()[0]!;
    let t0 = Date.now();
    try {
      if (phaseLoad.length > 0) settleSeconds = await settle(pg, name);
      load0 = os.loadavg()[0]!;
      t0 = Date.now();
      phaseStarts.push({ name, at: t0 });
      cancelKills = scheduleKills(name);
      log(`phase ${name} (load average ${load0.toFixed(2)}${settleSeconds ? `, after ${settleSeconds} s settling` : ''})`);
      cpuMark(`phase ${name} start (load ${load0.toFixed(2)})`);
      if (PG_STATS) await pg.query('select pg_stat_statements_reset()');
      await fn();
      if (PG_STATS) writeFileSync(path.join(RESULTS, `pg-stats-${name}.txt`), await topStatements(pg));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const first = message.split('\n')[0]!.slice(0, 200);
      const tails: Record<string, string> = { api: api.tail().slice(-3000) };
      for (const c of liveChildren()) if (!before.has(c)) tails[c.name] = c.tail().slice(-3000);
      log(`phase ${name} FAILED: ${err instanceof Error ? err.stack : message}\n${Object.entries(tails).map(([n, t]) => `--- ${n}: last output ---\n${t}`).join('\n')}`);
      rows.push({ scenario: `${name}: PHASE FAILED`, rps: null, p50: null, p99: null, note: first });
      verdicts.push({ target: `phase "${name}" runs to the end`, measured: `failed: ${first}`, met: false });
      failures.push({ phase: name, error: err instanceof Error ? (err.stack ?? message) : message, tails });
      for (const c of liveChildren()) if (!before.has(c)) await c.stop();
    }
    cancelKills();
    phaseLoad.push({ phase: name, start: round(load0, 2), end: round(os.loadavg()[0]!, 2), seconds: round((Date.now() - t0) / 1000, 0), settleSeconds });
    cpuMark(`phase ${name} end (load ${os.loadavg()[0]!.toFixed(2)})`);
    await ensureApi(name);
  };
  // The bench's own connection, as a pool of one: a PostgreSQL backend killed from outside (the
  // server then restarts every connection) or a server restart costs the bench that one query,
  // and the next one opens a new connection, where a lone Client would stay broken for the rest
  // of the run.
  const pg = new Pool({ connectionString: embedded.url, max: 1, idleTimeoutMillis: 0 });
  pg.on('error', () => undefined);
  await pg.query('select 1');
  if (PG_STATS) await pg.query('create extension if not exists pg_stat_statements');

  const orgA = await signup(base, 'a');

  // ---- baselines ---------------------------------------------------------------------------
  let rawSat: LoadResult | undefined;
  const keyHash = createHash('sha256').update(orgA.apiKey).digest('hex');
  const startRaw = (mode: 'same' | 'naive', port: number) =>
    startChild(`raw node:http+pg (${mode})`, tsArgs('raw-pg.ts'), { PORT: String(port), MODE: mode, DATABASE_URL: embedded.url, ORG_ID: orgA.orgId, KEY_HASH: keyHash, POOL_SIZE: API_POOL_SIZE }, { cwd: ROOT });
  if (PHASES.has('baselines')) await guarded('baselines', async () => {
    for (const [name, file] of [
      ['hello node:http', 'hello-http.ts'],
      ['hello express', 'hello-express.ts'],
    ] as const) {
      const port = await freePort();
      const child = startChild(name, tsArgs(file), { PORT: String(port) }, { cwd: ROOT });
      await waitForHttp(child, `http://127.0.0.1:${port}/`);
      const m = await measure(name, { url: `http://127.0.0.1:${port}/` });
      await child.stop();
      rows.push({ scenario: `${name} — saturation`, rps: m.sat.rps, p50: m.sat.p50, p99: m.sat.p99 });
      results[name] = m;
    }
    // The limit itself (LIMIT) is measured by the place phase, interleaved with the service.
    for (const mode of (['naive', 'same'] as const).filter((m) => m !== LIMIT || !PHASES.has('place'))) {
      const rawPort = await freePort();
      const raw = startRaw(mode, rawPort);
      await waitForHttp(raw, `http://127.0.0.1:${rawPort}/`, 30_000, 404);
      const rawIds: string[] = [];
      const m = await measure(`raw place-call (${mode})`, placeLoad(`http://127.0.0.1:${rawPort}`, orgA.apiKey, rawIds), mode === LIMIT ? PLACE_RATE : undefined);
      await raw.stop();
      const check = await verifyPlaced(pg, rawIds);
      const isLimit = mode === LIMIT;
      if (isLimit) rawSat = m.sat;
      const name = mode === 'naive' ? 'raw node:http+pg, textbook SQL (5 statements, add_job)' : 'raw node:http+pg, one-statement SQL (as voicegate)';
      rows.push({ scenario: `${name} — saturation`, rps: m.sat.rps, p50: m.sat.p50, p99: m.sat.p99, note: isLimit ? 'the limit' : 'for reference' });
      if (m.fixed) rows.push({ scenario: `${name} — @${PLACE_RATE}/s`, rps: m.fixed.rps, p50: m.fixed.p50, p99: m.fixed.p99 });
      results[mode === 'naive' ? 'rawNaive' : 'raw'] = { ...m, check };
    }
  });

  // ---- place-call ----------------------------------------------------------------------------
  if (PHASES.has('place')) await guarded('place', async () => {
    // The service and the limit (the raw server running the same SQL) saturated PLACE_RUNS times
    // each, interleaved, so both see the same machine; the verdict is the median of the ratios.
    const rawPort = await freePort();
    const rawBase = `http://127.0.0.1:${rawPort}`;
    const raw = startRaw(LIMIT, rawPort);
    await waitForHttp(raw, `${rawBase}/`, 30_000, 404);
    const rawIds: string[] = [];
    const ids: string[] = [];
    const rawSpec = placeLoad(rawBase, orgA.apiKey, rawIds);
    const svcSpec = placeLoad(base, orgA.apiKey, ids);
    const keyStats = async () =>
      (
        await pg.query<{ scans: string; updates: string }>(
          `select (coalesce(idx_scan, 0) + coalesce(seq_scan, 0))::text as scans, n_tup_upd::text as updates from pg_stat_user_tables where relname = 'api_keys'`,
        )
      ).rows[0]!;
    await new Promise((r) => setTimeout(r, 1200)); // statistics are flushed about once a second
    const keysBefore = await keyStats();
    const check = { acknowledged: 0, unique: 0, missingCalls: 0, missingEvents: 0, missingJobs: 0 };
    const rawCheck = { ...check };
    const verifyInto = async (into: typeof check, batch: string[]) => {
      const c = await verifyPlaced(pg, batch.splice(0));
      for (const k of Object.keys(into) as Array<keyof typeof check>) into[k] += c[k];
      // No worker drains the queue here: remove the jobs so that every run meets the same table.
      await deleteJobs(pg);
    };
    await runLoad({ ...rawSpec, connections: SAT_CONNECTIONS, durationSec: WARM_SEC });
    await runLoad({ ...svcSpec, connections: SAT_CONNECTIONS, durationSec: WARM_SEC });
    rawIds.length = 0;
    ids.length = 0;
    await deleteJobs(pg);
    const runs: Array<{ raw: LoadResult; service: LoadResult; ratio: number; loadAverage: number; rawCpuMs: number; apiCpuMs: number }> = [];
    for (let i = 1; i <= PLACE_RUNS; i++) {
      log(`place-call: run ${i}/${PLACE_RUNS}, raw (${LIMIT}) then voicegate at saturation (${SAT_CONNECTIONS} connections, ${SAT_SEC} s each)`);
      // CPU per request of each server (user + system, /proc): steadier than throughput on a shared machine.
      const rawCpu0 = raw.cpuSeconds();
      const r = await runLoad({ ...rawSpec, connections: SAT_CONNECTIONS, durationSec: SAT_SEC });
      const rawCpuMs = ((raw.cpuSeconds() - rawCpu0) * 1000) / Math.max(1, r.ok);
      await verifyInto(rawCheck, rawIds);
      const apiCpu0 = api.cpuSeconds();
      const v = await runLoad({ ...svcSpec, connections: SAT_CONNECTIONS, durationSec: SAT_SEC });
      const apiCpuMs = ((api.cpuSeconds() - apiCpu0) * 1000) / Math.max(1, v.ok);
      await verifyInto(check, ids);
      runs.push({ raw: r, service: v, ratio: v.rps / r.rps, loadAverage: round(os.loadavg()[0]!, 2), rawCpuMs: round(rawCpuMs, 3), apiCpuMs: round(apiCpuMs, 3) });
    }
    const badRaw = runs.find((x) => x.raw.ok === 0);
    if (badRaw) throw new Error(`the raw server answered no 201 (${JSON.stringify(badRaw.raw.unexpected)}, ${badRaw.raw.errors} errors): ${/raw place failed:.*/.exec(raw.tail())?.[0] ?? raw.tail().slice(-300)}`);
    const byRatio = [...runs].sort((a, b) => a.ratio - b.ratio);
    const median = byRatio[Math.floor(byRatio.length / 2)]!;
    const ratio = median.ratio;
    rawSat = median.raw;
    log(`place-call: fixed rate ${PLACE_RATE}/s (${RATE_SEC} s), raw then voicegate`);
    cpuMark(`place: raw @${PLACE_RATE}/s start`);
    const rawFixed = await runOpenLoop({ ...rawSpec, durationSec: RATE_SEC, rate: PLACE_RATE });
    cpuMark(`place: raw @${PLACE_RATE}/s end`);
    await raw.stop();
    await verifyInto(rawCheck, rawIds);
    const trace = process.env.BENCH_TRACE === '1' ? startTrace(pg, 'place') : undefined;
    cpuMark(`place: voicegate @${PLACE_RATE}/s start`);
    const fixed = await runOpenLoop({ ...svcSpec, durationSec: RATE_SEC, rate: PLACE_RATE, onLatency: trace?.onLatency });
    cpuMark(`place: voicegate @${PLACE_RATE}/s end`);
    await trace?.stop();
    await new Promise((r) => setTimeout(r, 1200));
    const keysAfter = await keyStats();
    const keyScans = Number(keysAfter.scans) - Number(keysBefore.scans);
    const keyUpdates = Number(keysAfter.updates) - Number(keysBefore.updates);
    const requests = runs.reduce((n, x) => n + x.service.ok, 0) + fixed.ok;
    await verifyInto(check, ids);
    const list = (f: (x: (typeof runs)[number]) => string) => runs.map(f).join(', ');
    const limitName = LIMIT === 'same' ? 'raw node:http+pg, one-statement SQL (as voicegate)' : 'raw node:http+pg, textbook SQL (5 statements, add_job)';
    rows.push({ scenario: `${limitName} — saturation, median of ${PLACE_RUNS}`, rps: median.raw.rps, p50: median.raw.p50, p99: median.raw.p99, note: `the limit; runs ${list((x) => String(x.raw.rps))} req/s` });
    rows.push({ scenario: `${limitName} — @${PLACE_RATE}/s`, rps: rawFixed.rps, p50: rawFixed.p50, p99: rawFixed.p99 });
    rows.push({
      scenario: `voicegate POST /v1/calls/outbound — saturation, median of ${PLACE_RUNS}`,
      rps: median.service.rps,
      p50: median.service.p50,
      p99: median.service.p99,
      note: `${Math.round(ratio * 100)} % of raw (median); runs ${list((x) => `${x.service.rps} = ${Math.round(x.ratio * 100)} %`)}; load ${list((x) => String(x.loadAverage))}`,
    });
    rows.push({ scenario: `voicegate POST /v1/calls/outbound — @${PLACE_RATE}/s`, rps: fixed.rps, p50: fixed.p50, p99: fixed.p99 });
    rows.push({
      scenario: 'place-call: CPU per request at saturation (process user + system)',
      rps: null,
      p50: null,
      p99: null,
      note: `API ${list((x) => String(x.apiCpuMs))} ms; raw server ${list((x) => String(x.rawCpuMs))} ms (raw/API ${list((x) => `${Math.round((x.rawCpuMs / x.apiCpuMs) * 100)} %`)})`,
    });
    rows.push({
      scenario: 'place-call check: 201s without row/event/job',
      rps: null,
      p50: null,
      p99: null,
      note: `${check.unique} acknowledged; missing ${check.missingCalls} rows, ${check.missingEvents} events, ${check.missingJobs} jobs (raw: ${rawCheck.missingCalls + rawCheck.missingEvents + rawCheck.missingJobs} of ${rawCheck.unique})`,
    });
    rows.push({
      scenario: 'API-key cache during place-call',
      rps: null,
      p50: null,
      p99: null,
      note: `${requests} requests: ${keyScans} api_keys reads, ${keyUpdates} last_used_at writes`,
    });
    results.raw = { runs: runs.map((x) => x.raw), median: median.raw, fixed: rawFixed, check: rawCheck, mode: LIMIT };
    results.place = { runs: runs.map((x) => ({ sat: x.service, ratioOfRaw: x.ratio, loadAverage: x.loadAverage, apiCpuMsPerRequest: x.apiCpuMs, rawCpuMsPerRequest: x.rawCpuMs })), sat: median.service, fixed, check, ratioOfRaw: ratio, apiKeyTableReads: keyScans, apiKeyTableUpdates: keyUpdates };
    verdicts.push({ target: `place-call ≥ ${TARGETS.placeVsRaw * 100} % of raw throughput (median of ${PLACE_RUNS})`, measured: `${Math.round(ratio * 100)} % (${list((x) => `${Math.round(x.ratio * 100)} %`)})`, met: ratio >= TARGETS.placeVsRaw });
    verdicts.push({ target: `place-call p99 ≤ ${TARGETS.placeP99Ms} ms at ${PLACE_RATE}/s`, measured: `${fixed.p99} ms`, met: fixed.p99 <= TARGETS.placeP99Ms });
    const missing = check.missingCalls + check.missingEvents + check.missingJobs + (check.unique !== check.acknowledged ? 1 : 0);
    verdicts.push({ target: 'every 201 has its row, call.queued event and job', measured: missing === 0 ? 'all present' : `${missing} missing`, met: missing === 0 });
  });

  // ---- dashboard -----------------------------------------------------------------------------
  if (PHASES.has('dashboard')) await guarded('dashboard', async () => {
    for (let i = 0; i < 4; i++) await json(`${base}/dashboard/api-keys`, { body: { name: `env-${i}` }, token: orgA.token });
    if (!PHASES.has('place')) {
      // webhookDeliveries needs rows: place a few hundred calls first.
      await runLoad({ ...placeLoad(base, orgA.apiKey, []), connections: 8, amount: 300 });
    }
    const gqlBody = (query: string) => JSON.stringify({ query });
    const dash = [
      {
        name: 'GraphQL apiKeys',
        spec: { url: `${base}/graphql`, method: 'POST' as const, body: gqlBody('query { apiKeys { id name prefix status createdAt lastUsedAt revokedAt } }') },
      },
      {
        name: 'GraphQL webhookDeliveries(first: 50)',
        spec: {
          url: `${base}/graphql`,
          method: 'POST' as const,
          body: gqlBody(
            'query { webhookDeliveries(first: 50) { nodes { id callId event url state delivered responseCode attempts nextAttemptAt lastError createdAt } pageInfo { endCursor hasNextPage } } }',
          ),
        },
      },
      { name: 'REST GET /dashboard/api-keys', spec: { url: `${base}/dashboard/api-keys`, method: 'GET' as const } },
    ];
    const dashResults: Record<string, unknown> = {};
    for (const d of dash) {
      const spec = { ...d.spec, headers: { authorization: `Bearer ${orgA.token}` } };
      await runLoad({ ...spec, connections: 8, durationSec: 1 });
      log(`${d.name}: saturation (8 connections, ${DASH_SEC} s)`);
      const sat = await runLoad({ ...spec, connections: 8, durationSec: DASH_SEC });
      log(`${d.name}: fixed rate ${DASH_RATE}/s (${DASH_SEC} s)`);
      const fixed = await runOpenLoop({ ...spec, durationSec: DASH_SEC, rate: DASH_RATE });
      rows.push({ scenario: `dashboard ${d.name} — saturation`, rps: sat.rps, p50: sat.p50, p99: sat.p99 });
      rows.push({ scenario: `dashboard ${d.name} — @${DASH_RATE}/s`, rps: fixed.rps, p50: fixed.p50, p99: fixed.p99 });
      verdicts.push({ target: `${d.name} p99 ≤ ${TARGETS.dashboardP99Ms} ms (@${DASH_RATE}/s)`, measured: `${fixed.p99} ms (${sat.p99} ms at saturation)`, met: fixed.p99 <= TARGETS.dashboardP99Ms });
      dashResults[d.name] = { sat, fixed };
    }
    results.dashboard = dashResults;
  });

  // ---- delivery ------------------------------------------------------------------------------
  let worker: Child | undefined;
  if (PHASES.has('delivery')) await guarded('delivery', async () => {
    // Bench housekeeping: earlier phases left thousands of dial jobs for calls nobody will watch.
    await deleteJobs(pg);
    const recvPort = await freePort();
    const recvUrl = `http://127.0.0.1:${recvPort}`;
    const receiver = startChild('receiver', tsArgs('receiver.ts'), { PORT: String(recvPort) }, { cwd: ROOT });
    await waitForHttp(receiver, `${recvUrl}/__stats`);
    const orgB = await signup(base, 'b');
    const patched = await json(`${base}/dashboard/webhook`, { method: 'PATCH', body: { webhook_url: `${recvUrl}/hooks` }, token: orgB.token });
    if (patched.status !== 200) throw new Error(`could not set the webhook URL: ${patched.status} ${JSON.stringify(patched.body)}`);

    log(`delivery: placing a backlog of ${DELIVERY_BACKLOG} calls (no worker running yet)`);
    const backlogIds: string[] = [];
    await runLoad({ ...placeLoad(base, orgB.apiKey, backlogIds), connections: SAT_CONNECTIONS, amount: DELIVERY_BACKLOG });
    // The backlog's dial jobs are removed so that the drain measures deliveries alone (the
    // steady-state run below keeps them: there every call is dialed as in production).
    await deleteJobs(pg, ['dial']);
    const workerPort = await freePort();
    log('delivery: starting the worker process (ROLE=worker) and draining');
    const workerStartedAt = Date.now();
    worker = startChild('worker', [...nodeArgs('worker'), path.join(SERVICE_DIR, 'dist/src/main.js')], serviceEnv('worker', workerPort), { cwd: SERVICE_DIR, supervise: true });
    const drainTrace = process.env.BENCH_TRACE === '1' ? startTrace(pg, 'delivery-drain') : undefined;
    let receipts: Receipt[] = [];
    const drainDeadline = Date.now() + (SHORT ? 30_000 : 60_000);
    const wanted = new Set(backlogIds);
    while (Date.now() < drainDeadline) {
      await new Promise((r) => setTimeout(r, 250));
      receipts = (await receiverStats(recvUrl)).filter((r) => r.event === 'call.queued' && wanted.has(r.callId));
      if (receipts.length >= wanted.size) break;
      if (worker.gone()) throw new Error(`worker exited:\n${worker.tail()}`);
    }
    await drainTrace?.stop();
    const times = receipts.map((r) => r.receivedAt).sort((a, b) => a - b);
    if (drainTrace) writeFileSync(path.join(RESULTS, 'trace-delivery-receipts.txt'), `receipts per 250 ms from the worker's start\n${Object.entries(times.reduce<Record<number, number>>((a, t) => ((a[Math.floor((t - workerStartedAt) / 250) * 250] = (a[Math.floor((t - workerStartedAt) / 250) * 250] ?? 0) + 1), a), {})).map(([k, n]) => `${k.padStart(6)} ms  ${n}`).join('\n')}\n`);
    const first = times[0] ?? NaN;
    const last = times[times.length - 1] ?? NaN;
    const drainRate = receipts.length > 1 ? (receipts.length - 1) / ((last - first) / 1000) : 0;
    const fromStart = receipts.length / ((last - workerStartedAt) / 1000);
    rows.push({
      scenario: `delivery: backlog of ${backlogIds.length} call.queued drained`,
      rps: round(drainRate, 0),
      p50: null,
      p99: null,
      note: `${receipts.length}/${backlogIds.length} received; ${round(fromStart, 0)}/s counting worker start-up`,
    });
    verdicts.push({ target: `delivery ≥ ${TARGETS.deliveriesPerSec} deliveries/s`, measured: `${round(drainRate, 0)}/s`, met: drainRate >= TARGETS.deliveriesPerSec });

    const latencyRuns: Array<Record<string, unknown>> = [];
    for (const rate of DELIVERY_RATES) {
      log(`delivery: call.queued latency at ${rate} calls/s (${RATE_SEC} s)`);
      await json(`${recvUrl}/__reset`, { method: 'POST' });
      const steadyIds: string[] = [];
      const steady = await runOpenLoop({ ...placeLoad(base, orgB.apiKey, steadyIds), durationSec: RATE_SEC, rate });
      const wantedSteady = new Set(steadyIds);
      const steadyDeadline = Date.now() + 15_000;
      let steadyReceipts: Receipt[] = [];
      while (Date.now() < steadyDeadline) {
        steadyReceipts = (await receiverStats(recvUrl)).filter((r) => r.event === 'call.queued' && wantedSteady.has(r.callId));
        if (steadyReceipts.length >= wantedSteady.size) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const lat = steadyReceipts.map((r) => r.receivedAt - microsEpoch(r.timestamp)).sort((a, b) => a - b);
      const p50 = round(percentile(lat, 50), 1);
      const p99 = round(percentile(lat, 99), 1);
      rows.push({
        scenario: `delivery: call.queued commit→receipt @${rate} calls/s`,
        rps: steady.rps,
        p50,
        p99,
        note: `${steadyReceipts.length}/${steadyIds.length} received; each call also dialed; place p99 ${steady.p99} ms`,
      });
      if (rate === DELIVERY_RATES[0]) {
        verdicts.push({ target: `call.queued p50 ≤ ${TARGETS.queuedP50Ms} ms after commit (@${rate} calls/s)`, measured: `${p50} ms (p99 ${p99} ms)`, met: p50 <= TARGETS.queuedP50Ms });
      }
      latencyRuns.push({ rate, steady, latency: { p50, p99, n: lat.length } });
    }
    await receiver.stop();
    // Later phases start workers of their own; this one's peak RSS is kept by stop().
    await worker.stop();
    // The queue's own ceiling on this machine, now: one runner with the worker's settings draining
    // as many jobs that do nothing. Each delivery is a job plus its attempt (claim, HTTP, record).
    log(`delivery: graphile-worker draining ${backlogIds.length} no-op jobs (the queue's ceiling)`);
    const noop = await noopDrain(backlogIds.length);
    const ofCeiling = drainRate / noop.perSec;
    rows.push({
      scenario: `queue ceiling: ${noop.jobs} no-op jobs drained by one runner (worker's settings)`,
      rps: round(noop.perSec, 0),
      p50: null,
      p99: null,
      note: `delivery drain = ${Math.round(ofCeiling * 100)} % of it`,
    });
    verdicts.push({ target: `delivery drain ≥ ${TARGETS.drainOfNoop * 100} % of graphile-worker's no-op drain`, measured: `${round(drainRate, 0)} / ${round(noop.perSec, 0)} per s = ${Math.round(ofCeiling * 100)} %`, met: ofCeiling >= TARGETS.drainOfNoop });
    results.delivery = { backlog: backlogIds.length, received: receipts.length, drainRate, fromWorkerStart: fromStart, latencyRuns, noopCeiling: noop, drainOfNoop: ofCeiling };
  });

  /** bench/servers/noop-drain.ts in a child process with the service's Node flags: `{jobs, seconds, perSec}`. */
  async function noopDrain(jobs: number): Promise<{ jobs: number; seconds: number; perSec: number }> {
    const child = startChild('no-op drain', [...nodeFlags, ...tsArgs('noop-drain.ts')], { DATABASE_URL: embedded.url, JOBS: String(jobs), CONCURRENCY: '16' }, { cwd: ROOT });
    const code = await new Promise<number | null>((resolve) => child.proc.once('exit', (c) => resolve(c)));
    await child.stop();
    const line = child.tail().trim().split('\n').reverse().find((l) => l.startsWith('{'));
    if (code !== 0 || !line) throw new Error(`the no-op drain failed (exit ${code}):\n${child.tail()}`);
    return JSON.parse(line) as { jobs: number; seconds: number; perSec: number };
  }

  const startReceiver = async (name: string, env: Record<string, string> = {}) => {
    const port = await freePort();
    const child = startChild(name, tsArgs('receiver.ts'), { PORT: String(port), ...env }, { cwd: ROOT });
    await waitForHttp(child, `http://127.0.0.1:${port}/__stats`);
    return { child, url: `http://127.0.0.1:${port}` };
  };
  const orgWithWebhook = async (tag: string, url: string) => {
    const org = await signup(base, tag);
    const patched = await json(`${base}/dashboard/webhook`, { method: 'PATCH', body: { webhook_url: url }, token: org.token });
    if (patched.status !== 200) throw new Error(`could not set the webhook URL: ${patched.status}`);
    return org;
  };
  const placeOne = async (org: Org) => (await json<{ call_id: string }>(`${base}/v1/calls/outbound`, { body: JSON.parse(PLACE_BODY), token: org.apiKey })).body.call_id;
  const startWorker = async (name: string, env: Record<string, string>) => {
    const port = await freePort();
    return startChild(name, [...nodeArgs(name), path.join(SERVICE_DIR, 'dist/src/main.js')], { ...serviceEnv('worker', port), ...env }, { cwd: SERVICE_DIR, supervise: true });
  };

  // ---- sustained: 200 calls/s for 60 s with the worker running; does the queue keep up? ---------
  if (PHASES.has('sustained')) await guarded('sustained', async () => {
    await deleteJobs(pg);
    const rx = await startReceiver('sustained receiver');
    const org = await orgWithWebhook('sustained', `${rx.url}/hooks`);
    // Like the other phases, this one measures what every call costs at once (its dial and its
    // call.queued delivery). At the bench's usual SIMULATOR_SPEEDUP (0.01) the first carrier report
    // of each call ("ringing", 0.5 s simulated) falls due 50 s after its dial, inside this 60 s run,
    // and from then on every call also costs a report and its events: kept out of the window here.
    const sw = await startWorker('worker-sustained', { SIMULATOR_SPEEDUP: '0.001' });
    // The worker is up and delivering before the load starts.
    const firstId = await placeOne(org);
    const upDeadline = Date.now() + 60_000;
    while (Date.now() < upDeadline && !(await receiverStats(rx.url)).some((r) => r.callId === firstId)) {
      if (sw.gone()) throw new Error(`the worker exited:\n${sw.tail()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await json(`${rx.url}/__reset`, { method: 'POST' });
    log(`sustained: ${SUSTAINED_RATE} calls/s for ${SUSTAINED_SEC} s, queue sampled every second`);
    // Backlog samples: jobs due and not yet taken, jobs being run, and this org's deliveries not yet delivered.
    const samples: Array<{ t: number; readyJobs: number; runningJobs: number; undelivered: number; waits: Record<string, number> }> = [];
    const t0 = Date.now();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const next = Date.now() + 1000;
        const jobs = await queueBacklog(pg);
        const { rows: r } = await pg.query<{ undelivered: number }>(
          `select count(*)::int as undelivered from webhook_deliveries where org_id = $1 and delivered = false and state = 'pending'`,
          [org.orgId],
        );
        // What the database's busy sessions are waiting on (locks, WAL, I/O), for a stall's cause.
        const { rows: waits } = await pg.query<{ w: string; n: number }>(
          `select coalesce(wait_event_type || ':' || wait_event, 'cpu') as w, count(*)::int as n
             from pg_stat_activity where backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid() group by 1`,
        );
        samples.push({
          t: round((Date.now() - t0) / 1000, 1),
          readyJobs: jobs.ready,
          runningJobs: jobs.running,
          undelivered: r[0]!.undelivered,
          waits: Object.fromEntries(waits.map((x) => [x.w, x.n])),
        });
        await new Promise((res) => setTimeout(res, Math.max(0, next - Date.now())));
      }
    })();
    const ids: string[] = [];
    cpuMark(`sustained: load start`);
    const steady = await runOpenLoop({ ...placeLoad(base, org.apiKey, ids), durationSec: SUSTAINED_SEC, rate: SUSTAINED_RATE });
    cpuMark(`sustained: load end`);
    const loadEnd = round(os.loadavg()[0]!, 2);
    const wanted = new Set(ids);
    const deadline = Date.now() + 15_000;
    let got: Receipt[] = [];
    while (Date.now() < deadline) {
      got = (await receiverStats(rx.url)).filter((r) => r.event === 'call.queued' && wanted.has(r.callId));
      if (got.length >= wanted.size) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    sampling = false;
    await sampler;
    const lat = got.map((r) => r.receivedAt - microsEpoch(r.timestamp)).sort((a, b) => a - b);
    const p50 = round(percentile(lat, 50), 1);
    const p99 = round(percentile(lat, 99), 1);
    // p99 per 10 s window of placement: a queue falling behind shows as p99 rising window after window.
    const sent = got.map((r) => ({ at: microsEpoch(r.timestamp), ms: r.receivedAt - microsEpoch(r.timestamp) }));
    writeReceiptTrace('sustained', sent);
    const firstAt = Math.min(...sent.map((x) => x.at));
    const windows: number[] = [];
    for (let w = 0; w * 10 < SUSTAINED_SEC; w++) {
      const inW = sent.filter((x) => x.at - firstAt >= w * 10_000 && x.at - firstAt < (w + 1) * 10_000).map((x) => x.ms).sort((a, b) => a - b);
      windows.push(round(percentile(inW, 99), 1));
    }
    // The backlog while the load ran (after the first 5 s): least-squares slope of the undelivered count.
    const during = samples.filter((x) => x.t >= 5 && x.t <= SUSTAINED_SEC);
    const slope = (() => {
      const n = during.length;
      if (n < 3) return NaN;
      const mx = during.reduce((a, x) => a + x.t, 0) / n;
      const my = during.reduce((a, x) => a + x.undelivered, 0) / n;
      const sxy = during.reduce((a, x) => a + (x.t - mx) * (x.undelivered - my), 0);
      const sxx = during.reduce((a, x) => a + (x.t - mx) ** 2, 0);
      return sxy / sxx;
    })();
    const maxUndelivered = Math.max(0, ...during.map((x) => x.undelivered));
    const maxReady = Math.max(0, ...during.map((x) => x.readyJobs));
    const lastUndelivered = during[during.length - 1]?.undelivered ?? NaN;
    const growing = !(slope <= TARGETS.backlogSlopePerSec);
    rows.push({
      scenario: `sustained: call.queued commit→receipt @${SUSTAINED_RATE} calls/s for ${SUSTAINED_SEC} s`,
      rps: steady.rps,
      p50,
      p99,
      note: `${got.length}/${ids.length} received; p99 per 10 s ${windows.join('/')} ms; place p99 ${steady.p99} ms; load at end ${loadEnd}`,
    });
    rows.push({
      scenario: `sustained: queue backlog over ${SUSTAINED_SEC} s (sampled every 1 s)`,
      rps: null,
      p50: null,
      p99: null,
      note: `undelivered max ${maxUndelivered}, at end ${lastUndelivered}, slope ${round(slope, 2)}/s (${growing ? 'GROWING' : 'not growing'}); ready jobs max ${maxReady}`,
    });
    verdicts.push({
      target: `sustained ${SUSTAINED_RATE} calls/s for ${SUSTAINED_SEC} s: call.queued p99 ≤ ${TARGETS.sustainedP99Ms} ms, backlog not growing`,
      measured: `p99 ${p99} ms (p50 ${p50} ms), ${got.length}/${ids.length} received, backlog slope ${round(slope, 2)}/s, max ${maxUndelivered}`,
      met: p99 <= TARGETS.sustainedP99Ms && got.length === ids.length && !growing,
    });
    results.sustained = { rate: SUSTAINED_RATE, seconds: SUSTAINED_SEC, steady, latency: { p50, p99, n: lat.length, p99PerTenSeconds: windows }, backlog: { slopePerSec: slope, maxUndelivered, lastUndelivered, maxReadyJobs: maxReady, samples } };
    await sw.stop();
    await rx.child.stop();
  });

  // ---- lifecycle: the highest call rate whose whole lifecycle (every webhook) keeps up ----------
  if (PHASES.has('lifecycle')) await guarded('lifecycle', async () => {
    await deleteJobs(pg);
    // The limit of this run: the place phase's median raw saturation, or a saturation run now.
    let limit = rawSat?.rps;
    if (limit === undefined) {
      const rawPort = await freePort();
      const raw = startRaw(LIMIT, rawPort);
      await waitForHttp(raw, `http://127.0.0.1:${rawPort}/`, 30_000, 404);
      const spec = placeLoad(`http://127.0.0.1:${rawPort}`, orgA.apiKey, []);
      await runLoad({ ...spec, connections: SAT_CONNECTIONS, durationSec: WARM_SEC });
      limit = (await runLoad({ ...spec, connections: SAT_CONNECTIONS, durationSec: SAT_SEC })).rps;
      await raw.stop();
      await deleteJobs(pg);
    }
    const rx = await startReceiver('lifecycle receiver');
    const org = await orgWithWebhook('lifecycle', `${rx.url}/hooks`);
    // Simulated calls at the default speed-up (60): each rings, is answered, ends and is analysed
    // within about five seconds, so every call's whole lifecycle falls inside the run.
    const lw = await startWorker('worker-lifecycle', { SIMULATOR_SPEEDUP: '60' });
    const firstId = await placeOne(org);
    const upDeadline = Date.now() + 60_000;
    while (Date.now() < upDeadline && !(await receiverStats(rx.url)).some((r) => r.callId === firstId && r.event === 'call.ended')) {
      if (lw.gone()) throw new Error(`the worker exited:\n${lw.tail()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // BENCH_FLOOD_SOCKETS: the red team's subscription flood on the same organization, for the whole phase.
    // In a process of its own (bench/tools/subscription-flood.ts): its reading would slow this one's load generator.
    const floodFile = path.join(tmpDir!, 'flood.json');
    const flood =
      FLOOD_SOCKETS > 0
        ? startChild('subscription flood', ['-r', '@swc-node/register', path.join(ROOT, 'bench', 'tools', 'subscription-flood.ts')], { FLOOD_URL: `${base.replace(/^http/, 'ws')}/graphql`, FLOOD_TOKEN: org.token, FLOOD_SOCKETS: String(FLOOD_SOCKETS), FLOOD_SUBSCRIPTIONS: String(FLOOD_SUBSCRIPTIONS), RESULT_FILE: floodFile }, { cwd: ROOT })
        : undefined;
    try {
      // PostgreSQL's CPU: its postmaster's process tree, read again at each end of a step (a server
      // restarted meanwhile, killed from outside, has another tree: that step's figure is left out;
      // so is one whose backends were restarted, see cpu1).
      const pgCpu = () => {
        const pid = postmasterPid(path.join(tmpDir!, 'pg'));
        return { pid, seconds: pid ? treeCpuSeconds(pid) : 0 };
      };
      const backlogNow = async () => {
        const jobs = await queueBacklog(pg);
        const { rows: r } = await pg.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where org_id = $1 and state = 'pending'`, [org.orgId]);
        return { ready: jobs.ready, undelivered: r[0]!.n };
      };
      const step = async (rate: number) => {
        // Start from a drained queue.
        for (const until = Date.now() + 30_000; Date.now() < until; ) {
          const b = await backlogNow().catch(() => undefined);
          if (b && b.ready === 0 && b.undelivered === 0) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        await json(`${rx.url}/__reset`, { method: 'POST' });
        log(`lifecycle: ${rate} calls/s for ${LIFECYCLE_SEC} s`);
        const pg0 = pgCpu();
        const cpu0 = { api: api.cpuSeconds(), worker: lw.cpuSeconds(), postgres: pg0.seconds };
        const samples: Array<{ t: number; ready: number; undelivered: number }> = [];
        const t0 = Date.now();
        let sampling = true;
        const sampler = (async () => {
          while (sampling) {
            const next = Date.now() + 1000;
            // A sample the database cannot answer (restarting after a crash) is skipped.
            const b = await backlogNow().catch(() => undefined);
            if (b) samples.push({ t: (Date.now() - t0) / 1000, ...b });
            await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
          }
        })();
        const ids: string[] = [];
        cpuMark(`lifecycle ${rate}/s start`);
        const load = await runOpenLoop({ ...placeLoad(base, org.apiKey, ids), durationSec: LIFECYCLE_SEC, rate });
        cpuMark(`lifecycle ${rate}/s end`);
        sampling = false;
        await sampler;
        // Every call's events: call.queued and call.ended always, call.analyzed when it completed.
        const wanted = new Set(ids);
        let got: Receipt[] = [];
        const complete = () => {
          // Per call, not per receipt: delivery is at least once, so an event sent again after a
          // crash (same webhook-id) arrives twice and must not count as two.
          const by = new Map<string, Set<string>>();
          const completedIds = new Set<string>();
          for (const r of got) {
            (by.get(r.callId) ?? by.set(r.callId, new Set()).get(r.callId)!).add(r.event);
            if (r.event === 'call.ended' && r.status === 'completed') completedIds.add(r.callId);
          }
          let missing = 0;
          for (const id of wanted) {
            const e = by.get(id);
            missing += (e?.has('call.queued') ? 0 : 1) + (e?.has('call.ended') ? 0 : 1);
            if (completedIds.has(id) && !e?.has('call.analyzed')) missing++;
          }
          return { missing, completed: completedIds.size };
        };
        for (const until = Date.now() + 30_000; Date.now() < until; ) {
          got = (await receiverStats(rx.url)).filter((r) => wanted.has(r.callId));
          if (complete().missing === 0) break;
          await new Promise((r) => setTimeout(r, 500));
        }
        const pg1 = pgCpu();
        // A killed backend (PostgreSQL restarts them all) takes its CPU out of the tree: no figure then either.
        const cpu1 = { api: api.cpuSeconds(), worker: lw.cpuSeconds(), postgres: pg1.pid === pg0.pid && pg1.seconds >= pg0.seconds ? pg1.seconds : NaN };
        const kinds = ['call.queued', 'call.ended', 'call.analyzed'];
        const p99 = Object.fromEntries(
          kinds.map((k) => {
            const lat = got.filter((r) => r.event === k).map((r) => r.receivedAt - microsEpoch(r.timestamp)).sort((a, b) => a - b);
            return [k, lat.length ? round(percentile(lat, 99), 1) : NaN];
          }),
        );
        // After the ramp: a call's events span about five seconds, so the backlog grows at first even when it keeps up.
        const during = samples.filter((x) => x.t >= Math.min(10, LIFECYCLE_SEC / 3));
        const slope = leastSquaresSlope(during.map((x) => [x.t, x.undelivered + x.ready]));
        const { missing, completed } = complete();
        const perCallMs = (k: keyof typeof cpu0) => round(((cpu1[k] - cpu0[k]) * 1000) / Math.max(1, ids.length), 2);
        const cpu = { api: perCallMs('api'), worker: perCallMs('worker'), postgres: perCallMs('postgres') };
        const ok = load.errors === 0 && load.rps >= rate * 0.95 && missing === 0 && kinds.every((k) => p99[k]! <= TARGETS.lifecycleP99Ms) && slope <= TARGETS.backlogSlopePerSec;
        log(`lifecycle: ${rate}/s ${ok ? 'sustained' : 'NOT sustained'}: placed ${load.rps}/s, missing ${missing}, p99 ${JSON.stringify(p99)}, backlog slope ${round(slope, 2)}/s, CPU ms/call ${JSON.stringify(cpu)}`);
        // Events received more than once (sent again after a crash: at-least-once delivery).
        const again = got.length - new Set(got.map((r) => `${r.callId} ${r.event}`)).size;
        return { rate, ok, placed: load.rps, placeP99: load.p99, calls: ids.length, completed, missing, again, p99, slope, cpuMsPerCall: cpu, maxBacklog: Math.max(0, ...during.map((x) => x.undelivered + x.ready)) };
      };
      // From a tenth of the limit, up by half each time until a rate is not sustained, then once halfway back.
      const steps: Array<Awaited<ReturnType<typeof step>>> = [];
      // BENCH_LIFECYCLE_RATES: these rates, in this order, instead of the search (to compare two
      // builds or settings at the same rates; the limit moves between runs, and the search with it).
      for (const fixed of LIFECYCLE_RATES) steps.push(await step(fixed));
      let rate = Math.max(10, Math.round(limit * 0.1));
      while (!LIFECYCLE_RATES.length && steps.length < LIFECYCLE_STEPS) {
        const s = await step(rate);
        steps.push(s);
        const best = steps.filter((x) => x.ok).sort((a, b) => b.rate - a.rate)[0];
        const worst = steps.filter((x) => !x.ok).sort((a, b) => a.rate - b.rate)[0];
        if (!worst) rate = Math.round(rate * 1.5);
        else if (best && worst.rate - best.rate > Math.max(5, best.rate * 0.1)) rate = Math.round((best.rate + worst.rate) / 2);
        else if (!best && rate > 10) rate = Math.max(10, Math.round(rate / 2));
        else break;
        if (steps.some((x) => x.rate === rate)) break;
      }
      const best = steps.filter((x) => x.ok).sort((a, b) => b.rate - a.rate)[0];
      for (const s of steps) {
        rows.push({
          scenario: `lifecycle: ${s.rate} calls/s for ${LIFECYCLE_SEC} s, every webhook`,
          rps: s.placed,
          p50: null,
          p99: Math.max(...Object.values(s.p99).filter((x) => !Number.isNaN(x))),
          note: `${s.ok ? 'sustained' : 'NOT sustained'}; p99 queued/ended/analyzed ${Object.values(s.p99).join('/')} ms; ${s.missing} events missing of ${s.calls} calls (${s.completed} completed)${s.again ? `, ${s.again} received again` : ''}; backlog max ${s.maxBacklog}, slope ${round(s.slope, 2)}/s; CPU ms per call: API ${s.cpuMsPerCall.api}, worker ${s.cpuMsPerCall.worker}, PostgreSQL ${s.cpuMsPerCall.postgres}`,
        });
      }
      const share = best ? best.rate / limit : 0;
      verdicts.push({
        target: `whole lifecycle: highest rate sustained ${LIFECYCLE_SEC} s (every webhook p99 ≤ ${TARGETS.lifecycleP99Ms} ms, no backlog growth) ≥ ${TARGETS.lifecycleOfRaw * 100} % of the raw placement limit`,
        measured: best ? `${best.rate} calls/s = ${Math.round(share * 100)} % of ${round(limit, 0)} req/s` : `none of ${steps.map((x) => x.rate).join(', ')} calls/s`,
        met: share >= TARGETS.lifecycleOfRaw,
      });
      results.lifecycle = { limitRps: limit, steps, best: best?.rate ?? null, shareOfLimit: share };
    } finally {
      if (flood) {
        await flood.stop();
        const f = existsSync(floodFile) ? (JSON.parse(readFileSync(floodFile, 'utf8')) as FloodStats) : { opened: 0, acked: 0, closedByCode: {}, operationsRefused: 0, events: 0 };
        rows.push({
          scenario: `lifecycle beside a subscription flood: ${FLOOD_SOCKETS} sockets as one user, ${FLOOD_SUBSCRIPTIONS} subscriptions each, half never reading for 5 s`,
          rps: null,
          p50: null,
          p99: null,
          note: `${f.opened} sockets opened, ${f.acked} acknowledged; closed by the server: ${Object.entries(f.closedByCode).map(([c, n]) => `${n} × ${c}`).join(', ') || 'none'}; ${f.operationsRefused} subscriptions refused; ${f.events} events read`,
        });
        results.lifecycleFlood = { sockets: FLOOD_SOCKETS, ...f };
      }
    }
    await lw.stop();
    await rx.child.stop();
  });

  // ---- fairness: a noisy tenant's timing-out backlog against a healthy tenant's call.queued ----
  if (PHASES.has('fairness')) await guarded('fairness', async () => {
    await deleteJobs(pg);
    const noisyRx = await startReceiver('noisy receiver', { REPLY: 'hang' });
    const healthyRx = await startReceiver('healthy receiver');
    const noisy = await orgWithWebhook('noisy', `${noisyRx.url}/hooks`);
    const healthy = await orgWithWebhook('healthy', `${healthyRx.url}/hooks`);
    const rate = 100;
    const noisyCall = await placeOne(noisy);
    await deleteJobs(pg, ['dial']);
    const backlog = async () => {
      // A failing receiver's retries wait parked (no queue job each), as the service keeps them;
      // BENCH_NOISY_QUEUED=1: each with its own queue job instead (deliveries queued before a
      // receiver started failing, or the service before 2026-11-26 evening), which the worker must
      // take out of the queue and park.
      log(`fairness: a backlog of ${NOISY_BACKLOG} deliveries (retries, due now, ${NOISY_QUEUED ? 'each with its queue job' : 'parked'}) to a receiver that never answers`);
      return insertBacklog(pg, noisy.orgId, noisyCall, NOISY_BACKLOG, { retries: true, parkedAt: NOISY_QUEUED ? undefined : new URL(noisyRx.url).origin });
    };
    // BENCH_FAIR_COLD=1: the worker starts on the backlog and the healthy load follows its first
    // noisy attempt at once, as this phase did first; then the healthy tenant's first second is a
    // cold worker's (compiling, first statements), with or without a noisy tenant. By default the
    // worker first delivers WARM_SEC of the healthy tenant's calls, and the backlog arrives after.
    const cold = process.env.BENCH_FAIR_COLD === '1';
    const noisyIds = cold ? await backlog() : [];
    const fw = await startWorker('worker-fairness', { WEBHOOK_TIMEOUT_SECONDS: '5' });
    /** Places `rate` healthy calls/s for `sec` and waits for their call.queued receipts; their commit→receipt ms, sorted. */
    const healthyRun = async (sec: number) => {
      const placed: string[] = [];
      await runOpenLoop({ ...placeLoad(base, healthy.apiKey, placed), durationSec: sec, rate });
      const until = Date.now() + 30_000;
      const wantedNow = new Set(placed);
      let seen: Receipt[] = [];
      while (Date.now() < until && (seen = (await receiverStats(healthyRx.url)).filter((r) => r.event === 'call.queued' && wantedNow.has(r.callId))).length < placed.length) {
        await new Promise((r) => setTimeout(r, 100));
      }
      return seen.map((r) => r.receivedAt - microsEpoch(r.timestamp)).sort((a, b) => a - b);
    };
    // The floor: the same healthy load on the warm worker with no noisy tenant yet, in this run, so
    // the p99 beside the noise can be read against what this machine gives without it.
    let floor: { p50: number; p99: number } | null = null;
    if (!cold) {
      await healthyRun(WARM_SEC);
      const quiet = await healthyRun(RATE_SEC);
      floor = { p50: round(percentile(quiet, 50), 1), p99: round(percentile(quiet, 99), 1) };
      noisyIds.push(...(await backlog()));
    }
    // The noisy backlog is being worked on (its first attempts are out) before the healthy load starts.
    const noisySet = new Set(noisyIds);
    const noisyDeadline = Date.now() + 30_000;
    while (Date.now() < noisyDeadline && !(await receiverStats(noisyRx.url)).some((r) => noisySet.has(r.callId))) await new Promise((r) => setTimeout(r, 100));
    log(`fairness: healthy tenant at ${rate} calls/s (${RATE_SEC} s) while the noisy backlog retries`);
    const ids: string[] = [];
    // What the worker and PostgreSQL spend during the healthy load (with BENCH_NOISY_BACKLOG=1, the same
    // without the noisy tenant): the noisy backlog's cost, which load on the machine does not blur.
    const pmPid = postmasterPid(path.join(tmpDir!, 'pg'));
    const cpuAt = () => ({ worker: fw.cpuSeconds(), postgres: pmPid ? treeCpuSeconds(pmPid) : 0 });
    const cpu0 = cpuAt();
    cpuMark(`fairness: healthy load start`);
    const steady = await runOpenLoop({ ...placeLoad(base, healthy.apiKey, ids), durationSec: RATE_SEC, rate });
    cpuMark(`fairness: healthy load end`);
    const cpu1 = cpuAt();
    const cpu = { workerSec: round(cpu1.worker - cpu0.worker, 2), postgresSec: round(cpu1.postgres - cpu0.postgres, 2) };
    // What the noisy backlog holds in the queue while it waits: parked deliveries have no job.
    const jobsAtEnd = await jobCounts(pg);
    const parkedAtEnd = Number((await pg.query<{ n: string }>(`select count(*) as n from webhook_parked p where p.delivery_id = any($1::uuid[])`, [noisyIds])).rows[0]!.n);
    const wanted = new Set(ids);
    const deadline = Date.now() + 15_000;
    let got: Receipt[] = [];
    while (Date.now() < deadline) {
      got = (await receiverStats(healthyRx.url)).filter((r) => r.event === 'call.queued' && wanted.has(r.callId));
      if (got.length >= wanted.size) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const untried = Number((await pg.query<{ n: string }>(`select count(*) as n from webhook_deliveries where id = any($1::uuid[]) and attempts <= 1`, [noisyIds])).rows[0]!.n);
    const noisyOpen = (await receiverStats(noisyRx.url)).length;
    writeReceiptTrace('fairness', got.map((r) => ({ at: microsEpoch(r.timestamp), ms: r.receivedAt - microsEpoch(r.timestamp) })));
    const lat = got.map((r) => r.receivedAt - microsEpoch(r.timestamp)).sort((a, b) => a - b);
    const p50 = round(percentile(lat, 50), 1);
    const p99 = round(percentile(lat, 99), 1);
    rows.push({
      scenario: `fairness: healthy call.queued @${rate}/s beside a ${NOISY_BACKLOG}-delivery timing-out backlog${NOISY_QUEUED ? ' (queued)' : ' (parked)'}`,
      rps: steady.rps,
      p50,
      p99,
      note: `${floor ? `without the noisy backlog, just before: p50 ${floor.p50} / p99 ${floor.p99} ms; ` : ''}${got.length}/${ids.length} received; noisy: ${noisyOpen} requests sent, ${untried} not yet tried at the end, ${parkedAtEnd} parked; queue jobs at the end: ${jobsAtEnd.deliver ?? 0} deliver, ${jobsAtEnd.releaseParked ?? 0} release; CPU during the load: worker ${cpu.workerSec} s, PostgreSQL ${cpu.postgresSec} s`,
    });
    verdicts.push({ target: `healthy org's call.queued p99 ≤ ${TARGETS.fairP99Ms} ms beside a noisy backlog`, measured: `${p99} ms (p50 ${p50} ms)${floor ? `; ${floor.p99} ms without it, same run` : ''}, backlog still ${untried}`, met: p99 <= TARGETS.fairP99Ms && got.length === ids.length && untried > 0 });
    results.fairness = { rate, steady, latency: { p50, p99, n: lat.length }, floor, noisyBacklog: NOISY_BACKLOG, noisyQueued: NOISY_QUEUED, noisyRequests: noisyOpen, noisyUntriedAtEnd: untried, noisyParkedAtEnd: parkedAtEnd, jobsAtEnd, cpu };
    await fw.stop();
    await noisyRx.child.stop();
    await healthyRx.child.stop();
  });

  // ---- slow receivers: 1 s per answer ----------------------------------------------------------
  if (PHASES.has('slow')) await guarded('slow', async () => {
    await deleteJobs(pg);
    const rx = await startReceiver('slow receiver', { DELAY_MS: '1000' });
    const org = await orgWithWebhook('slow', `${rx.url}/hooks`);
    log(`slow receivers: a backlog of ${SLOW_BACKLOG} deliveries to a receiver answering after 1 s, ${SLOW_CONCURRENCY} in flight allowed`);
    const ids = await insertBacklog(pg, org.orgId, await placeOne(org), SLOW_BACKLOG);
    await deleteJobs(pg, ['dial']);
    const sw = await startWorker('worker-slow', {
      WEBHOOK_MAX_CONCURRENCY_PER_DESTINATION: String(SLOW_CONCURRENCY),
      WEBHOOK_MAX_IN_FLIGHT: String(SLOW_CONCURRENCY),
    });
    const wanted = new Set(ids);
    const deadline = Date.now() + (SHORT ? 40_000 : 60_000);
    let got: Receipt[] = [];
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      got = (await receiverStats(rx.url)).filter((r) => wanted.has(r.callId));
      if (got.length >= wanted.size) break;
    }
    const times = got.map((r) => r.receivedAt).sort((a, b) => a - b);
    const rate = times.length > 1 ? (times.length - 1) / ((times[times.length - 1]! - times[0]!) / 1000) : 0;
    const delivered = Number((await pg.query<{ n: string }>(`select count(*) as n from webhook_deliveries where id = any($1::uuid[]) and delivered`, [ids])).rows[0]!.n);
    rows.push({ scenario: `slow receivers: ${ids.length} deliveries to a 1 s receiver`, rps: round(rate, 0), p50: null, p99: null, note: `${got.length} received, ${delivered} recorded delivered; ${SLOW_CONCURRENCY} allowed in flight` });
    verdicts.push({ target: `≥ ${TARGETS.slowPerSec} deliveries/s to 1 s receivers`, measured: `${round(rate, 0)}/s`, met: rate >= TARGETS.slowPerSec });
    results.slow = { backlog: ids.length, received: got.length, delivered, rate, concurrency: SLOW_CONCURRENCY };
    await sw.stop();
    await rx.child.stop();
  });

  // ---- data at scale: the dashboard's queries over seeded millions -----------------------------
  if (PHASES.has('scale')) await guarded('scale', async () => {
    await deleteJobs(pg);
    const big = await signup(base, 'big');
    // A campaign of the big organization (starting later: nothing dials it), one in five of its seeded calls: the analytics' campaign filter.
    const created = await json<{ data?: { createCampaign: { id: string } }; errors?: unknown }>(`${base}/graphql`, {
      token: big.token,
      body: {
        query: 'mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }',
        variables: { input: { name: 'bench scale', startAt: new Date(Date.now() + 86_400_000).toISOString(), recipients: [{ to: '+14155550199' }] } },
      },
    });
    const campaignId = created.body.data?.createCampaign.id;
    if (!campaignId) throw new Error(`creating the scale campaign failed: ${created.status} ${JSON.stringify(created.body)}`);
    log(`scale: seeding 1,000 organizations, ${SCALE_CALLS} calls and ${SCALE_CALLS * 3} deliveries (scripts/seed-scale.ts)`);
    const seedStarted = Date.now();
    const seed = spawnSync(process.execPath, ['-r', '@swc-node/register', path.join(ROOT, 'scripts', 'seed-scale.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: embedded.url, SEED_CALLS: String(SCALE_CALLS), SEED_ORGS: '1000', SEED_BIG_ORG: big.orgId, SEED_BIG_SHARE: '0.05', SEED_BIG_CAMPAIGN: campaignId, SEED_FORCE: '1' },
    });
    if (seed.status !== 0) throw new Error(`seeding failed:\n${seed.stderr}`);
    if (api.gone()) throw new Error(`the API process exited during seeding:\n${api.tail()}`);
    const seedSec = (Date.now() - seedStarted) / 1000;
    await settle(pg, 'scale');
    // A platform admin for the stats query (granted as an operator would, then signed in again).
    const adminEmail = `bench-admin-${randomBytes(4).toString('hex')}@example.com`;
    const adminPassword = randomBytes(12).toString('base64url');
    await json(`${base}/auth/signup`, { body: { email: adminEmail, password: adminPassword } });
    await pg.query(`update users set role = 'platform_admin', email_verified = true where email = $1`, [adminEmail]);
    const adminToken = (await json<{ access_token: string }>(`${base}/auth/login`, { body: { email: adminEmail, password: adminPassword } })).body.access_token;
    const queries = await dashboardQueries(pg, big.orgId, campaignId);
    const tokens = { user: big.token, apiKey: big.apiKey, admin: adminToken };
    const scaleResults: Record<string, unknown> = {};
    const sec = SHORT ? 3 : 5;
    for (const q of queries) {
      // apollo-require-preflight: GraphQL over GET passes Apollo's CSRF check (REST ignores it).
      const spec = { url: `${base}${q.path}`, method: 'GET' as const, headers: { authorization: `Bearer ${tokens[q.token]}`, 'apollo-require-preflight': 'true' } };
      await runLoad({ ...spec, connections: 4, durationSec: 1 });
      const fixed = await runOpenLoop({ ...spec, durationSec: sec, rate: DASH_RATE });
      const orgScoped = q.token !== 'admin';
      const bad = fixed.errors + Object.values(fixed.unexpected).reduce((a, b) => a + b, 0);
      const note = [bad ? `${bad} failed (${JSON.stringify(fixed.unexpected)})` : '', orgScoped ? '' : 'platform-wide, not org-scoped'].filter(Boolean).join('; ');
      rows.push({ scenario: `scale: ${q.name} @${DASH_RATE}/s`, rps: fixed.rps, p50: fixed.p50, p99: fixed.p99, note });
      if (orgScoped) verdicts.push({ target: `scale: ${q.name} p99 ≤ ${TARGETS.scaleP99Ms} ms (@${DASH_RATE}/s)`, measured: `${fixed.p99} ms`, met: fixed.p99 <= TARGETS.scaleP99Ms && bad === 0 });
      scaleResults[q.name] = { path: q.path.replace(/cursor=[^&]+/, 'cursor=…'), fixed };
    }
    const plans = await explainAll(pg, queries);
    writeFileSync(path.join(RESULTS, 'scale-plans.txt'), plans);
    rows.push({ scenario: `scale: seeded 1,000 orgs, ${SCALE_CALLS} calls, ${SCALE_CALLS * 3} deliveries`, rps: null, p50: null, p99: null, note: `${round(seedSec, 0)} s; big org holds 5 %; plans in bench/results/scale-plans.txt` });
    results.scale = { calls: SCALE_CALLS, deliveries: SCALE_CALLS * 3, seedSeconds: seedSec, queries: scaleResults };
  });

  // ---- sip: RTP send timing of 100 live SIP calls in one process, alone and beside the lifecycle's traffic ----
  if (PHASES.has('sip')) await guarded('sip', async () => {
    const missing = ['sipp', 'sox'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
    if (missing.length) {
      log(`sip: SKIPPED, ${missing.join(' and ')} not installed (Debian sip-tester, sox)`);
      rows.push({ scenario: 'sip media: SKIPPED', rps: null, p50: null, p99: null, note: `${missing.join(' and ')} not installed` });
      return;
    }
    type SipRun = { frames_later_than_5ms_pct: number; frames_later_than_20ms_pct: number | null; max_lateness_ms_whole_run: number; gaps: number; event_loop_delay_p99_ms: number; cpu_pct_per_call: number; concurrent_calls: number; load_average_1m: number };
    const sipRun = async (label: string, env: Record<string, string> = {}): Promise<SipRun> => {
      const file = path.join(tmpDir!, `sip-${label.replace(/\W+/g, '-')}.json`);
      const flags = (process.env.BENCH_SIP_NODE_FLAGS ?? '').split(' ').filter(Boolean);
      const child = startChild(`sip ${label}`, [...flags, '-r', '@swc-node/register', path.join(ROOT, 'bench', 'sip-capacity.ts'), String(SIP_CALLS)], { MEASURE_MS: String(SIP_MEASURE_MS), RESULT_FILE: file, RTP_THREAD_PRIORITY: process.env.RTP_THREAD_PRIORITY ?? '-10', ...(process.env.SIPP_PRIORITY ? { SIPP_PRIORITY: process.env.SIPP_PRIORITY } : {}), ...env }, { cwd: ROOT });
      const code = await new Promise<number | null>((resolve) => (child.proc.exitCode !== null ? resolve(child.proc.exitCode) : child.proc.once('exit', (c) => resolve(c))));
      await child.stop();
      if (code !== 0) throw new Error(`sip-capacity (${label}) exited ${code}:\n${child.tail()}`);
      return JSON.parse(readFileSync(file, 'utf8')) as SipRun;
    };
    const runs: Array<{ label: string; r: SipRun; rate: number | null }> = [];
    runs.push({ label: 'alone', r: await sipRun('alone'), rate: null });
    // The lifecycle's traffic on the same machine: its best sustained rate (else 100 calls/s), a
    // simulator worker, every webhook delivered, for as long as the SIP run lasts.
    const rate = (results.lifecycle as { best?: number | null } | undefined)?.best ?? 100;
    await deleteJobs(pg);
    const rx = await startReceiver('sip receiver');
    const org = await orgWithWebhook('sip', `${rx.url}/hooks`);
    const sw = await startWorker('worker-sip', { SIMULATOR_SPEEDUP: '60' });
    try {
      for (const [label, env] of [['beside the lifecycle traffic', {}], ['beside it, main loop blocked 40 ms every 200 ms', { MAIN_BUSY: '40/200' }]] as const) {
        const stop = { now: false };
        const traffic = (async () => {
          while (!stop.now) await runOpenLoop({ ...placeLoad(base, org.apiKey, []), durationSec: 5, rate });
        })();
        try {
          runs.push({ label, r: await sipRun(label, env), rate });
        } finally {
          stop.now = true;
          await traffic;
        }
      }
    } finally {
      await sw.stop();
      await rx.child.stop();
      await deleteJobs(pg);
    }
    for (const { label, r, rate: at } of runs) {
      rows.push({
        scenario: `sip media: ${r.concurrent_calls} calls, ${label}${at ? ` (${at} calls/s)` : ''}`,
        rps: null,
        p50: null,
        p99: null,
        note: `${r.frames_later_than_5ms_pct} % of RTP frames > 5 ms late, ${r.frames_later_than_20ms_pct ?? 'n/a'} % > 20 ms (max ${r.max_lateness_ms_whole_run} ms), ${r.gaps} gaps; main loop delay p99 ${r.event_loop_delay_p99_ms} ms; ${r.cpu_pct_per_call} % of a core per call; load ${r.load_average_1m}`,
      });
    }
    const loaded = runs.filter((x) => x.rate !== null);
    const beside = `${SIP_CALLS} calls beside the lifecycle's traffic, and with their main loop blocked`;
    verdicts.push({
      target: `SIP media: ≤ ${TARGETS.sipVeryLatePct} % of RTP frames > 20 ms late, ${beside}`,
      measured: loaded.map((x) => `${x.r.frames_later_than_20ms_pct ?? 'n/a'} % (load ${x.r.load_average_1m})`).join(', '),
      met: loaded.every((x) => x.r.frames_later_than_20ms_pct !== null && x.r.frames_later_than_20ms_pct <= TARGETS.sipVeryLatePct),
    });
    verdicts.push({
      target: `SIP media: ≤ ${TARGETS.sipLatePct} % of RTP frames > 5 ms late, ${beside}`,
      measured: loaded.map((x) => `${x.r.frames_later_than_5ms_pct} %`).join(', '),
      met: loaded.every((x) => x.r.frames_later_than_5ms_pct <= TARGETS.sipLatePct),
    });
    results.sip = runs;
  });

  // ---- memory --------------------------------------------------------------------------------
  const apiRss = round(Math.max(apiPeakBefore, api.peakRssMiB()), 0);
  const workerRss = worker ? round(worker.peakRssMiB(), 0) : null;
  rows.push({ scenario: 'memory: peak RSS of the API process', rps: null, p50: null, p99: null, note: `${apiRss} MiB` });
  if (workerRss !== null) rows.push({ scenario: 'memory: peak RSS of the worker process', rps: null, p50: null, p99: null, note: `${workerRss} MiB` });
  verdicts.push({ target: `RSS ≤ ${TARGETS.rssMiB} MiB per process`, measured: `API ${apiRss} MiB${workerRss !== null ? `, worker ${workerRss} MiB` : ''}`, met: Math.max(apiRss, workerRss ?? 0) <= TARGETS.rssMiB });
  results.memory = { apiPeakRssMiB: apiRss, workerPeakRssMiB: workerRss };

  // ---- restarts -------------------------------------------------------------------------------
  // A service process that died while a phase ran was started again (bench/lib/proc.ts): the
  // figures of that phase include the outage and the recovery. Listed so that nobody reads them
  // as a quiet run's; one that exited by itself (not a signal from outside) is a failure.
  const restarts = [...restartsSoFar(), ...embedded.restarts.map((r) => ({ name: 'PostgreSQL', ...r }))].sort((a, b) => a.at - b.at);
  if (killed.length > 0) {
    rows.push({ scenario: 'BENCH_KILL: processes killed on purpose', rps: null, p50: null, p99: null, note: killed.map((k) => `${k.target} (pid ${k.pid}) at +${k.atSec} s into ${k.phase}`).join('; ') });
    results.killed = killed;
  }
  if (restarts.length > 0) {
    const phaseAt = (at: number) => [...phaseStarts].reverse().find((p) => p.at <= at);
    const described = restarts.map((r) => {
      const p = phaseAt(r.at);
      return `${r.name} ${r.how}${p ? ` in phase ${p.name} (+${round((r.at - p.at) / 1000, 1)} s)` : ''}${r.pid ? `, restarted as pid ${r.pid}` : ', not restarted (crash loop)'}`;
    });
    rows.push({ scenario: 'service processes restarted after an unexpected exit', rps: null, p50: null, p99: null, note: described.join('; ') });
    const byThemselves = restarts.filter((r) => !EXTERNAL_SIGNALS.has(r.how));
    verdicts.push({
      target: 'no service process exits by itself (a kill from outside is restarted and listed, not counted)',
      measured: byThemselves.length ? `${byThemselves.map((r) => `${r.name} ${r.how}`).join(', ')}` : `${restarts.length} killed from outside, none by itself`,
      met: byThemselves.length === 0,
    });
    results.restarts = restarts.map((r) => ({ ...r, phase: phaseAt(r.at)?.name ?? null }));
  }

  await worker?.stop();
  await api.stop();
  await pg.end();

}

let reportWritten = false;
/** The table on stdout and the JSON under bench/results/: called once, whatever way the run ends. */
function writeReport(): void {
  if (reportWritten) return;
  reportWritten = true;
  const env = {
    date: new Date().toISOString(),
    label: process.env.BENCH_LABEL ?? null,
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    postgres: pgVersion,
    gitCommit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() || null,
    short: SHORT,
    profiled: PROFILE,
    phases: [...PHASES],
    nodeFlags: process.env.BENCH_NODE_FLAGS ?? PRODUCTION_NODE_FLAGS,
    loadAverageAtStart: round(LOAD_AT_START, 2),
    loadAverageAtEnd: round(os.loadavg()[0]!, 2),
    phaseLoad,
    serviceDir: SERVICE_DIR === ROOT ? '.' : SERVICE_DIR,
    limit: LIMIT,
    pgSettings: PG_SETTINGS,
  };
  const table = renderTable(rows, verdicts, env);
  console.log(table);
  const out = { env, rows, verdicts, results, failures };
  const stamp = env.date.replace(/[:.]/g, '-');
  try {
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(path.join(RESULTS, `bench-${stamp}.json`), JSON.stringify(out, null, 2) + '\n');
    writeFileSync(path.join(RESULTS, 'latest.json'), JSON.stringify(out, null, 2) + '\n');
    log(`written to bench/results/bench-${stamp}.json and bench/results/latest.json`);
  } catch (err) {
    log(`could not write the results: ${String(err)}`);
  }
}

function renderTable(rows: Row[], verdicts: Verdict[], env: { phaseLoad: typeof phaseLoad } & Record<string, unknown>): string {
  const head = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'note'];
  const body = rows.map((r) => [r.scenario, r.rps === null ? '' : String(r.rps), r.p50 === null ? '' : String(r.p50), r.p99 === null ? '' : String(r.p99), r.note ?? '']);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (i > 0 && i < 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ') + ' |';
  const sep = '|' + widths.map((w, i) => (i > 0 && i < 4 ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|';
  const vHead = ['target', 'measured', 'met'];
  const vBody = verdicts.map((v) => [v.target, v.measured, v.met ? 'yes' : 'NO']);
  const vw = vHead.map((h, i) => Math.max(h.length, ...vBody.map((b) => b[i]!.length)));
  const vline = (cells: string[]) => '| ' + cells.map((c, i) => c.padEnd(vw[i]!)).join(' | ') + ' |';
  return [
    `voicegate bench — ${env.cpus} × ${env.cpuModel}, Node ${env.node} (${env.nodeFlags || 'default heap'}), PostgreSQL ${env.postgres} (embedded), loopback, ${env.date}`,
    `load average at start ${env.loadAverageAtStart}, at end ${env.loadAverageAtEnd}${Number(env.loadAverageAtStart) > 0.7 ? ' — WARNING: the machine was busy; figures are pessimistic and noisy' : ''}`,
    `load average per phase (start→end, 1 min): ${env.phaseLoad.map((p) => `${p.phase} ${p.start}→${p.end} (${p.seconds} s${p.settleSeconds ? `, after ${p.settleSeconds} s settling` : ''})`).join(', ') || 'none ran'}`,
    '',
    line(head),
    sep,
    ...body.map(line),
    '',
    vline(vHead),
    '|' + vw.map((w) => '-'.repeat(w + 2)).join('|') + '|',
    ...vBody.map(vline),
    '',
    `${verdicts.filter((v) => v.met).length} of ${verdicts.length} targets met`,
  ].join('\n');
}

// A promise of the harness that fails with nobody waiting yet (a monitoring query while the
// database restarts after a kill) must not end the run without its report: recorded, and the run
// goes on; the phase it belonged to still fails or succeeds on its own checks.
process.on('unhandledRejection', (err: unknown) => {
  const message = err instanceof Error ? err.message.split('\n')[0]! : String(err);
  log(`unhandled rejection in the harness (recorded, the run goes on): ${err instanceof Error ? err.stack : message}`);
  failures.push({ phase: 'harness', error: err instanceof Error ? (err.stack ?? message) : message, tails: {} });
});

main()
  .then(async () => {
    clearTimeout(watchdog);
    writeReport();
    await cleanup();
    process.exit(failures.length > 0 ? 1 : 0);
  })
  .catch(async (err: unknown) => {
    console.error('bench failed:', err instanceof Error ? err.stack : err);
    const message = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    failures.push({ phase: 'harness', error: err instanceof Error ? (err.stack ?? message) : message, tails: Object.fromEntries(liveChildren().map((c) => [c.name, c.tail().slice(-3000)])) });
    verdicts.push({ target: 'the bench runs to the end', measured: `failed: ${message.slice(0, 200)}`, met: false });
    clearTimeout(watchdog);
    writeReport();
    await cleanup();
    process.exit(1);
  });
