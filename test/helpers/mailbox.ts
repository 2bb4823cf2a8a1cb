import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { recordSecret } from './factories';
import type { TestApp } from './test-app';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** The HTML alternative ('' when the mail has none). */
  html: string;
  /** Recipients of the SMTP envelope (RCPT TO), whatever the headers say. */
  envelopeTo: string[];
  /** The `token` query parameter of the first link in the body, if any. */
  token?: string;
  link?: string;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) that parses what it receives with
 * `mailparser`. Point the app at it with SMTP_URL = mailbox.url. Waiting is event-driven: a
 * waiter is woken by the arriving message, under one overall deadline.
 */
export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  /** Recipients refused so far (one entry per refused RCPT TO). */
  readonly refused: string[] = [];
  /** Addresses this server refuses with a 450 (mailbox unavailable) until removed. */
  readonly refusing = new Set<string>();
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start(): Promise<Mailbox> {
    let box: Mailbox | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const to = address.address.toLowerCase();
        if (!box!.refusing.has(to)) return callback();
        box!.refused.push(to);
        box!.wake();
        callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 450 }));
      },
      onData(stream, session, callback) {
        const envelopeTo = session.envelope.rcptTo.map((a) => a.address.toLowerCase());
        simpleParser(stream).then(
          (parsed) => {
            const text = parsed.text ?? '';
            const link = /https?:\/\/\S+\?token=([A-Za-z0-9_-]+)/.exec(text);
            const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
            if (link) recordSecret(link[1]);
            box!.receive({ to, envelopeTo, from: parsed.from?.text ?? '', subject: parsed.subject ?? '', text, html: parsed.html || '', link: link?.[0], token: link?.[1] });
            callback();
          },
          (err: Error) => callback(err),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    box = new Mailbox(server, `smtp://127.0.0.1:${port}`);
    return box;
  }

  private receive(mail: ReceivedMail): void {
    this.messages.push(mail);
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Messages to `address` so far (newest last). */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** Waits for the n-th message (1-based) to `address` whose subject matches. */
  async waitFor(address: string, subject: RegExp, opts: { nth?: number; timeoutMs?: number } = {}): Promise<ReceivedMail> {
    const nth = opts.nth ?? 1;
    return this.until(() => this.to(address).filter((m) => subject.test(m.subject))[nth - 1], `mail #${nth} to ${address} matching ${subject}`, opts.timeoutMs);
  }

  /** Waits until a delivery to `address` has been refused. */
  async waitForRefusal(address: string, timeoutMs?: number): Promise<void> {
    await this.until(() => this.refused.includes(address.toLowerCase()) || undefined, `a refused delivery to ${address}`, timeoutMs);
  }

  private async until<T>(probe: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = probe();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} (got ${this.messages.length} messages in all)`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export const VERIFY_SUBJECT = /Confirm your e-mail address/;
export const RESET_SUBJECT = /Reset your voicegate password/;
export const INVITE_SUBJECT = /You are invited/;

/**
 * Verifies a signed-up account's address the way its holder would: the link from the mail that
 * reached the mailbox, posted signed in (which an address with admin rights requires).
 */
export async function verifyByMail(app: TestApp, box: Mailbox, account: { email: string; token: string }): Promise<void> {
  const mail = await box.waitFor(account.email, VERIFY_SUBJECT);
  const res = await app.http().post('/auth/verify-email').set('Authorization', `Bearer ${account.token}`).send({ token: mail.token });
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A mailed token's stored form (what the database holds instead of the token). */
export const storedTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
