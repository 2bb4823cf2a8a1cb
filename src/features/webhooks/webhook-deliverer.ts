import type { Pool } from 'pg';
import type { Config } from '../../config';
import { newId } from '../../shared/ids';
import type { Logger } from '../../shared/logger';
import { openWebhookSecret } from '../orgs/webhook-secret';
import { sendWebhook, type SendResult } from './http-sender';
import { nextRetryDelayMs } from './retry-schedule';
import { signedHeaders } from './signing';
import type { DeliveryState } from './webhook-delivery.entity';

interface ClaimedDelivery {
  id: string;
  org_id: string;
  event: string;
  url: string | null;
  payload: string;
  state: DeliveryState;
  scheduled_attempts: number;
  current_url: string | null;
  webhook_secret_enc: string;
  previous_webhook_secret_enc: string | null;
  previous_webhook_secret_expires_at: Date | null;
}

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

export type DeliveryListener = (outcome: { event: string; result: SendResult; trigger: 'scheduled' | 'manual'; retryScheduled: boolean }) => void;

/**
 * One attempt of one delivery. No transaction is open during the HTTP call: a lease on the row
 * (one sender at a time, expiring if that sender dies) replaces a lock, and the attempt's result,
 * the delivery's new state and the next retry's job are written in one statement afterwards.
 */
export class WebhookDeliverer {
  private readonly leaseMs: number;
  listener: DeliveryListener | undefined;

  constructor(
    private readonly config: Config,
    private readonly pool: Pool,
    private readonly log: Logger,
  ) {
    this.leaseMs = deliveryLeaseMs(config);
  }

  async deliver(deliveryId: string, trigger: 'scheduled' | 'manual'): Promise<DeliveryOutcome> {
    const claimed = await this.claim(deliveryId, trigger);
    if (!claimed) {
      if (trigger === 'manual' && (await this.isLeased(deliveryId))) {
        // Another attempt is in flight: try the manual one again once it is done.
        await this.pool.query(`select graphile_worker.add_job('deliver_webhook', $1::json, run_at => now() + interval '2 seconds')`, [
          JSON.stringify({ deliveryId, trigger: 'manual' }),
        ]);
      }
      return { attempted: false };
    }
    const url = claimed.url ?? claimed.current_url;
    const startedAt = new Date();
    let result: SendResult;
    try {
      result = url ? await this.send(claimed, url) : { responseCode: null, durationMs: 0, error: 'no_destination', responseExcerpt: null, slowDown: false };
    } catch (err) {
      // Not a receiver problem (e.g. a secret that cannot be decrypted): free the row at once and
      // let the queue retry the job with its own backoff.
      await this.pool.query('update webhook_deliveries set lease_until = null where id = $1', [claimed.id]).catch(() => undefined);
      throw err;
    }
    const retryScheduled = await this.record(claimed, url, trigger, startedAt, result);
    this.listener?.({ event: claimed.event, result, trigger, retryScheduled });
    return { attempted: true, delivered: result.error === null, result };
  }

  private async send(claimed: ClaimedDelivery, url: string): Promise<SendResult> {
    const key = this.config.secretsEncryptionKey;
    const secrets = [openWebhookSecret(claimed.webhook_secret_enc, key)];
    const previousValid = claimed.previous_webhook_secret_expires_at && claimed.previous_webhook_secret_expires_at.getTime() > Date.now();
    if (claimed.previous_webhook_secret_enc && previousValid) secrets.push(openWebhookSecret(claimed.previous_webhook_secret_enc, key));
    const headers = signedHeaders({ deliveryId: claimed.id, event: claimed.event, body: claimed.payload, secrets });
    return sendWebhook(url, headers, claimed.payload, { timeoutMs: this.config.webhookTimeoutMs, allowPrivate: this.config.webhookAllowPrivateNetworks });
  }

  private async claim(deliveryId: string, trigger: 'scheduled' | 'manual'): Promise<ClaimedDelivery | undefined> {
    const { rows } = await this.pool.query<ClaimedDelivery>(
      `update webhook_deliveries d
          set lease_until = now() + ($2::int * interval '1 millisecond')
         from organizations o, calls c
        where d.id = $1 and o.id = d.org_id and c.id = d.call_id
          and (d.lease_until is null or d.lease_until < now())
          and ($3 = 'manual' or d.state = 'pending')
      returning d.id, d.org_id, d.event, d.url, d.payload, d.state, d.scheduled_attempts,
                coalesce(c.webhook_url, o.webhook_url) as current_url,
                o.webhook_secret_enc, o.previous_webhook_secret_enc, o.previous_webhook_secret_expires_at`,
      [deliveryId, this.leaseMs, trigger],
    );
    return rows[0];
  }

  private async isLeased(deliveryId: string): Promise<boolean> {
    const { rows } = await this.pool.query(`select 1 from webhook_deliveries where id = $1 and lease_until > now()`, [deliveryId]);
    return rows.length > 0;
  }

  /** Writes the attempt, the delivery's new state and (if any) the next retry's job, atomically. */
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
      if (delay === null || r.error === 'no_destination') {
        state = r.error === 'no_destination' ? 'undeliverable' : 'failed';
      } else {
        state = 'pending';
        nextAttemptAt = new Date(Date.now() + delay);
      }
    }
    await this.pool.query(
      `with attempt as (
         insert into webhook_attempts (id, delivery_id, org_id, url, attempted_at, response_code, duration_ms, error, response_excerpt, trigger)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ), updated as (
         update webhook_deliveries set
           attempts = attempts + 1,
           scheduled_attempts = scheduled_attempts + case when $10 = 'scheduled' then 1 else 0 end,
           lease_until = null,
           url = coalesce(url, $4),
           response_code = $6,
           last_error = $8,
           delivered = delivered or $11,
           delivered_at = case when $11 and delivered_at is null then now() else delivered_at end,
           state = coalesce($12, state),
           next_attempt_at = case when $12::text is null then next_attempt_at else $13::timestamptz end
         where id = $2
         returning id
       )
       select graphile_worker.add_job('deliver_webhook', json_build_object('deliveryId', id, 'trigger', 'scheduled'),
                                      run_at => $13::timestamptz, job_key => 'delivery:' || id, max_attempts => 10)
         from updated where $13::timestamptz is not null`,
      [newId(), d.id, d.org_id, url, startedAt, r.responseCode, r.durationMs, r.error, r.responseExcerpt, trigger, ok, state, nextAttemptAt],
    );
    if (!ok) this.log.info({ delivery_id: d.id, event: d.event, error: r.error, code: r.responseCode, trigger }, 'webhook attempt failed');
    return nextAttemptAt !== null;
  }
}
