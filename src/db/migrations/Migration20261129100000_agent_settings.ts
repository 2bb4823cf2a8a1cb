import { Migration } from '@mikro-orm/migrations';

/**
 * Agent settings: an organization's defaults for its calls' conversations (caller name,
 * language, voice, whether a language model leads, its instructions) and its own language model
 * endpoint (the key encrypted like carrier secrets). A call keeps its own options (`agent`) and,
 * once analysed, the model's audit trail (`agent_log`, also kept with the stored conversation).
 */
export class Migration20261129100000_agent_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table agent_settings (
      org_id uuid primary key references organizations (id) on delete cascade,
      caller_name text null,
      language text null,
      voice text null,
      llm boolean null,
      instructions text null,
      llm_url text null,
      llm_model text null,
      llm_api_key_enc text null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql(`alter table calls add column agent jsonb null, add column agent_log jsonb null;`);
    this.addSql(`alter table call_recordings add column agent_log jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table call_recordings drop column agent_log;`);
    this.addSql(`alter table calls drop column agent, drop column agent_log;`);
    this.addSql(`drop table agent_settings;`);
  }
}
