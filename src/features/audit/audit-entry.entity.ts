import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

/** Every audited change (a platform admin's, an owner's carrier connection): who, what, on which target, before and after, when. */
@Entity({ tableName: 'audit_log' })
export class AuditEntry {
  [OptionalProps]?: 'orgId' | 'before' | 'after' | 'requestId' | 'ip' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'uuid' })
  actorUserId!: string;

  @Property({ type: 'text' })
  actorEmail!: string;

  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'text' })
  targetType!: string;

  @Property({ type: 'text' })
  targetId!: string;

  @Property({ type: 'uuid', nullable: true })
  orgId: string | null = null;

  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  before: Record<string, unknown> | null = null;

  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  after: Record<string, unknown> | null = null;

  /** Provenance: the X-Request-Id of the change (ties it to the request log line) and the client IP. */
  @Property({ type: 'text', nullable: true })
  requestId: string | null = null;

  @Property({ type: 'text', nullable: true })
  ip: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
