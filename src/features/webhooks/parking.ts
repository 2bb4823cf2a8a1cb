import type { Pool } from 'pg';
import { keyedJobNoLaterThanSql, lateJobsJson, moveLateJobs, RETRY_PRIORITY, takeDueJobsSql } from '../../queue';
import { claimSql, type ClaimedDelivery } from './claimed-delivery';

/**
 * The priorities a parked delivery can have: first attempts (0), then the rest (retries, manual
 * attempts). Queries that need one delivery's order within a destination take one index range per
 * priority, `(destination, priority, due_at)`, rather than one range over the destination, which
 * would read every retry parked for later.
 */
const PARKED_PRIORITIES = [0, RETRY_PRIORITY] as const;
const perPriority = (sql: (priority: number) => string): string[] => PARKED_PRIORITIES.map(sql);

/**
 * Parked deliveries (docs/queue-and-delivery.md, "Parked deliveries"): a delivery whose destination
 * is full (its attempts in flight at the limit, e.g. a receiver that times out) waits in the
 * `webhook_parked` table with no queue job of its own. One `releaseParked` job per destination,
 * and the worker itself whenever an attempt to that destination finishes, take parked deliveries
 * out at the rate the destination accepts them: a receiver that is down costs the worker one
 * statement per round of attempts, not one job per waiting delivery.
 *
 * Order within a destination: first attempts before retries and manual attempts (as in the
 * queue), then the time each was due. Every step moves a delivery between states in one
 * statement (queue job → parked, parked → leased), so a crash at any point leaves it parked,
 * leased (the sweeper queues it again after the lease) or queued: never nowhere.
 */

export interface ParkItem {
  id: string;
  trigger: 'scheduled' | 'manual';
  destination: string;
  /** When the destination's release job should look again, at the latest (ms from now). */
  releaseInMs: number;
}

/**
 * Releases the leases of the deliveries and parks them, and makes sure each destination has its
 * release job (a waiting one is left as it is, only locked until this commits so that no runner
 * takes it before it can see them; one running now gets a successor, so a release that is just
 * finishing cannot miss them). A delivery already parked (a manual attempt of a parked
 * scheduled one) stays parked once: its scheduled attempt will come.
 */
export async function parkMany(pool: Pick<Pool, 'query'>, items: readonly ParkItem[]): Promise<void> {
  const { rows } = await pool.query<{ late: LateRelease[] }>(
    `with input as (
       select * from unnest($1::uuid[], $2::text[], $3::text[], $4::int[]) as t(id, trigger, destination, release_in_ms)
     ), freed as (
       update webhook_deliveries d set lease_until = null
         from input i where d.id = i.id
       returning d.id, i.trigger, i.destination, i.release_in_ms, d.scheduled_attempts, d.next_attempt_at
     ), parked as (
       insert into webhook_parked (delivery_id, destination, trigger, priority, due_at)
       select id, destination, trigger,
              case when trigger = 'scheduled' and scheduled_attempts = 0 then 0 else ${RETRY_PRIORITY} end,
              case when trigger = 'scheduled' then least(coalesce(next_attempt_at, now()), now()) else now() end
         from freed
       on conflict (delivery_id) do nothing
       returning destination
     ), ${keyedJobNoLaterThanSql('releaseParked', `select destination as id, now() + (release_in_ms * interval '1 millisecond') as run_at from freed where destination in (select destination from parked)`, 'release')}
     select (select count(*) from release_added) as added, ${lateJobsJson('release')} as late`,
    [items.map((i) => i.id), items.map((i) => i.trigger), items.map((i) => i.destination), items.map((i) => Math.max(0, Math.round(i.releaseInMs)))],
  );
  await moveLateReleases(pool, rows[0]?.late);
}

/** A destination whose release job a concurrent statement left due later than wanted (see keyedJobNoLaterThanSql). */
export type LateRelease = { id: string; run_at: string };

/** Moves the release jobs a statement reported late (rare: two statements adding one at once). */
export async function moveLateReleases(pool: Pick<Pool, 'query'>, late: readonly LateRelease[] | undefined): Promise<void> {
  await moveLateJobs(pool, 'releaseParked', late ?? []);
}

export interface Released {
  claimed: Array<ClaimedDelivery & { trigger: 'scheduled' | 'manual' }>;
  /** When the earliest delivery still parked for the destination falls due (null: none is left). */
  nextDueAt: Date | null;
  /** Whether one still parked is due already (the round took fewer than were due). */
  moreDue: boolean;
}

/**
 * Takes up to `limit` due deliveries parked for the destination, in order, and leases them in the
 * same statement. A taken delivery that cannot be leased (another attempt holds it, it was
 * delivered meanwhile) is simply no longer parked: a pending one is queued again by the sweeper
 * once overdue, as a scheduled job that found its delivery leased would be.
 */
export async function releaseParked(pool: Pick<Pool, 'query'>, destination: string, limit: number, leaseMs: number, holder: string): Promise<Released> {
  const { rows } = await pool.query<{ claimed: Array<Omit<ClaimedDelivery, 'previous_webhook_secret_expires_at'> & { previous_webhook_secret_expires_at: string | null; trigger: 'scheduled' | 'manual' }>; next_due_at: Date | null; more_due: boolean }>(
    `with ${perPriority(
      (p) => `due_${p} as (
       select delivery_id, priority, due_at from webhook_parked
        where destination = $1 and priority = ${p} and due_at <= now()
        order by due_at, delivery_id limit $2 for update skip locked
     )`,
    ).join(', ')}, pick as (
       -- (Rows locked above and not picked are free again when the statement ends.)
       select delivery_id from (${perPriority((p) => `select * from due_${p}`).join(' union all ')}) due
        order by priority, due_at, delivery_id
        limit $2
     ), taken as (
       delete from webhook_parked p using pick where p.delivery_id = pick.delivery_id
       returning p.delivery_id as id, p.trigger
     ), claimed as (
       ${claimSql('taken x', '$3', '$4')}
     ), next as (
       -- The earliest left: the cost of a round does not grow with the deliveries parked.
       select least(${perPriority(
         (p) => `(select due_at from webhook_parked where destination = $1 and priority = ${p} and delivery_id not in (select delivery_id from pick) order by due_at limit 1)`,
       ).join(', ')}) as due_at
     )
     select (select coalesce(json_agg(c), '[]'::json) from claimed c) as claimed,
            (select due_at from next) as next_due_at,
            coalesce((select due_at <= now() from next), false) as more_due`,
    [destination, limit, leaseMs, holder],
  );
  const row = rows[0]!;
  return {
    claimed: row.claimed.map((c) => ({ ...c, previous_webhook_secret_expires_at: c.previous_webhook_secret_expires_at === null ? null : new Date(c.previous_webhook_secret_expires_at) })),
    nextDueAt: row.next_due_at,
    moreDue: row.more_due,
  };
}

/**
 * The destination's release job due no later than `runAt` (a waiting one due later is moved there;
 * one due sooner stays: another statement may have parked a delivery due sooner meanwhile).
 */
export async function scheduleRelease(pool: Pick<Pool, 'query'>, destination: string, runAt: Date): Promise<void> {
  const { rows } = await pool.query<{ late: LateRelease[] }>(
    `with ${keyedJobNoLaterThanSql('releaseParked', 'select $1::text as id, $2::timestamptz as run_at', 'release')}
     select (select count(*) from release_added) as added, ${lateJobsJson('release')} as late`,
    [destination, runAt],
  );
  await moveLateReleases(pool, rows[0]?.late);
}

/**
 * Rows of an organization's undelivered deliveries looked at per statement by parkDueBacklog. Its
 * statements run back to back: paced (200 rows, then a pause as long as the statement), the walk
 * left the worker fetching, leasing and parking the backlog's jobs one by one meanwhile, several
 * times the cost per delivery (bench/README.md, "Fairness by design, measured").
 */
const WALK_BATCH = 500;
const LAST_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/**
 * Parks, without attempting them, the organization's other deliveries to `url` that are due and
 * waiting in the queue: their jobs are taken out of the queue and the deliveries parked, a
 * bounded walk of the organization's undelivered deliveries per statement (newest first) until it
 * has seen them all. Called when a destination first turns out full, so that a receiver that is
 * down with thousands of deliveries due does not have the worker fetch, lease and park each one.
 * Jobs a runner already holds are skipped (they park themselves when they run).
 */
export async function parkDueBacklog(pool: Pick<Pool, 'query'>, orgId: string, url: string, destination: string): Promise<number> {
  let after = LAST_UUID;
  let total = 0;
  for (;;) {
    const { rows } = await pool.query<{ last: string | null; scanned: number; parked: number; late: LateRelease[] }>(
      `with walk as (
         select id, state, subject_url, lease_until from webhook_deliveries where org_id = $1 and delivered = false and id < $2 order by id desc limit ${WALK_BATCH}
       ), cand as (
         -- The walk's own rows: joined back to webhook_deliveries, the statement could be planned as
         -- a hash join over a sequential scan of every delivery, once per statement.
         select w.id from walk w
           join organizations o on o.id = $1
          where w.state = 'pending' and coalesce(w.subject_url, o.webhook_url) = $3
            and (w.lease_until is null or w.lease_until < now())
       ), taken as (
         ${takeDueJobsSql('deliver', { from: 'cand', id: 'cand.id' })}
       ), parked as (
         insert into webhook_parked (delivery_id, destination, trigger, priority, due_at)
         select subject, $4, 'scheduled', case when priority < ${RETRY_PRIORITY} then 0 else ${RETRY_PRIORITY} end, run_at from taken
         on conflict (delivery_id) do nothing
         returning destination
       ), ${keyedJobNoLaterThanSql('releaseParked', 'select destination as id, now() as run_at from parked', 'release')}
       select (select id from walk order by id limit 1)::text as last, (select count(*) from walk)::int as scanned,
              (select count(*) from parked)::int as parked, (select count(*) from release_added) as r, ${lateJobsJson('release')} as late`,
      [orgId, after, url, destination],
    );
    const r = rows[0]!;
    await moveLateReleases(pool, r.late);
    total += r.parked;
    if (r.scanned < WALK_BATCH || r.last === null) return total;
    after = r.last;
  }
}

/**
 * The sweeper's backstop: a destination with parked deliveries due gets a release job due now,
 * unless it has one due already: the process that would have released them died between two
 * rounds, or died between a statement that left the destination's job late (two statements
 * adding it at once: graphile-worker's add_jobs keeps the first one's time) and the statement
 * that moves it (moveLateReleases), so a retry is never late by more than SWEEP_INTERVAL. The destinations are
 * walked through the index one by one, each asked about its earliest delivery per priority: a
 * failing receiver's retries all wait here, and a scan of them every sweep would grow with them.
 */
export async function ensureReleaseJobs(pool: Pick<Pool, 'query'>): Promise<number> {
  const dueDestinations = `(with recursive dests as (
       (select destination from webhook_parked order by destination limit 1)
       union all
       select (select p.destination from webhook_parked p where p.destination > d.destination order by p.destination limit 1)
         from dests d where d.destination is not null
     )
     select destination from dests d
      where d.destination is not null
        and (${perPriority((p) => `exists (select 1 from webhook_parked p where p.destination = d.destination and p.priority = ${p} and p.due_at <= now())`).join(' or ')}))`;
  const { rows } = await pool.query<{ n: number; late: LateRelease[] }>(
    `with ${keyedJobNoLaterThanSql('releaseParked', `select destination as id, now() as run_at from ${dueDestinations} due`, 'release')}
     select ((select count(*) from release_added) + (select count(*) from release_moved))::int as n, ${lateJobsJson('release')} as late`,
  );
  await moveLateReleases(pool, rows[0]?.late);
  return rows[0]?.n ?? 0;
}
