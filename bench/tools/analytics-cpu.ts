/**
 * What one dashboard analytics request costs, for a shared machine (where the scale phase's p99
 * says more about the neighbours than about the code; CPU time per request and the latency of
 * requests sent one at a time say more). Starts the API from the sources (`ROLE=api`, production
 * mode, the image's heap flags) on a scratch database of DATABASE_URL's server (created and
 * dropped), signs up, creates a campaign, seeds CALLS calls (default 300,000, as the scale phase:
 * 1,000 organizations, the signed-up one holding 5 % and the campaign one in five of those),
 * then asks the GraphQL `analytics` query over 30 and 90 days, with and without the campaign,
 * from one connection for SECONDS each (default 10, after a 2 s warm-up), and prints per query
 * the API's user + system CPU ms per request and the latency p50 / p99.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node -r @swc-node/register bench/tools/analytics-cpu.ts
 *
 * PROFILE=1 adds --cpu-prof (into bench/results/profiles). SERVICE_DIR=<dir> runs the API of another checkout (e.g. `git archive <commit> | tar -x -C
 * /tmp/before`, `node_modules` linked) against the same seed, for a before/after comparison.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../src/db/free-port';
import { seedScale } from '../../scripts/seed-scale';
import { cpuSeconds } from '../lib/cpu';
import { runLoad } from '../lib/load';

const ROOT = path.resolve(__dirname, '..', '..');
const SERVICE = process.env.SERVICE_DIR ? path.resolve(process.env.SERVICE_DIR) : ROOT;
const QUERY =
  'query($from: String!, $to: String!, $campaignId: ID) { analytics(from: $from, to: $to, campaignId: $campaignId) { calls { day calls outcomes { outcome count } answered answerRate averageDurationSeconds latencyP50Ms latencyP95Ms } deliveries { day attempts succeeded successRate averageLatencyMs latencyP95Ms } } }';

async function main(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `vg_analyticscpu_${process.pid}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const port = await freePort();
  const profile = process.env.PROFILE === '1' ? ['--cpu-prof', '--cpu-prof-dir', path.join(ROOT, 'bench/results/profiles'), '--cpu-prof-name', `analytics-cpu-${Date.now()}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...'--max-old-space-size=256 --max-semi-space-size=32 --v8-pool-size=1'.split(' '), ...profile, '-r', '@swc-node/register', path.join(SERVICE, 'src/main.ts')], {
    cwd: SERVICE,
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
      JWT_SECRET: randomBytes(48).toString('base64url'),
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: `/tmp/${name}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/ready`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 1200 || child.exitCode !== null) throw new Error('the API did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const signup = (await (
      await fetch(`${base}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `analyticscpu-${randomBytes(4).toString('hex')}@example.com`, password: randomBytes(12).toString('base64url'), organization_name: 'analytics cpu' }),
      })
    ).json()) as { access_token: string; organization: { id: string } };
    const token = signup.access_token;
    const created = (await (
      await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: 'mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }',
          variables: { input: { name: 'analytics cpu', startAt: new Date(Date.now() + 86_400_000).toISOString(), recipients: [{ to: '+14155550199' }] } },
        }),
      })
    ).json()) as { data: { createCampaign: { id: string } } };
    const campaignId = created.data.createCampaign.id;
    const calls = Number(process.env.CALLS ?? 300_000);
    const seeded = await seedScale(url.toString(), { orgs: 1000, calls, deliveriesPerCall: 3, batch: 50_000, bigOrg: signup.organization.id, bigShare: 0.05, bigCampaign: campaignId, days: 90 });
    console.error(`seeded ${seeded.calls} calls, ${seeded.deliveries} deliveries in ${Math.round(seeded.seconds)} s`);
    const out: Record<string, unknown> = {};
    for (const [days, campaign] of [[30, null], [90, null], [30, campaignId], [90, campaignId]] as const) {
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      const spec = {
        url: `${base}/graphql?query=${encodeURIComponent(QUERY)}&variables=${encodeURIComponent(JSON.stringify({ from, to, campaignId: campaign }))}`,
        method: 'GET' as const,
        headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
        connections: 1,
      };
      const probe = (await (await fetch(spec.url, { headers: spec.headers })).json()) as { errors?: unknown; data?: { analytics: { calls: Array<{ calls: number }> } } };
      if (probe.errors || !probe.data) throw new Error(`analytics answered ${JSON.stringify(probe.errors)}`);
      await runLoad({ ...spec, durationSec: 2 });
      const cpu0 = cpuSeconds(child.pid);
      const r = await runLoad({ ...spec, durationSec: Number(process.env.SECONDS ?? 10) });
      const ms = ((cpuSeconds(child.pid) - cpu0) * 1000) / Math.max(1, r.ok);
      const label = `${days} days${campaign ? ', one campaign' : ''}`;
      out[label] = { requests: r.ok, errors: r.errors, calls: probe.data.analytics.calls.reduce((a, d) => a + d.calls, 0), apiCpuMsPerRequest: Math.round(ms * 100) / 100, p50: r.p50, p99: r.p99 };
    }
    console.log(JSON.stringify(out, null, 1));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(`/tmp/${name}`, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
