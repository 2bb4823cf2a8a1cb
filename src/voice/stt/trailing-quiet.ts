/**
 * Holds back the quiet frames at the end of what has been heard so far, so that the decoder never
 * sees the silence (or line noise) after the callee's last word: a frame quieter than the
 * threshold is kept aside, and pushed on only when a louder frame follows (a pause inside the
 * answer stays in it). What is still held when the utterance ends is dropped, past the first
 * KEEP_FRAMES, and SILENCE_FRAMES of digital silence end the utterance instead.
 *
 * Why: in the trailing noise the 8 kHz model finds room for a short word, so that "twenty" competes
 * with "twenty eight" and "forty" with "forty eight" nearly as well as with silence, and a clear
 * answer came out unsure (measured with `npm run bench:asr`, docs/voice.md "Fifth round").
 *
 * The threshold follows the line: four times the quietest frame heard so far (the noise floor; the
 * utterance starts with the frames before the callee's speech), and never below MIN_RMS. An
 * utterance with no frame above it is passed whole.
 */
const MIN_RMS = 200;
const FLOOR_FACTOR = 4;
/** Quiet frames kept after the last loud one: the release of a final consonant. */
const KEEP_FRAMES = 1;
/**
 * Digital silence put in place of the quiet dropped: the decoder needs about 60–100 ms after the
 * last word to end it ("eighteen" cut right after its "n" was heard as "eighty"), and silence, unlike
 * the line's noise, holds no room for another word.
 */
const SILENCE_FRAMES = 5;

export function frameRms(frame: Int16Array): number {
  let sum = 0;
  for (let i = 0; i < frame.length; i++) sum += frame[i]! * frame[i]!;
  return Math.sqrt(sum / Math.max(1, frame.length));
}

export class TrailingQuiet {
  private floor = Infinity;
  private held: Int16Array[] = [];
  private loud = false;

  constructor(private readonly pass: (frame: Int16Array) => void) {}

  push(frame: Int16Array): void {
    if (!frame.length) return;
    const level = frameRms(frame);
    if (level < this.floor) this.floor = level;
    if (level < Math.max(MIN_RMS, FLOOR_FACTOR * this.floor)) {
      this.held.push(frame);
      return;
    }
    for (const f of this.held) this.pass(f);
    this.held = [];
    this.loud = true;
    this.pass(frame);
  }

  /**
   * The utterance ended: the start of the held quiet goes on, the rest is replaced by a short
   * silence. When nothing was ever loud (a quiet line, a soft voice), nothing is dropped: the
   * decoder hears it all.
   */
  end(): void {
    if (!this.loud) {
      for (const f of this.held) this.pass(f);
    } else {
      const size = this.held[0]?.length ?? 160;
      for (const f of this.held.slice(0, KEEP_FRAMES)) this.pass(f);
      for (let i = 0; i < SILENCE_FRAMES; i++) this.pass(new Int16Array(size));
    }
    this.held = [];
  }
}
