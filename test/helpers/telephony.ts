import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const TOOLS: Record<string, string> = {
  sipp: 'sip-tester',
  baresip: 'baresip-core',
  pocketsphinx_continuous: 'pocketsphinx',
  sox: 'sox',
  'espeak-ng': 'espeak-ng',
};

const onPath = (bin: string) => (process.env.PATH ?? '/usr/bin').split(':').some((d) => existsSync(path.join(d, bin)));

/**
 * `describe` when every tool is installed, else `describe.skip` with a loud line saying which
 * Debian packages are missing (CI installs them: see .ci/run).
 */
export function describeWithTools(tools: string[], name: string, fn: () => void): void {
  const missing = tools.filter((t) => !onPath(t) || (t === 'pocketsphinx_continuous' && !existsSync('/usr/share/pocketsphinx/model/en-us')));
  if (missing.length) {
    const packages = missing.map((t) => TOOLS[t] ?? t).join(' ');
    // eslint-disable-next-line no-console
    console.warn(`\n!!!!!!!! SKIPPED: "${name}" needs ${missing.join(', ')} (apt-get install -y ${packages}) !!!!!!!!\n`);
    describe.skip(name, fn);
  } else {
    describe(name, fn);
  }
}

export async function freeUdpPort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  const port = s.address().port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface SippRun {
  /** SIPp's exit status: 0 when its scenario completed (every expected message was seen). */
  exited: Promise<number | null>;
  output: () => string;
  kill(): void;
}

/** Runs SIPp as the far end (UAS) for one call, in `dir` (rtp_stream paths are relative to it). */
export function runSipp(dir: string, scenarioFile: string, port: number, mediaPort: number, extra: string[] = []): SippRun {
  const child = spawn(
    'sipp',
    ['-sf', scenarioFile, '-i', '127.0.0.1', '-p', String(port), '-mi', '127.0.0.1', '-mp', String(mediaPort), '-m', '1', '-nostdin', '-timeout', '120s', '-timeout_error', ...extra],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { exited, output: () => out, kill: () => child.kill('SIGKILL') };
}

export async function scenarioDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'voicegate-sipp-'));
}

export async function writeScenario(dir: string, name: string, xml: string): Promise<string> {
  const file = path.join(dir, `${name}.xml`);
  await writeFile(file, xml);
  return file;
}

/** Runs a command to completion (espeak-ng, sox), rejecting on a non-zero exit. */
export function run(cmd: string, args: string[], cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${err}`))));
  });
}
