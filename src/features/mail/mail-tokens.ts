import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/errors';
import { newId } from '../../common/ids';

/**
 * The single-use tokens that mails carry (verification, password reset, invitation): 32 random
 * bytes, stored only as their SHA-256, bound to one purpose, one user and the address they were
 * sent to, and consumed atomically (docs/accounts.md lists the lifetimes).
 */
export type MailTokenPurpose = 'verify_email' | 'password_reset' | 'invitation';

export const MAIL_TOKEN_LIFETIME_MS: Record<MailTokenPurpose, number> = {
  verify_email: 48 * 3_600_000,
  password_reset: 60 * 60_000,
  invitation: 7 * 86_400_000,
};

const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export const invalidMailToken = (): AppError =>
  new AppError('invalid_token', 'The link is invalid, expired or already used.', { status: 400 });

/** Stores a new token for `userId` through `em` (inside the caller's transaction); returns it in the clear, once. */
export async function issueMailToken(em: EntityManager, userId: string, email: string, purpose: MailTokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await em.execute(
    `insert into email_tokens (id, user_id, purpose, token_hash, email, expires_at) values (?, ?, ?, ?, ?, ?)`,
    [newId(), userId, purpose, hashToken(token), email, new Date(Date.now() + MAIL_TOKEN_LIFETIME_MS[purpose])],
  );
  return token;
}

/**
 * Password reset: issues a token only when the address has an account, in one statement either
 * way, so a known and an unknown address cost the same round trip. Returns the token or null.
 */
export async function issuePasswordResetToken(em: EntityManager, email: string): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const rows: unknown[] = await em.execute(
    `insert into email_tokens (id, user_id, purpose, token_hash, email, expires_at)
     select ?, u.id, 'password_reset', ?, u.email, ? from users u where u.email = ? and u.active
     returning id`,
    [newId(), hashToken(token), new Date(Date.now() + MAIL_TOKEN_LIFETIME_MS.password_reset), email],
  );
  return rows.length ? token : null;
}

/** Whose token this is, without using it: null when it is not usable (bad, used, expired, other purpose). */
export async function peekMailToken(em: EntityManager, token: unknown, purpose: MailTokenPurpose): Promise<{ userId: string; email: string } | null> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
  const rows: Array<{ user_id: string; email: string }> = await em.execute(
    `select user_id, email from email_tokens where token_hash = ? and purpose = ? and used_at is null and expires_at > now()`,
    [hashToken(token), purpose],
  );
  return rows[0] ? { userId: rows[0].user_id, email: rows[0].email } : null;
}

/**
 * Uses a token once: bad, used, expired, of another purpose, or sent to an address the user no
 * longer has → 400 invalid_token. Every other open token of the same user and purpose is spent
 * with it (one reset ends the other reset links). Run it inside the transaction that acts on it.
 */
export async function consumeMailToken(em: EntityManager, token: unknown, purpose: MailTokenPurpose): Promise<{ userId: string; email: string }> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw invalidMailToken();
  const rows: Array<{ user_id: string; email: string }> = await em.execute(
    `update email_tokens t set used_at = now()
       from users u
      where t.token_hash = ? and t.purpose = ? and t.used_at is null and t.expires_at > now()
        and u.id = t.user_id and u.email = t.email
      returning t.user_id, t.email`,
    [hashToken(token), purpose],
  );
  const row = rows[0];
  if (!row) throw invalidMailToken();
  await em.execute(`update email_tokens set used_at = now() where user_id = ? and purpose = ? and used_at is null`, [row.user_id, purpose]);
  return { userId: row.user_id, email: row.email };
}
