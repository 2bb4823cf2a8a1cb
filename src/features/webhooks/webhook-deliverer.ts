import type { Pool } from 'pg';
import type { Config } from '../../config';
import { addJobs, job, keyedJobNoLaterThanSql, lateJobsJson, RETRY_PRIORITY } from '../../queue';
import { newId } from '../../common/ids';
import { PROCESS_ID } from '../../common/process-id';
import type { Logger } from '../../common/logger';
import { openWebhookSecret } from '../orgs';
import { destinationOf, DestinationSlots } from './destination-slots';
import { closeSenderConnections, sendWebhook, type SendResult } from './http-sender';
import { claimSql, type ClaimedDelivery } from './claimed-delivery';
import { NO_DESTINATION } from './outbox';
import { moveLateReleases, parkDueBacklog, parkMany, releaseParked, scheduleRelease, type LateRelease, type ParkItem } from './parking';
import { nextRetryDelayMs } from './retry-schedule';
import { signedHeaders } from './signing';
import type { DeliveryState } from './webhook-delivery.entity';
import type { LiveEventsPublisher } from '../../common/live-events';

/**
 * What both of recordMany's statements share: the first eleven parameters (one array a RecordRow
 * column; each statement names the first array its own way, see PLANNED_ONCE), the attempt rows
 * inserted from them, and the counting every attempt does on its delivery.
 */
const ATTEMPT_PARAMS_AFTER_FIRST = '$2::uuid[], $3::uuid[], $4::text[], $5::timestamptz[], $6::int[], $7::int[], $8::text[], $9::text[], $10::text[], $11::boolean[]';
const ATTEMPT_COLUMNS = 'attempt_id, delivery_id, org_id, url, attempted_at, response_code, duration_ms, error, response_excerpt, trigger, ok';
const INSERT_ATTEMPTS = `insert into webhook_attempts (id, delivery_id, org_id, url, attempted_at, response_code, duration_ms, error, response_excerpt, trigger)
  select attempt_id, delivery_id, org_id, url, attempted_at, response_code, duration_ms, error, response_excerpt, trigger from input`;
const COUNT_ATTEMPT = `attempts = d.attempts + 1,
  scheduled_attempts = d.scheduled_attempts + case when i.trigger = 'scheduled' then 1 else 0 end,
  lease_until = null,
  url = coalesce(i.url, d.url),
  response_code = i.response_code`;

/** recordMany for a batch of successes that change no endpoint's health (see there). */
const RECORD_SUCCESSES_SQL = `with input as (
  select * from unnest((select $1::uuid[]), ${ATTEMPT_PARAMS_AFTER_FIRST}) as t(${ATTEMPT_COLUMNS})
), attempt as (
  ${INSERT_ATTEMPTS}
)
update webhook_deliveries d set
  ${COUNT_ATTEMPT},
  last_error = null,
  delivered = true,
  delivered_at = coalesce(d.delivered_at, now()),
  state = 'delivered',
  next_attempt_at = null
from input i
where d.id = i.delivery_id`;

/**
 * PLANNED_ONCE: the deliverer's two hottest statements (the claim and the record of successes)
 * are named, so that each connection parses them once and PostgreSQL keeps one generic plan for
 * them. Unnamed, every run was parsed and planned again: in the lifecycle bench their planning
 * took twice their execution (bench/README.md). Naming alone is not enough: PostgreSQL keeps
 * planning afresh while a custom plan looks cheaper than the generic one, and a custom plan sees
 * the real length of an array given to `unnest` (one or two deliveries) where the generic plan
 * assumes ten. Hence the first array is read through a sub-select, whose value no plan sees: both
 * assume ten rows, the generic plan wins, and its shape is the same index lookup by primary key
 * at any table size (checked with EXPLAIN on 600,000 deliveries). The full record below is not
 * named: its retry and release-job parts read graphile-worker's table, whose size changes by
 * thousands of jobs in seconds, so it is planned for what each run finds (a generic plan of it was
 * measured at 9 ms a run in the slow-receiver phase against 0.5 ms). A name stands for one text
 * per connection, hence the version suffix: change the text, change the name.
 */
const RECORD_SUCCESSES = { name: 'voicegate_record_successes_v1', text: RECORD_SUCCESSES_SQL };
const CLAIM_MANY = { name: 'voicegate_claim_deliveries_v1', text: claimSql('unnest((select $1::uuid[]), $2::text[]) as x(id, trigger)', '$3', '$4') };
/** recordMany for any batch: attempts, new states, retries parked, the endpoints' health (not named, see PLANNED_ONCE). */
const RECORD_ATTEMPTS_SQL = `with input as (
  select * from unnest($1::uuid[], ${ATTEMPT_PARAMS_AFTER_FIRST}, $12::text[], $13::timestamptz[], $15::text[]) as t(${ATTEMPT_COLUMNS}, state, next_attempt_at, destination)
), attempt as (
  ${INSERT_ATTEMPTS}
), updated as (
  update webhook_deliveries d set
    ${COUNT_ATTEMPT},
    last_error = i.error,
    delivered = d.delivered or i.ok,
    delivered_at = case when i.ok and d.delivered_at is null then now() else d.delivered_at end,
    state = coalesce(i.state, d.state),
    next_attempt_at = case when i.state is null then d.next_attempt_at else i.next_attempt_at end
  from input i
  where d.id = i.delivery_id
  returning d.id, i.next_attempt_at, i.destination
), retry as (
  insert into webhook_parked (delivery_id, destination, trigger, priority, due_at)
  select id, destination, 'scheduled', ${RETRY_PRIORITY}, next_attempt_at from updated where next_attempt_at is not null
  -- A row left from before (none should be) stands for this same scheduled attempt: it takes the new time.
  on conflict (delivery_id) do update set destination = excluded.destination, trigger = 'scheduled', priority = excluded.priority, due_at = excluded.due_at
  returning destination, due_at
), ${keyedJobNoLaterThanSql('releaseParked', 'select destination as id, due_at as run_at from retry', 'release')}, health as (
  -- Attempts to an organization's default endpoint: any success clears its failing time;
  -- failures only start it, or disable the endpoint once it is older than WEBHOOK_DISABLE_AFTER.
  select i.org_id, bool_or(i.ok) as any_ok, min(i.attempted_at) filter (where not i.ok) as first_failure
    from input i join organizations o on o.id = i.org_id and o.webhook_url = i.url
   group by i.org_id
), org_health as (
  update organizations o set
    webhook_failing_since = case when h.any_ok then null else coalesce(o.webhook_failing_since, h.first_failure) end,
    webhook_disabled_at = case when not h.any_ok and $14::bigint > 0
                                and coalesce(o.webhook_failing_since, h.first_failure) <= now() - ($14::bigint * interval '1 millisecond')
                               then now() end,
    webhook_disabled_reason = case when not h.any_ok and $14::bigint > 0
                                and coalesce(o.webhook_failing_since, h.first_failure) <= now() - ($14::bigint * interval '1 millisecond')
                               then 'failing_since ' || to_char(coalesce(o.webhook_failing_since, h.first_failure) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end
    from health h
   where o.id = h.org_id and o.webhook_disabled_at is null
     and ((h.any_ok and o.webhook_failing_since is not null)
          or (not h.any_ok and (o.webhook_failing_since is null
               or ($14::bigint > 0 and o.webhook_failing_since <= now() - ($14::bigint * interval '1 millisecond')))))
  returning o.id, o.webhook_disabled_at
)
-- release_added is read so that it runs (see keyedJobNoLaterThanSql).
select (select count(*) from release_added)::int as release_jobs, ${lateJobsJson('release')} as late,
       (select coalesce(array_agg(id), '{}') from org_health where webhook_disabled_at is not null) as disabled`;

/** Who holds a lease: this worker process (its queue runners' heartbeats name it too, see liveness.ts). */
const LEASE_HOLDER = PROCESS_ID;

/**
 * A delivery whose destination is full waits for its slot in this process when one is expected
 * within this time (and fewer than LOCAL_WAIT_MAX wait for that destination); otherwise it is
 * parked (parking.ts). Well within a lease (the timeout plus a margin).
 */
const LOCAL_WAIT_MS = 1000;
const LOCAL_WAIT_MAX = 256;
/**
 * A destination's release job is a backstop (this process releases parked deliveries itself as
 * its attempts finish): it runs at most this often while deliveries stay parked.
 */
const RELEASE_JOB_MIN_INTERVAL_MS = 1000;
/** The due queue of an organization's slow destination is parked in bulk at most this often per process. */
const BACKLOG_WALK_INTERVAL_MS = 30_000;

/** The error of a delivery stopped because its organization's endpoint is disabled. */
export const ENDPOINT_DISABLED = 'endpoint_disabled';

export interface DeliveryOutcome {
  attempted: boolean;
  delivered?: boolean;
  result?: SendResult;
}

/**
 * How long an attempt may hold its delivery: the HTTP timeout plus a margin for recording the
 * result. After that, a sender that died mid-attempt no longer blocks the next one.
 */
export const deliveryLeaseMs = (config: Config): number => config.webhookTimeoutMs + Math.min(10_000, config.webhookTimeoutMs);

type RecordRow = [
  attemptId: string,
  deliveryId: string,
  orgId: string,
  url: string | null,
  attemptedAt: Date,
  responseCode: number | null,
  durationMs: number,
  error: string | null,
  responseExcerpt: string | null,
  trigger: 'scheduled' | 'manual',
  ok: boolean,
  state: DeliveryState | null,
  nextAttemptAt: Date | null,
  /** The organization's endpoint health may change: a failure, or a success while it is failing. */
  health: boolean,
  /** The URL's destination (origin), under which a retry is parked. */
  destination: string | null,
];

/**
 * Groups calls that arrive while earlier ones are in flight into one database round trip (at most
 * `maxInFlight` statements at a time). Under load a worker runs many deliveries at once and each
 * statement carries a batch; when idle a call goes out at once, alone. Items with the same key
 * never share a batch. A failed statement fails every item of its batch (each job then retries).
 */
class Batcher<T, R> {
  private queue: Array<{ item: T; resolve: (r: R) => void; reject: (e: unknown) => void }> = [];
  private inFlight = 0;

  constructor(
    private readonly run: (items: T[]) => Promise<R[]>,
    private readonly keyOf: (item: T) => string,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 100,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch: typeof this.queue = [];
      const rest: typeof this.queue = [];
      const keys = new Set<string>();
      for (const entry of this.queue) {
        const key = this.keyOf(entry.item);
        if (batch.length < this.maxBatch && !keys.has(key)) {
          keys.add(key);
          batch.push(entry);
        } else {
          rest.push(entry);
        }
      }
      this.queue = rest;
      this.inFlight++;
      this.run(batch.map((b) => b.item)).then(
        (results) => batch.forEach((b, i) => b.resolve(results[i]!)),
        (err: unknown) => batch.forEach((b) => b.reject(err)),
      ).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }
}

export type DeliveryListener = (outcome: { event: string; result: SendResult; trigger: 'scheduled' | 'manual'; retryScheduled: boolean }) => void;

/**
 * One attempt of one delivery. No transaction is open during the HTTP call: a lease on the row
 * (one sender at a time, expiring if that sender dies) replaces a lock, and the attempt's result,
 * the delivery's new state and the next retry (parked) are written in one statement afterwards.
 */
export class WebhookDeliverer {
  private readonly leaseMs: number;
  /** How long a delivery may expect to wait in this process for its destination's slot (LOCAL_WAIT_MS). */
  private readonly localWaitMs: number;
  private readonly claims = new Batcher<{ deliveryId: string; trigger: 'scheduled' | 'manual' }, ClaimedDelivery | undefined>(
    (items) => this.claimMany(items),
    (i) => i.deliveryId,
  );
  private readonly records = new Batcher<RecordRow, void>((rows) => this.recordMany(rows), (r) => r[1]);
  // One parking statement at a time: a full destination's jobs fetched one by one then share
  // statements (a second one in flight took them one per statement, about 2 ms each).
  private readonly parks = new Batcher<ParkItem, void>((items) => parkMany(this.pool, items).then(() => items.map(() => undefined)), (i) => i.id, 1);
  private readonly slots: DestinationSlots;
  /** Destinations with deliveries parked, that this process releases as its attempts to them finish. */
  private readonly parkedDestinations = new Set<string>();
  /** Destinations being released now (one round at a time each), and those to release again after it. */
  private readonly releasing = new Set<string>();
  private readonly releaseAgain = new Set<string>();
  /** When the due backlog of (organization, URL) was last parked in bulk by this process. */
  private readonly backlogWalks = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  listener: DeliveryListener | undefined;
  /** Told once per organization whose endpoint has just been disabled (see recordMany). */
  onEndpointDisabled: ((orgId: string) => void) | undefined;
  /** Announces each recorded attempt to live subscribers (set by createServices). */
  live: LiveEventsPublisher | undefined;

  constructor(
    private readonly config: Config,
    private readonly pool: Pool,
    private readonly log: Logger,
  ) {
    this.leaseMs = deliveryLeaseMs(config);
    this.localWaitMs = Math.min(LOCAL_WAIT_MS, this.leaseMs / 4);
    this.slots = new DestinationSlots(config.webhookMaxConcurrencyPerDestination, config.webhookMaxInFlight);
  }

  /** Attempts in flight in this process (to one destination origin, or in total). */
  inFlight(destination?: string): number {
    return this.slots.inFlight(destination);
  }

  /**
   * The queue's handler: claims the delivery and starts its attempt, without waiting for the
   * receiver. The job slot is free again as soon as the attempt has started; what bounds the
   * attempts in flight is the destination's slots and the process's total (DestinationSlots), not
   * the queue's concurrency. If the process dies mid-attempt, the delivery's lease expires and the
   * sweeper queues it again.
   */
  async dispatch(deliveryId: string, trigger: 'scheduled' | 'manual'): Promise<void> {
    await this.start(deliveryId, trigger, true);
  }

  /** One attempt, waiting for its outcome. */
  async deliver(deliveryId: string, trigger: 'scheduled' | 'manual'): Promise<DeliveryOutcome> {
    return this.start(deliveryId, trigger, false);
  }

  /** Waits for the attempts under way, then closes the kept connections (shutdown). */
  async drain(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
    await closeSenderConnections();
  }

  /**
   * The `releaseParked` job of a destination: one round of releasing its parked deliveries (as
   * many as this process has slots for), then, while some stay parked, the job again later. The
   * job is the backstop: this process also releases them itself as its attempts to that
   * destination finish (see `released`).
   */
  async releaseDestination(destination: string): Promise<void> {
    this.parkedDestinations.add(destination);
    const left = await this.releaseRound(destination);
    // Due ones left: again once slots are likely free. Only later ones: when the first falls due
    // (a failing receiver's retries wait there, costing nothing until then).
    if (left.moreDue) await scheduleRelease(this.pool, destination, new Date(Date.now() + this.releaseJobDelayMs(destination)));
    else if (left.nextDueAt) await scheduleRelease(this.pool, destination, left.nextDueAt);
  }

  private async start(deliveryId: string, trigger: 'scheduled' | 'manual', background: boolean): Promise<DeliveryOutcome> {
    // At the process's total: wait here (every destination is busy, so there is nothing better to do).
    while (this.slots.full()) await this.slots.whenAnyReleased();
    const claimed = await this.claim(deliveryId, trigger);
    if (!claimed) {
      if (trigger === 'manual' && (await this.isLeased(deliveryId))) {
        // Another attempt is in flight: try the manual one again once it is done.
        await addJobs(this.pool, job('redeliver', { deliveryId }, { runAt: new Date(Date.now() + 2000) }));
      }
      return { attempted: false };
    }
    return this.proceed(claimed, trigger, background);
  }

  /** A claimed (leased) delivery: stopped, sent now, sent once its destination has a slot, or parked. */
  private async proceed(claimed: ClaimedDelivery, trigger: 'scheduled' | 'manual', background: boolean): Promise<DeliveryOutcome> {
    // The destination now, not when the event was created: the organization's current default
    // (or the call's own URL), so a changed default is followed and a removed one stops retries.
    const url = claimed.current_url;
    if (url && claimed.endpoint_disabled) {
      await this.stopForDisabledEndpoint(claimed.id, trigger);
      return { attempted: false };
    }
    const dest = url ? destinationOf(url) : null;
    let slot: Promise<boolean> | null = null;
    if (dest) {
      if (!this.slots.tryAcquire(dest)) {
        slot = this.slots.waitForSlot(dest, this.localWaitMs, LOCAL_WAIT_MAX);
        if (!slot) {
          // Parking holds the job's slot for one (batched) statement: that keeps the rate at which
          // a full destination's queued jobs are fetched one by one bounded by the job slots, while
          // its backlog is parked in bulk (parkDueBacklog), which costs a fraction per delivery.
          await this.park(claimed, url!, dest, trigger);
          return { attempted: false };
        }
      }
    }
    // The destination's slot is given back as soon as the receiver has answered (or the request
    // failed): recording the result is the database's work, not the receiver's.
    let released = false;
    const releaseSlot = (durationMs: number | null) => {
      if (!dest || released) return;
      released = true;
      this.slots.release(dest, durationMs);
      this.released(dest);
    };
    const run = () => this.attempt(claimed, url, trigger, releaseSlot).finally(() => releaseSlot(null));
    // Waiting for a slot here holds the lease but no job slot (the job is done once this is tracked).
    // A wait that runs out (the destination stopped answering meanwhile) parks the delivery
    // instead, so that the attempt never runs on an expiring lease.
    const parkInstead = async (): Promise<DeliveryOutcome> => {
      await this.park(claimed, url!, dest!, trigger);
      return { attempted: false };
    };
    const attempt = slot ? slot.then((got) => (got ? run() : parkInstead())) : run();
    if (!background) return attempt;
    const tracked = attempt.then(
      () => undefined,
      (err: unknown) => this.log.warn({ err, delivery_id: claimed.id }, 'webhook attempt could not be made; the sweeper will queue it again'),
    );
    this.track(tracked);
    return { attempted: true };
  }

  private track(p: Promise<void>): void {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  /**
   * Parks a delivery whose destination is full: no job, no lease, released by the destination's
   * release job or by this process when a slot frees. A delivery is only parked when its
   * destination cannot take it within a second (slow, or hundreds already waiting here), so the
   * rest of the organization's due deliveries to it are parked in bulk too: they do not each go
   * through the queue (fetched, leased, parked) just to wait.
   */
  private async park(claimed: ClaimedDelivery, url: string, dest: string, trigger: 'scheduled' | 'manual'): Promise<void> {
    this.parkedDestinations.add(dest);
    await this.parks.add({ id: claimed.id, trigger, destination: dest, releaseInMs: this.releaseJobDelayMs(dest) });
    if (trigger !== 'scheduled') return;
    const key = `${claimed.org_id} ${url}`;
    const last = this.backlogWalks.get(key);
    if (last !== undefined && Date.now() - last < BACKLOG_WALK_INTERVAL_MS) return;
    this.backlogWalks.set(key, Date.now());
    if (this.backlogWalks.size > 10_000) this.backlogWalks.clear();
    this.track(
      parkDueBacklog(this.pool, claimed.org_id, url, dest).then(
        (n) => {
          if (n > 0) this.log.info({ org_id: claimed.org_id, destination: dest, parked: n }, 'webhook destination full: its due deliveries are parked');
        },
        (err: unknown) => this.log.warn({ err }, 'parking a full destination\'s due deliveries failed; they go through the queue one by one'),
      ),
    );
  }

  /** How long before a destination's release job looks again (a backstop: see releaseDestination). */
  private releaseJobDelayMs(dest: string): number {
    return Math.min(this.leaseMs, Math.max(RELEASE_JOB_MIN_INTERVAL_MS, this.slots.meanDurationMs(dest) ?? RELEASE_JOB_MIN_INTERVAL_MS));
  }

  /** An attempt to `dest` has given its slot back: release parked deliveries into the free slots. */
  private released(dest: string): void {
    if (!this.parkedDestinations.has(dest)) return;
    if (this.releasing.has(dest)) {
      this.releaseAgain.add(dest);
      return;
    }
    this.releasing.add(dest);
    this.track(
      this.releaseRound(dest)
        .then(
          () => undefined,
          (err: unknown) => this.log.warn({ err, destination: dest }, 'releasing parked webhook deliveries failed; the release job will'),
        )
        .finally(() => {
          this.releasing.delete(dest);
          if (this.releaseAgain.delete(dest)) this.released(dest);
        }),
    );
  }

  /**
   * Takes as many of the destination's parked deliveries as this process has slots for, leased in
   * the same statement, and starts them. Says what is left: whether any is due already, and when
   * the earliest falls due. Only a destination with deliveries due stays one this process releases
   * into as its attempts finish; later ones are its release job's.
   */
  private async releaseRound(dest: string): Promise<{ moreDue: boolean; nextDueAt: Date | null }> {
    const free = this.slots.free(dest);
    if (free <= 0) return { moreDue: true, nextDueAt: null };
    const { claimed, moreDue, nextDueAt } = await releaseParked(this.pool, dest, free, this.leaseMs, LEASE_HOLDER);
    for (const c of claimed) await this.proceed(c, c.trigger, true);
    if (!moreDue) this.parkedDestinations.delete(dest);
    return { moreDue, nextDueAt };
  }

  private async attempt(claimed: ClaimedDelivery, url: string | null, trigger: 'scheduled' | 'manual', sent: (durationMs: number | null) => void = () => undefined): Promise<DeliveryOutcome> {
    const startedAt = new Date();
    let result: SendResult;
    try {
      result = url ? await this.send(claimed, url) : { responseCode: null, durationMs: 0, error: NO_DESTINATION, responseExcerpt: null, slowDown: false };
      sent(result.durationMs);
    } catch (err) {
      sent(null);
      // Not a receiver problem (e.g. a secret that cannot be decrypted): free the row at once and
      // let the queue (or the sweeper) try again later.
      await this.pool.query('update webhook_deliveries set lease_until = null where id = $1', [claimed.id]).catch(() => undefined);
      throw err;
    }
    const retryScheduled = await this.record(claimed, url, trigger, startedAt, result);
    this.listener?.({ event: claimed.event, result, trigger, retryScheduled });
    return { attempted: true, delivered: result.error === null, result };
  }

  /**
   * The organization's endpoint is disabled: nothing is sent. A scheduled delivery stops (failed,
   * `endpoint_disabled`) and can be replayed once the endpoint is enabled again.
   */
  private async stopForDisabledEndpoint(deliveryId: string, trigger: 'scheduled' | 'manual'): Promise<void> {
    const stop = trigger === 'scheduled';
    await this.pool.query(
      `update webhook_deliveries set lease_until = null,
              state = case when $2 and state = 'pending' then 'failed' else state end,
              next_attempt_at = case when $2 and state = 'pending' then null else next_attempt_at end,
              last_error = case when $2 and state = 'pending' then '${ENDPOINT_DISABLED}' else last_error end
        where id = $1`,
      [deliveryId, stop],
    );
  }

  private async send(claimed: ClaimedDelivery, url: string): Promise<SendResult> {
    const key = this.config.secretsEncryptionKey;
    const secrets = [openWebhookSecret(claimed.webhook_secret_enc, key)];
    const previousValid = claimed.previous_webhook_secret_expires_at && claimed.previous_webhook_secret_expires_at.getTime() > Date.now();
    if (claimed.previous_webhook_secret_enc && previousValid) secrets.push(openWebhookSecret(claimed.previous_webhook_secret_enc, key));
    const headers = signedHeaders({ deliveryId: claimed.id, event: claimed.event, body: claimed.payload, secrets });
    return sendWebhook(url, headers, claimed.payload, {
      timeoutMs: this.config.webhookTimeoutMs,
      allowPrivate: this.config.webhookAllowPrivateNetworks,
      connectionsPerDestination: this.config.webhookMaxConcurrencyPerDestination,
    });
  }

  private claim(deliveryId: string, trigger: 'scheduled' | 'manual'): Promise<ClaimedDelivery | undefined> {
    return this.claims.add({ deliveryId, trigger });
  }

  /** Claims many deliveries in one statement; each row keeps its own conditions. */
  private async claimMany(items: ReadonlyArray<{ deliveryId: string; trigger: 'scheduled' | 'manual' }>): Promise<Array<ClaimedDelivery | undefined>> {
    const { rows } = await this.pool.query<ClaimedDelivery>({
      ...CLAIM_MANY,
      values: [items.map((i) => i.deliveryId), items.map((i) => i.trigger), this.leaseMs, LEASE_HOLDER],
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return items.map((i) => byId.get(i.deliveryId));
  }

  private async isLeased(deliveryId: string): Promise<boolean> {
    const { rows } = await this.pool.query(`select 1 from webhook_deliveries where id = $1 and lease_until > now()`, [deliveryId]);
    return rows.length > 0;
  }

  /** Writes the attempt, the delivery's new state and (if any) the next retry, parked, atomically. */
  private async record(d: ClaimedDelivery, url: string | null, trigger: 'scheduled' | 'manual', startedAt: Date, r: SendResult): Promise<boolean> {
    const ok = r.error === null;
    let state: DeliveryState | null = null; // null: unchanged (a failed manual attempt changes no schedule)
    let nextAttemptAt: Date | null = null;
    if (ok) {
      state = 'delivered';
    } else if (trigger === 'scheduled') {
      const delay = nextRetryDelayMs({
        scheduleMs: this.config.webhookRetryScheduleMs,
        scheduledAttemptsMade: d.scheduled_attempts + 1,
        slowDown: r.slowDown,
        floorMs: this.config.webhookRetryFloorMs,
      });
      if (delay === null || r.error === NO_DESTINATION) {
        state = r.error === NO_DESTINATION ? 'undeliverable' : 'failed';
      } else {
        state = 'pending';
        nextAttemptAt = new Date(Date.now() + delay);
      }
    }
    await this.records.add([newId(), d.id, d.org_id, url, startedAt, r.responseCode, r.durationMs, r.error, r.responseExcerpt, trigger, ok, state, nextAttemptAt, !ok || d.endpoint_failing, url ? destinationOf(url) : null]);
    // Live delivery updates are per call (webhookDeliveryUpdated(callId)); campaign events have none.
    if (d.call_id) this.live?.deliveryChanged({ o: d.org_id, d: d.id, c: d.call_id, s: state, a: d.attempts + 1, ok, rc: r.responseCode, e: r.error });
    if (!ok) this.log.info({ delivery_id: d.id, event: d.event, error: r.error, code: r.responseCode, trigger }, 'webhook attempt failed');
    return nextAttemptAt !== null;
  }

  /**
   * Writes many attempts at once: for each, the attempt row, the delivery's new state and (if any)
   * the next retry, all in one statement. A retry waits parked under its destination, due at its
   * time, with the destination's release job due no later than that: it has no queue job of its
   * own, so a failing receiver's retries cost the queue nothing while they wait, however many.
   */
  private async recordMany(rows: ReadonlyArray<RecordRow>): Promise<void[]> {
    const col = (i: number) => rows.map((r) => r[i]);
    if (rows.every((r) => !r[13])) {
      // Successes to endpoints that were not failing when claimed (the common case): no health to
      // update and no retry to queue, so a smaller statement (about half the execution time of
      // the full one, and planned once: PLANNED_ONCE). A failure recorded by another worker
      // between the claim and now is cleared by the next success claimed after it.
      await this.pool.query({ ...RECORD_SUCCESSES, values: Array.from({ length: 11 }, (_, i) => col(i)) });
      return rows.map(() => undefined);
    }
    const result = await this.pool.query<{ disabled: string[]; late: LateRelease[] }>(RECORD_ATTEMPTS_SQL, [
      ...Array.from({ length: 13 }, (_, i) => col(i)),
      this.config.webhookDisableAfterMs,
      col(14),
    ]);
    await moveLateReleases(this.pool, result.rows[0]?.late);
    for (const orgId of result.rows[0]?.disabled ?? []) {
      this.log.warn({ org_id: orgId }, 'webhook endpoint disabled after failing continuously');
      this.onEndpointDisabled?.(orgId);
    }
    return rows.map(() => undefined);
  }

}
