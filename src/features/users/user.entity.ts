import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../shared/ids';
import type { Role } from '../../shared/roles';

@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?: 'active' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'uuid' })
  orgId!: string;

  /** Trimmed and lower-cased before it gets here; unique across the service. */
  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text', hidden: true, lazy: true })
  passwordHash!: string;

  @Property({ type: 'text' })
  role!: Role;

  @Property({ type: 'boolean' })
  active: boolean = true;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
