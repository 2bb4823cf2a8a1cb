import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

@Entity({ tableName: 'api_keys' })
export class ApiKey {
  [OptionalProps]?: 'name' | 'createdAt' | 'lastUsedAt' | 'revokedAt' | 'status';

  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'uuid' })
  orgId!: string;

  @Property({ type: 'text', nullable: true })
  name: string | null = null;

  /** First 16 characters of the secret, shown in lists so people can tell keys apart. */
  @Property({ type: 'text' })
  prefix!: string;

  /** SHA-256 of the full secret, hex; the secret itself is never stored. */
  @Property({ type: 'text', hidden: true })
  hash!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  get status(): 'active' | 'revoked' {
    return this.revokedAt ? 'revoked' : 'active';
  }
}
