import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as alawmulaw from 'alawmulaw';
import type { GreetingClass } from './phrases';

export interface AmdGreeting {
  id: string;
  set: 'tune' | 'holdout';
  voice: string;
  speed: number;
  kind: GreetingClass;
  text: string;
  /** Speech only (no lead or tail), ms. */
  ms: number;
}

export interface AmdManifest {
  format: string;
  greetings: AmdGreeting[];
}

export const AMD_CORPUS_DIR = __dirname;

export function loadAmdCorpus(): AmdManifest {
  return JSON.parse(readFileSync(path.join(AMD_CORPUS_DIR, 'manifest.json'), 'utf8')) as AmdManifest;
}

/** A greeting's speech as the carrier hands it over: 8 kHz 16-bit PCM. */
export function greetingAudio(g: Pick<AmdGreeting, 'id'>): Int16Array {
  return alawmulaw.mulaw.decode(readFileSync(path.join(AMD_CORPUS_DIR, 'audio', `${g.id}.ul`)));
}
