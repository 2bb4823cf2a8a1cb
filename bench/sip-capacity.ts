/**
 * Capacity of one worker process for live SIP calls: N simultaneous answered calls against SIPp on
 * loopback, each with its RTP clock, VAD and voice agent running. Reports RTP send lateness against
 * the 20 ms schedule, gaps (ticks that had to send more than one frame), event-loop delay and the
 * process's CPU per call. Needs `sipp` and `sox` (Debian sip-tester, sox).
 *
 *   npm run bench:sip -- 100        (N calls; default 100)
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import dgram from 'node:dgram';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { loadavg, setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SipCarrier, type LiveCallSink } from '../src/carriers/sip/sip-carrier';
import type { Call } from '../src/features/calls/call.entity';
import { createLogger } from '../src/common/logger';
import { NoRecognizer } from '../src/voice/stt/recognizer';
import { EspeakSynthesizer } from '../src/voice/tts/espeak';
import { answerScenario } from '../test/sip/scenarios';

const N = Number(process.argv[2] ?? 100);
const MEASURE_MS = Number(process.env.MEASURE_MS ?? 15_000);
/**
 * Enough speech (each part about 9 s) for every call to be talking, sending real audio, from its
 * answer to the end of the measurement: a call's prompt is synthesised once and then held by the
 * media thread while it plays, so a much longer one only adds memory nobody's call would use.
 */
const TASK_PARTS = Number(process.env.TASK_PARTS ?? Math.ceil((MEASURE_MS / 1000 + 20) / 8));
const TASK = Array.from({ length: TASK_PARTS }, (_, i) => `This is part ${i + 1} of a long message that keeps the agent talking while we measure how evenly its audio packets leave, one every twenty milliseconds, for every call at once.`).join(' ');

async function freePort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  const p = s.address().port;
  await new Promise<void>((r) => s.close(() => r()));
  return p;
}

function sh(cmd: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = spawn(cmd, args, { cwd, stdio: 'ignore' });
    c.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`))));
  });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'voicegate-bench-'));
  // The callee "talks" the whole time (low pink noise): every call receives RTP and runs its VAD.
  await sh('sox', ['-n', '-r', '8000', '-c', '1', '-e', 'u-law', 'callee.wav', 'synth', '120', 'pinknoise', 'vol', '0.05'], dir);
  const calleeAudio = process.env.CALLEE_AUDIO !== '0';
  await writeFile(path.join(dir, 'answer.xml'), answerScenario(calleeAudio ? 'callee.wav' : undefined));
  const sipPort = await freePort();
  const sipp = spawn('sipp', ['-sf', 'answer.xml', '-i', '127.0.0.1', '-p', String(sipPort), '-mi', '127.0.0.1', '-mp', String(await freePort()), '-m', String(N), '-nostdin', '-timeout', '300s', '-max_socket', '5000', '-l', String(N * 2), '-buff_size', '4194304'], {
    cwd: dir,
    stdio: 'ignore',
  });
  // SIPP_PRIORITY: the far end's nice value. On a loaded machine a starved SIPp sends its audio in
  // bursts, which is the far end's lateness, not ours; a carrier's far end is not on this machine.
  if (process.env.SIPP_PRIORITY && sipp.pid) setPriority(sipp.pid, Number(process.env.SIPP_PRIORITY));
  const sippExit = new Promise<number | null>((r) => sipp.once('exit', (code) => r(code)));

  const answered = new Set<string>();
  const ended = new Map<string, string>();
  const sink: LiveCallSink = {
    async report(r) {
      if (r.status === 'in_progress') answered.add(r.callId);
      if (r.status === 'completed' || r.status === 'failed') ended.set(r.callId, `${r.status}/${r.disposition}`);
    },
    async conversation() {},
    async transferred() {
      return false;
    },
    async mediaAlive() {
      return [];
    },
  };
  const carrier = new SipCarrier({
    config: { trunkUrl: `sip:127.0.0.1:${sipPort}`, bindAddress: '127.0.0.1', port: 0, rtpPortMin: 20000, rtpPortMax: 29998, callLeaseMs: 60_000, dnsServers: [], rtpThreadPriority: Number(process.env.RTP_THREAD_PRIORITY ?? -10) },
    sink,
    tts: new EspeakSynthesizer(),
    stt: new NoRecognizer(),
    log: createLogger({ level: 'warn' }),
    // The callee never stops "talking", so the agent would wait forever for silence: keep it listening.
    timing: { noInputMs: 600_000, endSilenceMs: 600_000, quickEndSilenceMs: 600_000, bargeInMs: 600_000, maxUtteranceMs: 600_000, machineGreetingMs: 600_000 },
  });

  const calls: Call[] = Array.from({ length: N }, () =>
    Object.assign({} as Call, {
      id: randomUUID(),
      to: '+14155550100',
      from: '+14155550199',
      task: TASK,
      questions: [],
      voicemailMessage: null,
      maxDurationSeconds: 600,
      ringTimeoutSeconds: 120,
      carrierCallId: randomUUID(),
    }),
  );
  const t0 = Date.now();
  // Paced at 50 calls/s, as a dialer would: a burst of N INVITEs at once overflows the far end's
  // socket buffer on loopback, and their retransmissions then arrive in bursts too.
  for (const c of calls) {
    await carrier.place(c);
    await new Promise((r) => setTimeout(r, 20));
  }
  console.log(`${N} INVITEs sent in ${Date.now() - t0} ms`);
  while (answered.size < N && Date.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 100));
  console.log(`${answered.size}/${N} calls answered in ${Date.now() - t0} ms`);

  // MAIN_BUSY=<ms>/<every ms>: the main event loop blocked that long that often during the window,
  // as a busy worker's is (a major GC, a large query result, a recognizer's answer).
  const [busyMs, everyMs] = (process.env.MAIN_BUSY ?? '0/0').split('/').map(Number) as [number, number];
  const busy = busyMs > 0 && everyMs > 0 ? setInterval(() => {
    const until = performance.now() + busyMs;
    while (performance.now() < until);
  }, everyMs) : undefined;
  // Measure a steady window: reset nothing, take deltas.
  const before = carrier.mediaStats().map((s) => ({ ...s }));
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  const cpu = process.cpuUsage(cpu0);
  const after = carrier.mediaStats();
  const wall = performance.now() - wall0;
  clearInterval(busy);
  loop.disable();
  let frames = 0;
  let late = 0;
  // Counted since the media thread (an older build has no such counter: reported as null).
  let veryLate: number | null = 0;
  let gaps = 0;
  let maxLate = 0;
  after.forEach((s, i) => {
    frames += s.framesSent - (before[i]?.framesSent ?? 0);
    late += s.lateFrames - (before[i]?.lateFrames ?? 0);
    veryLate = s.veryLateFrames === undefined || veryLate === null ? null : veryLate + s.veryLateFrames - (before[i]?.veryLateFrames ?? 0);
    gaps += s.gaps - (before[i]?.gaps ?? 0);
    maxLate = Math.max(maxLate, s.maxLatenessMs);
  });
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const expectedFrames = (after.length * wall) / 20;
  const summary = {
        concurrent_calls: after.length,
        main_loop_blocked: busy ? `${busyMs} ms every ${everyMs} ms` : 'no',
        load_average_1m: +loadavg()[0]!.toFixed(2),
        window_ms: Math.round(wall),
        rtp_frames_sent: frames,
        rtp_frames_expected: Math.round(expectedFrames),
        frames_later_than_5ms_pct: +((100 * late) / Math.max(1, frames)).toFixed(3),
        frames_later_than_20ms_pct: veryLate === null ? null : +((100 * veryLate) / Math.max(1, frames)).toFixed(3),
        max_lateness_ms_whole_run: +maxLate.toFixed(1),
        gaps,
        event_loop_delay_p99_ms: +(loop.percentile(99) / 1e6).toFixed(1),
        event_loop_delay_max_ms: +(loop.max / 1e6).toFixed(1),
        process_cpu_pct_of_one_core: +((100 * cpuMs) / wall).toFixed(1),
        cpu_pct_per_call: +((100 * cpuMs) / wall / Math.max(1, after.length)).toFixed(3),
  };
  console.log(JSON.stringify(summary, null, 2));
  // RESULT_FILE: the summary also as a file (npm run bench's sip phase reads it).
  if (process.env.RESULT_FILE) await writeFile(process.env.RESULT_FILE, JSON.stringify(summary));
  for (const c of calls) carrier.cancel(c.id);
  while (ended.size < answered.size && Date.now() - t0 < 300_000) await new Promise((r) => setTimeout(r, 100));
  const outcomes: Record<string, number> = {};
  for (const v of ended.values()) outcomes[v] = (outcomes[v] ?? 0) + 1;
  console.log('outcomes', outcomes, 'sipp exit', await Promise.race([sippExit, new Promise((r) => setTimeout(() => r('still running'), 10_000))]));
  sipp.kill('SIGKILL');
  await carrier.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
