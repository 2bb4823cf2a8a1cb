import type { Logger } from '../../common/logger';
import { TTS_VOICES, type TtsConfig } from '../../config';
import { EspeakSynthesizer } from './espeak';
import { LocalVoiceSynthesizer } from './local-voice-synthesizer';
import { localVoiceMissing } from './local-voices';
import { OpenAiSynthesizer } from './openai';
import type { SpeechSynthesizer } from './synthesizer';

/**
 * TTS_ENGINE picks the synthesizer. eSpeak NG (WebAssembly, inside the npm package) is always
 * there: it is what a Debian voice that is not installed falls back to, and what says a prompt
 * when the chosen engine fails on it.
 */
export function createSynthesizer(c: TtsConfig, log: Logger): SpeechSynthesizer {
  const espeak = () => new EspeakSynthesizer(c.engine === 'espeak' ? c.voice : TTS_VOICES.espeak.default);
  const onFallback = (err: Error) => log.warn({ engine: c.engine, reason: err.message }, 'speech synthesis failed on a prompt: eSpeak NG says it instead');
  switch (c.engine) {
    case 'espeak':
      return espeak();
    case 'openai':
      return new OpenAiSynthesizer({ url: c.url!, apiKey: c.apiKey, model: c.model, voice: c.voice, fallback: espeak(), onFallback });
    case 'flite':
    case 'pico':
    case 'festival': {
      const missing = localVoiceMissing(c.engine, c.voice);
      if (missing) {
        log.warn({ engine: c.engine, reason: missing }, 'TTS_ENGINE cannot run here: eSpeak NG speaks instead');
        return espeak();
      }
      return new LocalVoiceSynthesizer(c.engine, c.voice, { fallback: espeak(), onFallback });
    }
  }
}
