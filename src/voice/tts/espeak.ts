import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { startVoiceWorker, whenWorkerGone } from '../worker-thread';
import type { EspeakWorkerData, SynthesisReply, SynthesisRequest } from './espeak-worker';
import { PromptCache } from './prompt-cache';
import type { SpeechSynthesizer } from './synthesizer';
import { resolveVoice, type SpeechVoice } from './voices';

/**
 * eSpeak NG (the npm `espeak-ng` package: compiled to WASM, no system binary) in a worker thread
 * (./espeak-worker): it is ESM-only and takes ~100 ms of CPU a sentence, which must not stall the
 * 20 ms RTP clocks of the calls on the main thread.
 */
export class EspeakSynthesizer implements SpeechSynthesizer {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (pcm: Int16Array) => void; reject: (e: Error) => void }>();
  private readonly cache = new PromptCache();

  /** `voice`: an eSpeak NG voice name (TTS_VOICE), e.g. en-us, en-gb, en-us+f3. */
  constructor(private readonly voice = 'en-us') {}

  synthesize(text: string, wanted?: SpeechVoice): Promise<Int16Array> {
    // As another engine's fallback it is given the language only (that engine's voice names are not eSpeak NG's).
    const voice = resolveVoice('espeak', this.voice, wanted).voice;
    return this.cache.get(`${voice}\n${text}`, () => this.run(text, voice));
  }

  async warm(texts: readonly string[]): Promise<void> {
    await Promise.all(texts.map((text) => this.synthesize(text)));
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }

  private run(text: string, voice: string): Promise<Int16Array> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, text, voice } satisfies SynthesisRequest);
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const espeakMain = require.resolve('espeak-ng');
    const workerData: EspeakWorkerData = { espeakUrl: pathToFileURL(espeakMain).href, wasmPath: espeakMain.replace(/espeak-ng\.js$/, 'espeak-ng.wasm'), voice: this.voice };
    const worker = startVoiceWorker(__dirname, 'espeak-worker', workerData);
    worker.on('message', (m: SynthesisReply) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (!p) return;
      if (m.samples) p.resolve(m.samples);
      else p.reject(new Error(`speech synthesis failed: ${m.error}`));
    });
    whenWorkerGone(worker, this.pending, 'speech synthesis stopped', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }
}
