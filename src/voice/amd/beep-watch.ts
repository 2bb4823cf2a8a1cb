import type { Clock } from '../turns/clock';
import { rms } from '../pcm';
import { BeepDetector } from './beep-detector';

/** A frame louder than this (RMS of 16-bit samples, about -36 dBFS) is sound; below, silence. */
const SOUND_RMS = 500;
/** A wait whose audio stopped (no media) still ends, this long after its cap (wall clock). */
const NO_MEDIA_GRACE_MS = 2000;
const FRAME_MS = 20;

interface Waiter {
  silenceMs: number;
  untilMs: number;
  resolve: (r: { heard: boolean }) => void;
  cancelBackstop: () => void;
}

/**
 * The callee's channel as an answering machine's: every frame goes through the beep detector
 * from the answer on, so a beep that came while the greeting was still being judged is not
 * missed; `wait` resolves when the machine records (its beep over and nothing after it), or after
 * a silence (no beep), or at a cap.
 */
export class BeepWatch {
  private readonly detector = new BeepDetector();
  private lastSoundMs = 0;
  private lastBeepEndMs: number | null = null;
  private beepUntaken = false;
  private waiter: Waiter | null = null;
  private stopped = false;

  constructor(private readonly clock: Clock) {}

  /** One 20 ms frame of the callee, `positionMs` its end in the call's recording; whether a beep was confirmed with it. */
  frame(pcm: Int16Array, positionMs: number): boolean {
    if (this.stopped) return false;
    const beep = this.detector.frame(pcm);
    if (rms(pcm) >= SOUND_RMS) this.lastSoundMs = positionMs;
    if (beep) {
      // The detector confirms a beep a few quiet frames after its end: where it ended in the call.
      this.lastBeepEndMs = positionMs - (this.detector.positionMs - beep.endMs);
      this.beepUntaken = true;
    }
    this.check(positionMs);
    return beep !== null;
  }

  /** Whether a beep was heard since the last time this was asked. */
  takeBeep(): boolean {
    const b = this.beepUntaken;
    this.beepUntaken = false;
    return b;
  }

  /** Nothing more to listen for (a person answered): frames are no longer examined. */
  stop(): void {
    this.stopped = true;
    this.waiter?.resolve({ heard: false });
    this.waiter = null;
  }

  /**
   * Until the machine records: its beep has ended and no sound followed it (at once if that is
   * already so), or `silenceMs` of silence after its last sound, or `maxMs` from now.
   */
  wait(silenceMs: number, maxMs: number, positionMs: number): Promise<{ heard: boolean }> {
    this.waiter?.resolve({ heard: false });
    return new Promise((resolve) => {
      const w: Waiter = { silenceMs, untilMs: positionMs + maxMs, resolve: () => undefined, cancelBackstop: () => undefined };
      w.cancelBackstop = this.clock.setTimer(maxMs + NO_MEDIA_GRACE_MS, () => this.settle(w, false));
      w.resolve = (r) => {
        w.cancelBackstop();
        resolve(r);
      };
      this.waiter = w;
      this.check(positionMs);
    });
  }

  private check(positionMs: number): void {
    const w = this.waiter;
    if (!w) return;
    if (this.lastBeepEndMs !== null && this.lastBeepEndMs + FRAME_MS >= this.lastSoundMs) return this.settle(w, true);
    if (positionMs - this.lastSoundMs >= w.silenceMs || positionMs >= w.untilMs) this.settle(w, false);
  }

  private settle(w: Waiter, heard: boolean): void {
    if (this.waiter !== w) return;
    this.waiter = null;
    w.resolve({ heard });
  }
}
