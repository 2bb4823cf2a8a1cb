import { Migration } from '@mikro-orm/migrations';

/**
 * Initial schema. Hand-written (not generated) so that column types carry intent: `json` for
 * caller-supplied objects whose key order must survive, partial indexes for the worker's scans,
 * CHECK constraints that keep states honest even against a buggy writer.
 */
export class Migration20261122000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table organizations (
  id uuid primary key,
  name text not null,
  active boolean not null default true,
  webhook_url text,
  webhook_secret_enc text not null,
  webhook_secret_fingerprint text not null,
  webhook_secret_last4 text not null,
  previous_webhook_secret_enc text,
  previous_webhook_secret_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);`);
    this.addSql(`create index organizations_name_idx on organizations (lower(name));`);

    this.addSql(`
create table users (
  id uuid primary key,
  org_id uuid not null references organizations (id) deferrable initially deferred,
  email text not null,
  password_hash text not null,
  role text not null check (role in ('owner', 'member', 'platform_admin')),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_lower check (email = lower(email))
);`);
    this.addSql(`create unique index users_email_key on users (email);`);
    this.addSql(`create index users_org_idx on users (org_id, id desc);`);

    this.addSql(`
create table api_keys (
  id uuid primary key,
  org_id uuid not null references organizations (id) deferrable initially deferred,
  name text,
  prefix text not null check (length(prefix) = 16),
  hash text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);`);
    this.addSql(`create unique index api_keys_hash_key on api_keys (hash);`);
    this.addSql(`create index api_keys_org_idx on api_keys (org_id, id desc);`);

    this.addSql(`
create table calls (
  id uuid primary key,
  org_id uuid not null references organizations (id) deferrable initially deferred,
  to_number text not null,
  from_number text,
  status text not null check (status in ('queued', 'ringing', 'in_progress', 'completed', 'failed', 'canceled')),
  disposition text check (disposition in ('human', 'voicemail', 'busy', 'no_answer', 'invalid_number', 'carrier_error', 'canceled')),
  duration_seconds integer,
  metadata json not null default '{}',
  webhook_url text,
  task text,
  questions json not null default '[]',
  max_duration_seconds integer not null,
  transcript text,
  structured_answers json,
  recording_seconds integer,
  carrier_call_id text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  ended_at timestamptz,
  analyzed_at timestamptz,
  updated_at timestamptz not null default now()
);`);
    this.addSql(`create index calls_org_idx on calls (org_id, id desc);`);
    this.addSql(`create index calls_org_status_idx on calls (org_id, status, id desc);`);
    // The sweeper looks for open calls only; a partial index keeps that scan tiny.
    this.addSql(`create index calls_open_idx on calls (created_at) where status in ('queued', 'ringing', 'in_progress');`);

    this.addSql(`
create table idempotency_keys (
  org_id uuid not null references organizations (id) deferrable initially deferred,
  key text not null,
  request_hash text not null,
  response_status integer not null,
  response_body json not null,
  created_at timestamptz not null default now(),
  primary key (org_id, key)
);`);
    this.addSql(`create index idempotency_keys_created_idx on idempotency_keys (created_at);`);

    this.addSql(`
create table webhook_deliveries (
  id uuid primary key,
  org_id uuid not null references organizations (id) deferrable initially deferred,
  call_id uuid not null references calls (id) deferrable initially deferred,
  event text not null check (event in ('call.queued', 'call.ended', 'call.analyzed')),
  url text,
  payload text not null,
  state text not null check (state in ('pending', 'delivered', 'failed', 'undeliverable')),
  delivered boolean not null default false,
  response_code integer,
  attempts integer not null default 0,
  scheduled_attempts integer not null default 0,
  next_attempt_at timestamptz,
  last_error text,
  lease_until timestamptz,
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);`);
    this.addSql(`create index webhook_deliveries_org_idx on webhook_deliveries (org_id, id desc);`);
    this.addSql(`create index webhook_deliveries_call_idx on webhook_deliveries (call_id);`);
    this.addSql(`create index webhook_deliveries_pending_idx on webhook_deliveries (next_attempt_at) where state = 'pending';`);

    this.addSql(`
create table webhook_attempts (
  id uuid primary key,
  delivery_id uuid not null references webhook_deliveries (id) deferrable initially deferred,
  org_id uuid not null references organizations (id) deferrable initially deferred,
  url text,
  attempted_at timestamptz not null default now(),
  response_code integer,
  duration_ms integer not null,
  error text,
  response_excerpt text,
  trigger text not null check (trigger in ('scheduled', 'manual'))
);`);
    this.addSql(`create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, attempted_at);`);

    this.addSql(`
create table audit_log (
  id uuid primary key,
  actor_user_id uuid not null,
  actor_email text not null,
  action text not null,
  target_type text not null,
  target_id text not null,
  org_id uuid,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);`);
    this.addSql(`create index audit_log_id_idx on audit_log (id desc);`);
  }

  override async down(): Promise<void> {
    for (const t of ['audit_log', 'webhook_attempts', 'webhook_deliveries', 'idempotency_keys', 'calls', 'api_keys', 'users', 'organizations']) {
      this.addSql(`drop table if exists ${t} cascade;`);
    }
  }
}
