/**
 * The mail feature's public module: what other features may use of it (the layer rules in
 * docs/architecture.md; test/unit/dependency-rules.test.ts enforces them).
 */
export type { AccountMail } from './account-mail';
export { consumeMailToken, issueMailToken, issuePasswordResetToken, peekMailToken } from './mail-tokens';
export type { MailMessage } from './mailer';
