import { rms } from '../pcm';
import type { VoiceActivityDetector } from '../vad/voice-activity-detector';
import type { Clock } from './clock';
import { Endpointer, FRAME_MS, type TurnEnd, type TurnOptions } from './endpointer';
import { UtteranceAudio } from './utterance-audio';

/**
 * The WebRTC VAD goes on calling frames speech for 60 to 100 ms after the voice stops (its
 * hangover, meant to keep word endings). Once the callee is speaking, a frame it calls speech
 * that is as quiet as a line's silence (RMS below TAIL_RMS, about -47 dBFS; for a quiet talker,
 * below a twentieth of the turn's loudest frame) is that hangover and counts as silence, so the
 * pause after an answer is measured from where the voice stopped. Measured over a quarter of the
 * speech corpus: the VAD's last speech frame lay 100 ms (median; 40 to 140) after the last frame
 * above 300 RMS, with this rule 0 ms (0 to 80). The price: 9 of those 480 utterances then had a
 * pause of 300 ms or more inside their speech (at a comma: "No, thank you."), none with the VAD
 * alone. On a line noisier than TAIL_RMS the rule does nothing (the VAD's end stands).
 */
export const TAIL_RMS = 150;

/** What the callee did in one turn. */
export interface Turn extends TurnEnd {
  /** The utterance (with its lead-in), when speech started; null otherwise. */
  audio: Int16Array | null;
  /** Offsets in the recording (see `TurnListener`'s `position`): the first voiced frame of the utterance, its last, and the end of the turn. */
  speechStartMs: number | null;
  lastVoicedMs: number | null;
  endedMs: number;
}

/** Hooks of one open turn. */
export interface TurnHooks {
  /** Speech started (barge-in stops the prompt here). */
  onSpeechStart?: () => void;
  /** A frame of the utterance, from the first one kept (its lead-in) on, in order: for a streaming recogniser. */
  onSpeechFrame?: (frame: Int16Array, voiced: boolean) => void;
  /** The speaker has paused this long (from `lookaheadMs` or `pauseMs` on, every 100 ms). */
  onPause?: (pausedMs: number) => void;
}

/** A turn being listened to. */
export interface OpenTurn {
  readonly turn: Promise<Turn>;
  /** Whether the callee is speaking in it (speech started). */
  readonly speaking: boolean;
  /** Goes on with other options (see `Endpointer.update`). */
  update(options: TurnOptions): void;
  /** Ends it as a complete answer if the callee is still pausing; whether it did. */
  endAtPause(): boolean;
  /** Ends it now, with what was heard so far (see `Endpointer.endNow`). */
  endNow(): void;
  /** Drops it (its turn resolves as aborted, with no audio). */
  cancel(): void;
}

/**
 * The listening stage: the far end's frames and keys in, one `Turn` per `open()` out. Frames go
 * through the VAD and the endpointer only while a turn is open; between turns they are only
 * remembered as lead-in. `position` stamps the turn (where it is in the recording).
 */
export class TurnListener {
  private readonly audio = new UtteranceAudio();
  private endpointer: Endpointer | null = null;
  private hooks: TurnHooks = {};
  private aborted = false;
  private stamps = { speechStartMs: null as number | null, lastVoicedMs: null as number | null, voicedRun: 0 };
  /** The loudest frame the VAD called speech in the open turn (for TAIL_RMS). */
  private peakRms = 0;

  constructor(
    private readonly vad: VoiceActivityDetector,
    private readonly clock: Clock,
    private readonly position: () => number = () => clock.now(),
  ) {}

  frame(pcm: Int16Array): void {
    this.audio.heard(pcm);
    const ep = this.endpointer;
    if (!ep) return;
    const wasSpeaking = ep.speaking;
    this.audio.add(pcm, wasSpeaking);
    const level = rms(pcm);
    let voiced = this.vad.isSpeech(pcm);
    if (voiced) this.peakRms = Math.max(this.peakRms, level);
    if (voiced && wasSpeaking && level < Math.min(TAIL_RMS, this.peakRms / 20)) voiced = false;
    // Stamped before the endpointer hears the frame: its hooks may read them. A frame arrives
    // when its last sample has: now is its end.
    const at = this.position();
    this.stamps.voicedRun = voiced ? this.stamps.voicedRun + 1 : 0;
    if (voiced) this.stamps.lastVoicedMs = at;
    if (!wasSpeaking && voiced) this.stamps.speechStartMs = at - this.stamps.voicedRun * FRAME_MS;
    ep.frame(voiced);
    if (wasSpeaking) this.hooks.onSpeechFrame?.(pcm, voiced);
    else if (ep.speaking && this.hooks.onSpeechFrame) {
      // Speech just started: the utterance so far (lead-in and the voiced run) goes first.
      const sofar = this.audio.current();
      for (let i = 0; i < sofar.length; i += pcm.length || 160) this.hooks.onSpeechFrame(sofar.subarray(i, i + (pcm.length || 160)), true);
    }
  }

  /** The open turn's audio so far. */
  currentAudio(): Int16Array {
    return this.audio.current();
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
    return this.open(options, { onSpeechStart }).turn;
  }

  open(options: TurnOptions, hooks: TurnHooks = {}): OpenTurn {
    let ep!: Endpointer;
    const turn = new Promise<Turn>((resolve) => {
      this.audio.startTurn();
      this.hooks = hooks;
      this.stamps = { speechStartMs: null, lastVoicedMs: null, voicedRun: 0 };
      this.peakRms = 0;
      ep = new Endpointer(
        options,
        this.clock,
        (end) => {
          const stamps = this.stamps;
          if (this.endpointer === ep) {
            this.endpointer = null;
            this.hooks = {};
          }
          const audio = this.audio.endTurn();
          resolve({ ...end, audio: end.spoke ? audio : null, speechStartMs: end.spoke ? stamps.speechStartMs : null, lastVoicedMs: end.spoke ? stamps.lastVoicedMs : null, endedMs: this.position() });
        },
        () => hooks.onSpeechStart?.(),
        (pausedMs) => hooks.onPause?.(pausedMs),
      );
      this.endpointer = ep;
      if (this.aborted) ep.abort();
    });
    return {
      turn,
      get speaking() {
        return ep.speaking;
      },
      update: (o) => ep.update(o),
      endAtPause: () => ep.endAtPause(),
      endNow: () => ep.endNow(),
      cancel: () => ep.abort(),
    };
  }
}
