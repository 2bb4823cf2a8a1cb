import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WAIT_DEADLINE_MS } from './wait';

export interface Received {
  n: number;
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  json: Record<string, unknown>;
  at: number;
}

export type Reply =
  | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number }
  | { hang: true }
  | { reset: true };

/**
 * A real webhook receiver on loopback (the far end we do not own). It keeps the raw bytes of every
 * request and answers as told: a status, a delay, a hang past the sender's timeout, or a reset.
 */
export class Receiver {
  readonly received: Received[] = [];
  private server!: http.Server;
  private reply: (r: Received) => Reply = () => ({ status: 200, body: 'ok' });
  private readonly checks = new Set<() => void>();
  url = '';

  static async start(reply?: (r: Received) => Reply): Promise<Receiver> {
    const r = new Receiver();
    if (reply) r.reply = reply;
    r.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          /* keep raw */
        }
        const rec: Received = { n: r.received.length + 1, path: req.url ?? '/', headers: req.headers, raw, json, at: Date.now() };
        r.received.push(rec);
        const answer = r.reply(rec);
        for (const check of [...r.checks]) check();
        if ('hang' in answer) return; // never answer
        if ('reset' in answer) {
          req.socket.destroy();
          return;
        }
        const send = () => res.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
        if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}`;
    return r;
  }

  setReply(reply: (r: Received) => Reply): void {
    this.reply = reply;
  }

  byEvent(event: string, callId?: string): Received[] {
    return this.received.filter((r) => r.json.event === event && (!callId || r.json.call_id === callId));
  }

  /**
   * Resolves once `predicate` holds; it is checked on every request received. The deadline is the
   * suite's one deadline (wait.ts) unless a test names its own: a test whose claim IS a bound
   * (e.g. "taken over within 30 s") passes that bound as `deadlineMs`.
   */
  async waitFor(predicate: () => boolean, optsOrDeadline: { what?: string; deadlineMs?: number } | number = {}, what?: string): Promise<void> {
    // A bare number is a hint for slow work: never shorter than the suite's deadline. Only the
    // object form's `deadlineMs` is exact, for the tests whose claim is the bound itself.
    const opts = typeof optsOrDeadline === 'number' ? { deadlineMs: Math.max(optsOrDeadline, WAIT_DEADLINE_MS), what } : optsOrDeadline;
    if (predicate()) return;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!predicate()) return;
        clearTimeout(timer);
        this.checks.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.checks.delete(check);
        reject(new Error(`timed out waiting for ${opts.what ?? 'receiver condition'}; received ${this.received.length}: ${this.received.map((r) => r.json.event).join(', ')}`));
      }, opts.deadlineMs ?? WAIT_DEADLINE_MS);
      this.checks.add(check);
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
