/**
 * How long the end of an answer's recognition takes once the callee has stopped: the service's
 * recognizer (PocketSphinx, its verification and second model, the neural opinion) fed a corpus
 * utterance whole, caught up with it (a partial result, as the pause's look-ahead does), then
 * timed from `finish()` to its result. Per set and question type: the finish's p50/p90 and, where
 * the neural model was asked, its own time. For work on turn latency without a whole voice bench.
 *
 *   SETS=tune,holdout9 EVERY=4 node -r @swc-node/register bench/tools/recognition-finish.ts
 */
import { DEFAULT_MIN_CONFIDENCE, PocketsphinxRecognizer } from '../../src/voice/stt/pocketsphinx';
import { NeuralOpinion } from '../../src/voice/stt/moonshine/neural-opinion';
import { loadCorpus, corpusAudio } from '../voice-corpus/corpus';

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]!) : NaN;
};

async function main() {
  const sets = (process.env.SETS ?? 'tune,holdout9').split(',');
  const every = Number(process.env.EVERY ?? 4);
  const neural = NeuralOpinion.create();
  let neuralMs: number | null = null;
  if (neural) {
    // Timed from the outside: the recognizer asks the model itself.
    const hear = neural.hear.bind(neural);
    neural.hear = async (pcm, e) => {
      const t = performance.now();
      try {
        return await hear(pcm, e);
      } finally {
        neuralMs = performance.now() - t;
      }
    };
  }
  const rec = new PocketsphinxRecognizer({ minConfidence: DEFAULT_MIN_CONFIDENCE, secondOpinion: {}, neural });
  await rec.warm();
  const { utterances, questions } = loadCorpus();
  for (const set of sets) {
    const rows: Array<{ type: string; finish: number; neural: number | null }> = [];
    for (const u of utterances.filter((x) => x.set === set).filter((_, i) => i % every === 0)) {
      const question = questions[u.question]!;
      const pcm = corpusAudio(u);
      const s = rec.start({ question });
      for (let i = 0; i < pcm.length; i += 160) s.push(pcm.subarray(i, i + 160));
      await s.partial?.();
      neuralMs = null;
      const t = performance.now();
      await s.finish();
      rows.push({ type: question.type, finish: performance.now() - t, neural: neuralMs });
    }
    for (const type of ['all', 'boolean', 'number', 'enum']) {
      const rs = rows.filter((r) => type === 'all' || r.type === type);
      if (!rs.length) continue;
      const asked = rs.filter((r) => r.neural !== null).map((r) => r.neural!);
      const finish = rs.map((r) => r.finish);
      console.log(`${set.padEnd(9)} ${type.padEnd(8)} n=${String(rs.length).padStart(3)}  finish p50/p90 ${quantile(finish, 0.5)}/${quantile(finish, 0.9)} ms  neural asked ${asked.length}, its p50/p90 ${quantile(asked, 0.5)}/${quantile(asked, 0.9)} ms`);
    }
  }
  await rec.close();
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
