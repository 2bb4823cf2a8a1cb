import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WAIT_DEADLINE_MS } from './wait';

/** One scripted answer of the far end to one request, in order. */
export interface ChatReply {
  /** The reply's text, sent as one delta per piece (a string is cut into word-sized pieces). */
  text?: string | string[];
  toolCalls?: Array<{ name: string; arguments: unknown }>;
  /** Answer with this HTTP status and an error body instead of a stream. */
  status?: number;
  /** Held after the headers (before the first delta) until this settles. */
  gate?: Promise<void>;
  /** Held after this many text deltas until `gateAfterResolves` settles (a reply that stops mid-way). */
  holdAfter?: number;
  gateAfterResolves?: Promise<void>;
  /** Wait this long before the first delta (benches only: tests wait on gates). */
  delayMs?: number;
  /** Report usage in a last chunk, as OpenAI does with stream_options.include_usage. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Close the connection after the headers without a byte of the stream. */
  breakOff?: boolean;
}

export interface ChatRequestSeen {
  n: number;
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream: boolean;
    max_tokens?: number;
    messages: Array<{ role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }>;
    tools?: Array<{ type: string; function: { name: string; description: string; parameters: Record<string, unknown> } }>;
  };
  /** The client closed the request before the reply ended (barge-in, a timeout). */
  aborted: boolean;
  /** When the delta that completed each sentence-ending piece was written (performance.now()), for benches. */
  sentAt: number[];
}

const pieces = (text: string | string[]): string[] => (Array.isArray(text) ? text : (text.match(/\S+\s*/g) ?? []).map((w, i) => (i === 0 ? w : w)));

/**
 * A real OpenAI-compatible chat-completions endpoint on loopback, streaming as OpenAI does:
 * `text/event-stream`, one `data: {chat.completion.chunk}` per delta (text deltas, then tool_calls
 * deltas: id and name first, the JSON arguments in pieces), a `finish_reason` chunk, an optional
 * usage chunk and `data: [DONE]`. Each request takes the next scripted reply; a request with no
 * reply scripted gets 500. It records every request, and whether the client aborted it.
 */
export class ChatFarEnd {
  readonly requests: ChatRequestSeen[] = [];
  private readonly replies: Array<ChatReply | ((req: ChatRequestSeen) => ChatReply)> = [];
  private readonly checks = new Set<() => void>();
  private server!: http.Server;
  url = '';

  static async start(): Promise<ChatFarEnd> {
    const f = new ChatFarEnd();
    f.server = http.createServer((req, res) => void f.serve(req, res));
    await new Promise<void>((resolve) => f.server.listen(0, '127.0.0.1', resolve));
    f.url = `http://127.0.0.1:${(f.server.address() as AddressInfo).port}/v1`;
    return f;
  }

  /** Scripts the next replies, in order; a function answers from the request (e.g. quoting what the callee was heard to say). */
  reply(...replies: Array<ChatReply | ((req: ChatRequestSeen) => ChatReply)>): void {
    this.replies.push(...replies);
  }

  /** Resolves when `n` requests have arrived. */
  waitForRequests(n: number): Promise<ChatRequestSeen> {
    return this.until(() => this.requests[n - 1], `${n} chat requests (got ${this.requests.length})`);
  }

  /** Resolves when request `n` was aborted by the client. */
  waitForAbort(n: number): Promise<ChatRequestSeen> {
    return this.until(() => (this.requests[n - 1]?.aborted ? this.requests[n - 1] : undefined), `request ${n} to be aborted`);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private until<T>(found: () => T | undefined, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const v = found();
        if (v === undefined) return;
        this.checks.delete(check);
        clearTimeout(timer);
        resolve(v);
      };
      const timer = setTimeout(() => {
        this.checks.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, WAIT_DEADLINE_MS);
      this.checks.add(check);
      check();
    });
  }

  private changed(): void {
    for (const check of [...this.checks]) check();
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const seen: ChatRequestSeen = { n: this.requests.length + 1, path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), aborted: false, sentAt: [] };
    this.requests.push(seen);
    let finished = false;
    res.on('close', () => {
      if (!finished) {
        seen.aborted = true;
        this.changed();
      }
    });
    this.changed();
    const next = this.replies.shift();
    const r = typeof next === 'function' ? next(seen) : next;
    if (!r || r.status) {
      finished = true;
      res.writeHead(r?.status ?? 500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: r ? 'scripted failure' : 'no reply scripted' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    if (r.breakOff) {
      res.socket?.destroy();
      return;
    }
    if (r.gate) await r.gate;
    if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
    const send = (delta: Record<string, unknown>, finish: string | null = null) => {
      if (res.destroyed) return false;
      res.write(`data: ${JSON.stringify({ id: `chatcmpl-${seen.n}`, object: 'chat.completion.chunk', created: 1, model: seen.body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
      return true;
    };
    send({ role: 'assistant', content: '' });
    const text = r.text ? pieces(r.text) : [];
    for (let i = 0; i < text.length; i++) {
      if (r.holdAfter !== undefined && i === r.holdAfter && r.gateAfterResolves) await r.gateAfterResolves;
      if (!send({ content: text[i] })) return;
      if (/[.!?]\s*$/.test(text[i]!)) seen.sentAt.push(performance.now());
    }
    (r.toolCalls ?? []).forEach((call, index) => {
      const args = JSON.stringify(call.arguments);
      const half = Math.ceil(args.length / 2);
      send({ tool_calls: [{ index, id: `call_${seen.n}_${index}`, type: 'function', function: { name: call.name, arguments: '' } }] });
      send({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] });
      send({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] });
    });
    if (res.destroyed) return;
    send({}, r.toolCalls?.length ? 'tool_calls' : 'stop');
    if (r.usage) res.write(`data: ${JSON.stringify({ id: `chatcmpl-${seen.n}`, object: 'chat.completion.chunk', choices: [], usage: r.usage })}\n\n`);
    res.write('data: [DONE]\n\n');
    finished = true;
    res.end();
  }
}
