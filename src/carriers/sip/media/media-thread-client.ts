import type { Worker } from 'node:worker_threads';
import { startVoiceWorker } from '../../../voice/worker-thread';
import type { MediaEvent, MediaRequest, MediaThreadData } from './media-protocol';
import { joinChunks } from './recorder';

/** What a session on the main thread is told (RtpSession.open gives one per session). */
export interface MediaListener {
  heardFrame(pcm: Int16Array): void;
  heardDigit(digit: string): void;
  /** The thread is gone (it crashed): the session is dead. */
  lost(): void;
}

interface Pending<T> {
  resolve(value: T): void;
  reject(err: Error): void;
}

/** The nice value asked for the media thread (see MediaThreadData); set before the first call. */
let threadPriority = -10;
export function setMediaThreadPriority(priority: number): void {
  threadPriority = priority;
}

/**
 * The main thread's end of the process's one media thread (media-thread.ts): started at the first
 * session, requests by message, answers matched by id, what the far ends sent handed to each
 * session's listener. If the thread dies, every session is told and the next one starts a new
 * thread.
 */
export class MediaThreadClient {
  private static current: MediaThreadClient | null = null;

  static get(): MediaThreadClient {
    MediaThreadClient.current ??= new MediaThreadClient();
    return MediaThreadClient.current;
  }

  private readonly worker: Worker;
  private nextId = 1;
  private readonly listeners = new Map<number, MediaListener>();
  private readonly opening = new Map<number, Pending<number>>();
  private readonly plays = new Map<number, (r: { startMs: number; playedMs: number }) => void>();
  private readonly requests = new Map<number, Pending<unknown>>();
  /** Log lines from the thread (the SIP carrier sets it). */
  static log: (level: 'info' | 'warn', message: string) => void = () => undefined;

  private constructor() {
    this.worker = startVoiceWorker(__dirname, 'media-thread', { priority: threadPriority } satisfies MediaThreadData);
    this.worker.on('message', (e: MediaEvent) => this.receive(e));
    const gone = (err: Error) => this.gone(err);
    this.worker.on('error', gone);
    this.worker.on('exit', (code) => gone(new Error(`the media thread stopped (exit code ${code})`)));
    // Listening refs the thread again: it never keeps the process alive by itself.
    this.worker.unref();
  }

  newId(): number {
    return this.nextId++;
  }

  send(req: MediaRequest, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(req, transfer);
  }

  open(req: Extract<MediaRequest, { type: 'open' }>, listener: MediaListener): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.opening.set(req.id, { resolve, reject });
      this.listeners.set(req.id, listener);
      this.send(req);
    });
  }

  forget(id: number): void {
    this.listeners.delete(id);
  }

  /** Plays on session `id`; resolves when the thread says it was sent (or stopped). */
  play(id: number, playId: number, pcm: Int16Array): Promise<{ startMs: number; playedMs: number }> {
    // A compact copy: the caller's array may be a view of a larger, cached buffer.
    const copy = pcm.slice();
    return new Promise((resolve) => {
      this.plays.set(playId, resolve);
      this.send({ type: 'play', id, playId, pcm: copy }, [copy.buffer as ArrayBuffer]);
    });
  }

  request<T>(req: Extract<MediaRequest, { reqId: number }>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.requests.set(req.reqId, { resolve: resolve as (v: unknown) => void, reject });
      this.send(req);
    });
  }

  private receive(e: MediaEvent): void {
    switch (e.type) {
      case 'heard': {
        let at = 0;
        for (let i = 0; i < e.ids.length; i++) {
          const listener = this.listeners.get(e.ids[i]!);
          const digit = e.digits[i];
          if (digit != null) listener?.heardDigit(digit);
          else listener?.heardFrame(e.pcm.subarray(at, (at += e.lengths[i]!)));
        }
        return;
      }
      case 'played':
        this.plays.get(e.playId)?.({ startMs: e.startMs, playedMs: e.playedMs });
        this.plays.delete(e.playId);
        return;
      case 'opened':
        this.opening.get(e.id)?.resolve(e.port);
        this.opening.delete(e.id);
        return;
      case 'openFailed':
        this.listeners.delete(e.id);
        this.opening.get(e.id)?.reject(new Error(e.message));
        this.opening.delete(e.id);
        return;
      case 'quality':
        this.settle(e.reqId, e.quality);
        return;
      case 'tracks':
        this.settle(e.reqId, { left: joinChunks(e.tracks.left, e.tracks.length), right: joinChunks(e.tracks.right, e.tracks.length) });
        return;
      case 'log':
        MediaThreadClient.log(e.level, e.message);
        return;
    }
  }

  private settle(reqId: number, value: unknown): void {
    this.requests.get(reqId)?.resolve(value);
    this.requests.delete(reqId);
  }

  private gone(err: Error): void {
    if (MediaThreadClient.current !== this) return;
    MediaThreadClient.current = null;
    MediaThreadClient.log('warn', `the media thread failed; its calls lose their audio: ${err.message}`);
    for (const p of [...this.opening.values(), ...this.requests.values()]) p.reject(err);
    this.opening.clear();
    this.requests.clear();
    for (const done of this.plays.values()) done({ startMs: 0, playedMs: 0 });
    this.plays.clear();
    for (const l of this.listeners.values()) l.lost();
    this.listeners.clear();
  }
}

