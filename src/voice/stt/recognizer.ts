import type { CallQuestion } from '../../features/calls/ports';

/** What the recogniser is listening for: a question's answer, or any speech (greeting, reply). */
export type Expectation = { question: CallQuestion } | { question: null };

/** Speech recognition behind one interface: 8 kHz 16-bit mono audio of one utterance in, text out. */
export interface SpeechRecognizer {
  readonly name: 'pocketsphinx' | 'openai' | 'none';
  /** The text, or null when nothing could be recognised. */
  recognize(pcm: Int16Array, expect: Expectation): Promise<string | null>;
}

/** No recognition configured: the call still runs and is recorded, answers stay null. */
export class NoRecognizer implements SpeechRecognizer {
  readonly name = 'none' as const;
  async recognize(): Promise<string | null> {
    return null;
  }
}
