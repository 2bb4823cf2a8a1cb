import { frameRms, TrailingQuiet } from '../../src/voice/stt/trailing-quiet';

/** A 20 ms frame of a tone at `amplitude` (its RMS is amplitude / √2), tagged by its first sample's sign trick. */
function tone(amplitude: number, tag = 0): Int16Array {
  const f = new Int16Array(160);
  for (let i = 0; i < f.length; i++) f[i] = Math.round(amplitude * Math.sin((2 * Math.PI * 400 * i) / 8000));
  f[1] = f[1]! + tag; // tells frames apart without changing their level
  return f;
}

function run(frames: Int16Array[]): Int16Array[] {
  const out: Int16Array[] = [];
  const q = new TrailingQuiet((f) => out.push(f));
  for (const f of frames) q.push(f);
  q.end();
  return out;
}

describe('TrailingQuiet', () => {
  const SILENCE = new Int16Array(160);
  const silence = (n: number) => Array.from({ length: n }, () => SILENCE);

  it('replaces the quiet after the last loud frame but one by 100 ms of silence, and keeps the quiet before and inside the speech', () => {
    const noise = (t: number) => tone(60, t);
    const speech = (t: number) => tone(3000, t);
    const frames = [noise(1), noise(2), speech(3), speech(4), noise(5), noise(6), speech(7), noise(8), noise(9), noise(10), noise(11)];
    const out = run(frames);
    expect(out).toEqual([noise(1), noise(2), speech(3), speech(4), noise(5), noise(6), speech(7), noise(8), ...silence(5)]);
  });

  it('passes an utterance with nothing loud in it whole (a soft voice is still decoded)', () => {
    const soft = [tone(150, 1), tone(180, 2), tone(120, 3)];
    expect(frameRms(soft[1]!)).toBeLessThan(200);
    expect(run(soft)).toEqual(soft);
  });

  it('follows the line: over a noisy line, the noise after the words is what is dropped', () => {
    // Noise at RMS ~280 (above the 200 floor) and speech well above four times it.
    const noisy = (t: number) => tone(400, t);
    const speech = (t: number) => tone(4000, t);
    const out = run([noisy(1), speech(2), noisy(3), noisy(4), noisy(5)]);
    expect(out).toEqual([noisy(1), speech(2), noisy(3), ...silence(5)]);
  });
});
