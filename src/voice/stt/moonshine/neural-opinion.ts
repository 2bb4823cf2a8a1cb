import { isDeepStrictEqual } from 'node:util';
import type { CallQuestion } from '../../../features/calls/ports';
import type { Expectation, Recognition } from '../recognizer';
import { meaningOf } from '../second-opinion';
import { answerPaths } from './answer-paths';
import { searchAnswers, type Reading } from './constrained-search';
import { MoonshineModel, moonshineModelDir } from './model';

/** What the neural model heard: the best answer (null: a non-answer) and how far ahead of the next it is (log-probability). */
export interface NeuralHearing {
  value: unknown;
  margin: number;
  readings: Reading[];
}

/**
 * A second, neural opinion on the answers PocketSphinx is not sure of: Moonshine Tiny (./model.ts)
 * asked which of the question's answers the utterance holds (./constrained-search.ts). The two
 * models fail on different utterances (one a 2010 8 kHz acoustic model with a grammar, the other
 * a 2024 transformer trained on other speech), and where they agree the answer is right far more
 * often than either alone (docs/voice.md, "A neural second opinion").
 *
 * It is asked only when PocketSphinx was unsure: a confident answer is recorded as before, and
 * costs no time.
 */
export class NeuralOpinion {
  private model: Promise<MoonshineModel> | undefined;

  constructor(private readonly dir: string) {}

  /** The opinion when the model's package is installed (null: it is not). */
  static create(): NeuralOpinion | null {
    const dir = moonshineModelDir();
    return dir ? new NeuralOpinion(dir) : null;
  }

  /** Whether the model is asked about this expectation (a question's answer or a reply to its read-back; not a greeting or free text). */
  covers(expect: Expectation): boolean {
    return answerPaths(expect) !== null;
  }

  /** Loads the model (once per process) and builds the numbers' paths, so the first answer does not wait for them. */
  async warm(): Promise<void> {
    await this.load();
    answerPaths({ question: { key: 'warm-up', question: '', type: 'number' } });
  }

  async hear(pcm: Int16Array, expect: Expectation): Promise<NeuralHearing | null> {
    const paths = answerPaths(expect);
    if (!paths) return null;
    const model = await this.load();
    const readings = await searchAnswers(model, await model.encode(pcm), paths);
    if (!readings.length) return null;
    return { value: readings[0]!.value, margin: readings.length > 1 ? readings[0]!.score - readings[1]!.score : Infinity, readings };
  }

  private load(): Promise<MoonshineModel> {
    this.model ??= MoonshineModel.load(this.dir);
    this.model.catch(() => (this.model = undefined));
    return this.model;
  }
}

/** How an answer is said back when the neural reading is read back ("I heard 34. Is that right?"). */
function spoken(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return String(value);
}

/**
 * The combination rule, for an answer PocketSphinx was unsure of (its confidence below the
 * threshold, `unsure` what it most likely heard):
 * - the neural model hears the same answer: recorded, at the threshold's confidence;
 * - it hears another answer: that one is what the agent reads back for confirmation (on the
 *   held-out voices the neural reading was right about twice as often where the two differed);
 * - it hears no answer (its paths hold the call's intents, "call me later", as non-answers): unchanged.
 * In a reply to a read-back only a correction the neural model hears ("no, seventy": a value
 * other than the one read back) replaces PocketSphinx's reading: it heard "No, eighty-one" as a
 * bare "No." where PocketSphinx still had a number to read back (measured, docs/voice.md).
 * A confident PocketSphinx answer never reaches here: nothing is ever made less sure.
 */
export function combineWithNeural(question: CallQuestion, ps: Recognition, neural: NeuralHearing | null, minConfidence: number, confirming?: { value: unknown }): Recognition {
  if (!neural || neural.value === null || ps.text) return ps;
  const heard = meaningOf(question, ps.unsure ?? null, confirming);
  if (heard !== null && isDeepStrictEqual(heard, neural.value)) return { text: ps.unsure!, confidence: Math.max(ps.confidence, minConfidence) };
  if (confirming && (typeof neural.value === 'boolean' || isDeepStrictEqual(neural.value, confirming.value))) return ps;
  return { text: null, confidence: ps.confidence, unsure: spoken(neural.value) };
}
