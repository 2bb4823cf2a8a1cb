import type { CallQuestion } from '../../features/calls/ports';
import { extractAnswer } from '../dialog/answers';
import { readConfirmation, type Confirming } from '../dialog/confirmation';

/** What the recogniser is listening for: a question's answer, or any speech (greeting, reply). */
export type Expectation = ({ question: CallQuestion } | { question: null }) & {
  /** Phrases the callee may say instead of an answer ("who is this", "call me later"): extra alternatives of the grammar. */
  intents?: readonly string[];
  /**
   * Free speech in which these phrases (and words) are to be found (the greeting: "leave a
   * message", "say your name"): decoded as a loop of them instead of one whole answer.
   */
  spotting?: readonly string[];
  /**
   * The agent just said back an answer heard with low confidence ("I heard thirty. Is that
   * right?"): the callee may say yes, no, or another answer ("no, thirty eight").
   */
  confirming?: Confirming;
  /** The agent asked back "was that a yes or a no?": the reply is heard as a bare yes or no (or a non-answer). */
  yesOrNo?: boolean;
  /**
   * The question asked again after the callee said no to a read-back: the values they refused.
   * The neural opinion then offers its next reading instead of a refused one.
   */
  refused?: readonly unknown[];
};

/** Speech recognition behind one interface: 8 kHz 16-bit mono audio of one utterance in, text out. */
export interface SpeechRecognizer {
  readonly name: 'pocketsphinx' | 'openai' | 'deepgram' | 'none';
  /** The text, or null when nothing could be recognised. */
  recognize(pcm: Int16Array, expect: Expectation): Promise<string | null>;
  /** The same with the confidence and a text heard below the threshold (`unsure`), for engines that have them. */
  hear?(pcm: Int16Array, expect: Expectation): Promise<Recognition>;
  /** Loads what the engine needs before the first utterance (at the worker's start-up, and while a call rings); resolves when it is loaded. */
  warm?(): Promise<void>;
}

/** No recognition configured: the call still runs and is recorded, answers stay null. */
export class NoRecognizer implements SpeechRecognizer {
  readonly name = 'none' as const;
  async recognize(): Promise<string | null> {
    return null;
  }
}

/** What a recognition came to: the text (null: nothing understood) and how sure the engine is. */
export interface Recognition {
  text: string | null;
  /** 0..1; a text below the engine's threshold is returned as null (asked again, never guessed). */
  confidence: number;
  /**
   * The text heard when it was below the threshold (`text` is null then): not an answer, but what
   * the callee most likely said, which the agent may read back for confirmation.
   */
  unsure?: string;
}

/** One whole utterance recognised, with the unsure text when the engine gives one. */
export async function recognizeWhole(stt: SpeechRecognizer, pcm: Int16Array, expect: Expectation): Promise<Recognition> {
  if (stt.hear) return stt.hear(pcm, expect);
  const text = await stt.recognize(pcm, expect);
  return { text, confidence: text ? 1 : 0 };
}

/** The best hypothesis so far while the callee speaks. */
export interface PartialRecognition {
  text: string;
  /** Whether what was heard so far is already a complete answer of the question's grammar. */
  complete: boolean;
}

/** One utterance being recognised while it is spoken: 20 ms frames in as they arrive. */
export interface RecognitionStream {
  push(frame: Int16Array): void;
  partial(): Promise<PartialRecognition>;
  /** The end of the utterance: the final result. */
  finish(): Promise<Recognition>;
  /** Drops the utterance (a hang-up, a barge-in that is not an answer). */
  cancel(): void;
}

/**
 * Recognition fed frame by frame, so that decoding runs while the callee speaks and the end of a
 * turn can come as soon as a complete answer was heard.
 */
export interface StreamingRecognizer {
  start(expect: Expectation): RecognitionStream;
}

export function isStreaming(r: SpeechRecognizer): r is SpeechRecognizer & StreamingRecognizer {
  return typeof (r as Partial<StreamingRecognizer>).start === 'function';
}

/** Whether a partial text is already a whole answer (yes/no, a number, an option) or a greeting. */
export function isCompleteAnswer(expect: Expectation, text: string): boolean {
  if (!text.trim()) return false;
  if (!expect.question) return true;
  if (expect.confirming) {
    // A bare "no" may go on ("no, thirty eight"): the turn waits the longer silence for it.
    const reply = readConfirmation(expect.question, text);
    return reply !== null && reply.kind !== 'no';
  }
  return extractAnswer(expect.question, text) !== null;
}
