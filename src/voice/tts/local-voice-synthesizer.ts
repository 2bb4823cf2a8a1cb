import { runLocalVoice, type LocalEngine } from './local-voices';
import { PromptCache } from './prompt-cache';
import type { SpeechSynthesizer } from './synthesizer';
import { resolveVoice, type SpeechVoice } from './voices';

/**
 * A local voice that runs as a program per prompt (./local-voices.ts), at most `concurrency` at a
 * time (a call synthesizes all its prompts while it rings; a burst of calls must not start dozens
 * of processes on a small machine). A prompt it fails to make is said by `fallback` (eSpeak NG),
 * never left silent, and tried again on the next call.
 */
export class LocalVoiceSynthesizer implements SpeechSynthesizer {
  private readonly cache = new PromptCache();
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly engine: LocalEngine,
    private readonly voice: string,
    private readonly options: { fallback: SpeechSynthesizer; onFallback?: (err: Error) => void; concurrency?: number },
  ) {}

  async synthesize(text: string, wanted?: SpeechVoice): Promise<Int16Array> {
    const who = resolveVoice(this.engine, this.voice, wanted);
    // A language this engine has no voice for is eSpeak NG's (the fallback) from the start.
    if (who.engine !== this.engine) return this.options.fallback.synthesize(text, { language: wanted?.language ?? null });
    try {
      return await this.cache.get(`${who.voice}\n${text}`, () => this.limited(() => runLocalVoice(this.engine, who.voice, text)));
    } catch (e) {
      this.options.onFallback?.(e as Error);
      return this.options.fallback.synthesize(text, { language: wanted?.language ?? null });
    }
  }

  async close(): Promise<void> {
    await this.options.fallback.close();
  }

  private async limited<T>(run: () => Promise<T>): Promise<T> {
    if (this.running >= (this.options.concurrency ?? 2)) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await run();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
