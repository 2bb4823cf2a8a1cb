import { Readable } from 'node:stream';
import { SeededRandom } from './seeded-random';

export const SAMPLE_RATE = 8000;
const BYTES_PER_SAMPLE = 2;

export function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16); // PCM chunk size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(SAMPLE_RATE, 24);
  h.writeUInt32LE(SAMPLE_RATE * BYTES_PER_SAMPLE, 28);
  h.writeUInt16LE(BYTES_PER_SAMPLE, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

export const wavByteLength = (seconds: number): number => 44 + seconds * SAMPLE_RATE * BYTES_PER_SAMPLE;

/**
 * A real 8 kHz 16-bit mono PCM WAV of exactly `seconds`: alternating "speaker" turns of
 * voice-band tones with a little noise, generated deterministically and streamed a second at a
 * time (a 10-minute call never sits in memory).
 */
export function wavStream(seed: string, seconds: number): Readable {
  const rnd = new SeededRandom(seed);
  const turnFreqs = [220 + rnd.int(0, 80), 300 + rnd.int(0, 120)];
  let second = 0;
  let headerSent = false;
  return new Readable({
    read() {
      if (!headerSent) {
        headerSent = true;
        this.push(wavHeader(seconds * SAMPLE_RATE * BYTES_PER_SAMPLE));
      }
      if (second >= seconds) {
        this.push(null);
        return;
      }
      const buf = Buffer.alloc(SAMPLE_RATE * BYTES_PER_SAMPLE);
      const freq = turnFreqs[Math.floor(second / 4) % 2]!;
      const pause = second % 4 === 3;
      for (let i = 0; i < SAMPLE_RATE; i++) {
        const t = (second * SAMPLE_RATE + i) / SAMPLE_RATE;
        const envelope = pause ? 0.02 : 0.35 * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t));
        const noise = (((i * 1103515245 + second * 12345) >>> 16) & 0xff) / 255 - 0.5;
        const v = envelope * Math.sin(2 * Math.PI * freq * t) + 0.01 * noise;
        buf.writeInt16LE(Math.max(-32767, Math.min(32767, Math.round(v * 32767))), i * 2);
      }
      second++;
      this.push(buf);
    },
  });
}
