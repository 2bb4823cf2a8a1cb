/**
 * How fast the greeting's spotting grammar decodes, on one voice of the greeting corpus, in the
 * calling thread (no worker, no agent): per greeting its length, the decoding time and the text,
 * then the real-time factor. Decoder settings over the service's own with `V` (JSON), the phrases
 * alone (without the filler words) with `SMALL=1`:
 *
 *   node -r @swc-node/register bench/amd-decode-probe.ts
 *   V='{"beam":1e-48,"pbeam":1e-48,"wbeam":7e-29}' node -r @swc-node/register bench/amd-decode-probe.ts
 */
import { DEFAULT_SPHINX_CONFIG, SPOTTING_BEAMS, SphinxDecoder } from '../src/voice/stt/sphinx-decoder';
import { spottingGrammar } from '../src/voice/stt/grammar';
import { GREETING_VOCABULARY, GREETING_PHRASES } from '../src/voice/amd/greeting-phrases';
import { greetingAudio, loadAmdCorpus } from './amd-corpus/corpus';
(async () => {
  const variant = JSON.parse(process.env.V ?? '{}');
  const vocab = process.env.SMALL ? [...GREETING_PHRASES.machine, ...GREETING_PHRASES.screened, ...GREETING_PHRASES.human] : GREETING_VOCABULARY;
  const d = await SphinxDecoder.create({ ...DEFAULT_SPHINX_CONFIG, ...SPOTTING_BEAMS, ...variant });
  const g = spottingGrammar(vocab, (w) => d.knows(w))!;
  const items = loadAmdCorpus().greetings.filter((x) => x.set === 'tune' && x.voice === 'en-us');
  let audioMs = 0, cpu = 0;
  for (const it of items) {
    const pcm = greetingAudio(it);
    const t0 = performance.now();
    await d.begin(g);
    for (let i = 0; i < pcm.length; i += 160) d.push(pcm.subarray(i, i + 160));
    const r = d.end();
    const ms = performance.now() - t0;
    audioMs += it.ms; cpu += ms;
    console.log(`${it.kind.padEnd(12)} ${String(it.ms).padStart(5)} ms audio ${ms.toFixed(0).padStart(6)} ms  ${r.text}`);
  }
  console.log(`realtime factor ${(cpu / audioMs).toFixed(2)}`);
})();
