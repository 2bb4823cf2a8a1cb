import type { Expectation, SpeechRecognizer } from '../stt/recognizer';

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
