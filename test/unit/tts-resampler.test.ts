import { StreamResampler, resample } from '../../src/voice/tts/resampler';
import { WavStreamReader } from '../../src/voice/tts/wav-stream';
import { concatPcm, wavHeader } from '../helpers/pcm';

/** A sine at `hz`, `seconds` long, at `rate`. */
const tone = (hz: number, rate: number, seconds = 1, amplitude = 16_000) => Int16Array.from({ length: Math.round(rate * seconds) }, (_, i) => Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate)));

/** Power of the signal at `hz` (Goertzel), per sample: a pure tone's is amplitude² / 4. */
function powerAt(pcm: Int16Array, hz: number, rate: number): number {
  const w = (2 * Math.PI * hz) / rate;
  const coeff = 2 * Math.cos(w);
  let s1 = 0;
  let s2 = 0;
  for (const x of pcm) {
    const s0 = x + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (s1 * s1 + s2 * s2 - coeff * s1 * s2) / (pcm.length * pcm.length);
}

const rms = (pcm: Int16Array) => Math.sqrt(pcm.reduce((s, x) => s + x * x, 0) / pcm.length);

/** The loudest frequency in 10 Hz steps up to the Nyquist frequency. */
function peakHz(pcm: Int16Array, rate: number): number {
  let best = 0;
  let bestPower = -1;
  for (let hz = 10; hz < rate / 2; hz += 10) {
    const p = powerAt(pcm, hz, rate);
    if (p > bestPower) [best, bestPower] = [hz, p];
  }
  return best;
}

/** Streams `pcm` through a resampler in pieces of `size` samples. */
async function streamed(pcm: Int16Array, from: number, to: number, size: number): Promise<Int16Array> {
  const r = await StreamResampler.open(from, to);
  const parts: Int16Array[] = [];
  for (let at = 0; at < pcm.length; at += size) parts.push(r.push(pcm.subarray(at, at + size)));
  parts.push(r.end());
  return concatPcm(parts);
}

describe('resampling a voice to the 8 kHz phone line', () => {
  test('a 1 kHz tone at 24 kHz is a 1 kHz tone at 8 kHz, as loud, with a third of the samples', async () => {
    const out = await resample(tone(1000, 24_000), 24_000, 8000);
    expect(out.length).toBe(8000);
    // Past the filter's start-up, the level is kept within 1 % and the frequency exactly.
    const steady = out.subarray(400, 7600);
    expect(peakHz(steady, 8000)).toBe(1000);
    expect(rms(steady) / (16_000 / Math.SQRT2)).toBeGreaterThan(0.99);
    expect(rms(steady) / (16_000 / Math.SQRT2)).toBeLessThan(1.01);
  });

  test.each([3000, 3400])('%i Hz (inside the phone band) keeps its frequency and level', async (hz) => {
    const steady = (await resample(tone(hz, 24_000), 24_000, 8000)).subarray(400, 7600);
    expect(peakHz(steady, 8000)).toBe(hz);
    expect(rms(steady) / (16_000 / Math.SQRT2)).toBeGreaterThan(0.95);
  });

  test.each([
    [5000, 3000],
    [6000, 2000],
    [9000, 1000],
    [11_000, 3000],
  ])('%i Hz (above the new Nyquist frequency) does not fold back to %i Hz: at least 60 dB down', async (hz, alias) => {
    const input = tone(hz, 24_000);
    const out = (await resample(input, 24_000, 8000)).subarray(400, 7600);
    // Naive decimation (every third sample) would put the whole tone at the alias frequency.
    const naive = Int16Array.from({ length: 8000 }, (_, i) => input[i * 3]!);
    expect(peakHz(naive.subarray(400, 7600), 8000)).toBe(alias);
    const inPower = (16_000 * 16_000) / 4;
    expect(10 * Math.log10(powerAt(out, alias, 8000) / inPower)).toBeLessThan(-60);
    expect(rms(out)).toBeLessThan(16_000 / Math.SQRT2 / 1000);
  });

  test('streamed in pieces of any size (a network read), the result is the same as at once: no click at the seams', async () => {
    const voice = Int16Array.from({ length: 24_000 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 24_000) + 4000 * Math.sin((2 * Math.PI * 1230 * i) / 24_000)));
    const whole = await resample(voice, 24_000, 8000);
    for (const size of [97, 480, 4096]) {
      const pieces = await streamed(voice, 24_000, 8000, size);
      expect(pieces.length).toBe(whole.length);
      let worst = 0;
      for (let i = 0; i < whole.length; i++) worst = Math.max(worst, Math.abs(whole[i]! - pieces[i]!));
      expect(worst).toBeLessThanOrEqual(2);
    }
  });

  test('16 and 22.05 kHz (the local voices) come out at 8 kHz with their tone', async () => {
    for (const rate of [16_000, 22_050, 32_000]) {
      const out = await resample(tone(700, rate), rate, 8000);
      expect(Math.abs(out.length - 8000)).toBeLessThanOrEqual(1);
      expect(peakHz(out.subarray(400, 7600), 8000)).toBe(700);
    }
  });
});

describe('reading streamed audio bytes', () => {
  const bytesOf = (pcm: Int16Array) => Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);

  test('raw 16-bit PCM split mid-sample gives every sample once, in order', () => {
    const pcm = Int16Array.from({ length: 1001 }, (_, i) => (i * 97) % 65_536 - 32_768);
    const bytes = bytesOf(pcm);
    const r = new WavStreamReader(24_000);
    const got: number[] = [];
    for (const [a, b] of [[0, 1], [1, 2], [2, 777], [777, 778], [778, bytes.length]] as const) got.push(...(r.push(bytes.subarray(a, b)) ?? []));
    expect(got).toEqual([...pcm]);
    expect(r.sampleRate).toBe(24_000);
  });

  test('a WAV answer: the rate comes from its header, the samples start after it (even when the header arrives in pieces)', () => {
    const pcm = Int16Array.from({ length: 300 }, (_, i) => i - 150);
    // A streamed WAV does not know its length.
    const all = Buffer.concat([wavHeader(16_000, null), bytesOf(pcm)]);
    const r = new WavStreamReader(24_000);
    const got: number[] = [];
    for (let at = 0; at < all.length; at += 7) got.push(...(r.push(all.subarray(at, at + 7)) ?? []));
    expect(r.sampleRate).toBe(16_000);
    expect(got).toEqual([...pcm]);
  });
});
