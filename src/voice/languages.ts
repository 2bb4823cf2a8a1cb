import { engineSpeaks, ESPEAK_LANGUAGES } from './tts/voices';

/**
 * Which languages the configured speech engines can speak and hear, so that a call in a language
 * the agent could not hold is refused when it is placed (422 unsupported_language), not failed on
 * the phone. The offline recognizer has one acoustic model, US English; eSpeak NG speaks the
 * languages of ./tts/voices.ts (by primary subtag), and says what the local voices (English; Pico
 * six languages) cannot; network engines (OpenAI-compatible) are taken to handle
 * any language their model does, which voicegate cannot know in advance.
 */

export const DEFAULT_LANGUAGE = 'en-US';

export interface SpeechEngines {
  tts: string;
  stt: string;
}

/** The canonical form of a BCP 47 tag (`en-us` → `en-US`), or null when it is not one. */
export function canonicalLanguage(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.trim());
    return canonical ?? null;
  } catch {
    return null;
  }
}

function speaks(engine: string, tag: string): boolean {
  return engineSpeaks(engine, tag);
}

function hears(engine: string, tag: string): boolean {
  // One acoustic model: US English (cmusphinx-en-us-ptm-8khz).
  if (engine === 'pocketsphinx') return tag === 'en-US' || tag === 'en';
  return true;
}

/** Whether the agent can both speak and hear `tag` (canonical) with these engines. */
export function languageSupported(engines: SpeechEngines, tag: string): boolean {
  return speaks(engines.tts, tag) && hears(engines.stt, tag);
}

/** What the engines can hold, for settings pages: tags, or primary subtags meaning any region of them. */
export function supportedLanguages(engines: SpeechEngines): string[] {
  if (engines.stt === 'pocketsphinx') return [DEFAULT_LANGUAGE];
  if (engines.tts !== 'openai') return [...ESPEAK_LANGUAGES].sort();
  return ['*'];
}

/**
 * The engines a deployment runs. Speech synthesis is eSpeak NG today; a deployment setting that
 * names another engine (TTS_ENGINE) is read here when there is one.
 */
export function speechEngines(config: { stt: { engine: string }; tts?: { engine: string } }): SpeechEngines {
  return { tts: config.tts?.engine ?? 'espeak', stt: config.stt.engine };
}
