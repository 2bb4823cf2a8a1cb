import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { ChangeWaiter } from './change-waiter';

/** One live-transcription connection as the far end saw it. */
export interface ListenSession {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Binary audio bytes received, in order. */
  audio: Buffer[];
  /** Text messages received (CloseStream...). */
  controls: Array<Record<string, unknown>>;
  closed: boolean;
  socket: WebSocket;
}

/** What the far end does when audio arrives and when the client closes the stream. */
export interface ListenScript {
  /** Sent once this many audio bytes have arrived (interim and final results, in order). */
  onAudio?: Array<{ afterBytes: number; results: Array<{ transcript: string; is_final: boolean; speech_final?: boolean; confidence?: number }> }>;
  /** Sent when CloseStream arrives, before the close. */
  onClose?: Array<{ transcript: string; is_final: boolean; speech_final?: boolean; confidence?: number }>;
  /** Drops the connection (no close frame) once this many bytes have arrived. */
  dropAfterBytes?: number;
  /** Refuses the upgrade with this status. */
  refuse?: number;
}

/**
 * A local server speaking Deepgram's live API (`/v1/listen` over WebSocket): it checks nothing
 * itself but records what the client sent, and answers with scripted `Results` messages as audio
 * arrives, the last ones at `{"type":"CloseStream"}`, then closes (1000); or it drops the socket,
 * or refuses the upgrade.
 */
export class DeepgramFarEnd {
  readonly sessions: ListenSession[] = [];
  url = '';
  private server!: http.Server;
  private wss!: WebSocketServer;
  private script: ListenScript = {};
  private readonly changes = new ChangeWaiter('deepgram far end');

  static async start(): Promise<DeepgramFarEnd> {
    const f = new DeepgramFarEnd();
    f.server = http.createServer((_req, res) => res.writeHead(404).end());
    f.wss = new WebSocketServer({ noServer: true });
    f.server.on('upgrade', (req, socket, head) => {
      if (f.script.refuse) {
        socket.end(`HTTP/1.1 ${f.script.refuse} Refused\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
        return;
      }
      f.wss.handleUpgrade(req, socket, head, (ws) => f.session(ws, req));
    });
    await new Promise<void>((resolve) => f.server.listen(0, '127.0.0.1', resolve));
    f.url = `ws://127.0.0.1:${(f.server.address() as AddressInfo).port}`;
    return f;
  }

  use(script: ListenScript): void {
    this.script = script;
  }

  /** Drops a connection as a failing server or network does: no close frame. */
  drop(session: number): void {
    this.sessions[session]!.socket.terminate();
  }

  waitFor(predicate: () => boolean, what: string): Promise<void> {
    return this.changes.waitFor(predicate, what);
  }

  async close(): Promise<void> {
    for (const c of this.wss.clients) c.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private session(ws: WebSocket, req: http.IncomingMessage): void {
    const url = new URL(req.url ?? '/', 'http://far.end');
    const s: ListenSession = { path: url.pathname, query: url.searchParams, headers: req.headers, audio: [], controls: [], closed: false, socket: ws };
    this.sessions.push(s);
    const script = this.script;
    const pending = [...(script.onAudio ?? [])];
    let bytes = 0;
    // Results already sent reach the client before a drop (terminate() would discard what is still buffered).
    let flushed: Promise<void> = Promise.resolve();
    const send = (text: string) => {
      flushed = new Promise((resolve) => ws.send(text, () => resolve()));
    };
    const results = (r: { transcript: string; is_final: boolean; speech_final?: boolean; confidence?: number }) =>
      JSON.stringify({ type: 'Results', is_final: r.is_final, speech_final: r.speech_final ?? false, channel: { alternatives: [{ transcript: r.transcript, confidence: r.confidence ?? 0.98 }] } });
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        const b = Buffer.from(data as Buffer);
        s.audio.push(b);
        bytes += b.length;
        if (script.dropAfterBytes !== undefined && bytes >= script.dropAfterBytes) {
          void flushed.then(() => ws.terminate());
          return;
        }
        while (pending.length && bytes >= pending[0]!.afterBytes) for (const r of pending.shift()!.results) send(results(r));
      } else {
        const msg = JSON.parse(String(data)) as Record<string, unknown>;
        s.controls.push(msg);
        if (msg.type === 'CloseStream') {
          for (const r of script.onClose ?? []) send(results(r));
          ws.send(JSON.stringify({ type: 'Metadata', request_id: 'test' }));
          ws.close(1000);
        }
      }
      this.changes.changed();
    });
    ws.on('close', () => {
      s.closed = true;
      this.changes.changed();
    });
    this.changes.changed();
  }
}
