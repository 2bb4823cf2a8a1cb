import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';
import type { CallQuestion } from '../calls';
import type { CallingWindow } from './calling-window';

export const CAMPAIGN_STATUSES = ['scheduled', 'running', 'paused', 'completed', 'canceled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const RECIPIENT_STATUSES = ['pending', 'calling', 'completed', 'failed', 'suppressed', 'canceled'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export interface RetryPolicy {
  busy: { after_seconds: number };
  no_answer: { after_seconds: number };
  voicemail: { after_seconds: number };
  carrier_error: { after_seconds: number };
  /** Campaigns created before this outcome existed have none stored: CALLBACK_AFTER_DEFAULT applies. */
  callback_requested?: { after_seconds: number };
  max_attempts: number;
}

/** A callee who asked to be called later without saying when is called again after an hour. */
export const CALLBACK_AFTER_DEFAULT = { after_seconds: 3600 };

/** A campaign; its recipients live in campaign_recipients (written and read with SQL, in bulk). */
@Entity({ tableName: 'campaigns' })
export class Campaign {
  [OptionalProps]?: 'task' | 'questions' | 'webhookUrl' | 'metadata' | 'endAt' | 'callingWindow' | 'paceNextAt' | 'startedAt' | 'completedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'uuid' })
  orgId!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  status!: CampaignStatus;

  @Property({ type: 'text', nullable: true })
  task: string | null = null;

  @Property({ type: 'json', columnType: 'json' })
  questions: CallQuestion[] = [];

  @Property({ type: 'text', nullable: true })
  webhookUrl: string | null = null;

  @Property({ type: 'json', columnType: 'json' })
  metadata: Record<string, unknown> = {};

  @Property({ type: 'datetime' })
  startAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  endAt: Date | null = null;

  @Property({ type: 'text' })
  timeZone!: string;

  @Property({ type: 'json', columnType: 'json', nullable: true })
  callingWindow: CallingWindow | null = null;

  @Property({ type: 'integer' })
  maxConcurrentCalls!: number;

  @Property({ type: 'double' })
  maxCallsPerSecond!: number;

  @Property({ type: 'json', columnType: 'json' })
  retry!: RetryPolicy;

  /** The earliest time the next call of this campaign may start (see dial.task.ts). */
  @Property({ type: 'datetime', hidden: true })
  paceNextAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  startedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  completedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
