import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export type ConnectionType = 'simulator' | 'sip' | 'twilio';

/** An organization's own carrier; without a row, the deployment default applies. */
@Entity({ tableName: 'carrier_connections' })
export class CarrierConnection {
  [OptionalProps]?: 'host' | 'port' | 'transport' | 'username' | 'accountSid' | 'secretEnc' | 'numbers' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  orgId!: string;

  @Property({ type: 'text' })
  type!: ConnectionType;

  @Property({ type: 'text', nullable: true })
  host: string | null = null;

  @Property({ type: 'integer', nullable: true })
  port: number | null = null;

  @Property({ type: 'text', nullable: true })
  transport: string | null = null;

  @Property({ type: 'text', nullable: true })
  username: string | null = null;

  @Property({ type: 'text', nullable: true })
  accountSid: string | null = null;

  /** The SIP password or the Twilio auth token, AES-256-GCM under SECRETS_ENCRYPTION_KEY; never returned. */
  @Property({ type: 'text', nullable: true, lazy: true })
  secretEnc: string | null = null;

  @Property({ type: 'json', columnType: 'jsonb' })
  numbers: string[] = [];

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
