import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';
import type { Role } from '../../common/roles';

@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?: 'active' | 'createdAt' | 'updatedAt' | 'emailVerified' | 'emailVerifiedAt' | 'sessionVersion' | 'passwordHash';

  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'uuid' })
  orgId!: string;

  /** Trimmed and lower-cased before it gets here; unique across the service. */
  @Property({ type: 'text' })
  email!: string;

  /** Null for an invited member until they accept (no password can match it). */
  @Property({ type: 'text', hidden: true, lazy: true, nullable: true })
  passwordHash: string | null = null;

  @Property({ type: 'text' })
  role!: Role;

  @Property({ type: 'boolean' })
  active: boolean = true;

  /** True once the holder of the address followed a mailed link (docs/accounts.md). */
  @Property({ type: 'boolean' })
  emailVerified: boolean = false;

  @Property({ type: 'datetime', nullable: true })
  emailVerifiedAt: Date | null = null;

  /** Carried by dashboard tokens as `sv`; bumping it ends every token issued before. */
  @Property({ type: 'integer' })
  sessionVersion: number = 0;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
