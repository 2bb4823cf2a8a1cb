import { SAMPLE_RATE } from './media/recorder';

/**
 * The call as a stereo WAV, 8 kHz 16-bit PCM: left what the agent sent, right what the callee
 * sent. Written directly (a 44-byte header and one interleaving loop): a general WAV library
 * packs sample by sample and took about a second for a few minutes of audio, long enough to
 * delay the RTP clocks of every other call in the process.
 */
export function stereoWav(left: Int16Array, right: Int16Array): Buffer {
  const frames = Math.max(left.length, right.length);
  const dataBytes = frames * 4;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(2, 22); // channels
  out.writeUInt32LE(SAMPLE_RATE, 24);
  out.writeUInt32LE(SAMPLE_RATE * 4, 28); // byte rate
  out.writeUInt16LE(4, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  const samples = new Int16Array(out.buffer, out.byteOffset + 44, frames * 2);
  for (let i = 0; i < frames; i++) {
    samples[2 * i] = left[i] ?? 0;
    samples[2 * i + 1] = right[i] ?? 0;
  }
  return out;
}
