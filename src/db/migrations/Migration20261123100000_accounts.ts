import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts that prove who they are (docs/accounts.md):
 * - `users.email_verified`: false until the owner of the address follows a mailed link. Existing
 *   accounts start unverified too: nothing ever proved their addresses.
 * - `users.session_version`: carried by every dashboard token (`sv`); bumping it ends every token
 *   issued before. Tokens from before this column carry no `sv` and count as version 0.
 * - `users.password_hash` may be null: an invited member has no password until they accept.
 * - `email_tokens`: the mailed single-use tokens, stored only as their SHA-256.
 */
export class Migration20261123100000_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table users
  add column email_verified boolean not null default false,
  add column email_verified_at timestamptz,
  add column session_version integer not null default 0,
  alter column password_hash drop not null;`);
    this.addSql(`
create table email_tokens (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('verify_email', 'password_reset', 'invitation')),
  token_hash text not null,
  email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);`);
    this.addSql(`create unique index email_tokens_hash_key on email_tokens (token_hash);`);
    this.addSql(`create index email_tokens_user_idx on email_tokens (user_id, purpose) where used_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists email_tokens;`);
    this.addSql(`update users set password_hash = '!' where password_hash is null;`);
    this.addSql(`alter table users drop column email_verified, drop column email_verified_at, drop column session_version, alter column password_hash set not null;`);
  }
}
