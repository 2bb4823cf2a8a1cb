import { addJobs, job, keyedJobNoLaterThanSql, RETRY_PRIORITY } from '../../src/queue';
import { ensureReleaseJobs, scheduleRelease } from '../../src/features/webhooks/parking';
import { jobCounts, keyedJobExistsSql } from '../../src/queue/admin';
import { newId } from '../../src/common/ids';
import { spawnWorker, type ServiceProcess } from '../helpers/child-worker';
import { bearer, eventually, signup, type TestOrg } from '../helpers/factories';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Parked deliveries (docs/queue-and-delivery.md, "Parked deliveries"): a destination that is full
 * (here: a receiver that never answers, 2 attempts at a time) has its deliveries parked in
 * PostgreSQL without a queue job each, released by one job per destination, and every one of
 * them is delivered once the receiver answers again, also after the worker that parked them was
 * killed. No timing is asserted: each step waits for the state it needs.
 */

const SETTINGS = {
  WORKER_CONCURRENCY: '4',
  WEBHOOK_MAX_CONCURRENCY_PER_DESTINATION: '2',
  WEBHOOK_TIMEOUT_SECONDS: '2',
  WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s,1s,1s,1s,1s',
  WEBHOOK_RETRY_FLOOR: '1s',
  SIMULATOR_SPEEDUP: '0.001',
};

/** A receiver that hangs (never answers) while `down`, and answers 200 otherwise. */
async function switchableReceiver(): Promise<{ rx: Receiver; setDown: (down: boolean) => void }> {
  let down = true;
  const rx = await Receiver.start(() => (down ? { hang: true } : { status: 200, body: 'ok' }));
  return { rx, setDown: (d) => (down = d) };
}

async function orgWithWebhook(app: TestApp, url: string): Promise<TestOrg> {
  const org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: url }).expect(200);
  return org;
}

/** A call of `org` and `n` more pending call.queued deliveries of it, each with its job, all due. */
async function backlog(app: TestApp, org: TestOrg, n: number): Promise<string[]> {
  const res = await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550100' });
  expect(res.status).toBe(201);
  const ids = Array.from({ length: n }, () => newId());
  await app.db.pool.query(
    `insert into webhook_deliveries (id, org_id, call_id, event, url, payload, state, next_attempt_at)
     select unnest($1::uuid[]), $2, $3, 'call.queued', o.webhook_url, '{"event":"call.queued"}', 'pending', now()
       from organizations o where o.id = $2`,
    [ids, org.orgId, res.body.call_id],
  );
  await addJobs(app.db.pool, ...ids.map((deliveryId) => job('deliver', { deliveryId })));
  const { rows } = await app.db.pool.query<{ id: string }>(`select id from webhook_deliveries where org_id = $1`, [org.orgId]);
  return rows.map((r) => r.id);
}

async function parkedState(app: TestApp, ids: string[]) {
  const { rows } = await app.db.pool.query<{ parked: number; parked_with_job: number; waiting_with_job: number }>(
    `select count(*) filter (where p.delivery_id is not null)::int as parked,
            count(*) filter (where p.delivery_id is not null and ${keyedJobExistsSql('deliver', 'd.id')})::int as parked_with_job,
            -- never attempted and not in flight, yet holding a queue job: what parking is meant to avoid
            count(*) filter (where d.attempts = 0 and (d.lease_until is null or d.lease_until < now()) and ${keyedJobExistsSql('deliver', 'd.id')})::int as waiting_with_job
       from webhook_deliveries d left join webhook_parked p on p.delivery_id = d.id
      where d.id = any($1::uuid[])`,
    [ids],
  );
  return rows[0]!;
}

async function deliveredCount(app: TestApp, ids: string[]): Promise<number> {
  const { rows } = await app.db.pool.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where id = any($1::uuid[]) and delivered`, [ids]);
  return rows[0]!.n;
}

describe('parked deliveries', () => {
  let app: TestApp;
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    app = await startTestApp(SETTINGS);
  });
  afterAll(async () => {
    await app.close();
    for (const c of closers) await c();
  });

  test("a full destination's deliveries wait parked without queue jobs, one release job for the destination, and are all delivered once it answers", async () => {
    const { rx, setDown } = await switchableReceiver();
    closers.push(() => rx.close());
    const org = await orgWithWebhook(app, `${rx.url}/hook`);
    // More than the worker lets wait for a slot in memory (256): the rest is parked in bulk.
    const ids = await backlog(app, org, 400);
    await app.startWorker();

    // Two attempts hang at the receiver; the rest end up parked, and parked ones hold no job.
    const parked = await eventually(
      async () => {
        const s = await parkedState(app, ids);
        return s.parked >= ids.length - 10 && s.waiting_with_job === 0 ? s : undefined;
      },
      { timeoutMs: 30_000, what: 'the backlog parked' },
    );
    expect(parked.parked_with_job).toBe(0);
    // Parked in bulk: deliveries whose job was taken out of the queue, never leased by a worker.
    const { rows: bulk } = await app.db.pool.query<{ n: number }>(
      `select count(*)::int as n from webhook_parked p join webhook_deliveries d on d.id = p.delivery_id where d.id = any($1::uuid[]) and d.leased_by is null`,
      [ids],
    );
    expect(bulk[0]!.n).toBeGreaterThan(0);
    const jobs = await jobCounts(app.db.pool);
    // One release job for the destination (two at the moment one is running: graphile-worker adds
    // its successor beside it, without the key, when a running keyed job is added again).
    expect(jobs.releaseParked).toBeGreaterThanOrEqual(1);
    expect(jobs.releaseParked).toBeLessThanOrEqual(2);
    // Only attempts that were made hold a job (their retry), and the few not parked (an attempt
    // under way holds its job before its count moves; the release job may have just let the
    // destination's two through): not one per waiting delivery. (attempted + 2 failed once in a
    // full run under load, with 3 in flight.)
    const { rows: attempted } = await app.db.pool.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where id = any($1::uuid[]) and attempts > 0`, [ids]);
    // (`parked` was counted before the jobs: parking only grows while the receiver is down, but for those released.)
    const notParked = ids.length - parked.parked;
    expect(jobs.deliver ?? 0).toBeLessThanOrEqual(attempted[0]!.n + notParked + 2);
    // The receiver never held more than the destination's limit at once.
    expect(rx.received.length).toBeLessThan(ids.length / 2);

    setDown(false);
    await eventually(async () => (await deliveredCount(app, ids)) === ids.length, { timeoutMs: 60_000, what: 'every delivery delivered after the receiver came back' });
    await eventually(
      async () => {
        const { rows } = await app.db.pool.query<{ n: number }>(`select count(*)::int as n from webhook_parked p join webhook_deliveries d on d.id = p.delivery_id where d.org_id = $1`, [org.orgId]);
        return rows[0]!.n === 0 && !(await jobCounts(app.db.pool)).releaseParked;
      },
      { what: 'nothing left parked, and the release job gone' },
    );
    // Each delivery was received (at least once: the attempts that hung may have reached it).
    const receivedIds = new Set(rx.received.map((r) => String(r.headers['x-voice-delivery'])));
    for (const id of ids) expect(receivedIds.has(id)).toBe(true);
    await app.stopWorker();
  });
});

describe('parked deliveries of a receiver that hangs, before its first timeout', () => {
  let app: TestApp;
  const closers: Array<() => Promise<void>> = [];
  // Attempts time out after 2 minutes, longer than any wait of the suite: what is asserted here
  // can only have happened before the first attempt timed out.
  const HANG = { ...SETTINGS, WEBHOOK_TIMEOUT_SECONDS: '120' };
  beforeAll(async () => {
    app = await startTestApp(HANG);
  });
  afterAll(async () => {
    await app.close();
    for (const c of closers) await c();
  });

  test('a destination that has answered nothing for a second is known slow: its deliveries are parked, not kept waiting in the worker until the timeout', async () => {
    const { rx } = await switchableReceiver();
    closers.push(() => rx.close());
    const org = await orgWithWebhook(app, `${rx.url}/hook`);
    // Fewer than the worker lets wait for a slot in memory (256), so only the destination's
    // silence, not the number waiting, can send them to the parked table.
    const ids = await backlog(app, org, 40);
    await app.startWorker();

    const parked = await eventually(
      async () => {
        const s = await parkedState(app, ids);
        return s.parked === ids.length - 2 && s.waiting_with_job === 0 ? s : undefined;
      },
      { what: 'every delivery but the two in flight parked, before the first attempt timed out' },
    );
    expect(parked.parked_with_job).toBe(0);
    // The two attempts in flight are still hanging: nothing has timed out yet.
    expect(rx.received.length).toBe(2);
    const { rows } = await app.db.pool.query<{ n: number }>(
      `select count(*)::int as n from webhook_parked p join webhook_deliveries d on d.id = p.delivery_id where d.id = any($1::uuid[]) and d.lease_until > now()`,
      [ids],
    );
    expect(rows[0]!.n).toBe(0); // a parked delivery holds no lease
    await rx.close(); // ends the two hanging attempts, so that the worker stops at once
    await app.stopWorker();
  });
});

describe('parked deliveries and a worker that dies', () => {
  let app: TestApp;
  let child: ServiceProcess | undefined;
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    app = await startTestApp({ ...SETTINGS, WORKER_HEARTBEAT: '200ms', WORKER_DEAD_AFTER: '2s', SWEEP_INTERVAL: '500ms' });
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await app.close();
    for (const c of closers) await c();
  });

  test('deliveries parked by a worker killed with SIGKILL are released by another worker and all delivered', async () => {
    const { rx, setDown } = await switchableReceiver();
    closers.push(() => rx.close());
    const org = await orgWithWebhook(app, `${rx.url}/hook`);
    const ids = await backlog(app, org, 80);
    child = spawnWorker(app, { ...SETTINGS, WORKER_HEARTBEAT: '200ms', WORKER_DEAD_AFTER: '2s', SWEEP_INTERVAL: '500ms' });
    await eventually(
      async () => {
        if (child!.exitCode !== null) throw new Error(`the worker exited:\n${child!.output}`);
        const s = await parkedState(app, ids);
        return s.parked >= ids.length - 10 && s.waiting_with_job === 0;
      },
      { timeoutMs: 60_000, what: 'the backlog parked by the child worker' },
    );
    child.kill('SIGKILL');
    await child.exited;
    setDown(false);
    await app.startWorker();
    await eventually(async () => (await deliveredCount(app, ids)) === ids.length, { timeoutMs: 60_000, what: 'every delivery delivered by the surviving worker' });
    await app.stopWorker();
  });
});

describe("a failing receiver's retries", () => {
  let app: TestApp;
  const closers: Array<() => Promise<void>> = [];
  // Retries 3 s apart: long enough for the state between two attempts to be read, in a test
  // that waits for states, never for time.
  const RETRYING = { ...SETTINGS, WEBHOOK_MAX_CONCURRENCY_PER_DESTINATION: '16', WEBHOOK_RETRY_SCHEDULE: '3s,3s,3s', WEBHOOK_RETRY_FLOOR: '1s' };
  beforeAll(async () => {
    app = await startTestApp(RETRYING);
  });
  afterAll(async () => {
    await app.close();
    for (const c of closers) await c();
  });

  test('wait parked without queue jobs, with the release job due no later than the first of them, and are attempted when due, not before', async () => {
    // Each delivery's first attempt gets a 500, its second a 200.
    const seen = new Map<string, number>();
    const rx = await Receiver.start((r) => {
      const id = String(r.headers['x-voice-delivery']);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      return seen.get(id) === 1 ? { status: 500 } : { status: 200, body: 'ok' };
    });
    closers.push(() => rx.close());
    const org = await orgWithWebhook(app, `${rx.url}/hook`);
    const ids = await backlog(app, org, 20);
    await app.startWorker();

    // Between the two attempts of each: every one parked as a retry, none with a queue job.
    const between = await eventually(
      async () => {
        const { rows } = await app.db.pool.query<{ id: string; attempts: number; next_attempt_at: Date | null; due_at: Date | null; priority: number | null }>(
          `select d.id, d.attempts, d.next_attempt_at, p.due_at, p.priority
             from webhook_deliveries d left join webhook_parked p on p.delivery_id = d.id where d.id = any($1::uuid[])`,
          [ids],
        );
        return rows.every((r) => r.attempts === 1 && r.due_at !== null) ? rows : undefined;
      },
      { what: 'every first attempt failed and its retry parked' },
    );
    for (const r of between) {
      expect(r.due_at!.getTime()).toBe(r.next_attempt_at!.getTime());
      expect(r.priority).toBeGreaterThan(0); // behind first attempts
    }
    const withJobs = await app.db.pool.query(`select 1 from webhook_deliveries d where d.id = any($1::uuid[]) and ${keyedJobExistsSql('deliver', 'd.id')}`, [ids]);
    expect(withJobs.rowCount).toBe(0);
    // One release job for the destination, due no later than the first retry.
    const { rows: release } = await app.db.pool.query<{ run_at: Date }>(
      `select j.run_at from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'release_parked_deliveries' and j.locked_at is null`,
    );
    expect(release).toHaveLength(1);
    const firstDue = Math.min(...between.map((r) => r.due_at!.getTime()));
    expect(release[0]!.run_at.getTime()).toBeLessThanOrEqual(firstDue);

    await eventually(async () => (await deliveredCount(app, ids)) === ids.length, { timeoutMs: 30_000, what: 'every retry delivered' });
    // Each second attempt was made once its retry was due, not before.
    const { rows: attempts } = await app.db.pool.query<{ delivery_id: string; attempted_at: Date }>(
      `select delivery_id, attempted_at from webhook_attempts where delivery_id = any($1::uuid[]) and response_code = 200`,
      [ids],
    );
    expect(attempts).toHaveLength(ids.length);
    const dueOf = new Map(between.map((r) => [r.id, r.due_at!.getTime()]));
    for (const a of attempts) expect(a.attempted_at.getTime()).toBeGreaterThanOrEqual(dueOf.get(a.delivery_id)!);
    await app.stopWorker();
  });

  test("the sweeper's backstop makes each destination with parked deliveries due have a release job due now, only those", async () => {
    const org = await orgWithWebhook(app, 'http://backstop.example/hook');
    const all = await backlog(app, org, 4); // with the call's own call.queued delivery
    await app.db.pool.query(`delete from graphile_worker._private_jobs where payload->>'deliveryId' = any($1::text[])`, [all]);
    const ids = all.slice(0, 4);
    const tag = newId();
    const [dueFirst, dueRetry, later, covered] = ['due-first', 'due-retry', 'later', 'covered'].map((n) => `http://${n}-${tag}.example`);
    await app.db.pool.query(
      `insert into webhook_parked (delivery_id, destination, trigger, priority, due_at)
       values ($1, $5, 'scheduled', 0, now() - interval '1 second'), ($2, $6, 'scheduled', ${RETRY_PRIORITY}, now() - interval '1 second'),
              ($3, $7, 'scheduled', ${RETRY_PRIORITY}, now() + interval '1 hour'), ($4, $8, 'scheduled', 0, now() - interval '1 second')`,
      [...ids, dueFirst, dueRetry, later, covered],
    );
    await scheduleRelease(app.db.pool, covered!, new Date(Date.now() + 3_600_000));
    const keysOf = async () =>
      (await app.db.pool.query<{ key: string }>(`select key from graphile_worker._private_jobs where key like 'release:%' || $1 || '%' order by key`, [tag])).rows.map((r) => r.key);
    // Two added; the one due in an hour is brought forward (deliveries are due now); none for `later`.
    expect(await ensureReleaseJobs(app.db.pool)).toBe(3);
    expect(await keysOf()).toEqual([`release:${covered}`, `release:${dueFirst}`, `release:${dueRetry}`].sort());
    const { rows: overdue } = await app.db.pool.query(`select 1 from graphile_worker._private_jobs where key like 'release:%' || $1 || '%' and run_at > now()`, [tag]);
    expect(overdue).toHaveLength(0);
    expect(await ensureReleaseJobs(app.db.pool)).toBe(0);
    // A release job that has used up its attempts will never run: it does not count as one.
    await app.db.pool.query(`update graphile_worker._private_jobs set attempts = max_attempts where key = 'release:' || $1::text`, [dueFirst]);
    expect(await ensureReleaseJobs(app.db.pool)).toBe(1);
    await app.db.pool.query(`delete from graphile_worker._private_jobs where key like 'release:%' || $1 || '%'`, [tag]);
    await app.db.pool.query(`delete from webhook_parked where delivery_id = any($1::uuid[])`, [ids]);
  });

  test("a destination's release job is moved earlier for a delivery due sooner, never later", async () => {
    const destination = `http://release-order-${newId()}.example`;
    const runAt = async () =>
      (
        await app.db.pool.query<{ run_at: Date }>(
          `select j.run_at from graphile_worker._private_jobs j where j.key = 'release:' || $1::text and j.locked_at is null`,
          [destination],
        )
      ).rows.map((r) => r.run_at.getTime());
    const inHour = new Date(Date.now() + 3_600_000);
    const inMinute = new Date(Date.now() + 60_000);
    await scheduleRelease(app.db.pool, destination, inHour);
    expect(await runAt()).toEqual([inHour.getTime()]);
    await scheduleRelease(app.db.pool, destination, inMinute);
    expect(await runAt()).toEqual([inMinute.getTime()]);
    await scheduleRelease(app.db.pool, destination, new Date(Date.now() + 7_200_000));
    expect(await runAt()).toEqual([inMinute.getTime()]);
    await app.db.pool.query(`delete from graphile_worker._private_jobs where key = 'release:' || $1::text`, [destination]);
  });

  test("two statements that add a destination's release job at once leave it at the earlier time, whichever commits first", async () => {
    const destination = `http://release-race-${newId()}.example`;
    const later = new Date(Date.now() + 3_600_000);
    const sooner = new Date(Date.now() + 60_000);
    // The first statement adds the job due later and holds its transaction open.
    const first = await app.db.pool.connect();
    try {
      await first.query('begin');
      await first.query(`with ${keyedJobNoLaterThanSql('releaseParked', 'select $1::text as id, $2::timestamptz as run_at', 'release')} select count(*) from release_added`, [destination, later]);
      // The second, wanting the sooner time, sees no job yet and adds one too: it waits on the first's row.
      const second = scheduleRelease(app.db.pool, destination, sooner);
      await eventually(
        async () => (await app.db.pool.query(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%release_added%'`)).rowCount === 1,
        { what: 'the second statement waiting for the first' },
      );
      await first.query('commit');
      await second;
    } finally {
      first.release();
    }
    // graphile-worker's add_jobs kept the first one's time for the second; the second then moved it.
    const { rows } = await app.db.pool.query<{ run_at: Date }>(`select run_at from graphile_worker._private_jobs where key = 'release:' || $1::text`, [destination]);
    expect(rows.map((r) => r.run_at.getTime())).toEqual([sooner.getTime()]);
    await app.db.pool.query(`delete from graphile_worker._private_jobs where key = 'release:' || $1::text`, [destination]);
  });
});
