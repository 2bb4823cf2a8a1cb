import type { VoiceActivityDetector } from '../vad/voice-activity-detector';
import type { Clock } from './clock';
import { Endpointer, type TurnEnd, type TurnOptions } from './endpointer';
import { UtteranceAudio } from './utterance-audio';

/** What the callee did in one turn. */
export interface Turn extends TurnEnd {
  /** The utterance (with its lead-in), when speech started; null otherwise. */
  audio: Int16Array | null;
}

/**
 * The listening stage: the far end's frames and keys in, one `Turn` per `listen()` out. Frames
 * go through the VAD and the endpointer only while a turn is open; between turns they are only
 * remembered as lead-in.
 */
export class TurnListener {
  private readonly audio = new UtteranceAudio();
  private endpointer: Endpointer | null = null;
  private aborted = false;

  constructor(
    private readonly vad: VoiceActivityDetector,
    private readonly clock: Clock,
  ) {}

  frame(pcm: Int16Array): void {
    this.audio.heard(pcm);
    const ep = this.endpointer;
    if (!ep) return;
    this.audio.add(pcm, ep.speaking);
    ep.frame(this.vad.isSpeech(pcm));
  }

  key(digit: string): void {
    this.endpointer?.key(digit);
  }

  /** Ends the open turn, and every later one at once (the call is over). */
  abort(): void {
    this.aborted = true;
    this.endpointer?.abort();
  }

  listen(options: TurnOptions, onSpeechStart?: () => void): Promise<Turn> {
    return new Promise((resolve) => {
      this.audio.startTurn();
      const ep = new Endpointer(
        options,
        this.clock,
        (end) => {
          if (this.endpointer === ep) this.endpointer = null;
          const audio = this.audio.endTurn();
          resolve({ ...end, audio: end.spoke ? audio : null });
        },
        onSpeechStart,
      );
      this.endpointer = ep;
      if (this.aborted) ep.abort();
    });
  }
}
