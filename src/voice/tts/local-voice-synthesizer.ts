import type { Worker } from 'node:worker_threads';
import { startVoiceWorker, whenWorkerGone } from '../worker-thread';
import type { LocalEngine } from './local-voices';
import type { LocalVoiceReply, LocalVoiceRequest } from './local-voice-worker';
import { PromptCache } from './prompt-cache';
import type { SpeechSynthesizer } from './synthesizer';
import { resolveVoice, type SpeechVoice } from './voices';

/**
 * A local voice that runs as a program per prompt (./local-voices.ts), at most `concurrency` at a
 * time (a call synthesizes all its prompts while it rings; a burst of calls must not start dozens
 * of processes on a small machine). The program is run, and its audio decoded and resampled, in a
 * worker thread (./local-voice-worker.ts), never on the main thread where the calls' RTP clocks
 * run. A prompt it fails to make is said by `fallback` (eSpeak NG), never left silent, and tried
 * again on the next call.
 */
export class LocalVoiceSynthesizer implements SpeechSynthesizer {
  private readonly cache = new PromptCache();
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (pcm: Int16Array) => void; reject: (e: Error) => void }>();

  constructor(
    readonly engine: LocalEngine,
    private readonly voice: string,
    private readonly options: { fallback: SpeechSynthesizer; onFallback?: (err: Error) => void; concurrency?: number },
  ) {}

  async synthesize(text: string, wanted?: SpeechVoice): Promise<Int16Array> {
    const who = resolveVoice(this.engine, this.voice, wanted);
    // A language this engine has no voice for is eSpeak NG's (the fallback) from the start.
    if (who.engine !== this.engine) return this.options.fallback.synthesize(text, { language: wanted?.language ?? null });
    try {
      return await this.cache.get(`${who.voice}\n${text}`, () => this.limited(() => this.run(who.voice, text)));
    } catch (e) {
      this.options.onFallback?.(e as Error);
      return this.options.fallback.synthesize(text, { language: wanted?.language ?? null });
    }
  }

  async warm(texts: readonly string[]): Promise<void> {
    await Promise.all(texts.map((text) => this.synthesize(text)));
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
    await this.options.fallback.close();
  }

  private run(voice: string, text: string): Promise<Int16Array> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    // A worker is unref'd so that it never keeps a process alive, except while it owes a prompt.
    worker.ref();
    return new Promise<Int16Array>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, engine: this.engine, voice, text } satisfies LocalVoiceRequest);
    }).finally(() => {
      if (!this.pending.size) this.worker?.unref();
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startVoiceWorker(__dirname, 'local-voice-worker', null);
    worker.on('message', (m: LocalVoiceReply) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (!p) return;
      if (m.samples) p.resolve(m.samples);
      else p.reject(new Error(m.error));
    });
    whenWorkerGone(worker, this.pending, 'speech synthesis stopped', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }

  private async limited<T>(run: () => Promise<T>): Promise<T> {
    if (this.running >= (this.options.concurrency ?? 2)) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await run();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
