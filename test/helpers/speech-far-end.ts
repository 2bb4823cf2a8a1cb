import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChangeWaiter } from './change-waiter';

export interface SpeechRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** The client went away before the answer was whole (a barge-in cancelled it). */
  aborted: boolean;
  /** Pieces written so far. */
  sent: number;
  /** Whether the last piece was written and the answer ended. */
  ended: boolean;
}

/**
 * How the far end answers one request: `pieces` of audio written one by one, each only when the
 * test lets it (`release()`), unless `free`; then the answer ends, or the far end misbehaves:
 * a status with no audio, a connection dropped after `dropAfter` pieces, or silence after
 * `stallAfter` pieces (the socket stays open).
 */
export interface SpeechScript {
  status?: number;
  contentType?: string;
  pieces?: Buffer[];
  free?: boolean;
  dropAfter?: number;
  stallAfter?: number;
}

/**
 * A local OpenAI-compatible speech endpoint (`POST /v1/audio/speech`), the far end of the
 * OpenAI TTS engine: it answers with chunked audio written piece by piece as the test releases
 * it, so a test can see what the client does with the first piece before the rest exists.
 */
export class SpeechFarEnd {
  readonly requests: SpeechRequest[] = [];
  url = '';
  private server!: http.Server;
  private script: (req: SpeechRequest) => SpeechScript = () => ({ free: true, pieces: [] });
  private readonly changes = new ChangeWaiter('speech far end');
  private readonly releases: Array<() => void> = [];
  /** Pieces released before anyone waited for them. */
  private credits = 0;

  static async start(): Promise<SpeechFarEnd> {
    const f = new SpeechFarEnd();
    f.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void f.answer(req, res, Buffer.concat(chunks)));
    });
    await new Promise<void>((resolve) => f.server.listen(0, '127.0.0.1', resolve));
    f.url = `http://127.0.0.1:${(f.server.address() as AddressInfo).port}`;
    return f;
  }

  answerWith(script: (req: SpeechRequest) => SpeechScript): void {
    this.script = script;
  }

  /** Lets the next held piece go out (now, or as soon as it is due). */
  release(): void {
    const next = this.releases.shift();
    if (next) next();
    else this.credits++;
  }

  /** Resolves once `predicate` holds (checked at every change the far end sees). */
  waitFor(predicate: () => boolean, what: string): Promise<void> {
    return this.changes.waitFor(predicate, what);
  }

  async close(): Promise<void> {
    for (const r of this.releases.splice(0)) r();
    this.credits = Number.POSITIVE_INFINITY;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer): Promise<void> {
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      /* kept empty: the test sees it */
    }
    const r: SpeechRequest = { path: req.url ?? '/', headers: req.headers, body, aborted: false, sent: 0, ended: false };
    this.requests.push(r);
    res.on('close', () => {
      if (!r.ended) r.aborted = true;
      this.changes.changed();
    });
    const s = this.script(r);
    this.changes.changed();
    if (s.status && s.status !== 200) {
      res.writeHead(s.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'refused by the test' } }));
      r.ended = true;
      this.changes.changed();
      return;
    }
    res.writeHead(200, { 'content-type': s.contentType ?? 'audio/pcm', 'transfer-encoding': 'chunked' });
    res.flushHeaders();
    for (const piece of s.pieces ?? []) {
      if (s.stallAfter !== undefined && r.sent >= s.stallAfter) return;
      if (s.dropAfter !== undefined && r.sent >= s.dropAfter) {
        res.socket?.destroy();
        return;
      }
      if (!s.free) {
        if (this.credits > 0) this.credits--;
        else await new Promise<void>((resolve) => this.releases.push(resolve));
      }
      if (res.destroyed) return;
      res.write(piece);
      r.sent++;
      this.changes.changed();
    }
    if (s.stallAfter !== undefined) return;
    if (s.dropAfter !== undefined) {
      res.socket?.destroy();
      return;
    }
    r.ended = true;
    res.end();
    this.changes.changed();
  }
}

/** `ms` of a sine at `hz` as 16-bit little-endian PCM at `rate`, starting at sample `from`. */
export function toneBytes(hz: number, ms: number, rate = 24_000, from = 0, amplitude = 12_000): Buffer {
  const n = Math.round((rate * ms) / 1000);
  const b = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * hz * (from + i)) / rate)), i * 2);
  return b;
}

/** A continuous tone cut into `count` pieces of about `ms` each, split at odd byte offsets (mid-sample), as a network may. */
export function tonePieces(hz: number, count: number, ms: number, rate = 24_000): Buffer[] {
  const whole = toneBytes(hz, count * ms, rate);
  const cuts = Array.from({ length: count + 1 }, (_, i) => (i === 0 ? 0 : i === count ? whole.length : Math.round((i * whole.length) / count) + 1));
  return Array.from({ length: count }, (_, i) => whole.subarray(cuts[i], cuts[i + 1]));
}
