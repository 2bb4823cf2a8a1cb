/**
 * Sets a latency trace beside the CPU timeline: what ran on the machine while requests stalled.
 *
 *   node -r @swc-node/register bench/tools/stall-report.ts bench/results/cpu-timeline.txt bench/results/trace-place.txt [--threshold-ms 50] [--lines 12]
 *   node -r @swc-node/register bench/tools/stall-report.ts bench/results/cpu-timeline.txt   # CPU per process in each marked phase
 *
 * The trace is a BENCH_TRACE=1 file (latency per 250 ms slice: `<ms> ms  n <n>  max <ms>  p50 <ms>`
 * under a `# epoch_ms_at_t0` header); the timeline is bench/tools/cpu-sampler.ts's output. A
 * slice whose slowest request took at least the threshold is a stall; its window runs from the
 * slice's start to the end of its slowest request. Prints:
 *   - the stalls, when they started and the gaps between them (a period shows up here);
 *   - each process's CPU (in % of one CPU) and its main threads' run-queue wait, inside the
 *     stall windows and in the calm slices (slowest request under half the threshold);
 *   - the timeline lines of each stall window (the busiest names only).
 */
import { readFileSync } from 'node:fs';

const [timelineFile, traceFile] = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
if (!timelineFile) throw new Error('usage: stall-report.ts <cpu-timeline.txt> [<trace-*.txt>] [--threshold-ms 50] [--lines 12]');
const opt = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
};
const THRESHOLD = opt('threshold-ms', 50);
const LINES = opt('lines', 12);

interface Sample {
  start: number; // epoch ms
  end: number;
  busy: number;
  psi: number;
  /** ms the disk had I/O in flight, and its cache flushes, in the interval. */
  io: number;
  flushes: number;
  procs: Map<string, { cpu: number; wait: number }>;
}
const tl = readFileSync(timelineFile, 'utf8').split('\n');
const epoch0 = Number(/^# epoch_ms_at_t0 (\d+)/m.exec(tl.join('\n'))?.[1]);
const samples: Sample[] = [];
const marks: string[] = [];
for (const line of tl) {
  if (!line || line.startsWith('#')) continue;
  const m = /^(\d+) (\d+) (\d+) (\d+) (\d+) (-?\d+) (\d+) (\d+) (\d+) (\d+) \| ?(.*)$/.exec(line);
  if (!m) {
    if (/^\d+ mark /.test(line)) marks.push(line);
    continue;
  }
  const end = epoch0 + Number(m[1]);
  const procs = new Map<string, { cpu: number; wait: number }>();
  for (const part of m[11]!.split(' ').filter(Boolean)) {
    const pm = /^(.*)=([\d.]+)(?:~(\d+))?$/.exec(part);
    if (pm) procs.set(pm[1]!, { cpu: Number(pm[2]), wait: Number(pm[3] ?? 0) });
  }
  samples.push({ start: end - Number(m[2]), end, busy: Number(m[3]), psi: Number(m[6]), io: Number(m[7]), flushes: Number(m[9]), procs });
}

if (!traceFile) {
  // No trace: CPU per name between each "<what> start" and "<what> end" mark (a phase, a load run).
  const at = (line: string) => Number(/^\d+ mark (\d+) /.exec(line)![1]);
  const label = (line: string) => line.replace(/^\d+ mark \d+ /, '').replace(/ \(load [^)]*\)$/, '');
  for (const open of marks.filter((m) => / start$/.test(label(m)))) {
    const what = label(open).replace(/ start$/, '');
    const close = marks.find((m) => label(m) === `${what} end` && at(m) >= at(open));
    if (!close) continue;
    const u = usage([[at(open), at(close)]]);
    const top = [...u.byName.entries()].sort((a, b) => b[1].cpu - a[1].cpu).filter(([, e]) => (e.cpu / u.ms) * 100 >= 0.5);
    console.log(`${what}: ${(u.ms / 1000).toFixed(1)} s, machine ${u.busy.toFixed(0)} % busy, disk ${u.io.toFixed(0)} % busy`);
    for (const [n, e] of top) console.log(`  ${n.slice(0, 44).padEnd(44)} ${((e.cpu / u.ms) * 100).toFixed(1).padStart(6)} % of a CPU  run-queue wait ${((e.wait / u.ms) * 1000).toFixed(0).padStart(5)} ms/s`);
  }
  process.exit(0);
}
const tr = readFileSync(traceFile, 'utf8');
const traceEpoch = Number(/^# epoch_ms_at_t0 (\d+)/m.exec(tr)?.[1]);
if (!Number.isFinite(traceEpoch)) throw new Error(`${traceFile} has no "# epoch_ms_at_t0" line (traces written before the CPU sampler existed cannot be aligned)`);
const slices = [...tr.matchAll(/^\s*(\d+) ms {2}n (\d+) {2}max ([\d.]+) {2}p50 ([\d.]+)/gm)].map((m) => ({
  at: traceEpoch + Number(m[1]),
  n: Number(m[2]),
  max: Number(m[3]),
  p50: Number(m[4]),
}));

/** CPU per name over [from, to): % of one CPU, and run-queue wait in ms per second. */
function usage(windows: Array<[number, number]>): { ms: number; byName: Map<string, { cpu: number; wait: number }>; busy: number; io: number } {
  const byName = new Map<string, { cpu: number; wait: number }>();
  let ms = 0;
  let busyWeighted = 0;
  let io = 0;
  for (const [from, to] of windows) {
    for (const s of samples) {
      const overlap = Math.min(to, s.end) - Math.max(from, s.start);
      if (overlap <= 0) continue;
      const f = overlap / (s.end - s.start);
      ms += overlap;
      busyWeighted += s.busy * overlap;
      io += s.io * f;
      for (const [name, e] of s.procs) {
        const acc = byName.get(name) ?? { cpu: 0, wait: 0 };
        acc.cpu += e.cpu * f;
        acc.wait += e.wait * f;
        byName.set(name, acc);
      }
    }
  }
  return { ms, byName, busy: ms ? busyWeighted / ms : NaN, io: ms ? (io / ms) * 100 : NaN };
}

const stalls = slices.filter((s) => s.max >= THRESHOLD);
const calm = slices.filter((s) => s.max < THRESHOLD / 2);
const stallWindows = stalls.map((s) => [s.at, s.at + 250 + s.max] as [number, number]);
const calmWindows = calm.map((s) => [s.at, s.at + 250] as [number, number]);
const tFirst = slices[0]?.at ?? 0;

console.log(`${traceFile}: ${slices.length} slices of 250 ms, ${stalls.length} with a request ≥ ${THRESHOLD} ms, ${calm.length} calm (< ${THRESHOLD / 2} ms)`);
console.log(`stalls at (s from the trace's start): ${stalls.map((s) => ((s.at - tFirst) / 1000).toFixed(2)).join(' ')}`);
const starts = stalls.map((s) => s.at).filter((t, i, all) => i === 0 || t - all[i - 1]! > 250);
console.log(`gaps between stall onsets (s): ${starts.slice(1).map((t, i) => ((t - starts[i]!) / 1000).toFixed(2)).join(' ') || '-'}`);
for (const m of marks) console.log(`  ${m.replace(/^\d+ mark (\d+) /, (_, e: string) => `mark at ${((Number(e) - tFirst) / 1000).toFixed(2)} s: `)}`);

const st = usage(stallWindows);
const ca = usage(calmWindows);
const names = [...new Set([...st.byName.keys(), ...ca.byName.keys()])];
const pct = (u: ReturnType<typeof usage>, n: string) => (u.ms ? ((u.byName.get(n)?.cpu ?? 0) / u.ms) * 100 : 0);
const waitPerSec = (u: ReturnType<typeof usage>, n: string) => (u.ms ? ((u.byName.get(n)?.wait ?? 0) / u.ms) * 1000 : 0);
names.sort((a, b) => pct(st, b) - pct(st, a));
console.log(`\nCPU in % of one CPU (and main-thread run-queue wait, ms per s) — stall windows (${(st.ms / 1000).toFixed(1)} s, machine ${st.busy.toFixed(0)} % busy, disk ${st.io.toFixed(0)} % busy) vs calm slices (${(ca.ms / 1000).toFixed(1)} s, ${ca.busy.toFixed(0)} % busy, disk ${ca.io.toFixed(0)} % busy)`);
console.log(`${'name'.padEnd(44)} ${'stall %'.padStart(8)} ${'calm %'.padStart(8)} ${'diff'.padStart(7)} ${'wait stall'.padStart(11)} ${'wait calm'.padStart(10)}`);
for (const n of names) {
  const a = pct(st, n);
  const b = pct(ca, n);
  if (a < 0.5 && b < 0.5) continue;
  console.log(`${n.slice(0, 44).padEnd(44)} ${a.toFixed(1).padStart(8)} ${b.toFixed(1).padStart(8)} ${(a - b >= 0 ? '+' : '') + (a - b).toFixed(1).padStart(6)} ${waitPerSec(st, n).toFixed(0).padStart(11)} ${waitPerSec(ca, n).toFixed(0).padStart(10)}`);
}

console.log('\nstall windows, line by line (t = ms from the slice start; top names by CPU ms in each 25 ms line):');
for (const s of stalls.slice(0, LINES)) {
  console.log(`-- slice at ${((s.at - tFirst) / 1000).toFixed(2)} s: ${s.n} requests, max ${s.max} ms, p50 ${s.p50} ms`);
  for (const x of samples.filter((x) => x.end > s.at - 50 && x.start < s.at + 250 + s.max)) {
    const top = [...x.procs.entries()].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 7).map(([n, e]) => `${n}=${e.cpu.toFixed(0)}${e.wait ? `~${e.wait}` : ''}`);
    console.log(`   ${String(Math.round(x.end - s.at)).padStart(5)}  ${String(x.busy).padStart(3)}%  psi ${String(x.psi).padStart(2)}  io ${String(x.io).padStart(2)} ms/${x.flushes}f  ${top.join(' ')}`);
  }
}
