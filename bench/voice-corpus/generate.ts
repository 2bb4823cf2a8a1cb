/**
 * Renders the speech corpus (bench/voice-corpus/): every phrase of phrases.ts in each voice of
 * its set, with eSpeak NG (the npm `espeak-ng` WASM build the service already uses, so no system
 * package) or, for the holdout3 set, Debian's Flite and Festival (./synth.ts), as a telephone would carry it: 8 kHz, light noise, G.711 µ-law. Deterministic: the
 * speed of each utterance and the noise come from a seeded generator, so the same synthesizer
 * makes the same bytes. The files are committed, so a measurement does not depend on the
 * synthesizer's version (a newer eSpeak NG build does not make the same bytes). A batch of
 * phrases.ts already in manifest.json is kept as it is (its audio and entries), so adding a batch
 * never changes the holdout set; `--all` renders everything again:
 *
 *   node -r @swc-node/register bench/voice-corpus/generate.ts [--all]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as alawmulaw from 'alawmulaw';
import { BATCHES, QUESTIONS, SPEEDS } from './phrases';
import type { CorpusManifest, CorpusUtterance } from './corpus';
import { synthesize } from './synth';

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

/** Standard normal samples (Box-Muller) from a seeded generator: the corpus's noise. */
export const gaussian = (random: () => number) => (): number => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());

const LEAD_MS = 300;
const TAIL_MS = 300;
/** Noise: Gaussian, about 30 dB below a typical speech level (an RMS of 90 of 32768). */
const NOISE_RMS = 90;

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** One utterance as the corpus holds it (before µ-law): the voice's speech at 8 kHz, trimmed, with a known lead and tail and the noise. */
export async function render(voice: string, speed: number, text: string, gauss: () => number): Promise<Int16Array> {
  const speech = await synthesize(voice, speed, text);
  // Synthesizers pad its output with silence: trim it, then put back a known lead and tail.
  let first = speech.findIndex((s) => Math.abs(s) > 200);
  let last = speech.length - 1;
  while (last > 0 && Math.abs(speech[last]!) <= 200) last--;
  if (first < 0) first = 0;
  const body = speech.subarray(first, last + 1);
  const pcm = new Int16Array((LEAD_MS + TAIL_MS) * 8 + body.length);
  pcm.set(body, LEAD_MS * 8);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(pcm[i]! + gauss() * NOISE_RMS)));
  return pcm;
}

async function main() {
  const dir = __dirname;
  const audioDir = path.join(dir, 'audio');
  const manifestPath = path.join(dir, 'manifest.json');
  const all = process.argv.includes('--all') || !existsSync(manifestPath);
  if (all) rmSync(audioDir, { recursive: true, force: true });
  mkdirSync(audioDir, { recursive: true });
  const kept = new Map(all ? [] : (JSON.parse(readFileSync(manifestPath, 'utf8')) as CorpusManifest).utterances.map((u) => [u.id, u]));
  // The first two batches (the original tune and holdout sets) share one stream; each later batch
  // has its own, so it renders alike whether or not the ones before it were rendered again.
  let random = seeded(20261126);
  const gauss = gaussian(() => random());
  const utterances: CorpusUtterance[] = [];
  const idOf = (set: string, voice: string, question: string, text: string) => `${set}-${slug(voice)}-${question}-${slug(text)}`;

  for (const [b, { set, voices, phrases, speeds = SPEEDS }] of BATCHES.entries()) {
    if (b >= 2) random = seeded(20261126 + b);
    const ids = voices.flatMap((voice) => phrases.map(([question, text]) => idOf(set, voice, question, text)));
    if (ids.every((id) => kept.has(id) && existsSync(path.join(audioDir, `${id}.ul`)))) {
      utterances.push(...ids.map((id) => kept.get(id)!));
      continue;
    }
    for (const voice of voices) {
      for (const [question, text, expected] of phrases) {
        const speed = speeds[Math.floor(random() * speeds.length)]!;
        const pcm = await render(voice, speed, text, gauss);
        const id = idOf(set, voice, question, text);
        writeFileSync(path.join(audioDir, `${id}.ul`), alawmulaw.mulaw.encode(pcm));
        utterances.push({ id, set, voice, speed, question, text, expected, ms: Math.round(pcm.length / 8) });
      }
    }
  }
  const manifest: CorpusManifest = { format: 'G.711 µ-law, 8000 Hz, mono, headerless (.ul)', questions: QUESTIONS, utterances };
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 1)}\n`);
  const bytes = readdirSync(audioDir).length;
  console.log(`${utterances.length} utterances (${bytes} files) in ${audioDir}`);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
