import { DEFAULT_SPHINX_CONFIG, SphinxDecoder } from '../src/voice/stt/sphinx-decoder';
import { spottingGrammar } from '../src/voice/stt/grammar';
import { GREETING_VOCABULARY, GREETING_PHRASES } from '../src/voice/amd/greeting-phrases';
import { greetingAudio, loadAmdCorpus } from './amd-corpus/corpus';
(async () => {
  const variant = JSON.parse(process.env.V ?? '{}');
  const vocab = process.env.SMALL ? [...GREETING_PHRASES.machine, ...GREETING_PHRASES.screened, ...GREETING_PHRASES.human] : GREETING_VOCABULARY;
  const d = await SphinxDecoder.create({ ...DEFAULT_SPHINX_CONFIG, ...variant });
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
