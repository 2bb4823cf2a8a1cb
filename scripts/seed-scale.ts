/**
 * Seeds a database with data at scale, for the dashboard bench (bench/README.md "Data at scale"):
 * organizations, calls spread over the last 90 days, three webhook deliveries per call (most
 * delivered, some failed with one attempt each). Everything is generated inside PostgreSQL
 * (generate_series, one statement per batch of calls), so 2,000,000 calls and 6,000,000
 * deliveries take minutes, not hours.
 *
 * The whole load is one transaction: the secondary indexes and the foreign keys of the three
 * tables are dropped first and rebuilt at the end (one sort per index and one join per key
 * instead of millions of random B-tree insertions and per-row checks), so an interrupted seed
 * leaves the database as it was. The tables are then vacuumed and analyzed, as they would be in
 * a database that grew over months: otherwise autovacuum's first pass over millions of new rows
 * runs during whatever is measured next.
 *
 *   DATABASE_URL=postgres://…/voicegate_scale npm run seed:scale
 *
 * The database must be migrated (npm run migrate) and should be one you name for this: the script
 * refuses a database that already holds more than SEED_GUARD calls unless SEED_FORCE=1.
 *
 * Environment: SEED_ORGS (1000), SEED_CALLS (2000000), SEED_DELIVERIES_PER_CALL (3, at most 3),
 * SEED_BATCH (calls per statement, 50000), SEED_BIG_ORG (an existing organization id that gets
 * SEED_BIG_SHARE of the calls, default 0.05: one large tenant to page through), SEED_BIG_CAMPAIGN
 * (a campaign of that organization: one in five of its calls are that campaign's), SEED_DAYS (90).
 *
 * The analytics roll-ups' triggers (migration 20261129460000) are off during the load, and the
 * roll-ups recounted at its end with `analytics_rebuild()`: one aggregate over the tables instead
 * of a trigger call per row.
 * Ids are UUIDv7 built from each row's creation time, as the service's own ids are.
 */
import { Client } from 'pg';

const env = (name: string, fallback: number): number => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number`);
  return n;
};

export interface SeedOptions {
  orgs: number;
  calls: number;
  deliveriesPerCall: number;
  batch: number;
  bigOrg?: string;
  bigShare: number;
  bigCampaign?: string;
  days: number;
  log?: (msg: string) => void;
}

const EVENTS = ['call.queued', 'call.ended', 'call.analyzed'];

export async function seedScale(url: string, o: SeedOptions): Promise<{ orgs: number; calls: number; deliveries: number; seconds: number }> {
  const log = o.log ?? (() => undefined);
  const started = Date.now();
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(`set synchronous_commit = off`);
    await db.query(`set maintenance_work_mem = '256MB'`);
    await db.query('begin');
    // (A database migrated before the roll-ups, e.g. an older checkout's under bench/tools, has none.)
    const rollups = (await db.query<{ f: string | null }>(`select to_regproc('analytics_rebuild')::text as f`)).rows[0]!.f !== null;
    if (rollups) {
      await db.query(`alter table calls disable trigger analytics_call_inserted, disable trigger analytics_call_updated`);
      await db.query(`alter table webhook_attempts disable trigger analytics_attempts_inserted`);
    }
    const tables = ['calls', 'webhook_deliveries', 'webhook_attempts'];
    // Indexes that back no constraint (primary keys stay), and the tables' own foreign keys.
    const { rows: indexes } = await db.query<{ name: string; def: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i
        where i.indrelid = any($1::regclass[]) and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      [tables],
    );
    const { rows: fks } = await db.query<{ tbl: string; name: string; def: string }>(
      `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
         from pg_constraint where contype = 'f' and conrelid = any($1::regclass[])`,
      [tables],
    );
    for (const f of fks) await db.query(`alter table ${f.tbl} drop constraint ${db.escapeIdentifier(f.name)}`);
    for (const i of indexes) await db.query(`drop index ${i.name}`);
    log(`dropped ${indexes.length} secondary indexes and ${fks.length} foreign keys for the load`);
    await db.query(`
      create or replace function pg_temp.uuid7(ts timestamptz) returns uuid language sql volatile as $$
        select (lpad(to_hex((extract(epoch from ts) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3)
                || '8' || substr(md5(random()::text), 1, 15))::uuid
      $$`);
    const { rows: orgRows } = await db.query<{ id: string }>(
      `insert into organizations (id, name, webhook_url, webhook_secret_enc, webhook_secret_fingerprint, webhook_secret_last4, created_at, updated_at)
       select pg_temp.uuid7(now() - interval '120 days' + g * interval '1 second'), 'seed org ' || g, 'https://hooks.example.com/' || g,
              'seeded', md5(g::text), 'seed', now() - interval '120 days', now()
         from generate_series(1, $1::int) g
       returning id`,
      [o.orgs],
    );
    const orgIds = orgRows.map((r) => r.id);
    log(`${orgIds.length} organizations`);
    const events = EVENTS.slice(0, Math.max(0, Math.min(3, o.deliveriesPerCall)));
    let calls = 0;
    let deliveries = 0;
    for (let from = 1; from <= o.calls; from += o.batch) {
      const to = Math.min(o.calls, from + o.batch - 1);
      const { rows } = await db.query<{ calls: number; deliveries: number }>(
        `with s as (
           select g,
                  case when $4::uuid is not null and (g % 10000) < ($5::float8 * 10000) then $4::uuid
                       else ($3::uuid[])[1 + (abs(hashint4(g)) % array_length($3::uuid[], 1))] end as org_id,
                  now() - random() * ($6::int * interval '1 day') as ts,
                  (array['completed','completed','completed','completed','failed','canceled'])[1 + (g % 6)] as status
             from generate_series($1::int, $2::int) g
         ), c as (
           insert into calls (id, org_id, to_number, from_number, status, disposition, duration_seconds, metadata, task, max_duration_seconds,
                              created_at, started_at, ended_at, updated_at, campaign_id)
           select pg_temp.uuid7(ts), org_id, '+1415555' || lpad((g % 10000)::text, 4, '0'), '+14155550000', status,
                  case status when 'completed' then (array['human','voicemail'])[1 + (g % 2)] when 'failed' then (array['busy','no_answer','invalid_number'])[1 + (g % 3)] else 'canceled' end,
                  case when status = 'completed' then 20 + (g % 300) else 0 end,
                  json_build_object('customer_id', 'cus_' || g), 'Seeded call', 600, ts, ts + interval '2 seconds', ts + interval '5 minutes', ts + interval '5 minutes',
                  case when org_id = $4::uuid and g % 5 = 0 then $8::uuid end
             from s
           returning id, org_id, created_at, status
         ), e as (
           select ordinality - 1 as k, event from unnest($7::text[]) with ordinality as t(event)
         ), d as (
           insert into webhook_deliveries (id, org_id, call_id, event, url, payload, state, delivered, response_code, attempts, scheduled_attempts,
                                           last_error, created_at, delivered_at)
           select pg_temp.uuid7(c.created_at + e.k * interval '5 minutes'), c.org_id, c.id, e.event, 'https://hooks.example.com/seed',
                  json_build_object('event', e.event, 'org_id', c.org_id, 'call_id', c.id, 'timestamp', c.created_at, 'to', '+14155550100', 'status', c.status)::text,
                  case when f.failed then 'failed' else 'delivered' end, not f.failed, case when f.failed then 500 else 200 end,
                  case when f.failed then 8 else 1 end, case when f.failed then 8 else 1 end,
                  case when f.failed then 'http_500' end, c.created_at + e.k * interval '5 minutes',
                  case when f.failed then null else c.created_at + e.k * interval '5 minutes' + interval '40 milliseconds' end
             from c cross join e cross join lateral (select (abs(hashtext(c.id::text || e.event)) % 100) < 5 as failed) f
           returning id, org_id, state, created_at
         ), a as (
           insert into webhook_attempts (id, delivery_id, org_id, url, attempted_at, response_code, duration_ms, error, response_excerpt, trigger)
           select pg_temp.uuid7(d.created_at), d.id, d.org_id, 'https://hooks.example.com/seed', d.created_at,
                  case when d.state = 'failed' then 500 else 200 end, 40, case when d.state = 'failed' then 'http_500' end, null, 'scheduled'
             from d where d.state = 'failed'
           returning 1
         )
         select (select count(*) from c)::int as calls, (select count(*) from d)::int as deliveries`,
        [from, to, orgIds, o.bigOrg ?? null, o.bigShare, o.days, events, o.bigCampaign ?? null],
      );
      calls += rows[0]!.calls;
      deliveries += rows[0]!.deliveries;
      log(`${calls} calls, ${deliveries} deliveries (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    const loaded = Date.now();
    for (const i of indexes) await db.query(i.def);
    for (const f of fks) await db.query(`alter table ${f.tbl} add constraint ${db.escapeIdentifier(f.name)} ${f.def}`);
    if (rollups) {
      await db.query(`alter table calls enable trigger analytics_call_inserted, enable trigger analytics_call_updated`);
      await db.query(`alter table webhook_attempts enable trigger analytics_attempts_inserted`);
      const rolled = Date.now();
      await db.query(`select analytics_rebuild()`);
      log(`analytics roll-ups recounted (${((Date.now() - rolled) / 1000).toFixed(0)} s)`);
    }
    await db.query('commit');
    log(`rebuilt ${indexes.length} indexes and ${fks.length} foreign keys (${((Date.now() - loaded) / 1000).toFixed(0)} s)`);
    const vacuumed = Date.now();
    await db.query(`vacuum (analyze) organizations, calls, webhook_deliveries, webhook_attempts${rollups ? ', analytics_rollups, analytics_outcomes, analytics_values' : ''}`);
    log(`vacuumed and analyzed (${((Date.now() - vacuumed) / 1000).toFixed(0)} s)`);
    return { orgs: orgIds.length, calls, deliveries, seconds: (Date.now() - started) / 1000 };
  } catch (e) {
    await db.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    await db.end();
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must name the database to seed (a database of its own, migrated)');
  const guard = env('SEED_GUARD', 1000);
  const probe = new Client({ connectionString: url });
  await probe.connect();
  const existing = Number((await probe.query<{ n: string }>(`select count(*) as n from (select 1 from calls limit ${guard + 1}) x`)).rows[0]!.n);
  await probe.end();
  if (existing > guard && process.env.SEED_FORCE !== '1') {
    throw new Error(`the database already holds more than ${guard} calls: refusing to seed it (SEED_FORCE=1 to seed anyway)`);
  }
  const calls = env('SEED_CALLS', 2_000_000);
  const r = await seedScale(url, {
    orgs: env('SEED_ORGS', 1000),
    calls,
    deliveriesPerCall: env('SEED_DELIVERIES_PER_CALL', 3),
    batch: env('SEED_BATCH', 50_000),
    bigOrg: process.env.SEED_BIG_ORG || undefined,
    bigShare: env('SEED_BIG_SHARE', 0.05),
    bigCampaign: process.env.SEED_BIG_CAMPAIGN || undefined,
    days: env('SEED_DAYS', 90),
    log: (m) => console.error(`[seed] ${m}`),
  });
  console.log(JSON.stringify(r));
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
