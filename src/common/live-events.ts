import type { NotifyBatch } from './notify-batch';

/** PostgreSQL channels of the live updates (GraphQL subscriptions). */
export const LIVE_CHANNELS = {
  call: 'voicegate_call_updated',
  delivery: 'voicegate_delivery_updated',
  access: 'voicegate_access_changed',
  campaign: 'voicegate_campaign_updated',
} as const;

/**
 * What changed in a call, as of the commit that changed it: ids and the lifecycle fields only
 * (a few hundred bytes, far below NOTIFY's 8000). Everything else about a call is fixed when it
 * is placed and is read from the database by the subscriber side; so every transition reaches
 * subscribers as it was, even when the call has moved on by the time it is read.
 */
export interface CallChange {
  o: string; // organization
  c: string; // call
  s: string; // status
  d: string | null; // disposition
  n: number | null; // duration in seconds
  st: number | null; // started at (epoch ms)
  et: number | null; // ended at
  at: number | null; // analyzed at
}

/** One recorded webhook attempt's effect on its delivery. */
export interface DeliveryChange {
  o: string; // organization
  d: string; // delivery
  c: string; // call
  s: string | null; // state after the attempt (null: unchanged)
  a: number; // attempts so far (this one included; a lower bound when batched)
  ok: boolean; // this attempt succeeded
  rc: number | null; // HTTP status received
  e: string | null; // error of this attempt
}

/**
 * A campaign whose state or recipients may have moved: its status, a call of it, recipients added
 * or suppressed. Only ids: subscribers read the campaign and its progress as they are when they
 * hear of it (several changes heard together are read once).
 */
export interface CampaignChange {
  o: string; // organization
  cp: string; // campaign
}

interface CallLike {
  id: string;
  orgId: string;
  status: string;
  disposition: string | null;
  durationSeconds: number | null;
  startedAt: Date | null;
  endedAt: Date | null;
  analyzedAt: Date | null;
  campaignId?: string | null;
}

/** A user or a whole organization whose standing changed: live sockets of it are re-checked. */
export type AccessChanged = { userId: string } | { orgId: string };

const ms = (d: Date | null): number | null => (d ? d.getTime() : null);

/**
 * Announces committed changes to every process (LISTEN/NOTIFY), so a subscriber connected to any
 * API process hears about a call that a worker in another process moved on.
 *
 * Called after the change has committed, never inside the writing transaction: a NOTIFY in a
 * transaction takes PostgreSQL's global notify lock until the commit is flushed and so serializes
 * every such commit (see DIRECT_JOB_INSERT in src/db/database.ts). Notifications raised in one
 * event-loop turn go out together in one statement, in order, with the queue's wake-ups
 * (NotifyBatch). Live updates are best effort: a notification lost with a dropped connection is
 * lost, and the state stays readable by queries.
 */
export class LiveEventsPublisher {
  constructor(private readonly notifications: Pick<NotifyBatch, 'push'>) {}

  callChanged(call: CallLike): void {
    const change: CallChange = {
      o: call.orgId,
      c: call.id,
      s: call.status,
      d: call.disposition,
      n: call.durationSeconds,
      st: ms(call.startedAt),
      et: ms(call.endedAt),
      at: ms(call.analyzedAt),
    };
    this.push(LIVE_CHANNELS.call, JSON.stringify(change));
    // A campaign call's change moves its recipient (calling, reached, retrying...): the campaign changed too.
    if (call.campaignId) this.campaignChanged({ orgId: call.orgId, campaignId: call.campaignId });
  }

  campaignChanged(c: { orgId: string; campaignId: string }): void {
    const change: CampaignChange = { o: c.orgId, cp: c.campaignId };
    this.push(LIVE_CHANNELS.campaign, JSON.stringify(change));
  }

  deliveryChanged(change: DeliveryChange): void {
    this.push(LIVE_CHANNELS.delivery, JSON.stringify({ ...change, e: change.e?.slice(0, 200) ?? null }));
  }

  accessChanged(e: AccessChanged): void {
    this.push(LIVE_CHANNELS.access, 'userId' in e ? `user:${e.userId}` : `org:${e.orgId}`);
  }

  private push(channel: string, payload: string): void {
    this.notifications.push(channel, payload);
  }
}
