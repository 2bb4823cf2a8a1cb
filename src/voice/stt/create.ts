import type { SttConfig } from '../../config';
import { NoRecognizer, type SpeechRecognizer } from './recognizer';
import { DeepgramRecognizer } from './deepgram';
import { OpenAiRecognizer } from './openai';
import { PocketsphinxRecognizer } from './pocketsphinx';

/** STT_ENGINE picks the recogniser. */
export function createRecognizer(c: SttConfig): SpeechRecognizer {
  switch (c.engine) {
    case 'pocketsphinx':
      return new PocketsphinxRecognizer();
    case 'openai':
      return new OpenAiRecognizer({ url: c.url!, apiKey: c.apiKey, model: c.model });
    case 'deepgram':
      return new DeepgramRecognizer({ url: c.url!, apiKey: c.apiKey, model: c.model, endpointingMs: c.endpointingMs });
    case 'none':
      return new NoRecognizer();
  }
}
