/** Speech synthesis: text in, 8 kHz 16-bit mono PCM out. */
export interface SpeechSynthesizer {
  synthesize(text: string): Promise<Int16Array>;
  close(): Promise<void>;
}

/**
 * A synthesizer whose audio can be played before the whole prompt is made (a remote engine
 * streaming its answer): 8 kHz chunks in order, as they arrive. Aborting `signal` (a barge-in, a
 * hang-up) stops the synthesis at once (the request is cancelled) and ends the iteration quietly.
 * A failure never leaves the prompt unsaid: the engine falls back to another voice itself.
 */
export interface StreamingSynthesizer {
  stream(text: string, signal: AbortSignal): AsyncIterable<Int16Array>;
}

export function isStreamingSynthesizer(s: SpeechSynthesizer): s is SpeechSynthesizer & StreamingSynthesizer {
  return typeof (s as Partial<StreamingSynthesizer>).stream === 'function';
}
