import type { Expectation } from '../recognizer';
import { answerPaths } from './answer-paths';
import { searchAnswers } from './constrained-search';
import { MoonshineModel } from './model';
import type { NeuralHearing } from './neural-opinion';

/** The model and its searches, inside the neural opinion's worker thread (./neural-worker.ts). */
export class NeuralEngine {
  private model: Promise<MoonshineModel> | undefined;

  constructor(private readonly dir: string) {}

  /** Loads the model (once) and builds the numbers' paths, so the first answer does not wait for them. */
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
