import type { VoiceActivityDetector } from '../vad/voice-activity-detector';

/** Speech is any frame whose mean absolute amplitude reaches the threshold (tests feed tones and zeros). */
export class EnergyVad implements VoiceActivityDetector {
  freed = false;

  constructor(private readonly threshold = 500) {}

  isSpeech(frame: Int16Array): boolean {
    let sum = 0;
    for (const s of frame) sum += Math.abs(s);
    return frame.length > 0 && sum / frame.length >= this.threshold;
  }

  free(): void {
    this.freed = true;
  }
}

/** Speech or not, frame by frame, from a script ("1" voiced, anything else silent); silent after it. */
export class ScriptedVad implements VoiceActivityDetector {
  private at = 0;

  constructor(private readonly script: string) {}

  isSpeech(): boolean {
    return this.script[this.at++] === '1';
  }

  free(): void {}
}
