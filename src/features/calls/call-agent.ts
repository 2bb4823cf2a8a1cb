import { z } from 'zod';
import type { Config } from '../../config';
import { AppError, validationError } from '../../common/errors';
import { canonicalLanguage, languageSupported, speechEngines } from '../../voice/languages';
import { unknownVoice } from '../../voice/tts/voices';
import type { CallAgentOptions } from './ports';

export const MAX_INSTRUCTIONS = 4000;

/** BCP 47 language tag, as written (canonicalised and checked against the engines by `checkLanguage`). */
export const languageSchema = z
  .string()
  .trim()
  .min(2)
  .max(35)
  .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, 'must be a BCP 47 language tag such as en-US');
/** An engine's voice name (eSpeak NG: en-us+f3; an OpenAI-compatible engine: alloy). */
export const voiceSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.+:-]*$/, 'must be a voice name: letters, digits and _ . + : -');
export const instructionsSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_INSTRUCTIONS, `must be at most ${MAX_INSTRUCTIONS} characters`);

export function unsupportedLanguage(field: string, tag: string): AppError {
  return new AppError('unsupported_language', `The configured speech engines cannot both speak and hear ${tag}.`, {
    errors: [{ field, message: 'is not a language the configured speech engines can both speak and hear' }],
  });
}

/** The canonical tag (`en-us` → `en-US`); 422 unsupported_language when the engines cannot both speak and hear it. */
export function checkLanguage(config: Pick<Config, 'stt'>, field: string, language: string): string {
  const tag = canonicalLanguage(language);
  if (!tag) throw validationError(field, 'must be a BCP 47 language tag such as en-US');
  if (!languageSupported(speechEngines(config), tag)) throw unsupportedLanguage(field, tag);
  return tag;
}

/** The voice as given; 422 unsupported_voice when the configured speech engine (TTS_ENGINE) has no voice of that name. */
export function checkVoice(config: Pick<Config, 'tts'>, field: string, voice: string): string {
  const why = unknownVoice(config.tts.engine, voice);
  if (why) throw new AppError('unsupported_voice', `The configured speech engine (${config.tts.engine}) has no voice named ${voice}.`, { errors: [{ field, message: why }] });
  return voice;
}

/** A call's own agent options as stored (null: none given, the organization's defaults apply). */
export function callAgentOptions(input: { language?: string | null; voice?: string | null; llm?: boolean | null; instructions?: string | null }, language: string | null): CallAgentOptions | null {
  const options: CallAgentOptions = {
    ...(language ? { language } : {}),
    ...(input.voice ? { voice: input.voice } : {}),
    ...(typeof input.llm === 'boolean' ? { llm: input.llm } : {}),
    ...(input.instructions ? { instructions: input.instructions } : {}),
  };
  return Object.keys(options).length ? options : null;
}
