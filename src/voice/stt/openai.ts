import { WaveFile } from 'wavefile';
import type { Expectation, SpeechRecognizer } from './recognizer';

/**
 * Any OpenAI-compatible transcription endpoint (`POST {STT_URL}/v1/audio/transcriptions`,
 * multipart with `file` and `model`, answer `{"text": ...}`): OpenAI Whisper, a local
 * faster-whisper or whisper.cpp server, Groq, Deepgram's compatible API... Recognises free text,
 * so it answers string questions too.
 */
export class OpenAiRecognizer implements SpeechRecognizer {
  readonly name = 'openai' as const;

  constructor(private readonly options: { url: string; apiKey?: string; model: string; timeoutMs?: number }) {}

  async recognize(pcm: Int16Array, expect: Expectation): Promise<string | null> {
    if (pcm.length < 1600) return null;
    const wav = new WaveFile();
    wav.fromScratch(1, 8000, '16', pcm);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(wav.toBuffer())], { type: 'audio/wav' }), 'utterance.wav');
    form.append('model', this.options.model);
    form.append('response_format', 'json');
    if (expect.question) form.append('prompt', expect.question.question);
    const base = this.options.url.replace(/\/+$/, '').replace(/\/v1$/, '');
    const res = await fetch(`${base}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
      body: form,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
    });
    if (!res.ok) throw new Error(`transcription endpoint answered ${res.status}`);
    const body = (await res.json()) as { text?: unknown };
    return typeof body.text === 'string' && body.text.trim() ? body.text.trim() : null;
  }
}
