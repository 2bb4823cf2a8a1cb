import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { wantsPrettyLogs } from '../../src/common/logger';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');
const sample = `${process.execPath} -r @swc-node/register test/fixtures/log-sample.ts`;

/** Runs the sample under a pseudo-terminal (util-linux `script`), as a developer's shell would. */
async function atTerminal(env: Record<string, string>): Promise<string> {
  const { stdout } = await run('script', ['-qec', sample, '/dev/null'], { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 });
  return stdout;
}

async function piped(env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, ['-r', '@swc-node/register', 'test/fixtures/log-sample.ts'], { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 });
  return stdout;
}

const SECRETS = ['hunter2-secret', 'tok-should-not-appear', 'sk_live_abcdefghijklmnop'];

test('pretty only outside production, to stdout, at a terminal', () => {
  expect(wantsPrettyLogs({ nodeEnv: 'development', stdoutIsTTY: true })).toBe(true);
  expect(wantsPrettyLogs({ nodeEnv: 'test', stdoutIsTTY: true })).toBe(true);
  expect(wantsPrettyLogs({ nodeEnv: 'production', stdoutIsTTY: true })).toBe(false);
  expect(wantsPrettyLogs({ nodeEnv: 'development', stdoutIsTTY: false })).toBe(false);
  expect(wantsPrettyLogs({ nodeEnv: 'development', stdoutIsTTY: undefined })).toBe(false);
  expect(wantsPrettyLogs({ nodeEnv: 'development', file: '/tmp/x.log', stdoutIsTTY: true })).toBe(false);
});

test('at a terminal in development, lines are human-readable and still redacted', async () => {
  const out = await atTerminal({ NODE_ENV: 'development' });
  expect(out).toContain('sample line one');
  expect(out).toContain('sample line two');
  expect(out).toContain('[redacted]');
  expect(out.split(/\r?\n/).filter(Boolean).some((l) => l.trimStart().startsWith('{"level"'))).toBe(false);
  for (const s of SECRETS) expect(out).not.toContain(s);
});

test('through a pipe, or in production even at a terminal, every line is JSON and redacted', async () => {
  for (const out of [await piped({ NODE_ENV: 'development' }), await atTerminal({ NODE_ENV: 'production' })]) {
    const lines = out.split(/\r?\n/).filter(Boolean).map((l) => JSON.parse(l) as { msg: string; user?: { password: string } });
    expect(lines.map((l) => l.msg)).toEqual(['sample line one', 'sample line two']);
    expect(lines[0]!.user).toEqual({ password: '[redacted]' });
    for (const s of SECRETS) expect(out).not.toContain(s);
  }
});
