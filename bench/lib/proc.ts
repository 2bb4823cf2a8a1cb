import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { cpuSeconds } from './cpu';

/** A child process the bench started; every one is stopped by the bench itself (by its pid). */
export interface Child {
  name: string;
  /** The process now running (a supervised child's latest incarnation). */
  readonly proc: ChildProcess;
  /** The last few KiB of stdout+stderr, for error messages. */
  tail(): string;
  /** Peak resident set size so far (VmHWM), in MiB; sampled RSS as a fallback; the largest over every incarnation. */
  peakRssMiB(): number;
  /**
   * user + system CPU seconds used so far, every incarnation counted: an incarnation that died is
   * counted up to its last sample (every 250 ms), so a restart loses at most that much.
   */
  cpuSeconds(): number;
  /** Whether the child has exited for good: unsupervised and exited, or supervised and out of restarts. */
  gone(): boolean;
  /** The unexpected exits of a supervised child, each followed by a restart. */
  readonly restarts: Restart[];
  stop(): Promise<void>;
  /** Last resort: SIGKILL now, never restarted (killAllChildren). */
  kill(): void;
}

export interface Restart {
  name: string;
  /** When it was seen to have exited (ms since the epoch). */
  at: number;
  /** Its exit code or the signal that ended it ("SIGKILL"). */
  how: string;
  /** The new incarnation's pid (undefined when the bench gave up restarting it). */
  pid?: number;
}

/**
 * A supervised child that exits without being asked to is started again after this delay, with
 * the same arguments and environment, as a process manager would (docker-compose's
 * `restart: unless-stopped`), so that a phase degrades instead of stopping when a service process
 * is killed (`kill -9` of the API or a worker while a phase runs).
 */
const RESTART_DELAY_MS = 1000;
/** More unexpected exits than this in a minute: the child is given up, as a crash loop. */
const MAX_RESTARTS_PER_MINUTE = 5;

const children = new Set<Child>();
/** Every restart of every supervised child in this run, for the report. */
const allRestarts: Restart[] = [];

/** The restarts (unexpected exits) of supervised children so far in this run. */
export function restartsSoFar(): Restart[] {
  return [...allRestarts];
}

export function startChild(name: string, args: string[], env: Record<string, string>, opts: { cwd?: string; supervise?: boolean } = {}): Child {
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString('utf8')).slice(-8000);
  };
  let stopped = false;
  let givenUp = false;
  let proc!: ChildProcess;
  let exited!: Promise<void>;
  let sampledPeak = 0;
  let lastHwm = 0;
  /** CPU of the incarnations that died, and the current one's last sample. */
  let cpuOfDead = 0;
  let cpuSample = 0;
  const restarts: Restart[] = [];
  const launch = (): void => {
    const p = spawn(process.execPath, args, {
      cwd: opts.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc = p;
    cpuSample = 0;
    p.stdout!.on('data', keep);
    p.stderr!.on('data', keep);
    // BENCH_CHILD_LOGS=1: every child's whole output also goes to bench/results/logs/<name>-<pid>.log
    // (e.g. with BENCH_NODE_FLAGS="... --trace-gc", the service's garbage collections).
    if (process.env.BENCH_CHILD_LOGS === '1') {
      const dir = path.resolve(__dirname, '..', 'results', 'logs');
      mkdirSync(dir, { recursive: true });
      const file = createWriteStream(path.join(dir, `${name.replace(/[^\w.-]+/g, '_')}-${p.pid}.log`));
      p.stdout!.pipe(file);
      p.stderr!.pipe(file);
    }
    exited = new Promise<void>((resolve) =>
      p.once('exit', (code, signal) => {
        lastHwm = Math.max(lastHwm, sampledPeak);
        cpuOfDead += cpuSample;
        cpuSample = 0;
        resolve();
        if (stopped || !opts.supervise) return;
        const now = Date.now();
        const restart: Restart = { name, at: now, how: signal ?? `exit ${code}` };
        restarts.push(restart);
        allRestarts.push(restart);
        if (restarts.filter((r) => r.at > now - 60_000).length > MAX_RESTARTS_PER_MINUTE) {
          givenUp = true;
          console.error(`[bench] ${name} (pid ${p.pid}) exited (${restart.how}) ${restarts.length} times within a minute: not restarted again`);
          return;
        }
        setTimeout(() => {
          if (stopped) return;
          launch();
          restart.pid = proc.pid;
          console.error(`[bench] ${name} (pid ${p.pid}) exited unexpectedly (${restart.how}); restarted as pid ${proc.pid}`);
        }, RESTART_DELAY_MS);
      }),
    );
  };
  launch();
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, procStatusMiB(proc.pid, 'VmRSS'));
    if (proc.exitCode === null && proc.signalCode === null) cpuSample = Math.max(cpuSample, cpuSeconds(proc.pid));
  }, 250);
  sampler.unref();
  const alive = (): boolean => proc.exitCode === null && proc.signalCode === null;
  const child: Child = {
    name,
    get proc() {
      return proc;
    },
    restarts,
    tail: () => out,
    peakRssMiB: () => {
      if (alive()) lastHwm = Math.max(lastHwm, procStatusMiB(proc.pid, 'VmHWM'));
      return Math.max(lastHwm, sampledPeak);
    },
    cpuSeconds: () => {
      if (alive()) cpuSample = Math.max(cpuSample, cpuSeconds(proc.pid));
      return cpuOfDead + cpuSample;
    },
    gone: () => !alive() && (!opts.supervise || givenUp || stopped),
    async stop() {
      child.peakRssMiB();
      stopped = true;
      clearInterval(sampler);
      children.delete(child);
      if (!alive()) return;
      proc.kill('SIGTERM');
      const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
    kill() {
      stopped = true;
      clearInterval(sampler);
      try {
        proc.kill('SIGKILL');
      } catch {
        // already gone
      }
    },
  };
  children.add(child);
  return child;
}

/** The child processes started and not stopped yet. */
export function liveChildren(): Child[] {
  return [...children];
}

/** Last resort (watchdog, crash): SIGKILL whatever the bench started and has not stopped yet. */
export function killAllChildren(): void {
  for (const c of children) c.kill();
  children.clear();
}

function procStatusMiB(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number {
  if (!pid) return 0;
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Polls GET url until it answers `status` (default any 2xx) or the child exits. */
export async function waitForHttp(child: Child, url: string, timeoutMs = 60_000, okStatus?: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.gone()) throw new Error(`${child.name} exited with code ${child.proc.exitCode ?? child.proc.signalCode}:\n${child.tail()}`);
    const status = await new Promise<number>((resolve) => {
      const req = http.get(url, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(0));
      req.setTimeout(1000, () => req.destroy());
    });
    if (okStatus ? status === okStatus : status >= 200 && status < 300) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms:\n${child.tail()}`);
}
