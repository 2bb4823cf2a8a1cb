/**
 * npm run bench:campaigns — campaigns at scale, in one process over real HTTP and PostgreSQL.
 *
 *  1. Creation: a 100,000-recipient campaign created through the API (one POST /v1/campaigns with
 *     10,000 recipients, then nine appends of 10,000), side by side with plain one-row INSERTs of
 *     the same 100,000 rows into the same table (in one transaction, the textbook loop).
 *  2. Dispatch: a campaign of BENCH_DISPATCH_N recipients (default 3000) at a pace cap of 1000
 *     calls/s and 1000 concurrent calls, far above what the simulator is asked to do per call;
 *     recipients dispatched per second, from the first dial to the last (calls' dial_started_at).
 *
 * Database: BENCH_DATABASE_URL (a server where a scratch database is created and dropped), else an
 * embedded PostgreSQL in a temporary directory. Prints a table and writes JSON under bench/results/.
 */
import 'reflect-metadata';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate, openDatabase } from '../src/db/database';
import { ENTITIES } from '../src/entities';
import { startHttpServer, trustedProxyCheck } from '../src/rest/http-server';
import { createServices } from '../src/services';
import { createLogger } from '../src/common/logger';
import { newId } from '../src/common/ids';
import { startWorker } from '../src/worker/runner';
import { scratchDatabase } from './lib/scratch-database';

const TOTAL = Number(process.env.BENCH_CAMPAIGN_N ?? 100_000);
const BATCH = 10_000;
const DISPATCH_N = Number(process.env.BENCH_DISPATCH_N ?? 3000);
const PACE = 1000;

// Every number ends in 9: never one of the simulator's test outcomes (0001-0006), so every call is answered.
const numbers = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(6, '0')}9`);

async function main(): Promise<void> {
  const db0 = await scratchDatabase('campaigns', process.env.BENCH_DATABASE_URL);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voicegate-bench-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db0.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SIMULATOR_SPEEDUP: '100000',
    RATE_LIMIT_ENABLED: 'false',
    MAX_QUEUED_CALLS_PER_ORG: '100000',
    // The campaign ceilings hold whatever RATE_LIMIT_ENABLED says: room for any BENCH_CAMPAIGN_N.
    MAX_RECIPIENTS_PER_CAMPAIGN: String(Math.max(TOTAL, 100_000)),
    MAX_PENDING_RECIPIENTS_PER_ORG: String(Math.max(2 * TOTAL, 250_000)),
    WORKER_CONCURRENCY: '32',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    PUBLIC_BASE_URL: 'http://127.0.0.1:9',
  });
  const log = createLogger({ level: config.logLevel });
  const db = await openDatabase({ url: db0.url, entities: ENTITIES, poolSize: 10, queuePoolSize: 40 });
  await migrate(db);
  const services = createServices(config, db, log);
  await services.notifier.start();
  const built = await buildApp(services);
  const server = await startHttpServer(built.listener, { port: 0, host: '127.0.0.1', limits: config.http, isTrustedProxy: trustedProxyCheck(built.app), messages: built.messages, log });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const results: Record<string, unknown> = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, load: os.loadavg()[0] };
  try {
    const signup: any = await (await fetch(`${base}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'bench-password-1' }) })).json();
    const key = signup.api_key.secret as string;
    const orgId = signup.organization.id as string;
    const post = async (p: string, body: unknown) => {
      const res = await fetch(`${base}${p}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<any>;
    };

    // 1. Creation: API in batches of 10,000, versus one-row inserts of the same rows.
    const all = numbers(TOTAL, '+1415');
    const later = new Date(Date.now() + 86_400_000).toISOString();
    let t0 = performance.now();
    const created = await post('/v1/campaigns', { name: 'bench-100k', start_at: later, recipients: all.slice(0, BATCH).map((to) => ({ to })) });
    for (let i = BATCH; i < TOTAL; i += BATCH) await post(`/v1/campaigns/${created.campaign_id}/recipients`, { recipients: all.slice(i, i + BATCH).map((to) => ({ to })) });
    const apiMs = performance.now() - t0;
    const { rows: countRows } = await db.pool.query('select count(*)::int as n from campaign_recipients where campaign_id = $1', [created.campaign_id]);

    const plain = await post('/v1/campaigns', { name: 'bench-plain', start_at: later, recipients: [] });
    const client = await db.pool.connect();
    t0 = performance.now();
    await client.query('begin');
    for (const to of all) {
      await client.query(
        `insert into campaign_recipients (id, campaign_id, org_id, to_number, time_zones, time_zone_source, status, next_attempt_at) values ($1, $2, $3, $4, $5, 'number', 'pending', $6)`,
        [newId(), plain.campaign_id, orgId, to, ['America/Los_Angeles'], later],
      );
    }
    await client.query('commit');
    const plainMs = performance.now() - t0;
    client.release();
    results.create = { recipients: countRows[0].n, api_ms: Math.round(apiMs), api_recipients_per_sec: Math.round(TOTAL / (apiMs / 1000)), plain_insert_ms: Math.round(plainMs), plain_rows_per_sec: Math.round(TOTAL / (plainMs / 1000)) };
    await post(`/v1/campaigns/${created.campaign_id}/cancel`, {});
    await post(`/v1/campaigns/${plain.campaign_id}/cancel`, {});

    // 2. Dispatch at a high pace cap with the worker in this process.
    const worker = await startWorker(services);
    const dispatch = await post('/v1/campaigns', {
      name: 'bench-dispatch',
      calling_window: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '00:00', end: '24:00' },
      max_calls_per_second: PACE,
      max_concurrent_calls: 1000,
      recipients: numbers(DISPATCH_N, '+1212').map((to) => ({ to, time_zone: 'UTC' })),
    });
    t0 = performance.now();
    const deadline = Date.now() + 240_000;
    for (;;) {
      const { rows } = await db.pool.query(`select status from campaigns where id = $1`, [dispatch.campaign_id]);
      if (rows[0].status === 'completed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const wallMs = performance.now() - t0;
    const { rows: span } = await db.pool.query(
      `select count(*)::int as n, extract(epoch from max(dial_started_at) - min(dial_started_at))::float as secs from calls where campaign_id = $1 and dial_started_at is not null`,
      [dispatch.campaign_id],
    );
    results.dispatch = {
      recipients: DISPATCH_N,
      pace_cap_per_sec: PACE,
      dialed: span[0].n,
      dispatched_per_sec: Math.round(span[0].n / Math.max(span[0].secs, 0.001)),
      first_to_last_dial_s: Math.round(span[0].secs * 100) / 100,
      create_to_completed_s: Math.round(wallMs / 10) / 100,
    };
    await worker.stop();
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    await built.stop();
    await services.notifier.stop();
    await db.close();
    await db0.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.table(Object.fromEntries(Object.entries(results).filter(([, v]) => typeof v === 'object')));
  console.log(JSON.stringify(results, null, 2));
  const dir = path.join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `campaigns-${Date.now()}.json`), JSON.stringify(results, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
