import type { Config } from '../../config';
import type { MailOutbox } from './mailer';
import { invitationMail, passwordResetMail, verificationMail } from './templates';
import { MAIL_TOKEN_LIFETIME_MS } from './mail-tokens';

/** The account mails, posted once the transaction that stored their token has committed. */
export class AccountMail {
  constructor(
    private readonly config: Config,
    private readonly outbox: MailOutbox,
  ) {}

  verification(to: string, token: string): void {
    const adminAddress = this.config.platformAdminEmails.has(to.toLowerCase());
    this.outbox.post('verify_email', verificationMail(to, this.config.publicBaseUrl, token, MAIL_TOKEN_LIFETIME_MS.verify_email / 3_600_000, adminAddress));
  }

  passwordReset(to: string, token: string): void {
    this.outbox.post('password_reset', passwordResetMail(to, this.config.publicBaseUrl, token, MAIL_TOKEN_LIFETIME_MS.password_reset / 60_000));
  }

  invitation(to: string, token: string, organizationName: string): void {
    this.outbox.post('invitation', invitationMail(to, this.config.publicBaseUrl, token, organizationName, MAIL_TOKEN_LIFETIME_MS.invitation / 86_400_000));
  }
}
