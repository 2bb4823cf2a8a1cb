/**
 * Renders the speech corpus (bench/voice-corpus/): every phrase of phrases.ts in each voice of
 * its set, with eSpeak NG (the npm `espeak-ng` WASM build the service already uses, so no system
 * package), as a telephone would carry it: 8 kHz, light noise, G.711 µ-law. Deterministic: the
 * speed of each utterance and the noise come from a seeded generator, so the same synthesizer
 * makes the same bytes. The files are committed, so a measurement does not depend on the
 * synthesizer's version; re-run this only to change the corpus:
 *
 *   node -r @swc-node/register bench/voice-corpus/generate.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as alawmulaw from 'alawmulaw';
import { WaveFile } from 'wavefile';
import { PHRASES, QUESTIONS, SPEEDS, VOICES } from './phrases';
import type { CorpusManifest, CorpusUtterance } from './corpus';

type EspeakFactory = (o: object) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<{ default: EspeakFactory }>;

/** mulberry32: a small seeded generator, the same numbers on every machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LEAD_MS = 300;
const TAIL_MS = 300;
/** Noise: Gaussian, about 30 dB below a typical speech level (an RMS of 90 of 32768). */
const NOISE_RMS = 90;

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

async function main() {
  const dir = __dirname;
  const audioDir = path.join(dir, 'audio');
  rmSync(audioDir, { recursive: true, force: true });
  mkdirSync(audioDir, { recursive: true });
  const { default: ESpeakNg } = await importEsm(pathToFileURL(require.resolve('espeak-ng')).href);
  const random = seeded(20261126);
  const gauss = () => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
  const utterances: CorpusUtterance[] = [];

  for (const set of ['tune', 'holdout'] as const) {
    for (const voice of VOICES[set]) {
      for (const [question, text, expected] of PHRASES[set]) {
        const speed = SPEEDS[Math.floor(random() * SPEEDS.length)]!;
        const espeak = await ESpeakNg({ arguments: ['-v', voice, '-s', String(speed), '-w', 'out.wav', text], print: () => undefined, printErr: () => undefined });
        const wav = new WaveFile(espeak.FS.readFile('out.wav'));
        wav.toSampleRate(8000, { method: 'sinc', LPF: true });
        const speech = wav.getSamples(false, Int16Array) as unknown as Int16Array;
        // eSpeak pads its output with silence: trim it, then put back a known lead and tail.
        let first = speech.findIndex((s) => Math.abs(s) > 200);
        let last = speech.length - 1;
        while (last > 0 && Math.abs(speech[last]!) <= 200) last--;
        if (first < 0) first = 0;
        const body = speech.subarray(first, last + 1);
        const pcm = new Int16Array((LEAD_MS + TAIL_MS) * 8 + body.length);
        pcm.set(body, LEAD_MS * 8);
        for (let i = 0; i < pcm.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(pcm[i]! + gauss() * NOISE_RMS)));
        const id = `${set}-${slug(voice)}-${question}-${slug(text)}`;
        writeFileSync(path.join(audioDir, `${id}.ul`), alawmulaw.mulaw.encode(pcm));
        utterances.push({ id, set, voice, speed, question, text, expected, ms: Math.round(pcm.length / 8) });
      }
    }
  }
  const manifest: CorpusManifest = { format: 'G.711 µ-law, 8000 Hz, mono, headerless (.ul)', questions: QUESTIONS, utterances };
  writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  const bytes = readdirSync(audioDir).length;
  console.log(`${utterances.length} utterances (${bytes} files) in ${audioDir}`);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
