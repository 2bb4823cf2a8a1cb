import type { Config } from '../../config';
import type { LiveEventsPublisher } from '../../common/live-events';
import type { RateLimits } from '../../rate-limit/rate-limits';
import type { Ctx } from '../../common/context';
import { requireUser } from '../../common/context';
import { AppError, validationError } from '../../common/errors';
import { parseInput } from '../../common/validation';
import { User } from '../users';
import { type AccountMail, consumeMailToken, issueMailToken, issuePasswordResetToken, peekMailToken } from '../mail';
import {
  acceptInvitationSchema,
  changePasswordSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  verifyEmailSchema,
  type AcceptInvitationInput,
  type ChangePasswordInput,
  type PasswordResetConfirmInput,
  type PasswordResetRequestInput,
  type VerifyEmailInput,
} from './auth.schemas';
import type { AuthService, SessionToken } from './auth.service';
import { hashPassword, verifyPassword } from '../../common/passwords';

interface UpdatedUser {
  id: string;
  org_id: string;
  email: string;
  role: User['role'];
  session_version: number;
  active: boolean;
  org_active: boolean;
}

const toSessionUser = (r: UpdatedUser) => ({ id: r.id, orgId: r.org_id, role: r.role, sessionVersion: r.session_version });

/**
 * The account lifecycle after signup (docs/accounts.md): proving the address, resetting and
 * changing the password, ending every session, accepting an invitation. Tokens from mails are
 * consumed inside the transaction that acts on them; mails go out after it commits.
 */
export class AccountService {
  /** Re-checks the live sockets of a user whose sessions just ended (set by createServices). */
  live: LiveEventsPublisher | undefined;

  constructor(
    private readonly config: Config,
    private readonly auth: AuthService,
    private readonly limits: RateLimits,
    private readonly mail: AccountMail,
  ) {}

  /**
   * An address listed in PLATFORM_ADMIN_EMAILS is verified only by a request signed in to that very
   * account (ctx.actor): otherwise whoever signed up first with the address (choosing its password)
   * would become admin the moment the real holder clicked the link. The real holder, not knowing
   * that password, takes the account over with a password reset instead.
   */
  async verifyEmail(ctx: Ctx, raw: unknown): Promise<{ emailVerified: true }> {
    const input = parseInput(verifyEmailSchema, raw);
    const owner = await peekMailToken(ctx.em, input.token, 'verify_email');
    if (owner && this.auth.isListedAdminEmail(owner.email)) {
      const actor = ctx.actor?.kind === 'user' ? ctx.actor : null;
      if (actor?.userId !== owner.userId) {
        throw new AppError(
          'email_not_verified',
          'This address carries platform administrator rights: confirm it while signed in to its account, or reset the password of that account.',
        );
      }
    }
    await ctx.em.transactional(async (em) => {
      const { userId } = await consumeMailToken(em, input.token, 'verify_email');
      await em.execute(`update users set email_verified = true, email_verified_at = coalesce(email_verified_at, now()), updated_at = now() where id = ?`, [userId]);
    });
    return { emailVerified: true };
  }

  /**
   * A new verification link (the old ones stay good until used or expired). Nothing is sent once
   * verified. Over the account-mail quotas the answer is the same and no mail leaves (AccountMail).
   */
  async resendVerification(ctx: Ctx): Promise<void> {
    const actor = requireUser(ctx);
    if (actor.emailVerified) return;
    const token = await ctx.em.transactional((em) => issueMailToken(em, actor.userId, actor.email, 'verify_email'));
    this.mail.verification(actor.email, token, actor.orgId);
  }

  /**
   * Always "accepted": whether the address has an account shows neither in the answer nor in its
   * timing (one statement either way; the mail, and the quota it passes first, happen in the
   * background). Over the per-address mail quota nothing is sent, for the same reason.
   */
  async requestPasswordReset(ctx: Ctx, raw: unknown): Promise<void> {
    const input = parseInput(passwordResetRequestSchema, raw);
    if (!input.email || input.email.length > 254) return;
    const token = await issuePasswordResetToken(ctx.em, input.email);
    if (token) this.mail.passwordReset(input.email, token);
  }

  /**
   * Sets the new password, proves the address (the link reached it), ends every earlier session
   * and lifts the login lockout of that address: an attacker's wrong guesses cannot keep the
   * owner out once they can read their mail.
   */
  async confirmPasswordReset(ctx: Ctx, raw: unknown): Promise<SessionToken> {
    const input = parseInput(passwordResetConfirmSchema, raw);
    const passwordHash = await hashPassword(input.password, this.config.bcryptCost);
    const user = await ctx.em.transactional(async (em) => {
      const { userId } = await consumeMailToken(em, input.token, 'password_reset');
      return this.updateUser(em, userId, `password_hash = ?, session_version = session_version + 1, email_verified = true, email_verified_at = coalesce(email_verified_at, now())`, [passwordHash]);
    });
    this.live?.accessChanged({ userId: user.id });
    await this.limits.reset('login_email', user.email);
    return this.auth.session(toSessionUser(user));
  }

  /** Needs the current password (counted like a login attempt); ends every other session. */
  async changePassword(ctx: Ctx, raw: unknown): Promise<SessionToken> {
    const actor = requireUser(ctx);
    const input = parseInput(changePasswordSchema, raw);
    await this.limits.consume('login_email', actor.email, 'Too many password attempts for this account. Try again later.');
    const stored = await ctx.em.findOneOrFail(User, { id: actor.userId }, { populate: ['passwordHash'] });
    if (!(await verifyPassword(input.current_password, stored.passwordHash, this.config.bcryptCost))) {
      throw validationError('current_password', 'is incorrect');
    }
    const passwordHash = await hashPassword(input.new_password, this.config.bcryptCost);
    const user = await ctx.em.transactional((em) => this.updateUser(em, actor.userId, `password_hash = ?, session_version = session_version + 1`, [passwordHash]));
    this.live?.accessChanged({ userId: actor.userId });
    await this.limits.reset('login_email', actor.email);
    return this.auth.session(toSessionUser(user));
  }

  /** Ends every token of the user, this one included. */
  async logoutAll(ctx: Ctx): Promise<void> {
    const actor = requireUser(ctx);
    await ctx.em.execute(`update users set session_version = session_version + 1, updated_at = now() where id = ?`, [actor.userId]);
    this.live?.accessChanged({ userId: actor.userId });
  }

  /** Sets the invited member's password; accepting proves the address. */
  async acceptInvitation(ctx: Ctx, raw: unknown): Promise<SessionToken> {
    const input = parseInput(acceptInvitationSchema, raw);
    const passwordHash = await hashPassword(input.password, this.config.bcryptCost);
    const user = await ctx.em.transactional(async (em) => {
      const { userId } = await consumeMailToken(em, input.token, 'invitation');
      return this.updateUser(em, userId, `password_hash = ?, email_verified = true, email_verified_at = coalesce(email_verified_at, now())`, [passwordHash]);
    });
    return this.auth.session(toSessionUser(user));
  }

  /** Updates one user; a deactivated user or organization rolls the whole transaction back (token unspent). */
  private async updateUser(em: Ctx['em'], userId: string, set: string, params: unknown[]): Promise<UpdatedUser> {
    const rows: UpdatedUser[] = await em.execute(
      `update users u set ${set}, updated_at = now()
         from organizations o
        where u.id = ? and o.id = u.org_id
        returning u.id, u.org_id, u.email, u.role, u.session_version, u.active, o.active as org_active`,
      [...params, userId],
    );
    const row = rows[0];
    if (!row) throw new AppError('invalid_token', 'The link is invalid, expired or already used.', { status: 400 });
    if (!row.active) throw new AppError('inactive_user', 'This user is deactivated.');
    if (!row.org_active) throw new AppError('inactive_organization', 'This organization is deactivated.');
    return row;
  }
}
