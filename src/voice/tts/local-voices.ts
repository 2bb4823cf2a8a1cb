import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WaveFile } from 'wavefile';
import { TTS_VOICES } from '../../config';
import { resample } from './resampler';
import { trimLeadingSilence } from './trim-silence';

/** Local voices run as a Debian program per prompt (optional: the service falls back to eSpeak NG when one is missing). */
export type LocalEngine = 'flite' | 'pico' | 'festival';

interface VoiceProgram {
  /** The Debian package(s) to install. */
  packages: string;
  binary: string;
  /** Where the voice's data is when installed (null: built into the program). */
  voiceData(voice: string): string | null;
  /** Arguments: the text is in `textFile`, the WAV goes to `wavFile`. */
  args(voice: string, textFile: string, wavFile: string, text: string): string[];
}

const PROGRAMS: Record<LocalEngine, VoiceProgram> = {
  // Flite 2.2 (CMU, BSD-style): voices built into the binary: kal16 (the default), slt, rms, awb, kal (8 kHz diphone).
  flite: {
    packages: 'flite',
    binary: 'flite',
    voiceData: () => null,
    args: (voice, textFile, wavFile) => ['-voice', voice, '-f', textFile, '-o', wavFile],
  },
  // SVOX Pico (Apache-2.0; Debian ships it in non-free, as its language data comes without sources).
  pico: {
    packages: 'libttspico-utils',
    binary: 'pico2wave',
    voiceData: (voice) => `/usr/share/pico/lang/${voice}_ta.bin`,
    // pico2wave takes the text as an argument; `--` keeps a text starting with "-" from being read as an option.
    args: (voice, _textFile, wavFile, text) => ['-l', voice, '-w', wavFile, '--', text],
  },
  // Festival 2.5 (BSD-style) with a festvox voice: festvox-us-slt-hts (HTS, 32 kHz), festvox-kallpc16k (diphone).
  festival: {
    packages: 'festival festvox-us-slt-hts',
    binary: 'text2wave',
    // Festival's voices live in /usr/share/festival/voices/<language>/<name>.
    voiceData: (voice) => {
      const root = '/usr/share/festival/voices';
      const language = existsSync(root) ? readdirSync(root).find((l) => existsSync(path.join(root, l, voice))) : undefined;
      return path.join(root, language ?? 'us', voice);
    },
    args: (voice, textFile, wavFile) => ['-eval', `(voice_${voice})`, '-o', wavFile, textFile],
  },
};

const BIN_DIRS = ['/usr/bin', '/usr/local/bin'];

function findBinary(name: string): string | null {
  for (const dir of BIN_DIRS) {
    const p = path.join(dir, name);
    if (existsSync(p)) return p;
  }
  return null;
}

/** Why this voice cannot run here (the program or its voice data missing, with the packages to install), or null when it can. */
export function localVoiceMissing(engine: LocalEngine, voice: string): string | null {
  const p = PROGRAMS[engine];
  if (!findBinary(p.binary)) return `${p.binary} is not installed (Debian: apt-get install ${p.packages})`;
  const missing = p.voiceData(voice);
  return missing && !existsSync(missing) ? `the ${engine} voice ${voice} is not installed (${missing} is missing; Debian: apt-get install ${p.packages})` : null;
}

/**
 * One prompt through a local program: the text goes in through a file (never a shell), the WAV it
 * writes is read back and resampled to 8 kHz. Runs as a child process, so the calls' 20 ms audio
 * clocks on the main thread never wait for it.
 */
export async function runLocalVoice(engine: LocalEngine, voice: string, text: string, timeoutMs = 20_000): Promise<Int16Array> {
  const p = PROGRAMS[engine];
  // TTS_VOICE was checked at start-up; checked again because it reaches a command line.
  if (!TTS_VOICES[engine].pattern.test(voice)) throw new Error(`not a ${engine} voice: ${voice}`);
  const binary = findBinary(p.binary);
  if (!binary) throw new Error(`${p.binary} is not installed`);
  const dir = await mkdtemp(path.join(tmpdir(), `voicegate-tts-${engine}-`));
  try {
    const textFile = path.join(dir, 'prompt.txt');
    const wavFile = path.join(dir, 'prompt.wav');
    await writeFile(textFile, `${text}\n`);
    const stderr = await new Promise<string>((resolve, reject) => {
      execFile(binary, p.args(voice, textFile, wavFile, text), { timeout: timeoutMs }, (err, _stdout, errors) =>
        err ? reject(new Error(`${p.binary} failed: ${String(errors || err.message).trim().slice(0, 200)}`)) : resolve(String(errors)),
      );
    });
    // festival's text2wave exits 0 when it could not speak (an unknown voice): no file, then.
    const bytes = await readFile(wavFile).catch(() => {
      throw new Error(`${p.binary} wrote no audio: ${stderr.trim().slice(0, 200) || 'no reason given'}`);
    });
    const wav = new WaveFile(bytes);
    const rate = (wav.fmt as { sampleRate: number }).sampleRate;
    if (wav.bitDepth !== '16') wav.toBitDepth('16');
    const samples = wav.getSamples(false, Int16Array) as unknown as Int16Array;
    return trimLeadingSilence(await resample(samples, rate, 8000));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
