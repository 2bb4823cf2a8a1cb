import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

export type AttemptTrigger = 'scheduled' | 'manual';

@Entity({ tableName: 'webhook_attempts' })
export class WebhookAttempt {
  [OptionalProps]?: 'url' | 'attemptedAt' | 'responseCode' | 'durationMs' | 'error' | 'responseExcerpt' | 'trigger';

  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'uuid' })
  deliveryId!: string;

  @Property({ type: 'uuid' })
  orgId!: string;

  @Property({ type: 'text', nullable: true })
  url: string | null = null;

  @Property({ type: 'datetime' })
  attemptedAt: Date = new Date();

  @Property({ type: 'integer', nullable: true })
  responseCode: number | null = null;

  @Property({ type: 'integer' })
  durationMs: number = 0;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'text', nullable: true })
  responseExcerpt: string | null = null;

  @Property({ type: 'text' })
  trigger: AttemptTrigger = 'scheduled';
}
