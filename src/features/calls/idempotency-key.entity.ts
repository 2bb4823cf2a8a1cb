import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** Idempotency-Key records for POST /v1/calls/outbound, kept 24 h per organization. */
@Entity({ tableName: 'idempotency_keys' })
export class IdempotencyKey {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  orgId!: string;

  @PrimaryKey({ type: 'text' })
  key!: string;

  /** SHA-256 of the canonical request body: same key + different body is a conflict. */
  @Property({ type: 'text' })
  requestHash!: string;

  @Property({ type: 'integer' })
  responseStatus!: number;

  @Property({ type: 'json', columnType: 'json' })
  responseBody!: Record<string, unknown>;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
