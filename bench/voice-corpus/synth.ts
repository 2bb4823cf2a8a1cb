/**
 * The synthesizers the corpus speaks with, behind one call: eSpeak NG (the npm WASM build; a
 * voice named as eSpeak names it, `en-us+f2`, at `speed` words a minute), and two Debian programs
 * that make speech in quite another way, so that a set rendered by them is speech the recognizer
 * was never tuned on: Flite (`flite:slt`, `flite:awb`…) and Festival (`festival:kal_diphone`,
 * `festival:cmu_us_slt_arctic_hts`). For those, `speed` is the duration stretch in percent (100:
 * the voice's own pace, 115: slower); Festival's HTS voice ignores it (one pace).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WaveFile } from 'wavefile';

export type EspeakFactory = (o: object) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<{ default: EspeakFactory }>;

let espeak: Promise<EspeakFactory> | undefined;
function loadEspeak(): Promise<EspeakFactory> {
  espeak ??= importEsm(pathToFileURL(require.resolve('espeak-ng')).href).then((m) => m.default);
  return espeak;
}

/** The two WebAssembly calls used here (the project's TypeScript lib has no WebAssembly types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  instantiate(module: object, imports: object): Promise<object>;
}
const WebAssemblyApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
let compiled: object | undefined;
/** eSpeak NG's WebAssembly, compiled once (each synthesis instantiates it afresh, as the package does). */
function espeakWasm(): object {
  compiled ??= new WebAssemblyApi.Module(readFileSync(path.join(path.dirname(require.resolve('espeak-ng')), 'espeak-ng.wasm')));
  return compiled;
}

/** A voice of a Debian program ("flite:slt") split into its program and voice; null for eSpeak NG's. */
export function programVoice(voice: string): { program: 'flite' | 'festival'; name: string } | null {
  const m = /^(flite|festival):([a-z0-9_]+)$/.exec(voice);
  return m ? { program: m[1] as 'flite' | 'festival', name: m[2]! } : null;
}

/** The WAV a Debian program writes for `text` (never through a shell: the text goes in a file). */
function runProgram(program: 'flite' | 'festival', name: string, speed: number, text: string): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'voice-corpus-'));
  try {
    const textFile = path.join(dir, 'text.txt');
    const wavFile = path.join(dir, 'out.wav');
    writeFileSync(textFile, `${text}\n`);
    const stretch = (speed / 100).toFixed(2);
    if (program === 'flite') execFileSync('flite', ['-voice', name, '--setf', `duration_stretch=${stretch}`, '-f', textFile, '-o', wavFile], { stdio: 'ignore' });
    else execFileSync('text2wave', ['-eval', `(voice_${name})`, '-eval', `(Parameter.set 'Duration_Stretch ${stretch})`, '-o', wavFile, textFile], { stdio: 'ignore' });
    return readFileSync(wavFile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `text` spoken in `voice` at `speed`, as 8 kHz 16-bit samples (the synthesizer's own silences included). */
export async function synthesize(voice: string, speed: number, text: string): Promise<Int16Array> {
  const program = programVoice(voice);
  let bytes: Uint8Array;
  if (program) bytes = runProgram(program.program, program.name, speed, text);
  else {
    const ESpeakNg = await loadEspeak();
    // eSpeak NG seeds its random numbers (the breath noise of some variants) from the clock: a
    // clock stopped at 0 makes the same speech every time (it differed from one second to the next).
    const instantiateWasm = (imports: { env: Record<string, unknown> }, receive: (instance: object) => void): object => {
      imports.env.emscripten_date_now = () => 0;
      imports.env.emscripten_get_now = () => 0;
      // Received once the glue has taken the {} returned (received at once, its exports were lost).
      void WebAssemblyApi.instantiate(espeakWasm(), imports).then(receive);
      return {};
    };
    const out = await ESpeakNg({ arguments: ['-v', voice, '-s', String(speed), '-w', 'out.wav', text], print: () => undefined, printErr: () => undefined, instantiateWasm });
    bytes = out.FS.readFile('out.wav');
  }
  const wav = new WaveFile(bytes);
  if (wav.bitDepth !== '16') wav.toBitDepth('16');
  if ((wav.fmt as { sampleRate: number }).sampleRate !== 8000) wav.toSampleRate(8000, { method: 'sinc', LPF: true });
  return wav.getSamples(false, Int16Array) as unknown as Int16Array;
}
