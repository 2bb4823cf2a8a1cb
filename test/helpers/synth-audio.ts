import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as alawmulaw from 'alawmulaw';
import { WaveFile } from 'wavefile';
import { run } from './telephony';
import { joinPcm } from '../../src/voice/pcm';

/**
 * Test audio made by independent tools (the Debian espeak-ng and sox), as a telephone carries it:
 * 8 kHz 16-bit mono, through G.711 µ-law.
 */
export async function readPcm8k(file: string): Promise<Int16Array> {
  const wav = new WaveFile(await readFile(file));
  return wav.getSamples(false, Int16Array) as unknown as Int16Array;
}

/** Through the phone line: µ-law encoded and decoded. */
export const overG711 = (pcm: Int16Array): Int16Array => alawmulaw.mulaw.decode(alawmulaw.mulaw.encode(pcm));

/** Speech by espeak-ng (`voice`, e.g. en-us, en-gb+f3), at 8 kHz. */
export async function speech(dir: string, name: string, text: string, voice = 'en-us', wpm = 165): Promise<Int16Array> {
  const wide = path.join(dir, `${name}-wide.wav`);
  const narrow = path.join(dir, `${name}-8k.wav`);
  await run('espeak-ng', ['-v', voice, '-s', String(wpm), '-w', wide, text]);
  await run('sox', [wide, '-r', '8000', '-c', '1', '-b', '16', '-e', 'signed-integer', narrow]);
  return overG711(await readPcm8k(narrow));
}

/**
 * sox `synth` at 8 kHz: `spec` are sox's synth arguments after the length, e.g. `['sine', '1000']`,
 * or two tones mixed (`['sine', '697', 'sine', '1209']` with `-n` channels combined by `remix`).
 */
export async function tone(dir: string, name: string, seconds: number, spec: string[], gainDb = -6): Promise<Int16Array> {
  const file = path.join(dir, `${name}.wav`);
  await run('sox', ['-n', '-r', '8000', '-c', '1', '-b', '16', '-e', 'signed-integer', file, 'synth', String(seconds), ...spec, 'gain', String(gainDb)]);
  return overG711(await readPcm8k(file));
}

/** A DTMF key: its two tones together (sox mixes two synth channels into one). */
export async function dtmf(dir: string, name: string, seconds: number, low: number, high: number): Promise<Int16Array> {
  const file = path.join(dir, `${name}.wav`);
  await run('sox', ['-n', '-r', '8000', '-c', '2', '-b', '16', '-e', 'signed-integer', path.join(dir, `${name}-2ch.wav`), 'synth', String(seconds), 'sine', String(low), 'sine', String(high)]);
  await run('sox', [path.join(dir, `${name}-2ch.wav`), '-c', '1', file, 'remix', '1,2', 'gain', '-n', '-6']);
  return overG711(await readPcm8k(file));
}

export const silence = (ms: number): Int16Array => new Int16Array((ms * 8000) / 1000);

/** Low white noise, like a quiet phone line (seeded: the same samples every run). */
export function noise(ms: number, rms = 60, seed = 7): Int16Array {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = new Int16Array((ms * 8000) / 1000);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random()) * rms);
  return out;
}

export function concat(...parts: Int16Array[]): Int16Array {
  return joinPcm(parts);
}

/** Adds `b` onto `a` (same length or shorter), clipped. */
export function mix(a: Int16Array, b: Int16Array): Int16Array {
  const out = Int16Array.from(a);
  for (let i = 0; i < Math.min(a.length, b.length); i++) out[i] = Math.max(-32768, Math.min(32767, a[i]! + b[i]!));
  return out;
}

/** 20 ms frames (the last one zero-padded). */
export function frames(pcm: Int16Array): Int16Array[] {
  const out: Int16Array[] = [];
  for (let i = 0; i < pcm.length; i += 160) {
    const f = new Int16Array(160);
    f.set(pcm.subarray(i, Math.min(pcm.length, i + 160)));
    out.push(f);
  }
  return out;
}
