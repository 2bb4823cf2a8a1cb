import { isCompleteAnswer, type Expectation, type Recognition, type RecognitionStream, type SpeechRecognizer, type StreamingRecognizer } from '../stt/recognizer';

/**
 * Answers each recognition with the next scripted text (null: not understood; an Error: the
 * engine failed), and records what it was asked. `hold()` keeps the next answer back until
 * `release()`, to act while a recognition is in flight.
 */
export class FakeRecognizer implements SpeechRecognizer {
  readonly name = 'none' as const;
  readonly calls: Array<{ samples: number; expect: Expectation }> = [];
  private held: Array<() => void> | null = null;
  private onHeld: (() => void) | null = null;

  constructor(private readonly script: Array<string | null | Error> = []) {}

  async recognize(pcm: Int16Array, expect: Expectation): Promise<string | null> {
    this.calls.push({ samples: pcm.length, expect });
    const next = this.script.shift() ?? null;
    const held = this.held;
    if (held) {
      await new Promise<void>((resolve) => {
        held.push(resolve);
        this.onHeld?.();
        this.onHeld = null;
      });
    }
    if (next instanceof Error) throw next;
    return next;
  }

  hold(): void {
    this.held = [];
  }

  /** Resolves once a recognition is held back (in flight). */
  recognizing(): Promise<void> {
    if (this.pending) return Promise.resolve();
    return new Promise((resolve) => (this.onHeld = resolve));
  }

  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const resolve of held) resolve();
  }

  get pending(): number {
    return this.held?.length ?? 0;
  }
}

/**
 * A streaming recognizer for tests: each utterance "hears" the next scripted text word by word,
 * one word per `framesPerWord` frames pushed, so partial hypotheses grow as audio arrives (and a
 * test can see when an answer became complete). `finish()` gives the whole text with the scripted
 * confidence; below `minConfidence` it is not understood (the text comes as `unsure`), as with the real engine.
 */
export class FakeStreamingRecognizer implements SpeechRecognizer, StreamingRecognizer {
  readonly name = 'none' as const;
  readonly streams: Array<{ expect: Expectation; frames: number; cancelled: boolean; finished: boolean }> = [];

  constructor(
    private readonly script: Array<{ text: string | null; confidence?: number } | Error> = [],
    private readonly options: { framesPerWord?: number; minConfidence?: number } = {},
  ) {}

  start(expect: Expectation): RecognitionStream {
    const next = this.script.shift() ?? { text: null };
    const state = { expect, frames: 0, cancelled: false, finished: false };
    this.streams.push(state);
    const perWord = this.options.framesPerWord ?? 10;
    const heard = () => {
      if (next instanceof Error || !next.text) return '';
      const words = next.text.split(/\s+/);
      return words.slice(0, Math.floor(state.frames / perWord)).join(' ');
    };
    return {
      push: () => {
        if (!state.finished && !state.cancelled) state.frames++;
      },
      partial: async () => {
        const text = heard();
        return { text, complete: isCompleteAnswer(expect, text) };
      },
      finish: async (): Promise<Recognition> => {
        state.finished = true;
        if (next instanceof Error) throw next;
        const confidence = next.confidence ?? 1;
        if (!next.text || confidence >= (this.options.minConfidence ?? 0.5)) return { text: next.text, confidence };
        return { text: null, confidence, unsure: next.text };
      },
      cancel: () => {
        state.cancelled = true;
      },
    };
  }

  async recognize(pcm: Int16Array, expect: Expectation): Promise<string | null> {
    return (await this.hear(pcm, expect)).text;
  }

  async hear(pcm: Int16Array, expect: Expectation): Promise<Recognition> {
    const s = this.start(expect);
    for (let i = 0; i < pcm.length; i += 160) s.push(pcm.subarray(i, i + 160));
    return s.finish();
  }
}
