import type { Config } from '../../config';
import { normalizeEmail } from '../../common/validation';
import type { RateLimits } from '../../rate-limit/rate-limits';
import type { MailMessage, MailOutbox, MailRefusal } from './mailer';
import { endpointDisabledMail, invitationMail, passwordResetMail, verificationMail } from './templates';
import { MAIL_TOKEN_LIFETIME_MS } from './mail-tokens';

export type AccountMailKind = 'verify_email' | 'password_reset' | 'invitation' | 'webhook_endpoint_disabled';

/**
 * The account mails, posted once the transaction that stored their token has committed. Every
 * one of them passes two quotas first (docs/operations.md, "Rate limits and quotas"), counted
 * in PostgreSQL so that every process shares them:
 * - per recipient address (`mail_email`), folded as the accounts code folds addresses (trimmed,
 *   lower case), so `Victim@Example.com ` and `victim@example.com` share one bucket;
 * - per organization (`mail_org`), for the mails an organization causes: invitations, the
 *   verification of a member it added or of its own members, notices to its owners. A password
 *   reset is asked for by anyone who knows an address, so it is counted per address only:
 *   counting it against the organization would let strangers use up its invitations.
 * Over either quota the mail is dropped silently (logged and counted, never a 429), in the
 * background like the send itself, so that neither the answer nor its timing tells anything.
 */
export class AccountMail {
  constructor(
    private readonly config: Config,
    private readonly outbox: MailOutbox,
    private readonly limits: RateLimits,
  ) {}

  /** `orgId`: the organization the account belongs to (its signup, its owner adding it, or its own resend). */
  verification(to: string, token: string, orgId: string): void {
    const adminAddress = this.config.platformAdminEmails.has(normalizeEmail(to));
    this.post('verify_email', verificationMail(to, this.config.publicBaseUrl, token, MAIL_TOKEN_LIFETIME_MS.verify_email / 3_600_000, adminAddress), orgId);
  }

  passwordReset(to: string, token: string): void {
    this.post('password_reset', passwordResetMail(to, this.config.publicBaseUrl, token, MAIL_TOKEN_LIFETIME_MS.password_reset / 60_000), null);
  }

  invitation(to: string, token: string, orgId: string, organizationName: string): void {
    this.post('invitation', invitationMail(to, this.config.publicBaseUrl, token, organizationName, MAIL_TOKEN_LIFETIME_MS.invitation / 86_400_000), orgId);
  }

  endpointDisabled(orgId: string, notice: { email: string; organizationName: string; url: string | null; reason: string | null }): void {
    this.post('webhook_endpoint_disabled', endpointDisabledMail(notice.email, this.config.publicBaseUrl, notice.organizationName, notice.url, notice.reason), orgId);
  }

  private post(kind: AccountMailKind, message: MailMessage, orgId: string | null): void {
    this.outbox.post(kind, message, () => this.refusal(message.to, orgId));
  }

  /** The address first: its cap protects the person who receives the mails. */
  private async refusal(to: string, orgId: string | null): Promise<MailRefusal | null> {
    if (!(await this.limits.take('mail_email', normalizeEmail(to)))) return 'over_address_limit';
    if (orgId !== null && !(await this.limits.take('mail_org', orgId))) return 'over_organization_limit';
    return null;
  }
}
