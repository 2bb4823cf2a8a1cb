/**
 * Whether a callee who asks not to be called, says it is the wrong number or asks to be called
 * later still ends the call so, through the service's recognizer (PocketSphinx with its second
 * opinions, as bench:asr's exchanges have it). The callee says the same words to every prompt of
 * the question (one who means it says it again when asked back). The intents are said in wordings
 * of their own, in the voices of the tune and holdout sets, synthesised with the corpus's noise
 * through G.711; it is the other side of the rule that doubts an ending heard where an answer was
 * said (docs/voice.md, "Ninth round").
 *
 * `fresh` (the second argument) says instead ten wordings written for the eleventh round before
 * any was heard, in the voices of holdout12 and holdout13 (docs/voice.md, "Eleventh round"): how
 * the rules do on words and voices they were not made with; `fresh2` ten more, written with them
 * and kept apart, in the voices of holdout10 and holdout11. `BENCH_INTENT_CALLEE=insists` replies
 * to the agent's check of an ending heard with doubt ("Sorry, did you ask us to stop calling this
 * number?") with a bare "Yes." instead of its words again.
 *
 *   node -r @swc-node/register bench/tools/intent-endings.ts [attend,people,day] [tune|fresh|fresh2]
 */
import * as alawmulaw from 'alawmulaw';
import { DEFAULT_MIN_CONFIDENCE, PocketsphinxRecognizer } from '../../src/voice/stt/pocketsphinx';
import { NeuralOpinion } from '../../src/voice/stt/moonshine/neural-opinion';
import { Conversations, type Ending } from '../asr-conversation';
import { loadCorpus, type CorpusUtterance } from '../voice-corpus/corpus';
import { gaussian, render, seeded } from '../voice-corpus/generate';
import { VOICES, VOICES_HOLDOUT10, VOICES_HOLDOUT11, VOICES_HOLDOUT12, VOICES_HOLDOUT13, type QuestionId } from '../voice-corpus/phrases';

const SAID: Array<[Ending, string]> = [
  ['opt_out', 'Please stop calling me.'],
  ['opt_out', 'Take me off your list.'],
  ['opt_out', 'Do not call me again.'],
  ['opt_out', 'No, stop calling me.'],
  ['opt_out', 'Remove my number, please.'],
  ['wrong_number', 'You have the wrong number.'],
  ['wrong_number', 'Wrong number, sorry.'],
  ['callback_requested', 'I am busy right now, call me later.'],
  ['callback_requested', 'Can you call me back tomorrow?'],
];

/** Written before any was heard (the eleventh round): intents in words the grammars mostly lack. */
const FRESH: Array<[Ending, string]> = [
  ['opt_out', 'Stop phoning me.'],
  ['opt_out', 'I want you to stop calling me.'],
  ['opt_out', 'Please take me off your calling list.'],
  ['opt_out', 'No thanks, remove me from your list.'],
  ['opt_out', 'Never call here again.'],
  ['opt_out', 'Do not contact me again.'],
  ['wrong_number', 'Sorry, you have got the wrong number.'],
  ['wrong_number', 'There is nobody here by that name.'],
  ['callback_requested', 'Could you ring me back later?'],
  ['callback_requested', 'Now is not a good time.'],
];

/**
 * Written with FRESH, before any of either was heard, and kept apart to judge what FRESH's misses
 * lead to (new phrases in the grammars): said in the voices of holdout10 and holdout11.
 */
const FRESH2: Array<[Ending, string]> = [
  ['opt_out', 'Please stop ringing me.'],
  ['opt_out', 'Remove this number from your list.'],
  ['opt_out', 'I do not want any more calls.'],
  ['opt_out', 'Stop calling, please.'],
  ['opt_out', 'No, do not call here again.'],
  ['opt_out', 'Take this number off your list, please.'],
  ['wrong_number', 'I think you have the wrong number.'],
  ['wrong_number', 'Nobody by that name lives here.'],
  ['callback_requested', 'I am driving, call me later.'],
  ['callback_requested', 'Can you call back this evening?'],
];

async function main(): Promise<void> {
  const questions = (process.argv[2] ?? 'attend,people').split(',') as QuestionId[];
  const set = process.argv[3] ?? 'tune';
  const said = set === 'fresh' ? FRESH : set === 'fresh2' ? FRESH2 : SAID;
  const callee = process.env.BENCH_INTENT_CALLEE === 'insists' ? 'insists' : 'repeat';
  const corpus = loadCorpus();
  const neural = NeuralOpinion.create();
  const stt = new PocketsphinxRecognizer({ minConfidence: DEFAULT_MIN_CONFIDENCE, secondOpinion: {}, neural });
  await stt.warm();
  // The callee says the same words to every prompt, "was that a yes or a no?" and read-backs included.
  const talk = new Conversations(stt, callee);
  const voices: readonly string[] =
    set === 'fresh' ? [...VOICES_HOLDOUT12, ...VOICES_HOLDOUT13] : set === 'fresh2' ? [...VOICES_HOLDOUT10, ...VOICES_HOLDOUT11] : [...VOICES.tune, ...VOICES.holdout, ...VOICES.tuneMore];
  const tally = new Map<string, number>();
  let n = 0;
  try {
    for (const [i, voice] of voices.entries()) {
      for (const [j, [intent, text]] of said.entries()) {
        const speed = [140, 160, 180][(i + j) % 3]!;
        const pcm = alawmulaw.mulaw.decode(alawmulaw.mulaw.encode(await render(voice, speed, text, gaussian(seeded(1000 * i + j)))));
        for (const question of questions) {
          const u: CorpusUtterance = { id: `intent-${i}-${j}-${question}`, set: 'tune', voice, speed, question, text, expected: null, ms: Math.round(pcm.length / 8) };
          const r = await talk.run(u, corpus.questions[question]!, pcm, intent);
          const outcome = r.ending === intent ? 'ended as said' : r.ending ? `ended as ${r.ending}` : r.answer !== null ? 'answer recorded' : 'not ended';
          tally.set(`${intent} ${outcome}`, (tally.get(`${intent} ${outcome}`) ?? 0) + 1);
          n++;
          if (outcome !== 'ended as said') console.log(`${intent.padEnd(18)} ${voice.padEnd(20)} ${question.padEnd(7)} ${JSON.stringify(text).padEnd(38)} ${outcome}: ${r.exchange.slice(1).join(' | ')}`);
        }
      }
    }
  } finally {
    await stt.close();
  }
  console.log(`\n${n} exchanges:`);
  for (const [k, v] of [...tally].sort()) console.log(`  ${k}: ${v}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
