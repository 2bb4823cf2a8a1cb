import type { CancelTimer, Clock } from './clock';

export const FRAME_MS = 20;

/** What one listening turn waits for. */
export interface TurnOptions {
  /** How long to wait for the callee to start talking (counted in received audio). */
  noInputMs: number;
  /** Longest utterance waited for, from the start of speech. */
  maxUtteranceMs: number;
  /** Silence that ends an utterance. */
  endSilenceMs: number;
  /** `one`: the first key ends the turn; `many`: keys until # or a pause (a number typed in). */
  keypad: 'one' | 'many';
  /** Voiced audio in a row that counts as the start of speech (default 100 ms; barge-in asks for more). */
  speechStartMs?: number;
  /**
   * A shorter pause after which the turn may end early when what was heard is already a complete
   * answer (`endAtPause`).
   */
  pauseMs?: number;
  /**
   * A pause shorter than `pauseMs` (a multiple of the 20 ms frame) at which `onPause` is told
   * too: the answer's recognition may be finished there, while the pause goes on, and the turn
   * then ends at `pauseMs` if the speaker is still silent (`endAtPause`).
   */
  lookaheadMs?: number;
}

/** Fixed by the design, not configured: frame counts and the wall-clock backstops. */
export const ENDPOINTING = {
  /** Consecutive voiced frames (100 ms) that count as the start of speech. */
  speechStartFrames: 5,
  /** While a pause lasts past `pauseMs`, how often `onPause` is told again. */
  pauseRecheckMs: 100,
  /** The pause after the last key of a number that ends it without #. */
  keyPauseMs: 2000,
  /** Extra wall-clock time after `noInputMs` before giving up on a far end that sends no audio. */
  noMediaGraceMs: 1000,
  /** Extra wall-clock time after `noInputMs + maxUtteranceMs` before ending the turn whatever happens. */
  overrunGraceMs: 2000,
} as const;

export type TurnEndReason = 'no_input' | 'end_of_speech' | 'complete_answer' | 'max_utterance' | 'key' | 'pound' | 'key_pause' | 'no_media' | 'overrun' | 'aborted';

export interface TurnEnd {
  reason: TurnEndReason;
  /** Whether speech started (then the utterance's audio is worth recognising). */
  spoke: boolean;
  /** Speech heard, without the trailing silence that ended it. */
  speechMs: number;
  /** Keys pressed, without # and *. */
  digits: string;
}

/**
 * Endpointing for one turn, as a state machine fed one VAD decision per 20 ms frame and the
 * callee's keys: speech starts after 5 voiced frames in a row, the utterance ends after
 * `endSilenceMs` of silence or at `maxUtteranceMs`; no speech within `noInputMs` of audio is no
 * input. A key ends the turn at once, except a number's, which ends with # or a 2 s pause. Two
 * clock timers back this up for a far end whose audio stopped. `onEnd` is called exactly once.
 */
export class Endpointer {
  private state: 'waiting' | 'speaking' | 'ended' = 'waiting';
  private voicedRun = 0;
  private waitedMs = 0;
  private speechMs = 0;
  private silenceMs = 0;
  /** A complete answer heard before `pauseMs`: the turn ends when the pause reaches it, unless speech comes first. */
  private endArmed = false;
  private digits = '';
  private cancelKeyPause: CancelTimer | undefined;
  private readonly cancelBackstops: CancelTimer[];

  constructor(
    private options: TurnOptions,
    private readonly clock: Clock,
    private readonly onEnd: (end: TurnEnd) => void,
    /** Speech started (the hook for barge-in). */
    private readonly onSpeechStart: () => void = () => undefined,
    /** The speaker has paused this long (the hook for an early end of turn). */
    private readonly onPause: (pausedMs: number) => void = () => undefined,
  ) {
    this.cancelBackstops = [];
    this.armBackstops();
  }

  /**
   * The same turn goes on with other options (a barge-in watch over a prompt becomes the answer's
   * turn when the prompt ends): the wait for speech counts again from now, speech already under
   * way goes on.
   */
  update(o: TurnOptions): void {
    if (this.state === 'ended') return;
    this.options = o;
    this.waitedMs = 0;
    for (const cancel of this.cancelBackstops.splice(0)) cancel();
    this.armBackstops();
  }

  /**
   * Ends the turn as a complete answer if the speaker is still pausing (they may have gone on
   * meanwhile): now once the pause has lasted `pauseMs`, else when it does (speech first undoes
   * it). Whether the speaker was pausing.
   */
  endAtPause(): boolean {
    const pauseMs = this.options.pauseMs ?? Infinity;
    if (this.state !== 'speaking' || this.silenceMs < Math.min(this.options.lookaheadMs ?? pauseMs, pauseMs)) return false;
    if (this.silenceMs >= pauseMs) this.end('complete_answer');
    else this.endArmed = true;
    return true;
  }

  /** Ends the turn now, as if its speech had ended (something other than silence told its end: a voicemail beep). */
  endNow(): void {
    this.end(this.state === 'speaking' ? 'end_of_speech' : 'no_input');
  }

  private armBackstops(): void {
    const o = this.options;
    this.cancelBackstops.push(
      this.clock.setTimer(o.noInputMs + ENDPOINTING.noMediaGraceMs, () => {
        if (this.state === 'waiting' && !this.digits) this.end('no_media');
      }),
      this.clock.setTimer(o.noInputMs + o.maxUtteranceMs + ENDPOINTING.overrunGraceMs, () => this.end('overrun')),
    );
  }

  get speaking(): boolean {
    return this.state === 'speaking';
  }

  get ended(): boolean {
    return this.state === 'ended';
  }

  frame(voiced: boolean): void {
    if (this.state === 'waiting') {
      this.waitedMs += FRAME_MS;
      this.voicedRun = voiced ? this.voicedRun + 1 : 0;
      if (this.voicedRun >= Math.max(1, Math.ceil((this.options.speechStartMs ?? ENDPOINTING.speechStartFrames * FRAME_MS) / FRAME_MS))) {
        this.state = 'speaking';
        this.speechMs = this.voicedRun * FRAME_MS;
        this.onSpeechStart();
      } else if (this.waitedMs >= this.options.noInputMs && !this.digits) {
        this.end('no_input');
      }
    } else if (this.state === 'speaking') {
      this.speechMs += FRAME_MS;
      this.silenceMs = voiced ? 0 : this.silenceMs + FRAME_MS;
      if (voiced) this.endArmed = false;
      const pauseMs = this.options.pauseMs;
      if (this.silenceMs >= this.options.endSilenceMs) this.end('end_of_speech');
      else if (this.speechMs >= this.options.maxUtteranceMs) this.end('max_utterance');
      else if (this.endArmed && this.silenceMs >= pauseMs!) this.end('complete_answer');
      else if (pauseMs !== undefined && (this.silenceMs === this.options.lookaheadMs || (this.silenceMs >= pauseMs && (this.silenceMs - pauseMs) % ENDPOINTING.pauseRecheckMs === 0))) {
        // Told at the look-ahead, at the pause, then again every 100 ms of it (a recogniser's hypothesis may settle late).
        this.onPause(this.silenceMs);
      }
    }
  }

  key(digit: string): void {
    if (this.state === 'ended') return;
    if (digit === '#' && this.digits) return this.end('pound');
    if (digit !== '#' && digit !== '*') this.digits += digit;
    this.cancelKeyPause?.();
    if (this.options.keypad === 'one') return this.end('key');
    this.cancelKeyPause = this.clock.setTimer(ENDPOINTING.keyPauseMs, () => this.end('key_pause'));
  }

  abort(): void {
    this.end('aborted');
  }

  private end(reason: TurnEndReason): void {
    if (this.state === 'ended') return;
    const spoke = this.state === 'speaking';
    // An utterance that ended in silence lasted until the silence began.
    if (reason === 'end_of_speech' || reason === 'max_utterance' || reason === 'complete_answer') this.speechMs -= this.silenceMs;
    this.state = 'ended';
    this.cancelKeyPause?.();
    for (const cancel of this.cancelBackstops) cancel();
    this.onEnd({ reason, spoke, speechMs: this.speechMs, digits: this.digits });
  }
}
