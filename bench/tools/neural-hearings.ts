/**
 * The neural model's hearing (./src/voice/stt/moonshine) of every corpus utterance of some sets
 * and one question, one utterance at a time, as tab-separated lines: set, voice, expected answer,
 * words said, the model's answer (null: no answer), its margin over the next reading, and its three
 * best readings with their log-probabilities. For looking at what a rule on the model's hearing
 * would catch before building it (docs/voice.md, "Eighth round"). The call's intents are not
 * given, so the margins are close to, not the same as, the service's.
 *
 *   node -r @swc-node/register bench/tools/neural-hearings.ts tune,holdout attend > hearings.tsv
 */
import { NeuralOpinion } from '../../src/voice/stt/moonshine/neural-opinion';
import { corpusAudio, loadCorpus } from '../voice-corpus/corpus';

async function main(): Promise<void> {
  const [setsArg, question] = process.argv.slice(2);
  if (!setsArg || !question) throw new Error('usage: neural-hearings.ts <set,set,...> <question>');
  const neural = NeuralOpinion.create();
  if (!neural) throw new Error('the neural model is not installed');
  await neural.warm();
  const corpus = loadCorpus();
  const sets = setsArg.split(',');
  try {
    for (const u of corpus.utterances.filter((x) => sets.includes(x.set) && x.question === question)) {
      const h = await neural.hear(corpusAudio(u), { question: corpus.questions[u.question]! });
      const best = h?.readings.slice(0, 3).map((r) => `${JSON.stringify(r.value)}:${r.score.toFixed(1)}`).join(' ') ?? '';
      console.log([u.set, u.voice, JSON.stringify(u.expected), u.text, JSON.stringify(h?.value ?? null), h?.margin.toFixed(1) ?? '', best].join('\t'));
    }
  } finally {
    await neural.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
