/**
 * `npm run bench:voice`: whole conversations over SIP, measured on the wire at the far end.
 *
 * Starts the service as two child processes (ROLE=worker with CARRIER=sip, ROLE=api) on a database
 * of its own, with the SIP trunk pointed at a callee built for the bench (bench/voice/sip-callee.ts:
 * a UDP SIP UAS on loopback speaking G.711 µ-law at 20 ms). The callee waits for the agent to stop,
 * answers from the speech corpus, cuts in on one question prompt in four, and hangs up after the
 * goodbye. Measures turn latency and barge-in stop time on the wire, answer accuracy (the call's
 * structured_answers against the corpus's expected answers) by question type and voice, the
 * service's own turn latencies, and its CPU per call. Prints a table beside the targets and writes
 * bench/results/voice-<timestamp>.json.
 *
 *   npm run bench:voice                      # 40 calls, 4 at a time
 *   npm run bench:voice -- 8                 # 8 calls
 *   BENCH_VOICE_SERVICE_ENV='{"VOICE_BARGE_IN":"0"}' npm run bench:voice   # settings of the service
 *   BENCH_VOICE_CALLEE=repeat npm run bench:voice   # the callee says its answer again to read-backs and "yes or no?" (default: replies as a person)
 *
 * Database: BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where a scratch database is created
 * and dropped), else an embedded PostgreSQL in a temporary directory. Loopback only.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killAllChildren, startChild, waitForHttp, type Child } from './lib/proc';
import { loadCorpus } from './voice-corpus/corpus';
import type { CorpusSet } from './voice-corpus/phrases';
import { ORG_NAME, TASK, planCalls, type CallPlan } from './voice/plan';
import { startBenchCallee, type BenchCallee } from './voice/sip-callee';
import type { WireBargeIn, WireTurn } from './voice/brain';
import { scratchDatabase } from './lib/scratch-database';

const ROOT = path.resolve(__dirname, '..');
const CALLS = Number(process.argv[2] ?? process.env.BENCH_VOICE_CALLS ?? 40);
const CONCURRENCY = Number(process.env.BENCH_VOICE_CONCURRENCY ?? 4);
const QUESTIONS = Number(process.env.BENCH_VOICE_QUESTIONS ?? 4);
const SET = (process.env.BENCH_VOICE_SET ?? 'all') as CorpusSet | 'all';
const CUT_IN_EVERY = Number(process.env.BENCH_VOICE_CUT_IN_EVERY ?? 4);
/** How the callee replies to read-backs and "yes or no?": like a person (default), or with its answer again. */
const CALLEE = process.env.BENCH_VOICE_CALLEE === 'repeat' ? 'repeat' : 'person';
const BUDGET_SEC = Number(process.env.BENCH_VOICE_BUDGET_SEC ?? 1200);
const CALL_TIMEOUT_SEC = Number(process.env.BENCH_VOICE_CALL_TIMEOUT_SEC ?? 150);
const SERVICE_ENV = process.env.BENCH_VOICE_SERVICE_ENV ? (JSON.parse(process.env.BENCH_VOICE_SERVICE_ENV) as Record<string, string>) : {};
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '--max-old-space-size=256 --max-semi-space-size=32 --v8-pool-size=1').split(' ').filter(Boolean);
const TARGETS = { turnP50Ms: 800, bargeInStopMs: 300, answersRight: 0.9 };

const log = (msg: string) => console.log(`[bench:voice ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** Nearest rank: a value some turn really had. */
export function quantile(xs: number[], q: number): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

async function freeTcpPort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const p = (srv.address() as { port: number }).port;
      srv.close(() => resolve(p));
    });
  });
}

/** CPU seconds (user + system) of a process so far, from /proc/<pid>/stat. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

interface ServiceTurn {
  speaker: 'agent' | 'callee';
  text: string;
  interrupted: boolean;
  latency?: TurnSplit | null;
}

/** The service's split of an agent turn's latency (turns[].latency). */
interface TurnSplit {
  end_of_turn_ms: number;
  recognition_ms: number;
  decision_ms: number;
  synthesis_ms: number;
  total_ms: number;
}
const SPLIT_PARTS = ['end_of_turn_ms', 'recognition_ms', 'decision_ms', 'synthesis_ms'] as const;

interface CallResult {
  index: number;
  to: string;
  voice: string;
  set: string;
  call_id: string | null;
  status: string | null;
  disposition: string | null;
  error: string | null;
  cut_in: CallPlan['cutIn'];
  answers: Array<{ key: string; type: string; said: string; expected: unknown; got: unknown; right: boolean }>;
  wire_turns: WireTurn[];
  barge_ins: WireBargeIn[];
  service_turn_latencies_ms: number[];
  service_turn_splits: TurnSplit[];
  service_latency: unknown;
  interrupted_prompts: number;
  hung_up_by: string | null;
  transcript: string | null;
  callee_log: string[];
}

async function runCall(plan: CallPlan, base: string, key: string, callee: BenchCallee, deadline: number): Promise<CallResult> {
  const result: CallResult = {
    index: plan.index,
    to: plan.to,
    voice: plan.voice,
    set: plan.set,
    call_id: null,
    status: null,
    disposition: null,
    error: null,
    cut_in: plan.cutIn,
    answers: [],
    wire_turns: [],
    barge_ins: [],
    service_turn_latencies_ms: [],
    service_turn_splits: [],
    service_latency: null,
    interrupted_prompts: 0,
    hung_up_by: null,
    transcript: null,
    callee_log: [],
  };
  callee.expect(plan.to, plan.script);
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const res = await fetch(`${base}/v1/calls/outbound`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ to: plan.to, task: TASK, questions: plan.questions, max_duration_seconds: 120 }),
  });
  const placed = (await res.json()) as { call_id?: string };
  if (res.status !== 201 || !placed.call_id) {
    result.error = `placing: ${res.status} ${JSON.stringify(placed)}`;
    return result;
  }
  result.call_id = placed.call_id;
  const callDeadline = Math.min(deadline, Date.now() + CALL_TIMEOUT_SEC * 1000);
  let call: Record<string, unknown> | null = null;
  let finalSince: number | null = null;
  while (Date.now() < callDeadline) {
    const r = await fetch(`${base}/v1/calls/${placed.call_id}`, { headers });
    const c = (await r.json()) as Record<string, unknown>;
    if (c.turns !== null && c.turns !== undefined) {
      call = c;
      break;
    }
    if (c.status === 'completed' || c.status === 'failed' || c.status === 'canceled') {
      finalSince ??= Date.now();
      if (Date.now() - finalSince > 10_000) {
        call = c;
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const dialog = callee.dialog(plan.to);
  if (dialog) {
    await Promise.race([dialog.ended, new Promise((r) => setTimeout(r, 5000))]);
    result.wire_turns = dialog.brain.turns;
    result.barge_ins = dialog.brain.bargeIns;
    result.hung_up_by = dialog.hungUpBy;
    result.callee_log = [...dialog.sipLog, ...dialog.brain.log];
  }
  if (!call) {
    result.error = `the call was not analyzed within ${CALL_TIMEOUT_SEC} s`;
    return result;
  }
  result.status = call.status as string;
  result.disposition = call.disposition as string;
  result.transcript = call.transcript as string;
  result.service_latency = call.latency ?? null;
  const turns = (call.turns as ServiceTurn[] | null) ?? [];
  result.service_turn_splits = turns.filter((t) => t.speaker === 'agent' && t.latency).map((t) => t.latency!);
  result.service_turn_latencies_ms = result.service_turn_splits.map((l) => l.total_ms);
  result.interrupted_prompts = turns.filter((t) => t.speaker === 'agent' && t.interrupted).length;
  const got = (call.structured_answers ?? {}) as Record<string, unknown>;
  result.answers = plan.questions.map((q, i) => {
    const u = plan.utterances[i]!;
    return { key: q.key, type: q.type, said: u.text, expected: u.expected, got: got[q.key] ?? null, right: got[q.key] === u.expected };
  });
  return result;
}

const fmt = (v: number | null, unit = ' ms') => (v === null ? 'n/a' : `${Math.round(v)}${unit}`);
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : 'n/a');

function summarize(results: CallResult[], extra: Record<string, unknown>) {
  const answers = results.flatMap((r) => r.answers.map((a) => ({ ...a, voice: r.voice, set: r.set })));
  const wire = results.flatMap((r) => r.wire_turns.filter((t) => t.latencyMs !== null).map((t) => t.latencyMs!));
  const wireAfterAnswers = results.flatMap((r) => r.wire_turns.filter((t) => t.kind === 'answer' && t.latencyMs !== null).map((t) => t.latencyMs!));
  const service = results.flatMap((r) => r.service_turn_latencies_ms);
  const splits = results.flatMap((r) => r.service_turn_splits);
  const bargeIns = results.flatMap((r) => r.barge_ins);
  const stops = bargeIns.filter((b) => b.stopped).map((b) => b.stopMs!);
  // Wire minus service, turn by turn, on calls where both saw the same number of measured turns.
  const diffs: number[] = [];
  for (const r of results) {
    const w = r.wire_turns.filter((t) => t.latencyMs !== null).map((t) => t.latencyMs!);
    if (w.length && w.length === r.service_turn_latencies_ms.length) w.forEach((x, i) => diffs.push(x - r.service_turn_latencies_ms[i]!));
  }
  const by = (keyOf: (a: (typeof answers)[number]) => string) => {
    const out: Record<string, { right: number; wrong: number; total: number; pct: string }> = {};
    for (const a of answers) {
      const k = keyOf(a);
      out[k] ??= { right: 0, wrong: 0, total: 0, pct: '' };
      out[k].total++;
      if (a.right) out[k].right++;
      else if (a.got !== null) out[k].wrong++;
    }
    for (const v of Object.values(out)) v.pct = pct(v.right, v.total);
    return out;
  };
  const right = answers.filter((a) => a.right).length;
  // A wrong answer is one recorded and not the one said; the rest were left empty (asked again, never guessed).
  const wrong = answers.filter((a) => !a.right && a.got !== null).length;
  const summary = {
    calls: results.length,
    calls_failed: results.filter((r) => r.error || r.status !== 'completed').length,
    dispositions: results.reduce<Record<string, number>>((acc, r) => ((acc[`${r.status}/${r.disposition}`] = (acc[`${r.status}/${r.disposition}`] ?? 0) + 1), acc), {}),
    answers: { right, wrong, unanswered: answers.length - right - wrong, total: answers.length, share: answers.length ? right / answers.length : null, right_of_answered: right + wrong ? right / (right + wrong) : null, by_type: by((a) => a.type), by_voice: by((a) => a.voice), by_set: by((a) => a.set) },
    turn_latency_wire_ms: { p50: quantile(wire, 0.5), p95: quantile(wire, 0.95), min: wire.length ? Math.min(...wire) : null, max: wire.length ? Math.max(...wire) : null, turns: wire.length, after_answers_p50: quantile(wireAfterAnswers, 0.5) },
    turn_latency_service_ms: { p50: quantile(service, 0.5), p95: quantile(service, 0.95), turns: service.length },
    // Where the service's time goes: each part's median and p95, and what is left of the total (the first frame's scheduling).
    turn_latency_split_ms: Object.fromEntries(
      [...SPLIT_PARTS, 'rest_ms'].map((part) => {
        const xs = splits.map((l) => (part === 'rest_ms' ? l.total_ms - SPLIT_PARTS.reduce((n, p) => n + l[p], 0) : l[part as (typeof SPLIT_PARTS)[number]]));
        return [part, { p50: quantile(xs, 0.5), p95: quantile(xs, 0.95) }];
      }),
    ),
    wire_minus_service_ms: { p50: quantile(diffs, 0.5), p95: quantile(diffs, 0.95), pairs: diffs.length },
    barge_in: {
      cut_ins: bargeIns.length,
      stopped: stops.length,
      stop_ms: { p50: quantile(stops, 0.5), p95: quantile(stops, 0.95), max: stops.length ? Math.max(...stops) : null },
      prompts_marked_interrupted: results.reduce((n, r) => n + r.interrupted_prompts, 0),
      by_kind: {
        answer: { cut_ins: bargeIns.filter((b) => b.kind === 'answer').length, stopped: bargeIns.filter((b) => b.kind === 'answer' && b.stopped).length },
        who: { cut_ins: bargeIns.filter((b) => b.kind === 'who').length, stopped: bargeIns.filter((b) => b.kind === 'who' && b.stopped).length },
      },
    },
    ...extra,
  };
  return summary;
}

function table(s: ReturnType<typeof summarize>, env: Record<string, unknown>): string {
  const lines: string[] = [];
  const t = s.turn_latency_wire_ms;
  const b = s.barge_in;
  lines.push(`voicegate bench:voice — ${env.calls} calls (${env.concurrency} at a time), ${env.cpus} × ${env.cpuModel}, load average ${env.load_at_start} at start, ${env.load_at_end} at end, ${env.database}`);
  lines.push('');
  lines.push('| target | measured | met |');
  lines.push('|---|---|---|');
  lines.push(`| median turn latency on the wire ≤ ${TARGETS.turnP50Ms} ms | p50 ${fmt(t.p50)}, p95 ${fmt(t.p95)} (${t.turns} turns; min ${fmt(t.min)}, max ${fmt(t.max)}) | ${t.p50 === null ? 'n/a' : t.p50 <= TARGETS.turnP50Ms ? 'yes' : 'no'} |`);
  lines.push(
    `| barge-in stop ≤ ${TARGETS.bargeInStopMs} ms | ${b.stopped ? `p50 ${fmt(b.stop_ms.p50)}, p95 ${fmt(b.stop_ms.p95)}, max ${fmt(b.stop_ms.max)}` : 'n/a (the agent never stopped)'}; stopped ${b.stopped} of ${b.cut_ins} cut-ins | ${b.stop_ms.p50 === null ? 'n/a' : b.stop_ms.p50 <= TARGETS.bargeInStopMs ? 'yes' : 'no'} |`,
  );
  lines.push(`| typed answers right ≥ ${TARGETS.answersRight * 100} % | ${pct(s.answers.right, s.answers.total)} (${s.answers.right}/${s.answers.total}) | ${s.answers.share === null ? 'n/a' : s.answers.share >= TARGETS.answersRight ? 'yes' : 'no'} |`);
  lines.push('');
  lines.push(`service's own turn latency (turns[].latency.total_ms): p50 ${fmt(s.turn_latency_service_ms.p50)}, p95 ${fmt(s.turn_latency_service_ms.p95)} (${s.turn_latency_service_ms.turns} turns); wire − service per turn: p50 ${fmt(s.wire_minus_service_ms.p50)}, p95 ${fmt(s.wire_minus_service_ms.p95)} (${s.wire_minus_service_ms.pairs} pairs)`);
  lines.push(`the service's turn latency by part, p50 / p95: ${Object.entries(s.turn_latency_split_ms).map(([k, v]) => `${k.replace(/_ms$/, '').replace(/_/g, ' ')} ${fmt(v.p50)} / ${fmt(v.p95)}`).join(', ')}`);
  lines.push(`wire turn latency after answers only: p50 ${fmt(t.after_answers_p50)}; prompts marked interrupted by the service: ${b.prompts_marked_interrupted}; cut-ins with the answer: ${b.by_kind.answer.stopped}/${b.by_kind.answer.cut_ins} stopped, with "sorry, who is this?": ${b.by_kind.who.stopped}/${b.by_kind.who.cut_ins}`);
  lines.push(`answers: ${s.answers.right} right, ${s.answers.wrong} wrong, ${s.answers.unanswered} left empty of ${s.answers.total}; right of those answered ${pct(s.answers.right, s.answers.right + s.answers.wrong)}`);
  lines.push(`answers by type (right, and wrong): ${Object.entries(s.answers.by_type).map(([k, v]) => `${k} ${v.pct} (${v.right}/${v.total}, wrong ${v.wrong})`).join(', ')}`);
  lines.push(`answers by voice: ${Object.entries(s.answers.by_voice).map(([k, v]) => `${k} ${v.pct} (${v.right}/${v.total}, wrong ${v.wrong})`).join(', ')}`);
  lines.push(`answers by set: ${Object.entries(s.answers.by_set).map(([k, v]) => `${k} ${v.pct} (${v.right}/${v.total}, wrong ${v.wrong})`).join(', ')}`);
  const cpu = (s as unknown as { cpu: { worker_s_per_call: number; api_s_per_call: number; service_s_per_call: number; service_pct_of_one_core: number } }).cpu;
  lines.push(`CPU per call: ${cpu.service_s_per_call.toFixed(2)} s (worker ${cpu.worker_s_per_call.toFixed(2)} s, API ${cpu.api_s_per_call.toFixed(2)} s); the service used ${cpu.service_pct_of_one_core.toFixed(0)} % of one core over the run`);
  lines.push(`calls: ${s.calls}, not completed or failed: ${s.calls_failed}; outcomes ${JSON.stringify(s.dispositions)}`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const deadline = startedAt + BUDGET_SEC * 1000;
  const loadAtStart = +os.loadavg()[0]!.toFixed(2);
  if (loadAtStart > 1) log(`warning: load average is ${loadAtStart}: something else is using the CPUs; latencies will be higher`);
  // The watchdog: whatever happens, nothing outlives the budget by more than a minute.
  const watchdog = setTimeout(() => {
    console.error(`[bench:voice] the budget (${BUDGET_SEC} s) ran out a minute ago: stopping everything`);
    killAllChildren();
    process.exit(2);
  }, (BUDGET_SEC + 60) * 1000);
  watchdog.unref();

  log(`planning ${CALLS} calls from the corpus (set ${SET}, ${QUESTIONS} questions each)`);
  const corpus = loadCorpus();
  const plans = await planCalls(corpus, { calls: CALLS, questions: QUESTIONS, set: SET, cutInEvery: CUT_IN_EVERY, callee: CALLEE });
  const db = await scratchDatabase('voice', process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
  log(`database: ${db.kind}`);
  const callee = await startBenchCallee();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voicegate-bench-voice-data-'));
  const children: Child[] = [];
  const results: CallResult[] = [];
  let cpu = { worker_s: 0, api_s: 0, wall_s: 0 };
  try {
    const secrets = { JWT_SECRET: randomBytes(48).toString('base64url'), SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const apiPort = await freeTcpPort();
    const workerPort = await freeTcpPort();
    const rtpBase = 46000 + 2 * Math.floor(Math.random() * 1000);
    const env = (role: 'api' | 'worker', port: number): Record<string, string> => ({
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      ROLE: role,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      RATE_LIMIT_ENABLED: 'false',
      PUBLIC_BASE_URL: `http://127.0.0.1:${apiPort}`,
      CARRIER: 'sip',
      SIP_TRUNK_URL: `sip:127.0.0.1:${callee.port}`,
      SIP_BIND_ADDRESS: '127.0.0.1',
      SIP_PORT: '0',
      RTP_PORT_MIN: String(rtpBase),
      RTP_PORT_MAX: String(rtpBase + 998),
      STT_ENGINE: 'pocketsphinx',
      // The callee identifies prompts by eSpeak NG's audio (voice/plan.ts), as in every earlier run.
      TTS_ENGINE: 'espeak',
      ...secrets,
      ...SERVICE_ENV,
    });
    const args = [...NODE_FLAGS, '-r', '@swc-node/register', path.join(ROOT, 'src', 'main.ts')];
    log('starting the worker process (ROLE=worker, CARRIER=sip)');
    const worker = startChild('worker', args, env('worker', workerPort), { cwd: ROOT });
    children.push(worker);
    await waitForHttp(worker, `http://127.0.0.1:${workerPort}/ready`, 120_000);
    log('starting the API process (ROLE=api)');
    const api = startChild('api', args, env('api', apiPort), { cwd: ROOT });
    children.push(api);
    const base = `http://127.0.0.1:${apiPort}`;
    await waitForHttp(api, `${base}/ready`, 120_000);
    const signup = (await (
      await fetch(`${base}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `bench-voice-${randomBytes(4).toString('hex')}@example.com`, password: 'bench-password-1', organization_name: ORG_NAME }),
      })
    ).json()) as { api_key: { secret: string } };
    const key = signup.api_key.secret;

    const cpu0 = { worker: cpuSeconds(worker.proc.pid), api: cpuSeconds(api.proc.pid), wall: performance.now() };
    log(`placing ${plans.length} calls, ${CONCURRENCY} at a time`);
    let next = 0;
    const runner = async () => {
      while (next < plans.length && Date.now() < deadline - 30_000) {
        const plan = plans[next++]!;
        const r = await runCall(plan, base, key, callee, deadline).catch((e: unknown) => ({ ...(emptyResult(plan) as CallResult), error: String(e) }));
        results.push(r);
        const wire = r.wire_turns.filter((t) => t.latencyMs !== null).map((t) => Math.round(t.latencyMs!));
        log(
          `call ${plan.index + 1}/${plans.length} ${plan.voice}: ${r.error ?? `${r.status}/${r.disposition}`}, answers ${r.answers.filter((a) => a.right).length}/${r.answers.length}, wire turns ${wire.join(' ')} ms` +
            (r.barge_ins.length ? `, cut-in ${r.barge_ins.map((b) => (b.stopped ? `stopped after ${Math.round(b.stopMs!)} ms` : 'not stopped')).join(', ')}` : ''),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, CONCURRENCY) }, runner));
    cpu = { worker_s: cpuSeconds(worker.proc.pid) - cpu0.worker, api_s: cpuSeconds(api.proc.pid) - cpu0.api, wall_s: (performance.now() - cpu0.wall) / 1000 };
  } finally {
    for (const c of children.reverse()) await c.stop();
    await callee.close();
    await db.drop().catch((e: unknown) => log(`could not drop the database: ${String(e)}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
  results.sort((a, b) => a.index - b.index);
  const n = Math.max(1, results.length);
  const envInfo = {
    at: new Date(startedAt).toISOString(),
    label: process.env.BENCH_LABEL ?? null,
    calls: results.length,
    concurrency: CONCURRENCY,
    questions_per_call: QUESTIONS,
    set: SET,
    service_env: SERVICE_ENV,
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    load_at_start: loadAtStart,
    load_at_end: +os.loadavg()[0]!.toFixed(2),
    database: db.kind.replace(/ on .*/, ''),
    duration_s: Math.round((Date.now() - startedAt) / 1000),
  };
  const summary = summarize(results, {
    cpu: {
      worker_s: +cpu.worker_s.toFixed(2),
      api_s: +cpu.api_s.toFixed(2),
      wall_s: +cpu.wall_s.toFixed(1),
      worker_s_per_call: cpu.worker_s / n,
      api_s_per_call: cpu.api_s / n,
      service_s_per_call: (cpu.worker_s + cpu.api_s) / n,
      service_pct_of_one_core: cpu.wall_s ? (100 * (cpu.worker_s + cpu.api_s)) / cpu.wall_s : 0,
    },
  });
  const text = table(summary, envInfo);
  console.log(`\n${text}\n`);
  const dir = path.join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `voice-${new Date(startedAt).toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ env: envInfo, targets: TARGETS, summary, calls: results }, null, 1));
  log(`written ${path.relative(ROOT, file)}`);
  clearTimeout(watchdog);
}

function emptyResult(plan: CallPlan): Partial<CallResult> {
  return { index: plan.index, to: plan.to, voice: plan.voice, set: plan.set, call_id: null, status: null, disposition: null, cut_in: plan.cutIn, answers: [], wire_turns: [], barge_ins: [], service_turn_latencies_ms: [], service_turn_splits: [], service_latency: null, interrupted_prompts: 0, hung_up_by: null, transcript: null, callee_log: [] };
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    killAllChildren();
    process.exit(1);
  });
}
