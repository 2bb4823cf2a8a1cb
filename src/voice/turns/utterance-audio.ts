import { joinPcm } from '../pcm';

/** Frames kept from before listening starts, and from before speech starts (300 ms). */
const LOOKBACK_FRAMES = 15;
/** Of those, how many from before listening started open the next turn (100 ms). */
const PRE_ROLL_FRAMES = 5;

/**
 * The callee's audio around turns. An answer may begin before the agent starts listening, and
 * speech is only recognised as started 100 ms in: so the last frames heard before the turn and
 * before speech start are kept, and become the beginning of the utterance.
 */
export class UtteranceAudio {
  private readonly recent: Int16Array[] = [];
  private turn: Int16Array[] | null = null;

  /** Every frame from the far end, listening or not. */
  heard(frame: Int16Array): void {
    this.recent.push(frame);
    if (this.recent.length > LOOKBACK_FRAMES) this.recent.shift();
  }

  /** A turn starts: its audio opens with the last frames heard. */
  startTurn(): void {
    this.turn = this.recent.slice(-PRE_ROLL_FRAMES);
  }

  /** A frame of the turn; before speech starts only the recent ones are kept. */
  add(frame: Int16Array, speechStarted: boolean): void {
    if (!this.turn) return;
    this.turn.push(frame);
    if (!speechStarted && this.turn.length > LOOKBACK_FRAMES) this.turn.shift();
  }

  /** The turn's audio so far, one buffer. */
  current(): Int16Array {
    return joinPcm(this.turn ?? []);
  }

  /** The turn's audio, one buffer; the turn is over. */
  endTurn(): Int16Array {
    const frames = this.turn ?? [];
    this.turn = null;
    return joinPcm(frames);
  }
}
