import { TTS_VOICES, type TtsEngine } from '../../config';

/** What one call asks the synthesizer to speak with (null/undefined: the deployment's TTS_VOICE). */
export interface SpeechVoice {
  /** The engine's own voice name (a call's or organization's `voice`); wins over `language`. */
  voice?: string | null;
  /** BCP 47 (canonical); picks the engine's voice for that language when it has one. */
  language?: string | null;
}

/** What actually speaks: the engine (eSpeak NG when the configured one lacks the language) and its voice. */
export interface ResolvedVoice {
  engine: TtsEngine;
  voice: string;
}

/** Primary language subtags eSpeak NG has a voice for. */
export const ESPEAK_LANGUAGES = new Set(
  ('af am an ar as az ba be bg bn bs ca cmn cs cv cy da de el en eo es et eu fa fi fr ga gd gn grc gu hak haw he hi hr ht hu hy ' +
    'ia id io is it ja jbo ka kk kl kn ko kok ku ky la lb lfn lt ltg lv mi mk ml mr ms mt my nb nci ne nl nog om or pa pap pl pt py ' +
    'qu quc ro ru sd shn si sk sl smj sq sr sv sw ta te th tk tn tr tt ug uk ur uz vi yue zh').split(' '),
);
/** eSpeak NG voices named by language and region; any other region speaks with the language's main voice. */
const ESPEAK_REGIONAL = new Set(['en-us', 'en-gb', 'en-029', 'es-419', 'pt-br', 'fr-be', 'fr-ch', 'vi-vn-x-central']);
/** SVOX Pico's voices are one per language. */
const PICO_VOICES = ['en-US', 'en-GB', 'de-DE', 'es-ES', 'fr-FR', 'it-IT'];

const primary = (tag: string) => tag.split('-')[0]!.toLowerCase();

/** The eSpeak NG voice for a language: the regional one when eSpeak NG has it (pt-BR), else the language's (de-AT → de). */
export function espeakVoiceFor(language: string): string | null {
  const lower = language.toLowerCase();
  if (ESPEAK_REGIONAL.has(lower)) return lower;
  const p = primary(language);
  if (p === 'en') return 'en-us';
  return ESPEAK_LANGUAGES.has(p) ? p : null;
}

/**
 * Who speaks a call: its `voice` when set (checked at placement), else the configured engine's
 * voice for its `language`. Flite and Festival's voices are English; Pico has six languages; a
 * language they lack is spoken by eSpeak NG (always there). A network engine speaks the language
 * of the text with its voice. English, or no language, is the deployment's TTS_VOICE.
 */
export function resolveVoice(engine: TtsEngine, deploymentVoice: string, wanted: SpeechVoice = {}): ResolvedVoice {
  if (wanted.voice) return { engine, voice: wanted.voice };
  const language = wanted.language;
  if (!language || engine === 'openai') return { engine, voice: deploymentVoice };
  const english = primary(language) === 'en';
  switch (engine) {
    case 'espeak':
      return english && !ESPEAK_REGIONAL.has(language.toLowerCase()) ? { engine, voice: deploymentVoice } : { engine, voice: espeakVoiceFor(language) ?? deploymentVoice };
    case 'pico': {
      const own = PICO_VOICES.find((v) => v.toLowerCase() === language.toLowerCase()) ?? (english ? null : PICO_VOICES.find((v) => primary(v) === primary(language)));
      if (own) return { engine, voice: own };
      break;
    }
    case 'flite':
    case 'festival':
      break;
  }
  if (english) return { engine, voice: deploymentVoice };
  const espeak = espeakVoiceFor(language);
  return espeak ? { engine: 'espeak', voice: espeak } : { engine, voice: deploymentVoice };
}

/** Whether the configured engine can speak `language` (canonical), itself or through eSpeak NG. */
export function engineSpeaks(engine: string, language: string): boolean {
  if (engine === 'openai') return true;
  if (primary(language) === 'en') return true;
  if (engine === 'pico' && PICO_VOICES.some((v) => primary(v) === primary(language))) return true;
  return espeakVoiceFor(language) !== null;
}

/** Why `voice` is not one the configured engine has (what it takes instead), or null when it is. */
export function unknownVoice(engine: TtsEngine, voice: string): string | null {
  const known = TTS_VOICES[engine];
  if (!known.pattern.test(voice)) return `is not a voice of the configured speech engine (${engine}: ${known.says})`;
  if (engine === 'espeak' && !ESPEAK_LANGUAGES.has(primary(voice.split('+')[0]!))) return `is not an eSpeak NG voice (${known.says})`;
  return null;
}
