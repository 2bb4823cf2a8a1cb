/**
 * CPU per placed call of the API process, for working on the request path on a shared machine
 * (throughput there says more about the neighbours than about the code; CPU time per request
 * does not). Starts the API from the sources (`ROLE=api`, production mode, the image's heap
 * flags, plus NODE_FLAGS) on a scratch database of DATABASE_URL's server (created and dropped), signs up, then
 * saturates POST /v1/calls/outbound for SECONDS (default 10) after a warm-up, and prints user +
 * system CPU ms per request. PROFILE=1 adds --cpu-prof (into bench/results/profiles).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node -r @swc-node/register bench/tools/api-cpu.ts
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../src/db/free-port';
import { cpuSeconds } from '../lib/cpu';
import { runLoad } from '../lib/load';

const ROOT = path.resolve(__dirname, '..', '..');

async function main(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `vg_apicpu_${process.pid}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...'--max-old-space-size=256 --max-semi-space-size=32 --v8-pool-size=1'.split(' '),
      ...(process.env.NODE_FLAGS ? process.env.NODE_FLAGS.split(' ') : []),
      ...(process.env.PROFILE === '1' ? ['--cpu-prof', '--cpu-prof-dir', path.join(ROOT, 'bench/results/profiles'), '--cpu-prof-name', `api-cpu-${Date.now()}.cpuprofile`] : []),
      '-r',
      '@swc-node/register',
      path.join(ROOT, 'src/main.ts'),
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        ROLE: 'api',
        DATABASE_URL: url.toString(),
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_ENABLED: 'false',
        MAX_QUEUED_CALLS_PER_ORG: '100000000',
        JWT_SECRET: randomBytes(48).toString('base64url'),
        SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: `/tmp/${name}`,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/ready`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 600 || child.exitCode !== null) throw new Error('the API did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const signup = (await (
      await fetch(`${base}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `apicpu-${randomBytes(4).toString('hex')}@example.com`, password: randomBytes(12).toString('base64url'), organization_name: 'api cpu' }),
      })
    ).json()) as { api_key: { secret: string } };
    const spec = {
      url: `${base}/v1/calls/outbound`,
      method: 'POST' as const,
      headers: { authorization: `Bearer ${signup.api_key.secret}` },
      body: JSON.stringify({ to: '+14155550123', task: 'Confirm the appointment for tomorrow at 10:00 and ask whether the customer needs parking.', metadata: { customer_id: 'cus_8731', campaign: 'reminders', attempt: 1 } }),
      expectStatus: 201,
      connections: 16,
    };
    await runLoad({ ...spec, durationSec: 3 });
    const cpu0 = cpuSeconds(child.pid);
    const r = await runLoad({ ...spec, durationSec: Number(process.env.SECONDS ?? 10) });
    const ms = ((cpuSeconds(child.pid) - cpu0) * 1000) / Math.max(1, r.ok);
    console.log(JSON.stringify({ requests: r.ok, rps: r.rps, errors: r.errors, unexpected: r.unexpected, apiCpuMsPerRequest: Math.round(ms * 1000) / 1000 }));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
