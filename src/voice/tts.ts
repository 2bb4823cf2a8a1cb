import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

/** Speech synthesis: text in, 8 kHz 16-bit mono PCM out. */
export interface SpeechSynthesizer {
  synthesize(text: string): Promise<Int16Array>;
  close(): Promise<void>;
}

/**
 * Runs in a worker thread: the npm `espeak-ng` package (eSpeak NG compiled to WASM, no system
 * binary) is ESM-only and takes ~100 ms of CPU a sentence, which must not stall the 20 ms RTP
 * clocks of the calls on the main thread. The 18 MB module is compiled once and instantiated per
 * sentence (eSpeak's command line runs once per instance).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const requireHere = createRequire(workerData.wavefilePath);
const { WaveFile } = requireHere('wavefile');
let ready;
async function load() {
  const { default: ESpeakNg } = await import(workerData.espeakUrl);
  const compiled = await WebAssembly.compile(readFileSync(workerData.wasmPath));
  return { ESpeakNg, compiled };
}
parentPort.on('message', async ({ id, text }) => {
  try {
    ready ??= load();
    const { ESpeakNg, compiled } = await ready;
    const espeak = await ESpeakNg({
      arguments: ['-v', 'en-us', '-s', '165', '-w', 'out.wav', text],
      print: () => {}, printErr: () => {},
      instantiateWasm: (imports, done) => { WebAssembly.instantiate(compiled, imports).then((i) => done(i)); return {}; },
    });
    const wav = new WaveFile(espeak.FS.readFile('out.wav'));
    wav.toSampleRate(8000, { method: 'sinc', LPF: true });
    const samples = wav.getSamples(false, Int16Array);
    parentPort.postMessage({ id, samples }, [samples.buffer]);
  } catch (e) {
    parentPort.postMessage({ id, error: String(e && e.message || e) });
  }
});
`;

export class EspeakSynthesizer implements SpeechSynthesizer {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (pcm: Int16Array) => void; reject: (e: Error) => void }>();
  /** Prompts repeat across calls (greetings, goodbyes, the same questions): keep recent ones. */
  private readonly cache = new Map<string, Promise<Int16Array>>();

  synthesize(text: string): Promise<Int16Array> {
    const cached = this.cache.get(text);
    if (cached) return cached;
    const result = this.run(text);
    this.cache.set(text, result);
    result.catch(() => this.cache.delete(text));
    if (this.cache.size > 200) this.cache.delete(this.cache.keys().next().value!);
    return result;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }

  private run(text: string): Promise<Int16Array> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, text });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const espeakMain = require.resolve('espeak-ng');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        espeakUrl: pathToFileURL(espeakMain).href,
        wasmPath: espeakMain.replace(/espeak-ng\.js$/, 'espeak-ng.wasm'),
        wavefilePath: require.resolve('wavefile'),
      },
    });
    worker.unref();
    worker.on('message', (m: { id: number; samples?: Int16Array; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (!p) return;
      if (m.samples) p.resolve(m.samples);
      else p.reject(new Error(`speech synthesis failed: ${m.error}`));
    });
    worker.on('error', (err) => {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }
}
