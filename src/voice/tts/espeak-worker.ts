/**
 * The synthesizer's worker thread (started by EspeakSynthesizer): eSpeak NG compiled to WASM, one
 * sentence per message, answered with 8 kHz 16-bit samples (the buffer is transferred, not copied).
 * The 18 MB module is compiled once and instantiated per sentence: eSpeak's command line runs once
 * per instance.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { WaveFile } from 'wavefile';
import { trimLeadingSilence } from './trim-silence';

export interface EspeakWorkerData {
  /** file: URL of the ESM-only `espeak-ng` package's entry point. */
  espeakUrl: string;
  wasmPath: string;
  voice: string;
}
export interface SynthesisRequest {
  id: number;
  text: string;
  /** eSpeak NG voice name (the call's), else workerData's. */
  voice?: string;
}
export type SynthesisReply = { id: number; samples: Int16Array; error?: undefined } | { id: number; error: string; samples?: undefined };

/** The few WebAssembly APIs used here (the project's TypeScript lib has no WebAssembly types). */
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
}
type EspeakFactory = (o: object) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;

const WebAssemblyApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
// A real dynamic import, whatever compiles this file (a transpiler targeting CommonJS may turn
// `import()` into `require()`, which cannot load an ESM-only package).
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<{ default: EspeakFactory }>;

const data = workerData as EspeakWorkerData;
let ready: Promise<{ ESpeakNg: EspeakFactory; compiled: object }> | undefined;

async function load() {
  const { default: ESpeakNg } = await importEsm(data.espeakUrl);
  const compiled = await WebAssemblyApi.compile(readFileSync(data.wasmPath));
  return { ESpeakNg, compiled };
}

async function synthesize(text: string, voice: string): Promise<Int16Array> {
  ready ??= load();
  const { ESpeakNg, compiled } = await ready;
  const espeak = await ESpeakNg({
    arguments: ['-v', voice, '-s', '165', '-w', 'out.wav', text],
    print: () => undefined,
    printErr: () => undefined,
    instantiateWasm: (imports: object, done: (instance: object) => void) => {
      void WebAssemblyApi.instantiate(compiled, imports).then((i) => done(i));
      return {};
    },
  });
  const wav = new WaveFile(espeak.FS.readFile('out.wav'));
  wav.toSampleRate(8000, { method: 'sinc', LPF: true });
  // A copy: the reply transfers its buffer, which must hold only these samples.
  return trimLeadingSilence(wav.getSamples(false, Int16Array) as unknown as Int16Array).slice();
}

parentPort?.on('message', ({ id, text, voice }: SynthesisRequest) => {
  synthesize(text, voice ?? data.voice).then(
    (samples) => parentPort!.postMessage({ id, samples } satisfies SynthesisReply, [samples.buffer as ArrayBuffer]),
    (e: unknown) => parentPort!.postMessage({ id, error: String((e as Error)?.message ?? e) } satisfies SynthesisReply),
  );
});
