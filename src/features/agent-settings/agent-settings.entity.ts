import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** An organization's defaults for its calls' conversations; without a row, the deployment's apply. */
@Entity({ tableName: 'agent_settings' })
export class AgentSettings {
  [OptionalProps]?: 'callerName' | 'language' | 'voice' | 'llm' | 'instructions' | 'llmUrl' | 'llmModel' | 'llmApiKeyEnc' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  orgId!: string;

  @Property({ type: 'text', nullable: true })
  callerName: string | null = null;

  @Property({ type: 'text', nullable: true })
  language: string | null = null;

  @Property({ type: 'text', nullable: true })
  voice: string | null = null;

  /** Whether a language model leads the calls by default (null: yes when one is configured). */
  @Property({ type: 'boolean', nullable: true })
  llm: boolean | null = null;

  @Property({ type: 'text', nullable: true })
  instructions: string | null = null;

  /** The organization's own chat-completions endpoint, instead of the deployment's. */
  @Property({ type: 'text', nullable: true })
  llmUrl: string | null = null;

  @Property({ type: 'text', nullable: true })
  llmModel: string | null = null;

  /** Its API key, AES-256-GCM under SECRETS_ENCRYPTION_KEY; never returned. */
  @Property({ type: 'text', nullable: true, lazy: true })
  llmApiKeyEnc: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
