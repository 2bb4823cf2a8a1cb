import type { SpeechVoice } from './voices';

/** Speech synthesis: text in, 8 kHz 16-bit mono PCM out; `voice`: the call's voice and language (./voices.ts), else the deployment's TTS_VOICE. */
export interface SpeechSynthesizer {
  synthesize(text: string, voice?: SpeechVoice): Promise<Int16Array>;
  /**
   * Makes these prompts now, in the deployment's voice, and keeps them (a local engine: its worker
   * and program readied at start-up). Remote engines leave it out: nothing is sent before a call.
   */
  warm?(texts: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * A synthesizer whose audio can be played before the whole prompt is made (a remote engine
 * streaming its answer): 8 kHz chunks in order, as they arrive. Aborting `signal` (a barge-in, a
 * hang-up) stops the synthesis at once (the request is cancelled) and ends the iteration quietly.
 * A failure never leaves the prompt unsaid: the engine falls back to another voice itself.
 */
export interface StreamingSynthesizer {
  stream(text: string, signal: AbortSignal, voice?: SpeechVoice): AsyncIterable<Int16Array>;
}

export function isStreamingSynthesizer(s: SpeechSynthesizer): s is SpeechSynthesizer & StreamingSynthesizer {
  return typeof (s as Partial<StreamingSynthesizer>).stream === 'function';
}

/** One call's view of the shared synthesizer: every prompt in the call's voice and language (what the agent is given). */
export function withVoice(tts: SpeechSynthesizer, voice: SpeechVoice): SpeechSynthesizer {
  const bound: SpeechSynthesizer = {
    synthesize: (text) => tts.synthesize(text, voice),
    // The shared synthesizer belongs to the carrier, which closes it.
    close: async () => undefined,
  };
  if (!isStreamingSynthesizer(tts)) return bound;
  return Object.assign(bound, { stream: (text: string, signal: AbortSignal) => tts.stream(text, signal, voice) }) satisfies StreamingSynthesizer;
}
