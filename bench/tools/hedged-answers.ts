/**
 * Answers ended with a hedge ("Friday, if possible.", "Thirty, I would say.", "Twenty in total."),
 * said in the tune voices (the voices settings are chosen on) in wordings no corpus set has, with
 * the corpus's noise through G.711: what PocketSphinx alone makes of each on the first hearing
 * (sure and right, sure and wrong, unsure and read back, nothing). The fresh sets of the last
 * rounds end about one answer in five with such a hedge (docs/voice.md, "Tenth round").
 *
 *   node -r @swc-node/register bench/tools/hedged-answers.ts
 */
import { loadCorpus } from '../voice-corpus/corpus';
import { gaussian, render, seeded } from '../voice-corpus/generate';
import { VOICES, type QuestionId } from '../voice-corpus/phrases';
import { extractAnswer } from '../../src/voice/dialog/answers';
import { INTENT_PHRASES } from '../../src/voice/dialog/intents';
import { PocketsphinxRecognizer } from '../../src/voice/stt/pocketsphinx';

const SAID: Array<[QuestionId, string, unknown]> = [
  ['day', 'Friday, if possible.', 'Friday'],
  ['slot', 'Evening, if that works.', 'Evening'],
  ['people', 'Fourteen, I reckon.', 14],
  ['people', 'Twenty in total.', 20],
  ['day', 'Sunday, I suppose.', 'Sunday'],
  ['slot', 'Morning, if that is okay.', 'Morning'],
  ['people', 'Thirty, I would say.', 30],
];

async function main(): Promise<void> {
  const corpus = loadCorpus();
  const stt = new PocketsphinxRecognizer({ secondOpinion: false });
  const gauss = gaussian(seeded(20261128));
  const counts: Record<string, number> = {};
  for (const [key, text, expected] of SAID) {
    for (const voice of [...VOICES.tune, ...VOICES.tuneMore].slice(0, 6)) {
      const question = corpus.questions[key]!;
      const heard = await stt.hear(await render(voice, 160, text, gauss), { question, intents: INTENT_PHRASES.map((p) => p.phrase) });
      const value = (t: string | null | undefined) => (t ? extractAnswer(question, t) : null);
      const outcome = heard.text ? (value(heard.text) === expected ? 'sure, right' : 'sure, wrong') : heard.unsure ? (value(heard.unsure) === expected ? 'unsure, right (read back)' : 'unsure, wrong (read back)') : 'nothing';
      counts[outcome] = (counts[outcome] ?? 0) + 1;
      console.log(`${voice.padEnd(18)} ${text.padEnd(28)} → ${(heard.text ?? `[unsure] ${heard.unsure ?? ''}`).padEnd(36)} ${outcome}`);
    }
  }
  console.log(Object.entries(counts).map(([k, n]) => `${k}: ${n}`).join(', '));
  await stt.close();
}

void main();
