import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import request from 'supertest';
import { runningEmbeddedPostgres } from '../../src/db/embedded';
import { freePort } from '../../src/db/free-port';
import { killProcessGroup, spawnService, type ServiceProcess } from '../helpers/child-worker';
import { bearer, eventually, signup } from '../helpers/factories';
import { CrashableCluster } from '../helpers/pg-cluster';
import { Receiver } from '../helpers/receiver';

/**
 * A crash of the whole host: the service (API + worker, as `npm start` runs it) and its PostgreSQL
 * die together by SIGKILL in the middle of a load of calls, so PostgreSQL goes through crash
 * recovery on the next start. Every call acknowledged with a 201 must then get its events within
 * RESUME_DEADLINE_MS of the restarted service being ready: neither the queue jobs the dead runner
 * had locked nor the webhook attempts it had in flight may wait for a lock or lease timeout
 * (STALE_JOB_LOCK keeps its default of 2 minutes here, the delivery lease is 25 s).
 */
const RESUME_DEADLINE_MS = 15_000;
/** Bounds of the load: at most this many calls, for at most this long. */
const MAX_CALLS = 600;
const MAX_LOAD_MS = 30_000;
/** Calls acknowledged before the crash, at the least. */
const MIN_ACKED = 50;

const secrets = { jwtSecret: randomBytes(32).toString('hex'), encryptionKey: randomBytes(32).toString('base64') };
const tmp = mkdtempSync(path.join(os.tmpdir(), 'voicegate-host-crash-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The service in a process group of its own (its embedded PostgreSQL, if any, joins it), ready. */
async function startService(opts: { dataDir: string; databaseUrl?: string; env?: Record<string, string> }): Promise<{ child: ServiceProcess; base: string; readyAt: number }> {
  const port = await freePort();
  const child = spawnService({
    role: 'all',
    databaseUrl: opts.databaseUrl,
    secrets,
    logFile: path.join(tmp, `service-${port}.log`),
    processGroup: true,
    env: {
      DATA_DIR: opts.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Simulated calls last about a second: calls are ringing and talking when the host dies.
      SIMULATOR_SPEEDUP: '300',
      ...opts.env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  let exited = false;
  void child.exited.then(() => (exited = true));
  await eventually(
    async () => {
      if (exited) throw new Error(`the service exited before it was ready:\n${child.output}`);
      return (await request(base).get('/ready').catch(() => undefined))?.status === 200;
    },
    { timeoutMs: 60_000, what: 'the service to be ready' },
  );
  return { child, base, readyAt: Date.now() };
}

/**
 * Places calls at about 50 a second until `stop()`; `acked` holds every call answered 201. Calls
 * still waiting for their answer when the host dies are not acknowledged and not counted.
 */
function loadCalls(base: string, apiKey: string) {
  const acked: string[] = [];
  let stopped = false;
  const done = (async () => {
    const started = Date.now();
    const inFlight = new Set<Promise<void>>();
    for (let i = 0; !stopped && i < MAX_CALLS && Date.now() - started < MAX_LOAD_MS; i++) {
      const p = request(base)
        .post('/v1/calls/outbound')
        .set(bearer(apiKey))
        .timeout(10_000)
        .send({ to: `+1415557${String(1000 + i)}` })
        .then(
          (res) => {
            if (res.status === 201) acked.push(res.body.call_id as string);
          },
          () => undefined,
        );
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      await new Promise((r) => setTimeout(r, 20)); // the pace of the load, not a wait for something to happen
    }
    await Promise.allSettled([...inFlight]);
  })();
  return {
    acked,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/**
 * What the dead runner leaves behind, read from the database just before the kill: queue jobs it
 * has locked and webhook attempts it has in flight (leased). Without them the crash would prove nothing.
 */
const HELD_SQL = `select (select count(*) from graphile_worker._private_jobs where locked_by is not null)::int as locked,
                         (select count(*) from webhook_deliveries where lease_until > now())::int as leased`;

/** A pool on the service's database; its connections die with the host, which is no error here. */
function inspectPool(url: string): Pool {
  const pool = new Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined);
  return pool;
}

/** For a failure message: where the calls still missing events stand, in the database. */
async function whereTheyStand(pool: Pool, callIds: string[]): Promise<string> {
  try {
    const calls = await pool.query(
      `select c.id, c.status, c.updated_at,
              (select json_agg(json_build_object('event', d.event, 'state', d.state, 'attempts', d.attempts, 'next_attempt_at', d.next_attempt_at, 'lease_until', d.lease_until, 'last_error', d.last_error))
                 from webhook_deliveries d where d.call_id = c.id) as deliveries
         from calls c where c.id = any($1::uuid[]) limit 5`,
      [callIds],
    );
    const jobs = await pool.query(
      `select t.identifier as task, j.run_at, j.attempts, j.locked_by, j.locked_at, j.last_error
         from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        order by j.run_at limit 10`,
    );
    return `calls: ${JSON.stringify(calls.rows)}\njobs (first 10 by run_at): ${JSON.stringify(jobs.rows)}`;
  } catch (err) {
    return `(could not read them: ${(err as Error).message})`;
  } finally {
    await pool.end().catch(() => undefined);
  }
}

/**
 * Loads the service, kills its whole process group (and `alsoKill`) while it holds jobs and
 * attempts, restarts it, and checks that every acknowledged call's events arrive in time.
 */
async function crashAndRecover(opts: {
  dataDir: string;
  databaseUrl: () => Promise<string | undefined>;
  inspect: () => Pool;
  crashDatabase?: () => Promise<void>;
  env?: Record<string, string>;
}) {
  let slow = true;
  // While loaded, the receiver answers slowly: attempts are in flight and deliver jobs wait for the
  // destination's slots, so the crash catches locked jobs and leased deliveries.
  const rx = await Receiver.start(() => (slow ? { status: 200, delayMs: 300 } : { status: 200 }));
  let service = await startService({ dataDir: opts.dataDir, databaseUrl: await opts.databaseUrl(), env: opts.env });
  let inspect: Pool | undefined;
  try {
    const org = await signup({ http: () => request(service.base) } as never);
    await request(service.base).patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: rx.url }).expect(200);
    const load = loadCalls(service.base, org.apiKey);
    inspect = opts.inspect();
    await eventually(
      async () => {
        if (load.acked.length < MIN_ACKED) return false;
        const held = (await inspect!.query<{ locked: number; leased: number }>(HELD_SQL)).rows[0]!;
        return held.locked > 0 && held.leased > 0;
      },
      { what: 'calls acknowledged, jobs locked and attempts in flight' },
    );
    killProcessGroup(service.child);
    await opts.crashDatabase?.();
    expect(await service.child.exited).toBeNull();
    await load.stop();
    await inspect.end().catch(() => undefined);
    inspect = undefined;
    const acked = [...load.acked];
    expect(acked.length).toBeGreaterThanOrEqual(MIN_ACKED);
    const ended = new Set(rx.byEvent('call.ended').map((r) => r.json.call_id));
    expect(acked.filter((id) => !ended.has(id)).length).toBeGreaterThan(0); // work was cut short

    slow = false;
    service = await startService({ dataDir: opts.dataDir, databaseUrl: await opts.databaseUrl(), env: opts.env });
    const missing = () =>
      acked.filter((id) => !['call.queued', 'call.ended'].every((event) => rx.received.some((r) => r.json.event === event && r.json.call_id === id)));
    await rx.waitFor(() => missing().length === 0, {
      deadlineMs: Math.max(1, service.readyAt + RESUME_DEADLINE_MS - Date.now()),
      what: `every acknowledged call's call.queued and call.ended (${acked.length} calls)`,
    }).catch(async (e: Error) => {
      const late = missing();
      throw new Error(`${e.message.slice(0, 200)}; still missing events of ${late.length} of ${acked.length} calls ${Date.now() - service.readyAt} ms after the restart was ready:\n${await whereTheyStand(opts.inspect(), late)}`);
    });

    // Nothing was dialed twice and nothing ended twice: one carrier call and one call.ended event per call.
    inspect = opts.inspect();
    const rows = (
      await inspect.query<{ id: string; status: string; ended: number }>(
        `select c.id, c.status, (select count(*) from webhook_deliveries d where d.call_id = c.id and d.event = 'call.ended')::int as ended
           from calls c where c.id = any($1::uuid[])`,
        [acked],
      )
    ).rows;
    expect(rows).toHaveLength(acked.length);
    expect(rows.filter((r) => r.ended !== 1)).toEqual([]);
  } finally {
    await inspect?.end().catch(() => undefined);
    killProcessGroup(service.child);
    await service.child.exited;
    await rx.close();
  }
}

test('the host dies (service and embedded PostgreSQL killed together) under load: every acknowledged call gets its events within 15 s of the restart', async () => {
  const dataDir = path.join(tmp, 'embedded');
  const pgDir = path.join(dataDir, 'pg');
  const secretsFile = path.join(dataDir, 'secrets.json');
  const inspect = () => inspectPool(runningEmbeddedPostgres(pgDir, 'voicegate', secretsFile)!.url);
  await crashAndRecover({ dataDir, databaseUrl: async () => undefined, inspect });
}, 180_000);

test('the host dies with an external PostgreSQL on it (both killed, crash recovery): every acknowledged call gets its events within 15 s of the restart', async () => {
  const cluster = new CrashableCluster(path.join(tmp, 'external-pg'));
  let url = await cluster.start();
  try {
    await crashAndRecover({
      dataDir: path.join(tmp, 'external-data'),
      databaseUrl: async () => url,
      inspect: () => inspectPool(url),
      crashDatabase: async () => {
        await cluster.kill();
        url = await cluster.start();
      },
    });
  } finally {
    await cluster.close();
  }
}, 180_000);

test('the embedded PostgreSQL alone is killed (kill -9 of the postmaster) under load: the service starts it again, answers again and every acknowledged call gets its events', async () => {
  const dataDir = path.join(tmp, 'embedded-alone');
  const pgDir = path.join(dataDir, 'pg');
  const secretsFile = path.join(dataDir, 'secrets.json');
  const rx = await Receiver.start(() => ({ status: 200 }));
  const service = await startService({ dataDir });
  const serverPid = () => runningEmbeddedPostgres(pgDir, 'voicegate', secretsFile)?.pid;
  try {
    const org = await signup({ http: () => request(service.base) } as never);
    await request(service.base).patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: rx.url }).expect(200);
    const load = loadCalls(service.base, org.apiKey);
    await eventually(async () => load.acked.length >= MIN_ACKED, { what: `${MIN_ACKED} calls acknowledged` });
    const killed = serverPid()!;
    process.kill(killed, 'SIGKILL');
    // Started again by the service: another postmaster on the same data directory, and the service ready on it.
    await eventually(async () => serverPid() !== undefined && serverPid() !== killed, { timeoutMs: 60_000, what: 'the embedded PostgreSQL started again' });
    await eventually(async () => (await request(service.base).get('/ready').catch(() => undefined))?.status === 200, { timeoutMs: 60_000, what: 'the service ready again' });
    await load.stop();
    expect(service.child.exitCode).toBeNull();
    // Said in the service's log, as a warning.
    const logFile = path.join(tmp, `service-${new URL(service.base).port}.log`);
    await eventually(async () => readFileSync(logFile, 'utf8').split('\n').some((l) => l.includes('exited without being stopped (SIGKILL): starting it again') && l.includes('"level":"warn"')), { what: 'the warning in the log' });

    // A call placed now is taken, and every call acknowledged before or after the kill gets its events.
    const after = await request(service.base).post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550123' }).expect(201);
    const acked = [...load.acked, after.body.call_id as string];
    const missing = () => acked.filter((id) => !['call.queued', 'call.ended'].every((event) => rx.received.some((r) => r.json.event === event && r.json.call_id === id)));
    await rx.waitFor(() => missing().length === 0, { deadlineMs: 30_000, what: `every acknowledged call's call.queued and call.ended (${acked.length} calls)` }).catch((e: Error) => {
      throw new Error(`${e.message.slice(0, 200)}; still missing events of ${missing().length} of ${acked.length} calls`);
    });
  } finally {
    killProcessGroup(service.child);
    await service.child.exited;
    await rx.close();
  }
}, 180_000);
