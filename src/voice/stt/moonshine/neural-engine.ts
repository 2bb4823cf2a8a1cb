import { isDeepStrictEqual } from 'node:util';
import type { Expectation } from '../recognizer';
import { answerPaths } from './answer-paths';
import { searchAnswers, type Reading } from './constrained-search';
import { MoonshineModel, type MoonshineFiles } from './model';
import type { NeuralHearing } from './neural-opinion';

/** The model and its searches, inside the neural opinion's worker thread (./neural-worker.ts). */
export class NeuralEngine {
  private model: Promise<MoonshineModel> | undefined;

  constructor(private readonly files: MoonshineFiles) {}

  /** Loads the model (once) and builds the numbers' paths, so the first answer does not wait for them. */
  async warm(): Promise<void> {
    await this.load();
    answerPaths({ question: { key: 'warm-up', question: '', type: 'number' } });
  }

  async hear(pcm: Int16Array, expect: Expectation): Promise<NeuralHearing | null> {
    const paths = answerPaths(expect);
    if (!paths) return null;
    const model = await this.load();
    const detailed = await searchAnswers(model, await model.encode(pcm), paths);
    if (!detailed.length) return null;
    const margin = (rs: readonly Reading[]) => (rs.length > 1 ? rs[0]!.score - rs[1]!.score : Infinity);
    // The answers as the rules read them: one reading per value, every non-answer and intent one (null).
    const readings = detailed.filter((r, i) => detailed.findIndex((o) => isDeepStrictEqual(o.value ?? null, r.value ?? null)) === i);
    const top = detailed[0]!;
    // An intent heard, and how far ahead of every other reading (another intent, a non-answer, an answer) it is.
    const intent = top.intent ? { intent: { name: top.intent, margin: margin(detailed) } } : {};
    return { value: readings[0]!.value, margin: margin(readings), readings, ...intent };
  }

  private load(): Promise<MoonshineModel> {
    this.model ??= MoonshineModel.load(this.files);
    this.model.catch(() => (this.model = undefined));
    return this.model;
  }
}
