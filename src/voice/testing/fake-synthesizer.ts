import type { SpeechSynthesizer } from '../tts/synthesizer';
import type { SpeechVoice } from '../tts/voices';

/** Returns `ms` of a quiet tone for any text, and remembers which text each buffer says. */
export class FakeSynthesizer implements SpeechSynthesizer {
  readonly texts: string[] = [];
  /** The voice asked for with each text, in order. */
  readonly voices: Array<SpeechVoice | undefined> = [];
  private readonly said = new WeakMap<Int16Array, string>();

  constructor(private readonly ms = 200) {}

  async synthesize(text: string, voice?: SpeechVoice): Promise<Int16Array> {
    this.texts.push(text);
    this.voices.push(voice);
    const pcm = new Int16Array((this.ms * 8000) / 1000).fill(100);
    this.said.set(pcm, text);
    return pcm;
  }

  /** The text a synthesized buffer says. */
  textOf(pcm: Int16Array): string | undefined {
    return this.said.get(pcm);
  }

  async close(): Promise<void> {}
}
