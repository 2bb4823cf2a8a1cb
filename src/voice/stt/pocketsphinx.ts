import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WaveFile } from 'wavefile';
import { grammarFor } from './grammar';
import type { Expectation, SpeechRecognizer } from './recognizer';

const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const BINARY = 'pocketsphinx_continuous';

let dictionary: Set<string> | undefined;
function knownWord(word: string): boolean {
  dictionary ??= new Set(
    readFileSync(path.join(MODEL_DIR, 'cmudict-en-us.dict'), 'utf8')
      .split('\n')
      .map((l) => l.split(' ')[0]!),
  );
  return dictionary.has(word);
}

/** Whether the Debian packages pocketsphinx and pocketsphinx-en-us are installed. */
export function pocketsphinxAvailable(): boolean {
  return existsSync(path.join(MODEL_DIR, 'cmudict-en-us.dict')) && ['/usr/bin', '/usr/local/bin'].some((d) => existsSync(path.join(d, BINARY)));
}

/**
 * Offline recognition with CMU PocketSphinx (Debian `pocketsphinx` + `pocketsphinx-en-us`),
 * constrained by a JSGF grammar built from the question's type: yes/no, numbers, the enum's
 * options (weekdays, hours...). The US English model is trained on 16 kHz audio, so the 8 kHz
 * telephone audio is upsampled first. Free-text questions are not recognised (null).
 */
export class PocketsphinxRecognizer implements SpeechRecognizer {
  readonly name = 'pocketsphinx' as const;

  async recognize(pcm: Int16Array, expect: Expectation): Promise<string | null> {
    const grammar = grammarFor(expect.question, knownWord);
    if (!grammar || pcm.length < 1600) return null;
    const wav = new WaveFile();
    wav.fromScratch(1, 8000, '16', pcm);
    wav.toSampleRate(16000, { method: 'sinc', LPF: true });
    const dir = await mkdtemp(path.join(tmpdir(), 'voicegate-stt-'));
    try {
      await writeFile(path.join(dir, 'in.wav'), wav.toBuffer());
      await writeFile(path.join(dir, 'answer.gram'), grammar);
      const text = await new Promise<string>((resolve, reject) => {
        execFile(
          BINARY,
          ['-infile', path.join(dir, 'in.wav'), '-jsgf', path.join(dir, 'answer.gram'), '-samprate', '16000', '-hmm', path.join(MODEL_DIR, 'en-us'), '-dict', path.join(MODEL_DIR, 'cmudict-en-us.dict'), '-logfn', '/dev/null'],
          { timeout: 20_000 },
          (err, stdout) => (err ? reject(err) : resolve(stdout)),
        );
      });
      const heard = text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' ');
      return heard || null;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
