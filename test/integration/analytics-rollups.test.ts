import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { AnalyticsDocument, CreateCampaignDocument } from '../graphql/generated';
import { foldAnalyticsShards } from '../../src/features/analytics/analytics-fold';
import { percentileCont } from '../../src/features/analytics/analytics.service';
import { recountAnalytics } from '../helpers/analytics-recount';
import { signup, type TestOrg } from '../helpers/factories';
import { gql } from '../helpers/graphql';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The analytics roll-ups (kept by triggers as calls end, change and are analyzed, and as webhook
// attempts are made) against a recount from the rows themselves, figure for figure, for the
// organization and for a campaign, across midnight UTC.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const q = (sql: string, params: unknown[] = []) => app.db.pool.query(sql, params);

interface CallSpec {
  endedAt: string | null;
  status?: string;
  disposition?: string | null;
  duration?: number | null;
  latency?: object | null;
  campaignId?: string | null;
}
async function insertCalls(org: TestOrg, specs: CallSpec[]): Promise<string[]> {
  const ids = specs.map(() => randomUUID());
  // One statement for all of them: a bulk insert counts each row.
  await q(
    `insert into calls (id, org_id, to_number, status, disposition, duration_seconds, max_duration_seconds, created_at, ended_at, latency, campaign_id)
     select t.id, $1, '+14155550100', t.status, t.disposition, t.duration, 600, coalesce(t.ended_at, now()), t.ended_at, t.latency, t.campaign_id
       from jsonb_to_recordset($2::jsonb) as t(id uuid, status text, disposition text, duration int, ended_at timestamptz, latency jsonb, campaign_id uuid)`,
    [
      org.orgId,
      JSON.stringify(
        specs.map((s, i) => ({
          id: ids[i],
          status: s.status ?? (s.endedAt ? 'completed' : 'queued'),
          disposition: s.disposition === undefined ? (s.endedAt ? 'human' : null) : s.disposition,
          duration: s.duration === undefined ? 30 : s.duration,
          ended_at: s.endedAt,
          latency: s.latency ?? null,
          campaign_id: s.campaignId ?? null,
        })),
      ),
    ],
  );
  return ids;
}
async function insertDelivery(org: TestOrg, callId: string | null, campaignId: string | null): Promise<string> {
  const id = randomUUID();
  await q(`insert into webhook_deliveries (id, org_id, call_id, campaign_id, event, url, payload, state) values ($1, $2, $3, $4, 'call.ended', 'https://hooks.example.com/x', '{}', 'pending')`, [
    id,
    org.orgId,
    callId,
    campaignId,
  ]);
  return id;
}
/** Attempts of deliveries, in one statement as the worker records a batch. */
async function insertAttempts(org: TestOrg, attempts: Array<{ deliveryId: string; at: string; code: number | null; ms: number }>): Promise<void> {
  await q(
    `insert into webhook_attempts (id, delivery_id, org_id, url, attempted_at, response_code, duration_ms, error, trigger)
     select gen_random_uuid(), t.delivery_id, $1, 'https://hooks.example.com/x', t.at, t.code, t.ms, case when t.code is null then 'timeout' end, 'scheduled'
       from jsonb_to_recordset($2::jsonb) as t(delivery_id uuid, at timestamptz, code int, ms int)`,
    [org.orgId, JSON.stringify(attempts.map((a) => ({ delivery_id: a.deliveryId, at: a.at, code: a.code, ms: a.ms })))],
  );
}

async function analytics(org: TestOrg, from: string, to: string, campaignId: string | null = null) {
  const r = await gql(app, AnalyticsDocument, { from, to, campaignId }, org.token);
  expect(r.errors).toBeUndefined();
  return r.data!.analytics;
}

const FROM = '2026-03-01';
const TO = '2026-03-03';
async function expectRecount(org: TestOrg, campaignId: string, from = FROM, to = TO): Promise<void> {
  for (const scope of [null, campaignId]) {
    const got = await analytics(org, from, to, scope);
    const want = await recountAnalytics(app.db.pool, org.orgId, scope, from, to);
    expect({ calls: got.calls, deliveries: got.deliveries }).toEqual(want);
  }
}

test('percentileCont over counted values is PostgreSQL percentile_cont over the values themselves', async () => {
  const values = Array.from({ length: 257 }, (_, i) => Math.round(Math.abs(Math.sin(i * 7.3)) * 3000) % 97 === 0 ? 1234 : Math.round(Math.abs(Math.sin(i * 7.3)) * 3000));
  for (const n of [1, 2, 3, 20, 257]) {
    const some = values.slice(0, n);
    const counts = new Map<number, number>();
    for (const v of some) counts.set(v, (counts.get(v) ?? 0) + 1);
    const counted = [...counts].sort((a, b) => a[0] - b[0]).map(([value, c]) => ({ value, n: c }));
    const { rows } = await q(`select percentile_cont(0.5) within group (order by v) as p50, percentile_cont(0.95) within group (order by v) as p95 from unnest($1::float8[]) v`, [some]);
    expect(percentileCont(counted, 0.5)).toBe(rows[0].p50);
    expect(percentileCont(counted, 0.95)).toBe(rows[0].p95);
  }
  expect(percentileCont([], 0.5)).toBeNull();
});

test('the roll-ups equal a recount from the rows as calls end, are retried, analyzed and change, and as attempts are made, across midnight UTC', async () => {
  const org = await signup(app);
  const other = await signup(app);
  const campaignId = (await gql(app, CreateCampaignDocument, { input: { name: 'rolled up', startAt: new Date(Date.now() + 3600_000).toISOString(), recipients: [{ to: '+14155550121' }] } }, org.token)).data!.createCampaign.id;

  // The last microsecond of 1 March and the first of 2 March, with and without the campaign.
  const [lastOfDay, firstOfDay, busy, voicemail, measured, noDisposition, placed, placed2] = await insertCalls(org, [
    { endedAt: '2026-03-01T23:59:59.999999Z', duration: 40, latency: { p50_ms: 400, p95_ms: 900, turns: 3 }, campaignId },
    { endedAt: '2026-03-02T00:00:00Z', duration: null, latency: { p50_ms: 600, p95_ms: 1100, turns: 4 }, campaignId },
    { endedAt: '2026-03-02T10:00:00Z', status: 'failed', disposition: 'busy', duration: 0, campaignId },
    { endedAt: '2026-03-02T11:00:00Z', disposition: 'voicemail', latency: { p50_ms: null, p95_ms: null, turns: 0 } },
    { endedAt: '2026-03-02T12:00:00Z', duration: 31, latency: { p50_ms: 510, p95_ms: 1205, turns: 2 } },
    { endedAt: '2026-03-03T08:00:00Z', disposition: null },
    // Placed, not ended: not counted until they end.
    { endedAt: null, campaignId },
    { endedAt: null },
  ]);
  const campaignDelivery = await insertDelivery(org, null, campaignId);
  const callDelivery = await insertDelivery(org, lastOfDay!, null);
  const plainDelivery = await insertDelivery(org, measured!, null);
  await insertAttempts(org, [
    { deliveryId: callDelivery, at: '2026-03-01T23:59:59.999Z', code: 200, ms: 35 },
    { deliveryId: plainDelivery, at: '2026-03-02T00:00:00Z', code: 500, ms: 120 },
    { deliveryId: campaignDelivery, at: '2026-03-02T00:00:00.001Z', code: null, ms: 5000 },
    { deliveryId: plainDelivery, at: '2026-03-02T00:05:00Z', code: 204, ms: 41 },
  ]);
  await expectRecount(org, campaignId);
  const first = await analytics(org, FROM, TO);
  expect(first.calls.map((d) => d.calls)).toEqual([1, 4, 1]);
  expect(first.deliveries.map((d) => d.attempts)).toEqual([1, 3, 0]);
  const kept = await q(`select count(*)::int as n from analytics_days where org_id = $1 and scope = $1`, [org.orgId]);
  expect(kept.rows[0].n).toBe(3);

  // The placed calls end (one statement for both), on either side of midnight.
  await q(
    `update calls set status = 'completed', disposition = 'human', duration_seconds = case when id = $1 then 55 else 12 end,
            ended_at = case when id = $1 then '2026-03-01T23:00:00Z'::timestamptz else '2026-03-03T00:00:00Z'::timestamptz end
      where id = any($2::uuid[])`,
    [placed, [placed, placed2]],
  );
  await expectRecount(org, campaignId);

  // Analyzed late, on a day whose figures were kept: the day is computed again.
  await q(`update calls set latency = $2 where id = $1`, [voicemail, JSON.stringify({ p50_ms: 700, p95_ms: 1500, turns: 5 })]);
  await q(`update calls set latency = $2 where id = $1`, [busy, JSON.stringify({ p50_ms: 450, p95_ms: 450, turns: 1 })]);
  await expectRecount(org, campaignId);

  // An outcome changes; a call's end moves across midnight; in one transaction, a call changes twice.
  await q(`update calls set disposition = 'no_answer', status = 'failed' where id = $1`, [measured]);
  await q(`update calls set ended_at = '2026-03-01T12:00:00Z' where id = $1`, [firstOfDay]);
  const tx = await app.db.pool.connect();
  try {
    await tx.query('begin');
    await tx.query(`update calls set disposition = 'voicemail' where id = $1`, [noDisposition]);
    await tx.query(`update calls set disposition = 'human', duration_seconds = 77 where id = $1`, [noDisposition]);
    await tx.query('commit');
  } finally {
    tx.release();
  }
  await expectRecount(org, campaignId);

  // Retried: a delivery attempted again, a campaign's recipient called again.
  await insertAttempts(org, [{ deliveryId: campaignDelivery, at: '2026-03-02T00:10:00Z', code: 200, ms: 88 }]);
  await insertAttempts(org, [{ deliveryId: callDelivery, at: '2026-03-02T09:00:00Z', code: 200, ms: 36 }]);
  await insertCalls(org, [{ endedAt: '2026-03-02T18:00:00Z', status: 'failed', disposition: 'no_answer', duration: 0, campaignId }]);
  await expectRecount(org, campaignId);

  // Another organization reads none of it, and not the campaign.
  const theirs = await analytics(other, FROM, TO);
  expect(theirs.calls.every((d) => d.calls === 0) && theirs.deliveries.every((d) => d.attempts === 0)).toBe(true);
  expect((await gql(app, AnalyticsDocument, { from: FROM, to: TO, campaignId }, other.token)).errors?.[0]?.extensions?.reason).toBe('not_found');

  // The backfill (a recount of every roll-up) gives the roll-ups the triggers kept.
  const snapshot = async () =>
    (
      await q(
        `select json_build_object('r', (select json_agg(x order by x.scope, x.day) from (select scope, day, calls, answered, answered_seconds, answered_timed, latency_calls, attempts, succeeded, attempt_ms, attempts_timed from analytics_day_rollups where org_id = $1 and (calls, attempts) <> (0, 0)) x),
                                  'o', (select json_agg(x order by x.scope, x.day, x.outcome) from (select scope, day, outcome, n from analytics_day_outcomes where org_id = $1 and n > 0) x),
                                  'v', (select json_agg(x order by x.scope, x.day, x.metric, x.value) from (select scope, day, metric, value, n from analytics_day_values where org_id = $1 and n > 0) x)) as s`,
        [org.orgId],
      )
    ).rows[0].s;
  const incremental = await snapshot();
  await q(`select analytics_rebuild()`);
  expect(await snapshot()).toEqual(incremental);
  await expectRecount(org, campaignId);
});

test('a call ending today counts at once; the kept figures of a day follow its roll-up', async () => {
  const org = await signup(app);
  const campaignId = (await gql(app, CreateCampaignDocument, { input: { name: 'today', startAt: new Date(Date.now() + 3600_000).toISOString(), recipients: [{ to: '+14155550122' }] } }, org.token)).data!.createCampaign.id;
  const today = new Date().toISOString().slice(0, 10);
  const read = async () => (await analytics(org, today, today)).calls[0]!;
  expect(await read()).toMatchObject({ calls: 0, outcomes: [] });
  await insertCalls(org, [{ endedAt: new Date().toISOString(), disposition: 'busy', status: 'failed', duration: 0 }]);
  expect(await read()).toMatchObject({ calls: 1, answered: 0 });
  const [id] = await insertCalls(org, [{ endedAt: new Date().toISOString(), duration: 20, campaignId }]);
  expect(await read()).toMatchObject({ calls: 2, answered: 1, averageDurationSeconds: 20 });
  await q(`update calls set latency = $2 where id = $1`, [id, JSON.stringify({ p50_ms: 321, p95_ms: 654, turns: 2 })]);
  expect(await read()).toMatchObject({ latencyP50Ms: 321, latencyP95Ms: 654, latencyCalls: 1 });
  await expectRecount(org, campaignId, today, today);
  // What was kept is the figures of the roll-up's current version.
  const { rows } = await q(`select k.version = r.version as current from analytics_days k join analytics_day_rollups r using (org_id, scope, day) where k.org_id = $1 and k.scope = $1`, [org.orgId]);
  expect(rows).toEqual([{ current: true }]);
});

test('figures read again come from the current version, per organization and campaign, as the process holds them', async () => {
  const [a, b] = [await signup(app), await signup(app)];
  const campaignOf = async (org: TestOrg) =>
    (await gql(app, CreateCampaignDocument, { input: { name: 'held', startAt: new Date(Date.now() + 3600_000).toISOString(), recipients: [{ to: '+14155550123' }] } }, org.token)).data!.createCampaign.id;
  const [campA, campB] = [await campaignOf(a), await campaignOf(b)];
  await insertCalls(a, [{ endedAt: '2026-04-01T10:00:00Z', campaignId: campA }, { endedAt: '2026-04-02T10:00:00Z' }]);
  await insertCalls(b, [{ endedAt: '2026-04-01T11:00:00Z', disposition: 'busy', status: 'failed', campaignId: campB }]);
  // Each read twice (the second from what the process holds), in an order that mixes the scopes.
  for (let round = 0; round < 2; round++) {
    await expectRecount(a, campA, '2026-04-01', '2026-04-03');
    await expectRecount(b, campB, '2026-04-01', '2026-04-03');
  }
  // A change to one held day: the next read has it, the other days stay as they were.
  await insertCalls(a, [{ endedAt: '2026-04-01T12:00:00Z', duration: 50, campaignId: campA }]);
  await expectRecount(a, campA, '2026-04-01', '2026-04-03');
  expect((await analytics(a, '2026-04-01', '2026-04-01')).calls[0]).toMatchObject({ calls: 2, answered: 2, averageDurationSeconds: 40 });
  expect((await analytics(a, '2026-04-01', '2026-04-01', campA)).calls[0]).toMatchObject({ calls: 2 });
  expect((await analytics(b, '2026-04-01', '2026-04-01')).calls[0]).toMatchObject({ calls: 1, answered: 0 });
  await expectRecount(b, campB, '2026-04-01', '2026-04-03');
});

test('two connections ending calls of one organization on one day do not wait for each other', async () => {
  const org = await signup(app);
  const day = '2026-04-02';
  // Two connections of their own whose roll-up shards differ (the shard is the backend pid modulo 16).
  const connect = async () => {
    const c = new Client(app.db.pool.options);
    await c.connect();
    return { c, shard: (await c.query<{ shard: number }>('select pg_backend_pid() % 16 as shard')).rows[0]!.shard };
  };
  const opened = [await connect()];
  while (opened.at(-1)!.shard === opened[0]!.shard) opened.push(await connect());
  const a = opened[0]!.c;
  const b = opened.at(-1)!.c;
  const endCall = (c: Client) =>
    c.query(
      `insert into calls (id, org_id, to_number, status, disposition, duration_seconds, max_duration_seconds, created_at, ended_at) values (gen_random_uuid(), $1, '+14155550100', 'completed', 'human', 10, 600, $2, $2)`,
      [org.orgId, `${day}T12:00:00Z`],
    );
  try {
    await a.query('begin');
    await endCall(a);
    await a.query('set constraints all immediate'); // the deferred roll-up trigger runs now: a holds its shard's row
    await b.query('begin');
    await b.query(`set local lock_timeout = '10s'`); // a regression fails here instead of hanging the suite
    await endCall(b);
    await b.query('set constraints all immediate');
    await b.query('commit'); // while a's transaction is still open
    await a.query('commit');
  } finally {
    await Promise.all(opened.map(({ c }) => c.end()));
  }
  const shards = await q(`select count(*)::int as n from analytics_rollups where org_id = $1 and scope = $1 and day = $2`, [org.orgId, day]);
  expect(shards.rows[0].n).toBe(2);
  const got = await analytics(org, day, day);
  expect(got.calls[0]).toMatchObject({ calls: 2, answered: 2, averageDurationSeconds: 10 });
  expect({ calls: got.calls, deliveries: got.deliveries }).toEqual(await recountAnalytics(app.db.pool, org.orgId, null, day, day));
});

test("past days' shards fold into one row per figure, keeping every figure and the day's version; today's shards stay", async () => {
  const org = await signup(app);
  const day = '2026-04-10';
  const today = new Date().toISOString().slice(0, 10);
  // Connections on three different non-zero shards, so the day has rows in several shards.
  const opened: Array<{ c: Client; shard: number }> = [];
  const shards = new Set<number>();
  while (shards.size < 3) {
    const c = new Client(app.db.pool.options);
    await c.connect();
    const shard = (await c.query<{ shard: number }>('select pg_backend_pid() % 16 as shard')).rows[0]!.shard;
    opened.push({ c, shard });
    if (shard !== 0) shards.add(shard);
  }
  const [a, b, c] = [...shards].map((s) => opened.find((o) => o.shard === s)!.c);
  const endCall = (conn: Client, at: string, disposition: string, duration: number, latency: object | null) =>
    conn.query<{ id: string }>(
      `insert into calls (id, org_id, to_number, status, disposition, duration_seconds, max_duration_seconds, created_at, ended_at, latency)
       values (gen_random_uuid(), $1, '+14155550100', 'completed', $3, $4, 600, $2, $2, $5) returning id`,
      [org.orgId, at, disposition, duration, latency && JSON.stringify(latency)],
    );
  let changed: string;
  try {
    await endCall(a!, `${day}T08:00:00Z`, 'human', 30, { p50_ms: 400, p95_ms: 700, turns: 3 });
    changed = (await endCall(b!, `${day}T09:00:00Z`, 'human', 50, { p50_ms: 500, p95_ms: 900, turns: 2 })).rows[0]!.id;
    await endCall(b!, `${day}T10:00:00Z`, 'busy', 0, null);
    // A change from a third shard: it withdraws the call where it was counted and counts it anew (negative counts in c's shard).
    await c!.query(`update calls set disposition = 'voicemail', latency = null where id = $1`, [changed]);
    const delivery = await insertDelivery(org, changed, null);
    await c!.query(
      `insert into webhook_attempts (id, delivery_id, org_id, url, attempted_at, response_code, duration_ms, trigger) values (gen_random_uuid(), $1, $2, 'https://hooks.example.com/x', $3, 200, 120, 'scheduled')`,
      [delivery, org.orgId, `${day}T11:00:00Z`],
    );
    await endCall(a!, new Date().toISOString(), 'human', 20, null);
  } finally {
    await Promise.all(opened.map(({ c: conn }) => conn.end()));
  }
  const rowsOf = async (table: string, d: string) =>
    (await q(`select distinct shard from ${table} where org_id = $1 and day = $2 order by shard`, [org.orgId, d])).rows.map((r: { shard: number }) => r.shard);
  const versionOf = async () => (await q(`select version::text from analytics_day_rollups where org_id = $1 and scope = $1 and day = $2`, [org.orgId, day])).rows[0].version;
  expect((await rowsOf('analytics_rollups', day)).length).toBeGreaterThan(1);
  expect((await rowsOf('analytics_outcomes', day)).length).toBeGreaterThan(1);
  expect((await rowsOf('analytics_values', day)).length).toBeGreaterThan(1);
  // What readers add up, straight from the views (the API's answer after the fold comes from the figures kept for this version).
  const sums = async () => ({
    rollups: (await q(`select * from analytics_day_rollups where org_id = $1 and day = $2 order by scope`, [org.orgId, day])).rows,
    outcomes: (await q(`select * from analytics_day_outcomes where org_id = $1 and day = $2 and n <> 0 order by scope, outcome`, [org.orgId, day])).rows,
    values: (await q(`select * from analytics_day_values where org_id = $1 and day = $2 and n <> 0 order by scope, metric, value`, [org.orgId, day])).rows,
  });
  const summed = await sums();
  const before = await analytics(org, day, today);
  const version = await versionOf();

  while ((await foldAnalyticsShards(app.db.pool)) > 0);

  for (const table of ['analytics_rollups', 'analytics_outcomes', 'analytics_values']) expect(await rowsOf(table, day)).toEqual([0]);
  expect(await rowsOf('analytics_rollups', today)).toEqual([[...shards][0]]);
  expect(await versionOf()).toBe(version);
  expect(await sums()).toEqual(summed);
  const after = await analytics(org, day, today);
  expect(after).toEqual(before);
  expect(after.calls[0]).toMatchObject({ calls: 3, answered: 1, averageDurationSeconds: 30, latencyP50Ms: 400, latencyCalls: 1 });
  expect({ calls: after.calls, deliveries: after.deliveries }).toEqual(await recountAnalytics(app.db.pool, org.orgId, null, day, today));
});
