/**
 * The voicemail beep: a single steady tone somewhere in 400–2000 Hz, at least ~150 ms long,
 * followed by silence (the machine starts recording). Found frame by frame (20 ms at 8 kHz) with a
 * bank of Goertzel filters: a frame is *tonal* when one frequency holds most of its energy
 * (speech spreads its energy over many harmonics and formants; a DTMF key holds two tones of
 * about equal strength, so neither holds most of it).
 */

export const BEEP = {
  sampleRate: 8000,
  /** The band searched (common voicemail beeps: 425, 440, 480, 500, 850, 1000, 1400 Hz…). */
  minHz: 380,
  maxHz: 2050,
  /** Filter spacing: half the 50 Hz resolution of a 20 ms frame, so no tone falls between filters. */
  stepHz: 25,
  /** Share of the frame's energy at the strongest frequency for the frame to be a tone. */
  minTonality: 0.62,
  /** A frame quieter than this (RMS of 16-bit samples, about -50 dBFS) is silence, never a tone. */
  minToneRms: 100,
  /** Consecutive tonal frames drift at most this far from the run's first frequency. */
  maxDriftHz: 40,
  /** Tonal frames that make a beep: 8 × 20 ms = 160 ms. */
  minFrames: 8,
  /** A longer steady tone is a fax, dial or busy tone, not a beep. */
  maxFrames: 150,
  /** After the tone: this many quiet or non-tonal low frames (60 ms) confirm its end. */
  quietFrames: 3,
  /** "Quiet" after the tone: at least this far (in power) below the tone's level. */
  quietBelowTone: 0.05,
  /** One non-tonal frame inside a tone (a codec glitch, a lost packet) is bridged. */
  maxGapFrames: 1,
} as const;

export interface BeepHeard {
  /** Frequency of the tone (Hz). */
  hz: number;
  /** Where the tone started and ended, in ms from the first frame this detector was fed. */
  startMs: number;
  endMs: number;
}

const FRAME_MS = 20;

/** Goertzel power of one frequency over a frame, normalised so a pure tone at that frequency gives its energy. */
function goertzelPower(frame: Int16Array, hz: number, sampleRate: number): number {
  const coeff = 2 * Math.cos((2 * Math.PI * hz) / sampleRate);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < frame.length; i++) {
    const s0 = frame[i]! + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  // For x = A sin(...), power ≈ (A·N/2)², energy Σx² ≈ A²N/2: this makes the two comparable.
  return (2 * power) / frame.length;
}

export interface FrameTone {
  /** Strongest frequency of the band (Hz). */
  hz: number;
  /** Its share of the frame's energy (0..1, about 1 for a pure tone). */
  tonality: number;
  /** Σx² of the frame. */
  energy: number;
}

/** The strongest frequency of the band in one frame and how much of the frame's energy it holds. */
export function frameTone(frame: Int16Array, sampleRate = BEEP.sampleRate): FrameTone {
  let energy = 0;
  let mean = 0;
  for (let i = 0; i < frame.length; i++) mean += frame[i]!;
  mean /= frame.length || 1;
  for (let i = 0; i < frame.length; i++) energy += (frame[i]! - mean) ** 2;
  // Too quiet to be a beep: the filters are not run (most frames of a call are silence or low noise).
  if (!frame.length || energy / frame.length < BEEP.minToneRms ** 2) return { hz: 0, tonality: 0, energy };
  let best = 0;
  let bestHz = 0;
  for (let hz = BEEP.minHz; hz <= BEEP.maxHz; hz += BEEP.stepHz) {
    const p = goertzelPower(frame, hz, sampleRate);
    if (p > best) {
      best = p;
      bestHz = hz;
    }
  }
  return { hz: bestHz, tonality: Math.min(1, best / energy), energy };
}

/**
 * Fed every 20 ms frame of the callee's channel, in order; `frame()` returns the beep when one has
 * just been confirmed (its tone over and silence after it), else null. Every beep heard stays in
 * `beeps`.
 */
export class BeepDetector {
  readonly beeps: BeepHeard[] = [];
  private frames = 0;
  private run: { startFrame: number; lastTonalFrame: number; firstHz: number; hzSum: number; tonal: number; energy: number; gap: number } | null = null;
  /** A tone that ended, waiting for the quiet that confirms it. */
  private ended: { hz: number; startFrame: number; endFrame: number; energy: number; quiet: number } | null = null;

  frame(pcm: Int16Array): BeepHeard | null {
    const index = this.frames++;
    const t = frameTone(pcm);
    const tonal = Math.sqrt(t.energy / (pcm.length || 1)) >= BEEP.minToneRms && t.tonality >= BEEP.minTonality;

    const r = this.run;
    if (r && tonal && Math.abs(t.hz - r.firstHz) <= BEEP.maxDriftHz) {
      r.lastTonalFrame = index;
      r.hzSum += t.hz;
      r.tonal++;
      r.energy += t.energy;
      r.gap = 0;
    } else if (r && !tonal && r.gap < BEEP.maxGapFrames && t.energy >= (r.energy / r.tonal) * 0.3) {
      // As loud as the tone but not tonal, inside it: bridged once (a codec glitch), not its end.
      r.gap++;
    } else {
      if (r) this.closeRun(r);
      this.run = tonal ? { startFrame: index, lastTonalFrame: index, firstHz: t.hz, hzSum: t.hz, tonal: 1, energy: t.energy, gap: 0 } : null;
    }

    const e = this.ended;
    // The frame right after the tone holds its last samples (a tone rarely ends on a frame's edge): not judged.
    if (!e || index <= e.endFrame + 1) return null;
    if (this.run || tonal || t.energy > e.energy * BEEP.quietBelowTone) {
      // Sound right after the tone (a word, another note, music): not a beep.
      this.ended = null;
      return null;
    }
    if (++e.quiet < BEEP.quietFrames) return null;
    this.ended = null;
    const heard: BeepHeard = { hz: e.hz, startMs: e.startFrame * FRAME_MS, endMs: (e.endFrame + 1) * FRAME_MS };
    this.beeps.push(heard);
    return heard;
  }

  /** Milliseconds fed so far. */
  get positionMs(): number {
    return this.frames * FRAME_MS;
  }

  private closeRun(r: NonNullable<BeepDetector['run']>): void {
    this.run = null;
    if (r.tonal < BEEP.minFrames || r.tonal > BEEP.maxFrames) return;
    this.ended = { hz: Math.round(r.hzSum / r.tonal), startFrame: r.startFrame, endFrame: r.lastTonalFrame, energy: r.energy / r.tonal, quiet: 0 };
  }
}
