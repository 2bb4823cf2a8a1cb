import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

@Entity({ tableName: 'organizations' })
export class Organization {
  [OptionalProps]?: 'active' | 'webhookUrl' | 'previousWebhookSecretEnc' | 'previousWebhookSecretExpiresAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'boolean' })
  active: boolean = true;

  @Property({ type: 'text', nullable: true })
  webhookUrl: string | null = null;

  /** AES-256-GCM ciphertext of the whsec_ secret (HMAC needs the secret itself, so no hash). */
  @Property({ type: 'text', hidden: true, lazy: true })
  webhookSecretEnc!: string;

  @Property({ type: 'text' })
  webhookSecretFingerprint!: string;

  @Property({ type: 'text' })
  webhookSecretLast4!: string;

  /** The secret before the last rotation: it still signs for 24 h so receivers can roll over. */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  previousWebhookSecretEnc: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  previousWebhookSecretExpiresAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
