/**
 * Renders the machine-detection corpus (bench/amd-corpus/): every greeting of phrases.ts in each
 * voice, with eSpeak NG (the npm `espeak-ng` WASM build the service already uses), at 8 kHz and
 * through G.711 µ-law, speech only (trimmed): the bench adds the silence before it, the beep after
 * it and the line noise, from a seed. Committed, so figures do not move with the synthesizer.
 *
 *   node -r @swc-node/register bench/amd-corpus/generate.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as alawmulaw from 'alawmulaw';
import { WaveFile } from 'wavefile';
import { seeded } from '../voice-corpus/generate';
import type { AmdGreeting, AmdManifest } from './corpus';
import { GREETINGS, SPEEDS, VOICES } from './phrases';

type EspeakFactory = (o: object) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<{ default: EspeakFactory }>;
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);

async function main() {
  const audioDir = path.join(__dirname, 'audio');
  rmSync(audioDir, { recursive: true, force: true });
  mkdirSync(audioDir, { recursive: true });
  const { default: ESpeakNg } = await importEsm(pathToFileURL(require.resolve('espeak-ng')).href);
  const random = seeded(20261129);
  const greetings: AmdGreeting[] = [];
  for (const set of ['tune', 'holdout'] as const) {
    for (const voice of VOICES[set]) {
      for (const [kind, text] of GREETINGS) {
        const speed = SPEEDS[Math.floor(random() * SPEEDS.length)]!;
        const espeak = await ESpeakNg({ arguments: ['-v', voice, '-s', String(speed), '-w', 'out.wav', text], print: () => undefined, printErr: () => undefined });
        const wav = new WaveFile(espeak.FS.readFile('out.wav'));
        wav.toSampleRate(8000, { method: 'sinc', LPF: true });
        const speech = wav.getSamples(false, Int16Array) as unknown as Int16Array;
        let first = speech.findIndex((s) => Math.abs(s) > 200);
        let last = speech.length - 1;
        while (last > 0 && Math.abs(speech[last]!) <= 200) last--;
        if (first < 0) first = 0;
        const body = speech.slice(first, last + 1);
        const id = `${set}-${slug(voice)}-${kind}-${slug(text)}`;
        writeFileSync(path.join(audioDir, `${id}.ul`), alawmulaw.mulaw.encode(body));
        greetings.push({ id, set, voice, speed, kind, text, ms: Math.round(body.length / 8) });
      }
    }
  }
  const manifest: AmdManifest = { format: 'G.711 µ-law, 8000 Hz, mono, headerless (.ul), speech only', greetings };
  writeFileSync(path.join(__dirname, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  console.log(`${greetings.length} greetings in ${audioDir}`);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
