import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';

/** A child process the bench started; every one is stopped by the bench itself (by its pid). */
export interface Child {
  name: string;
  proc: ChildProcess;
  /** The last few KiB of stdout+stderr, for error messages. */
  tail(): string;
  /** Peak resident set size so far (VmHWM), in MiB; sampled RSS as a fallback. */
  peakRssMiB(): number;
  stop(): Promise<void>;
}

const children = new Set<Child>();

export function startChild(name: string, args: string[], env: Record<string, string>, opts: { cwd?: string } = {}): Child {
  const proc = spawn(process.execPath, args, {
    cwd: opts.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString('utf8')).slice(-8000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  // BENCH_CHILD_LOGS=1: every child's whole output also goes to bench/results/logs/<name>-<pid>.log
  // (e.g. with BENCH_NODE_FLAGS="... --trace-gc", the service's garbage collections).
  if (process.env.BENCH_CHILD_LOGS === '1') {
    const dir = path.resolve(__dirname, '..', 'results', 'logs');
    mkdirSync(dir, { recursive: true });
    const file = createWriteStream(path.join(dir, `${name.replace(/[^\w.-]+/g, '_')}-${proc.pid}.log`));
    proc.stdout!.pipe(file);
    proc.stderr!.pipe(file);
  }
  let sampledPeak = 0;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, procStatusMiB(proc.pid, 'VmRSS'));
  }, 250);
  sampler.unref();
  let lastHwm = 0;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const child: Child = {
    name,
    proc,
    tail: () => out,
    peakRssMiB: () => {
      if (proc.exitCode === null && proc.signalCode === null) lastHwm = Math.max(lastHwm, procStatusMiB(proc.pid, 'VmHWM'));
      return Math.max(lastHwm, sampledPeak);
    },
    async stop() {
      child.peakRssMiB();
      clearInterval(sampler);
      children.delete(child);
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
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
  for (const c of children) {
    try {
      c.proc.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
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
    if (child.proc.exitCode !== null) throw new Error(`${child.name} exited with code ${child.proc.exitCode}:\n${child.tail()}`);
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
