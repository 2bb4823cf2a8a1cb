import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as alawmulaw from 'alawmulaw';
import type { CallQuestion } from '../../src/features/calls/ports';
import type { CorpusSet } from './phrases';

export interface CorpusUtterance {
  id: string;
  /** `tune`: settings are chosen on it; `holdout` to `holdout7`: only measured. */
  set: CorpusSet;
  voice: string;
  /** Words a minute (eSpeak NG); for a Flite or Festival voice ("flite:slt"), the duration stretch in percent. */
  speed: number;
  question: string;
  text: string;
  /** The typed answer expected; null when the utterance holds none (it must not be understood). */
  expected: boolean | number | string | null;
  ms: number;
}

export interface CorpusManifest {
  format: string;
  questions: Record<string, CallQuestion>;
  utterances: CorpusUtterance[];
}

export const CORPUS_DIR = __dirname;

export function loadCorpus(): CorpusManifest {
  return JSON.parse(readFileSync(path.join(CORPUS_DIR, 'manifest.json'), 'utf8')) as CorpusManifest;
}

/** An utterance's audio as the carrier hands it to the voice pipeline: 8 kHz 16-bit PCM. */
export function corpusAudio(u: Pick<CorpusUtterance, 'id'>): Int16Array {
  return alawmulaw.mulaw.decode(readFileSync(path.join(CORPUS_DIR, 'audio', `${u.id}.ul`)));
}
