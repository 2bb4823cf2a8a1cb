import type { SttConfig } from '../../config';
import { NoRecognizer, type SpeechRecognizer } from './recognizer';
import { OpenAiRecognizer } from './openai';
import { PocketsphinxRecognizer } from './pocketsphinx';

/** STT_ENGINE picks the recogniser. */
export function createRecognizer(c: SttConfig): SpeechRecognizer {
  switch (c.engine) {
    case 'pocketsphinx':
      return new PocketsphinxRecognizer();
    case 'openai':
      return new OpenAiRecognizer({ url: c.url!, apiKey: c.apiKey, model: c.model });
    case 'none':
      return new NoRecognizer();
  }
}
