import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { CallQuestion } from '../calls';

/** An organization's inbound settings: what the agent does when someone calls one of its numbers. Without a row, inbound calls are off. */
@Entity({ tableName: 'inbound_settings' })
export class InboundSettings {
  [OptionalProps]?: 'enabled' | 'greeting' | 'task' | 'questions' | 'webhookUrl' | 'transferTo' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  orgId!: string;

  @Property({ type: 'boolean' })
  enabled: boolean = false;

  /** What the agent says first; null: the default greeting (docs/inbound.md). */
  @Property({ type: 'text', nullable: true })
  greeting: string | null = null;

  @Property({ type: 'text', nullable: true })
  task: string | null = null;

  /** Kept as `json` like a call's questions (their key order is the order they are asked in). */
  @Property({ type: 'json', columnType: 'json' })
  questions: CallQuestion[] = [];

  /** Where inbound calls' events go; null: the organization's webhook URL. */
  @Property({ type: 'text', nullable: true })
  webhookUrl: string | null = null;

  /** Where a caller may be transferred (E.164, or a SIP URI on a SIP connection). Stored for the transfer feature. */
  @Property({ type: 'text', nullable: true })
  transferTo: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
