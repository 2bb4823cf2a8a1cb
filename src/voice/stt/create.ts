import type { SttConfig } from '../../config';
import { NoRecognizer, type SpeechRecognizer } from './recognizer';
import { DeepgramRecognizer } from './deepgram';
import { OpenAiRecognizer } from './openai';
import { PocketsphinxRecognizer } from './pocketsphinx';
import { NeuralOpinion } from './moonshine/neural-opinion';
import type { Logger } from '../../common/logger';

/** STT_ENGINE picks the recogniser. */
export function createRecognizer(c: SttConfig, log?: Logger): SpeechRecognizer {
  switch (c.engine) {
    case 'pocketsphinx':
      // Debian's 16 kHz model as a second opinion when it is installed (./second-opinion.ts), unless
      // STT_SECOND_OPINION=off; Moonshine on the answers heard unsure (./moonshine/), unless STT_NEURAL_OPINION=off.
      return new PocketsphinxRecognizer({
        secondOpinion: c.secondOpinion === 'off' ? false : {},
        neural: c.neuralOpinion === 'off' ? null : NeuralOpinion.create(c.neuralModel),
        neuralDeadlineMs: c.neuralDeadlineMs,
        onNeuralError: (err) => log?.warn({ reason: err.message }, 'the neural opinion on an answer failed; the answer stays as PocketSphinx heard it'),
      });
    case 'openai':
      return new OpenAiRecognizer({ url: c.url!, apiKey: c.apiKey, model: c.model });
    case 'deepgram':
      return new DeepgramRecognizer({ url: c.url!, apiKey: c.apiKey, model: c.model, endpointingMs: c.endpointingMs });
    case 'none':
      return new NoRecognizer();
  }
}
