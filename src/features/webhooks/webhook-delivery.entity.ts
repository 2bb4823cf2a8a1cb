import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

export const EVENT_TYPES = ['call.queued', 'call.ended', 'call.analyzed', 'call.transferred', 'campaign.started', 'campaign.paused', 'campaign.completed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** pending: waiting for (another) attempt; delivered; failed: retries exhausted; undeliverable: no URL. */
export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'undeliverable';

/** One event for one organization, with the exact bytes sent on every attempt. */
@Entity({ tableName: 'webhook_deliveries' })
export class WebhookDelivery {
  [OptionalProps]?: 'callId' | 'campaignId' | 'subjectUrl' | 'url' | 'state' | 'delivered' | 'responseCode' | 'attempts' | 'scheduledAttempts' | 'nextAttemptAt' | 'lastError' | 'leaseUntil' | 'createdAt' | 'deliveredAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'uuid' })
  orgId!: string;

  /** The call the event is about; null for a campaign's own events. */
  @Property({ type: 'uuid', nullable: true })
  callId: string | null = null;

  /** The campaign of a campaign event (campaign.*); null for call events. */
  @Property({ type: 'uuid', nullable: true })
  campaignId: string | null = null;

  /** The subject's own destination (the call's or campaign's webhook_url), if it has one. */
  @Property({ type: 'text', nullable: true, hidden: true })
  subjectUrl: string | null = null;

  @Property({ type: 'text' })
  event!: EventType;

  /**
   * Where the event went last: the URL of the latest attempt that had one; before any attempt, the
   * destination when the event was recorded. Each attempt resolves the destination afresh (see
   * docs/queue-and-delivery.md "Destinations").
   */
  @Property({ type: 'text', nullable: true })
  url: string | null = null;

  /** The serialized body, byte-identical on every retry. */
  @Property({ type: 'text', lazy: true })
  payload!: string;

  @Property({ type: 'text' })
  state: DeliveryState = 'pending';

  @Property({ type: 'boolean' })
  delivered: boolean = false;

  @Property({ type: 'integer', nullable: true })
  responseCode: number | null = null;

  @Property({ type: 'integer' })
  attempts: number = 0;

  /** Attempts made by the retry schedule (manual redeliveries do not advance it). */
  @Property({ type: 'integer' })
  scheduledAttempts: number = 0;

  @Property({ type: 'datetime', nullable: true })
  nextAttemptAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  /** Lease while an attempt is in flight: one sender at a time, expires if that sender dies. */
  @Property({ type: 'datetime', nullable: true, hidden: true })
  leaseUntil: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  deliveredAt: Date | null = null;
}
