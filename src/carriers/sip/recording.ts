import { WaveFile } from 'wavefile';
import { SAMPLE_RATE } from './rtp-session';

/** The call as a stereo WAV, 8 kHz 16-bit: left what the agent sent, right what the callee sent. */
export function stereoWav(left: Int16Array, right: Int16Array): Buffer {
  const wav = new WaveFile();
  wav.fromScratch(2, SAMPLE_RATE, '16', [left, right]);
  return Buffer.from(wav.toBuffer());
}
