/**
 * CPU timeline of the bench and of everything else on the machine, for finding what takes the
 * CPU when a request stalls (see bench/README.md, "Stalls: what takes the CPU").
 *
 *   node -r @swc-node/register bench/tools/cpu-sampler.ts --out FILE [--root PID] [--interval-ms 25] [--sweep-ms 500] [--disk vda] [--stdin-marks]
 *
 * Every interval it reads, without opening files again (procfs answers a pread at offset 0 with
 * fresh figures):
 *   - /proc/stat (machine busy, iowait, steal), /proc/pressure/cpu (time some task waited for a CPU),
 *     /proc/diskstats (the disk's busy time, writes, flushes, discards);
 *   - for every process under --root (default: the parent; the bench starts it with its own pid):
 *     the CPU time of each thread (/proc/<pid>/task/<tid>/schedstat, nanoseconds) and how long the
 *     main thread waited runnable on a run queue (the second schedstat figure): a Node event
 *     loop, or a PostgreSQL process, that wanted the CPU and did not get it;
 *   - every other process that used CPU during the previous sweep (all of /proc, every --sweep-ms),
 *     from /proc/<pid>/stat (clock ticks, 10 ms).
 * Processes are named by role: `api` / `worker` (ROLE in their environment), the bench server
 * script (`receiver`, `raw-pg`...), `bench` (the load generator itself), PostgreSQL's background
 * processes by their title (`pg:checkpointer`, `pg:walwriter`, `pg:autovacuum worker`...), its
 * client backends by the process holding the other end of their connection (`pg<-api`,
 * `pg<-worker`, `pg<-bench`...), and outside processes by their command (`[outside] beam.smp`).
 * With --stdin-marks, lines `mark <text>` on stdin are written into the timeline with their time (phase boundaries).
 *
 * Output (text, written when it stops on SIGTERM/SIGINT or when stdin closes):
 *   # epoch_ms_at_t0 <ms>                         -- t below is milliseconds after this
 *   t dt busy% iowait% steal% psi_ms io_ms writes flushes discards | name=cpu_ms[~wait_ms] ...
 * io_ms, writes, flushes and discards are the disk's (--disk, default vda; /proc/diskstats) in
 * the interval: io_ms is how long it had I/O in flight, flushes are cache flushes (fsync).
 * `<name>+` is the part of <name>'s CPU used by threads other than its main thread (for a Node
 * process: V8's garbage-collection and compiler threads and libuv's pool; the main thread's own
 * share of a garbage collection stays in the total only).
 * busy% is of the whole machine (100 % = every CPU busy); cpu_ms is CPU time used in the interval
 * summed over the processes of that name and their threads, wait_ms the main threads' run-queue
 * wait in the interval (shown when ≥ 1 ms); `(unattributed)` is the machine's busy time (from
 * /proc/stat, 10 ms ticks, so noisy per line) that no followed process accounts for: a process
 * that woke up since the last sweep (the next `sweep:` line names it), a short-lived one,
 * interrupts. bench/tools/stall-report.ts reads it beside a
 * BENCH_TRACE file.
 */
import { closeSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const arg = (name: string, def?: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const OUT = arg('out');
if (!OUT) throw new Error('--out FILE is required');
const ROOT = Number(arg('root', String(process.ppid)));
const INTERVAL_MS = Number(arg('interval-ms', '25'));
const SWEEP_MS = Number(arg('sweep-ms', '500'));
const NCPU = os.cpus().length;
const TICK_MS = 10; // USER_HZ = 100 on Linux

const buf = Buffer.alloc(64 * 1024);
const fds = new Map<string, number>();
/** Reads a procfs file through a kept descriptor; undefined when it is gone. */
function readProc(file: string): string | undefined {
  let fd = fds.get(file);
  try {
    if (fd === undefined) {
      fd = openSync(file, 'r');
      fds.set(file, fd);
    }
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.toString('latin1', 0, n);
  } catch {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // gone
      }
      fds.delete(file);
    }
    return undefined;
  }
}
function forget(prefix: string): void {
  for (const [file, fd] of fds)
    if (file.startsWith(prefix)) {
      try {
        closeSync(fd);
      } catch {
        // gone
      }
      fds.delete(file);
    }
}

/** /proc/<pid>/stat: ppid, comm, utime+stime in ticks. */
function statOf(pid: number): { ppid: number; comm: string; ticks: number } | undefined {
  const s = readProc(`/proc/${pid}/stat`);
  if (!s) return undefined;
  const close = s.lastIndexOf(')');
  const comm = s.slice(s.indexOf('(') + 1, close);
  const f = s.slice(close + 2).split(' ');
  // f[0] = state (field 3), so field n is f[n - 3]
  return { ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) };
}

function cmdlineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}

interface Tracked {
  pid: number;
  name: string;
  inTree: boolean;
  /** Threads (tids) of a process in the tree, refreshed every sweep. */
  tids: number[];
  lastCpuNs: number;
  lastWaitNs: number;
  /** CPU of the threads other than the main one (Node: V8's GC and compiler threads, libuv's pool). */
  lastHelperNs: number;
  lastTicks: number;
  /** Postgres client backend: its client port, resolved to a name later. */
  clientPort?: number;
}

const tracked = new Map<number, Tracked>();
/** Outside processes' ticks at the last sweep, to find the ones that used CPU. */
const outsideTicks = new Map<number, number>();
const inodeOwner = new Map<string, string>(); // socket inode -> tree process name

function nameInTree(pid: number, comm: string): { name: string; clientPort?: number } {
  const cmd = cmdlineOf(pid);
  if (pid === ROOT) return { name: 'bench' };
  if (cmd.startsWith('postgres:') || comm === 'postgres') {
    const m = /\((\d+)\)/.exec(cmd);
    if (m) return { name: 'pg<-?', clientPort: Number(m[1]) };
    const title = cmd.replace(/^postgres:\s*/, '').replace(/\s+(idle|active).*$/, '').trim();
    return { name: title && !title.includes('/') ? `pg:${title}` : 'pg:postmaster' };
  }
  if (comm === 'node' || comm.startsWith('node') || /\bnode\b/.test(cmd)) {
    let role = '';
    try {
      role = /(?:^|\0)ROLE=([^\0]*)/.exec(readFileSync(`/proc/${pid}/environ`, 'latin1'))?.[1] ?? '';
    } catch {
      // not readable
    }
    if (role) return { name: role };
    const script = /([\w.-]+)\.(?:ts|js)\b/.exec(cmd.split(' ').slice(1).filter((a) => !a.startsWith('-') && a !== '@swc-node/register').join(' '));
    return { name: script ? script[1]!.replace('cpu-sampler', 'sampler') : 'node' };
  }
  return { name: comm };
}

/** A short name for a process outside the tree: a kernel thread's [comm], PostgreSQL's process title, a script's name. */
function outsideName(cmd: string, comm: string): string {
  if (!cmd) return `[${comm.replace(/[/:]\d+.*$/, '')}]`;
  if (cmd.startsWith('postgres:')) {
    const title = cmd.slice(9).trim();
    return /^\w+\s+\S+\s+[\d.]+\(\d+\)/.test(title) ? 'postgres:backend' : `postgres:${title.split(/\s+/).slice(0, 2).join('_')}`;
  }
  const words = cmd.split(' ');
  const exe = words[0]!.split('/').pop()!;
  if (exe === 'node' || exe === 'nodejs') {
    const script = words.slice(1).find((w) => !w.startsWith('-') && w !== '@swc-node/register');
    return `node:${script ? script.split('/').slice(-2).join('/') : ''}`;
  }
  return exe.replace(/[\s]/g, '_');
}

function tidsOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
}

function schedOf(pid: number, tids: number[]): { cpuNs: number; waitNs: number; helperNs: number } {
  let cpuNs = 0;
  let waitNs = 0;
  let helperNs = 0;
  for (const tid of tids) {
    const s = readProc(`/proc/${pid}/task/${tid}/schedstat`);
    if (!s) continue;
    const [run, wait] = s.split(' ');
    cpuNs += Number(run);
    if (tid === pid) waitNs = Number(wait);
    else helperNs += Number(run);
  }
  return { cpuNs, waitNs, helperNs };
}

/** Names postgres client backends after the tree process at the other end of their connection. */
function resolveBackends(): void {
  const pending = [...tracked.values()].filter((t) => t.clientPort !== undefined && t.name === 'pg<-?');
  if (pending.length === 0) return;
  const byPort = new Map<number, string>(); // client-side local port -> socket inode
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      byPort.set(parseInt(f[1]!.split(':')[1]!, 16), f[9]!);
    }
  }
  const owners = [...tracked.values()].filter((t) => t.inTree && !t.name.startsWith('pg'));
  const lookup = (inode: string): string | undefined => {
    if (inodeOwner.has(inode)) return inodeOwner.get(inode);
    for (const o of owners) {
      try {
        for (const fd of readdirSync(`/proc/${o.pid}/fd`)) {
          try {
            const link = readlinkSync(`/proc/${o.pid}/fd/${fd}`);
            const m = /^socket:\[(\d+)\]$/.exec(link);
            if (m) inodeOwner.set(m[1]!, o.name);
          } catch {
            // closed meanwhile
          }
        }
      } catch {
        // gone
      }
    }
    return inodeOwner.get(inode);
  };
  for (const t of pending) {
    const inode = byPort.get(t.clientPort!);
    const owner = inode ? lookup(inode) : undefined;
    if (owner) t.name = `pg<-${owner}`;
  }
}

/** Rescans /proc; returns the outside processes that started using CPU since the last sweep, with what they used. */
function sweep(): string[] {
  const newlyActive: string[] = [];
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
  const parent = new Map<number, number>();
  const stats = new Map<number, { ppid: number; comm: string; ticks: number }>();
  for (const pid of pids) {
    const s = statOf(pid);
    if (!s) continue;
    parent.set(pid, s.ppid);
    stats.set(pid, s);
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parent.get(p) ?? 0, hops++) if (p === ROOT) return true;
    return false;
  };
  const alive = new Set<number>();
  for (const [pid, s] of stats) {
    if (pid === process.pid) continue;
    alive.add(pid);
    const tree = inTree(pid);
    let t = tracked.get(pid);
    if (tree) {
      if (!t) {
        const n = nameInTree(pid, s.comm);
        const tids = tidsOf(pid);
        const sc = schedOf(pid, tids);
        t = { pid, name: n.name, inTree: true, tids, lastCpuNs: sc.cpuNs, lastWaitNs: sc.waitNs, lastHelperNs: sc.helperNs, lastTicks: s.ticks, clientPort: n.clientPort };
        tracked.set(pid, t);
      } else {
        const tids = tidsOf(pid);
        for (const tid of t.tids) if (!tids.includes(tid)) forget(`/proc/${pid}/task/${tid}/`);
        // New threads count from their start: their whole run time lands in the next interval.
        t.tids = tids;
      }
      continue;
    }
    const before = outsideTicks.get(pid);
    outsideTicks.set(pid, s.ticks);
    const active = before !== undefined && s.ticks > before;
    if (active && !t) {
      const exe = outsideName(cmdlineOf(pid), s.comm);
      tracked.set(pid, { pid, name: `[outside] ${exe}`, inTree: false, tids: [], lastCpuNs: 0, lastWaitNs: 0, lastHelperNs: 0, lastTicks: s.ticks });
      newlyActive.push(`[outside]_${exe}=${(s.ticks - before) * TICK_MS}`);
    } else if (!active && t && !t.inTree) {
      // Idle for a whole sweep: back to the sweep's coarse watch (its ticks are counted there).
      tracked.delete(pid);
      forget(`/proc/${pid}/`);
    }
  }
  for (const pid of [...tracked.keys()])
    if (!alive.has(pid)) {
      tracked.delete(pid);
      forget(`/proc/${pid}/`);
    }
  for (const pid of [...outsideTicks.keys()]) if (!alive.has(pid)) outsideTicks.delete(pid);
  resolveBackends();
  return newlyActive;
}

function cpuLine(): number[] {
  const s = readProc('/proc/stat') ?? '';
  return s.slice(0, s.indexOf('\n')).split(/\s+/).slice(1).map(Number);
}
const DISK = arg('disk', 'vda')!;
/** /proc/diskstats of the disk PostgreSQL writes to: [ms doing I/O, writes, flushes, discards]. */
function diskLine(): number[] {
  const s = readProc('/proc/diskstats') ?? '';
  const line = s.split('\n').find((l) => l.trim().split(/\s+/)[2] === DISK);
  if (!line) return [0, 0, 0, 0];
  const f = line.trim().split(/\s+/).slice(3).map(Number);
  return [f[9] ?? 0, f[4] ?? 0, f[15] ?? 0, f[11] ?? 0];
}
function psiSomeUs(): number {
  const s = readProc('/proc/pressure/cpu');
  return s ? Number(/total=(\d+)/.exec(s)?.[1] ?? 0) : 0;
}

const lines: string[] = [];
const t0 = Date.now();
const p0 = performance.now();
lines.push(`# cpu-sampler: root pid ${ROOT}, interval ${INTERVAL_MS} ms, sweep ${SWEEP_MS} ms, ${NCPU} CPUs`);
lines.push(`# epoch_ms_at_t0 ${t0}`);
lines.push(`# t dt busy% iowait% steal% psi_ms io_ms writes flushes discards (${DISK}) | name=cpu_ms[~mainthread_runqueue_wait_ms] ...`);

sweep();
let lastCpu = cpuLine();
let lastPsi = psiSomeUs();
let lastDisk = diskLine();
let lastAt = performance.now();
let lastSweep = lastAt;

function sample(): void {
  const now = performance.now();
  const dt = now - lastAt;
  const cpu = cpuLine();
  const d = cpu.map((v, i) => v - (lastCpu[i] ?? 0));
  const total = d.reduce((a, b) => a + b, 0) || 1;
  const idle = (d[3] ?? 0) + (d[4] ?? 0);
  const psi = psiSomeUs();
  const disk = diskLine();
  const dd = disk.map((v, i) => v - (lastDisk[i] ?? 0));
  lastDisk = disk;
  const byName = new Map<string, { cpu: number; wait: number }>();
  for (const t of tracked.values()) {
    let cpuMs: number;
    let waitMs = 0;
    if (t.inTree) {
      const sc = schedOf(t.pid, t.tids);
      cpuMs = (sc.cpuNs - t.lastCpuNs) / 1e6;
      waitMs = (sc.waitNs - t.lastWaitNs) / 1e6;
      const helperMs = (sc.helperNs - t.lastHelperNs) / 1e6;
      t.lastCpuNs = sc.cpuNs;
      t.lastWaitNs = sc.waitNs;
      t.lastHelperNs = sc.helperNs;
      if (t.tids.length > 1 && helperMs >= 0.5) {
        // Shown beside the process's total as `<name>+`: in a Node process, mostly garbage collection.
        const h = byName.get(`${t.name}+`) ?? { cpu: 0, wait: 0 };
        h.cpu += helperMs;
        byName.set(`${t.name}+`, h);
      }
    } else {
      const s = statOf(t.pid);
      if (!s) continue;
      cpuMs = (s.ticks - t.lastTicks) * TICK_MS;
      t.lastTicks = s.ticks;
    }
    if (cpuMs <= 0 && waitMs < 1) continue;
    const e = byName.get(t.name) ?? { cpu: 0, wait: 0 };
    e.cpu += Math.max(0, cpuMs);
    e.wait += waitMs;
    byName.set(t.name, e);
  }
  // CPU the machine used that no followed process accounts for: processes that started (or woke
  // from a whole idle sweep) since the last sweep, short-lived ones, interrupts.
  const busyMs = ((total - idle) / total) * dt * NCPU;
  const attributed = [...byName.entries()].filter(([n]) => !n.endsWith('+')).reduce((a, [, e]) => a + e.cpu, 0);
  if (busyMs - attributed >= 0.5) byName.set('(unattributed)', { cpu: busyMs - attributed, wait: 0 });
  const parts = [...byName.entries()]
    .filter(([, e]) => e.cpu >= 0.5 || e.wait >= 1)
    .sort((a, b) => b[1].cpu - a[1].cpu)
    .map(([n, e]) => `${n.replace(/\s+/g, '_')}=${e.cpu.toFixed(1)}${e.wait >= 1 ? `~${e.wait.toFixed(0)}` : ''}`);
  lines.push(
    `${(now - p0).toFixed(0)} ${dt.toFixed(0)} ${(((total - idle) / total) * 100).toFixed(0)} ${(((d[4] ?? 0) / total) * 100).toFixed(0)} ${(((d[7] ?? 0) / total) * 100).toFixed(0)} ${((psi - lastPsi) / 1000).toFixed(0)} ${dd.join(' ')} | ${parts.join(' ')}`,
  );
  lastCpu = cpu;
  lastPsi = psi;
  lastAt = now;
  if (now - lastSweep >= SWEEP_MS) {
    // Outside processes not followed at full rate: what they used since the last sweep, in one line.
    const newlyActive = sweep();
    if (newlyActive.length) lines.push(`${(now - p0).toFixed(0)} sweep: newly active outside processes, CPU ms since the last sweep: ${newlyActive.join(' ')}`);
    lastSweep = performance.now();
  }
}

const timer = setInterval(sample, INTERVAL_MS);
let stopped = false;
function stop(): void {
  if (stopped) return;
  stopped = true;
  clearInterval(timer);
  sample();
  writeFileSync(OUT!, lines.join('\n') + '\n');
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
if (process.argv.includes('--stdin-marks')) {
  let pending = '';
  process.stdin.on('data', (b: Buffer) => {
    pending += b.toString('utf8');
    let i: number;
    while ((i = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, i).trim();
      pending = pending.slice(i + 1);
      if (line.startsWith('mark ')) lines.push(`${(performance.now() - p0).toFixed(0)} mark ${Date.now()} ${line.slice(5)}`);
    }
  });
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
}
