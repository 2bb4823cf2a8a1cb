/**
 * A second acoustic opinion (docs/voice.md, "A second acoustic model"): every corpus utterance heard by the
 * service's 8 kHz model (first decoding and verification margin) and by Debian's 16 kHz en-us
 * model on the audio upsampled ×2: that model alone (its own first decoding and margin), and
 * its log-likelihood ratio between the 8 kHz model's reading and that model's best rival
 * (`cross`), and between the two models' readings when they differ (`vs16`). Writes one JSON row per utterance
 * (BENCH_ASR_JSON, default /tmp/asr-second.json); `rules.ts`-style combinations are read off it.
 *
 *   BENCH_ASR_SET=tune BENCH_ASR_EVERY=3 node -r @swc-node/register bench/asr-second.ts
 */
import { writeFileSync } from 'node:fs';
import type { CallQuestion } from '../src/features/calls/ports';
import { extractAnswer } from '../src/voice/dialog/answers';
import { grammarFor } from '../src/voice/stt/grammar';
import { DEFAULT_SPHINX_CONFIG, SphinxDecoder } from '../src/voice/stt/sphinx-decoder';
import { secondModelConfig, pathGrammar } from '../src/voice/stt/second-opinion';
import { verify } from '../src/voice/stt/verification';
import { resample } from '../src/voice/tts/resampler';
import { corpusAudio, loadCorpus } from './voice-corpus/corpus';

async function hear(d: SphinxDecoder, q: CallQuestion, pcm: Int16Array, frame: number) {
  const g = grammarFor(q, (w) => d.knows(w))!;
  await d.begin(g);
  for (let i = 0; i < pcm.length; i += frame) d.push(pcm.subarray(i, i + frame));
  const r = d.end();
  const v = r.text ? await verify(d, q, undefined, r) : { margin: Infinity, rival: undefined };
  return { text: r.text, score: r.score, margin: v.margin, rival: v.rival };
}

/**
 * The 16 kHz model's log-likelihood ratio between two readings: its scores with the utterance
 * forced onto each text (one-path grammars, so neither carries a grammar weight).
 */
async function pair(d: SphinxDecoder, a: string, b: string): Promise<number | null> {
  const ga = pathGrammar(a, (w) => d.knows(w));
  const gb = pathGrammar(b, (w) => d.knows(w));
  if (!ga || !gb) return null;
  const ra = await d.decodeAgain(ga);
  const rb = await d.decodeAgain(gb);
  if (!ra.text || !rb.text) return null;
  return ra.score - rb.score;
}

async function main() {
  const corpus = loadCorpus();
  const set = process.env.BENCH_ASR_SET;
  const every = Number(process.env.BENCH_ASR_EVERY ?? 1);
  const sets = set ? set.split(',') : ['tune', 'holdout', 'holdout2'];
  const utterances = sets.flatMap((s) => corpus.utterances.filter((u) => u.set === s).filter((_, i) => i % every === 0));
  const d8 = await SphinxDecoder.create(DEFAULT_SPHINX_CONFIG);
  const d16 = await SphinxDecoder.create(secondModelConfig()!);
  const rows: unknown[] = [];
  const t = { a: 0, b: 0, c: 0 };
  for (const u of utterances) {
    const q = corpus.questions[u.question]!;
    const pcm = corpusAudio(u);
    let t0 = performance.now();
    const h8 = await hear(d8, q, pcm, 160);
    t.a += performance.now() - t0;
    t0 = performance.now();
    const up = await resample(pcm, 8000, 16000);
    const h16 = await hear(d16, q, up, 320);
    t.b += performance.now() - t0;
    t0 = performance.now();
    // d16 still holds the utterance (decodeAgain decodes its audio again under another grammar).
    const x = h8.text && h8.rival ? await pair(d16, h8.text, h8.rival) : null;
    const y = h8.text && h16.text && h16.text !== h8.text ? await pair(d16, h8.text, h16.text) : null;
    t.c += performance.now() - t0;
    rows.push({ id: u.id, set: u.set, voice: u.voice, type: q.type, text: u.text, expected: u.expected, t8: h8.text, a8: extractAnswer(q, h8.text || null), m8: h8.margin, t16: h16.text, a16: extractAnswer(q, h16.text || null), m16: h16.margin, r8: h8.rival ?? null, cross: x, vs16: y });
  }
  const n = utterances.length;
  console.log(`${n} utterances; ms per utterance: 8 kHz ${(t.a / n).toFixed(0)}, 16 kHz alone ${(t.b / n).toFixed(0)}, cross ${(t.c / n).toFixed(0)}`);
  writeFileSync(process.env.BENCH_ASR_JSON ?? '/tmp/asr-second.json', JSON.stringify(rows, (_, v) => (v === Infinity ? 'inf' : v === -Infinity ? '-inf' : v), 1));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
