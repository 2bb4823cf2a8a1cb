import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Logger } from '../../common/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML (an alternative part). */
  html?: string;
}

/** Where mail goes: an SMTP server, or (without SMTP_URL) .eml files for a developer to open. */
export interface Mailer {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Bounded so that a dead mail server costs a failed send, not a hung one. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: nodemailer.Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    const parsed = new URL(url);
    this.transport = nodemailer.createTransport({
      host: parsed.hostname.replace(/^\[|\]$/g, ''),
      port: parsed.port ? Number(parsed.port) : parsed.protocol === 'smtps:' ? 465 : 587,
      secure: parsed.protocol === 'smtps:',
      auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
      ...SMTP_TIMEOUTS,
    });
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
  }

  close(): void {
    this.transport.close();
  }
}

/** The same RFC 5322 message nodemailer would send, written to DATA_DIR/mail/<time>-<to>.eml (mode 0600). */
class FileMailer implements Mailer {
  readonly kind = 'file' as const;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {}

  async send(m: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${m.to.replace(/[^A-Za-z0-9@._-]/g, '_')}-${randomBytes(3).toString('hex')}.eml`);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    // The subject and the file, never the body: it holds the single-use link.
    this.log.info({ mail_file: file, subject: m.subject }, 'mail written to file (SMTP_URL is not set)');
  }

  close(): void {
    this.transport.close();
  }
}

export function createMailer(config: Config, log: Logger): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  return new FileMailer(path.join(config.dataDir, 'mail'), config.mailFrom, log);
}

/** What became of a posted mail (the `voicegate_mails_total` metric's outcome label). */
export type MailOutcome = 'sent' | 'failed' | MailRefusal;
/** Why a mail was not sent although nothing failed: a quota (docs/operations.md, "Rate limits"). */
export type MailRefusal = 'over_address_limit' | 'over_organization_limit';

/**
 * Sends after the caller's transaction has committed, without making the request wait for the
 * mail server (a password reset for a known address must not take visibly longer than for an
 * unknown one). A failed send is logged and not retried: every mail can be asked for again
 * (resend-verification, another reset request, inviting again), and a fresh link is minted then.
 * A mail may carry a gate (its quotas), asked in the background too: a refused mail is dropped,
 * logged and counted, and the request that caused it never learns of it.
 */
export class MailOutbox {
  private readonly inflight = new Set<Promise<void>>();
  /** Told of every mail's outcome (metrics). */
  onOutcome: ((kind: string, outcome: MailOutcome) => void) | undefined;

  constructor(
    readonly mailer: Mailer,
    private readonly log: Logger,
  ) {}

  post(kind: string, message: MailMessage, gate?: () => Promise<MailRefusal | null>): void {
    const sending: Promise<void> = this.deliver(kind, message, gate).finally(() => this.inflight.delete(sending));
    this.inflight.add(sending);
  }

  private async deliver(kind: string, message: MailMessage, gate: (() => Promise<MailRefusal | null>) | undefined): Promise<void> {
    let outcome: MailOutcome;
    try {
      const refusal = gate ? await gate() : null;
      if (refusal) {
        outcome = refusal;
        this.log.warn({ mail: kind, subject: message.subject, refused: refusal }, 'mail not sent: over its hourly limit');
      } else {
        await this.mailer.send(message);
        outcome = 'sent';
        this.log.info({ mail: kind, subject: message.subject, transport: this.mailer.kind }, 'mail sent');
      }
    } catch (err) {
      outcome = 'failed';
      this.log.warn({ err, mail: kind, subject: message.subject }, 'mail could not be sent; the user can ask for it again');
    }
    this.onOutcome?.(kind, outcome);
  }

  /** Waits for the mails under way (shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.inflight]);
    this.mailer.close();
  }
}
