import { loadFvad } from './fvad-wasm';
import type { VoiceActivityDetector } from './voice-activity-detector';

/** WebRTC VAD, mode 0 (quality) to 3 (very aggressive); we use 2, good on telephone audio. */
export class WebRtcVad implements VoiceActivityDetector {
  private readonly lib = loadFvad();
  private readonly inst: number;
  private readonly buf: number;
  private bufSamples = 0;

  constructor(mode = 2, sampleRate = 8000) {
    this.inst = this.lib.fvad_new();
    if (!this.inst) throw new Error('fvad_new failed');
    if (this.lib.fvad_set_mode(this.inst, mode) !== 0) throw new Error(`bad VAD mode ${mode}`);
    if (this.lib.fvad_set_sample_rate(this.inst, sampleRate) !== 0) throw new Error(`bad VAD sample rate ${sampleRate}`);
    this.bufSamples = 480;
    this.buf = this.lib.malloc(this.bufSamples * 2);
  }

  isSpeech(frame: Int16Array): boolean {
    if (frame.length > this.bufSamples) throw new Error('VAD frame too long');
    new Int16Array(this.lib.memory.buffer, this.buf, frame.length).set(frame);
    return this.lib.fvad_process(this.inst, this.buf, frame.length) === 1;
  }

  free(): void {
    this.lib.free(this.buf);
    this.lib.fvad_free(this.inst);
  }
}
