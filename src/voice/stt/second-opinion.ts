/**
 * A second acoustic opinion: Debian's 16 kHz US English PTM model (package pocketsphinx-en-us)
 * loaded in the same WebAssembly decoder as the 8 kHz model, fed the utterance upsampled ×2.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CallQuestion } from '../../features/calls/ports';
import { extractAnswer } from '../dialog/answers';
import { confirmationAnswer, readConfirmation } from '../dialog/confirmation';
import { detectIntent, endsForGood } from '../dialog/intents';
import type { Expectation } from './recognizer';
import { DEFAULT_SPHINX_CONFIG, type SphinxConfig } from './sphinx-decoder';

export const SECOND_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/**
 * Decoder settings of the second model over the 8 kHz model's (beams, weights, topn). The front
 * end is the model's own (feat.params: 25 filters 130–6800 Hz); the cepstral mean starts where
 * upsampled G.711 speech puts it (measured on the tune set: estimated from the decoder's live
 * mean after each utterance, iterated once). The model's own cmninit (16 kHz wideband speech)
 * leaves most answers unrecognised.
 */
export const SECOND_MODEL_CONFIG: SphinxConfig = {
  ...DEFAULT_SPHINX_CONFIG,
  samprate: 16000,
  cmninit: '48.3,25.1,-46.5,49.1,-27.5,-6.5,14.0,-35.1,20.3,-16.6,-2.7,11.5,-18.9',
};

/** The model's feat.params as the WebAssembly decoder reads them (JSON). */
const FEAT_PARAMS = { lowerf: 130, upperf: 6800, nfilt: 25, transform: 'dct', lifter: 22, feat: '1s_c_d_dd', svspec: '0-12/13-25/26-38', cmn: 'current', varnorm: false, remove_noise: true };

/** Whether Debian's 16 kHz en-us model is installed. */
export function secondModelAvailable(dir = SECOND_MODEL_DIR): boolean {
  return ['en-us/mdef', 'en-us/means', 'en-us/sendump', 'cmudict-en-us.dict'].every((f) => existsSync(path.join(dir, f)));
}

/** The second model's decoder settings, or null when the model is not installed. */
export function secondModelConfig(dir = SECOND_MODEL_DIR): SphinxConfig | null {
  if (!secondModelAvailable(dir)) return null;
  const featparams = path.join(tmpdir(), `voicegate-en-us-16k-feat-params-${process.pid}.json`);
  writeFileSync(featparams, JSON.stringify(FEAT_PARAMS));
  return { ...SECOND_MODEL_CONFIG, hmm: path.join(dir, 'en-us'), dict: path.join(dir, 'cmudict-en-us.dict'), fdict: path.join(dir, 'en-us', 'noisedict'), featparams };
}

/** A grammar of exactly one word sequence (null when a word is not in the dictionary). */
export function pathGrammar(text: string, known: (word: string) => boolean): string | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (!words.length || !words.every(known)) return null;
  return ['#JSGF V1.0;', 'grammar path;', `public <utterance> = ${words.join(' ')};`, ''].join('\n');
}

/** What a text means for the question: the answer, a reply to a confirmation, or an intent. */
export function meaningOf(question: CallQuestion, text: string | null, confirming?: { value: unknown }): unknown {
  if (!text) return null;
  const answer = confirming ? confirmationAnswer(readConfirmation(question, text)) : extractAnswer(question, text);
  return answer ?? (detectIntent(text) ? `intent:${detectIntent(text)}` : null);
}

/** Whether a text heard where an answer was asked for is none: a non-answer ("hold on") or an intent ("call me back"). */
export function isNonAnswer(question: CallQuestion, text: string): boolean {
  const meaning = meaningOf(question, text);
  return meaning === null || String(meaning).startsWith('intent:');
}

/** Which question types the second opinion may make unsure (the others keep the 8 kHz model's confidence). */
export type SecondOpinionTypes = ReadonlyArray<'boolean' | 'choice' | 'number' | 'enum' | 'other'>;
/**
 * Numbers and options (docs/voice.md, "A second acoustic model"): on the held-out voices, fewer answers
 * recorded wrong and none fewer right after the whole exchange. Yes/no left out: an unsure yes/no
 * is asked back as a choice, and there it cost right answers on holdout.
 */
export const DEFAULT_SECOND_OPINION_TYPES: SecondOpinionTypes = ['number', 'enum'];
/** The confidence a disagreed answer is capped at: below the service's threshold (0.5), so it is read back, never recorded on one hearing. */
export const DISAGREED_CONFIDENCE = 0.4;

/**
 * The combination rule: an answer the 8 kHz model heard with confidence and the 16 kHz model
 * heard as something else (another answer, a non-answer, nothing) is made unsure; agreement
 * changes nothing, and an answer the 8 kHz model was unsure of stays unsure.
 */
export function withSecondOpinion(confidence: number, type: string | undefined, agrees: boolean | undefined, types: SecondOpinionTypes = DEFAULT_SECOND_OPINION_TYPES): number {
  if (agrees !== false || !type || !(types as readonly string[]).includes(type)) return confidence;
  return Math.min(confidence, DISAGREED_CONFIDENCE);
}

/**
 * Whose threshold applies to a recognition (MARGIN_AT_THRESHOLD's keys): a yes or a no to a
 * confirmation is held to the yes/no's. An opt-out or a wrong number heard where a yes or a no was
 * asked is held to `ending`'s, not to the bare win a yes needs over a no: it ends the call for good,
 * and a whispered "No chance, sorry." came out as "stop calling", 2 score units ahead of its rival.
 */
export function marginType(expect: Expectation, text: string | null): string | undefined {
  if (!expect.question) return undefined;
  if (endsForGood(text) && (expect.yesOrNo || expect.question.type === 'boolean')) return 'ending';
  // The reply to "was that a yes or a no?", heard with the narrowed grammar.
  if (expect.yesOrNo) return 'choice';
  if (expect.confirming) {
    const reply = readConfirmation(expect.question, text);
    if (reply?.kind === 'yes' || reply?.kind === 'no') return 'boolean';
  }
  return expect.question.type;
}
