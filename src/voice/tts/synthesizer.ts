/** Speech synthesis: text in, 8 kHz 16-bit mono PCM out. */
export interface SpeechSynthesizer {
  synthesize(text: string): Promise<Int16Array>;
  close(): Promise<void>;
}
