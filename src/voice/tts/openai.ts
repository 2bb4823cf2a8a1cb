import { joinPcm } from '../pcm';
import { PromptCache } from './prompt-cache';
import { StreamResampler } from './resampler';
import type { SpeechSynthesizer, StreamingSynthesizer } from './synthesizer';
import type { SpeechVoice } from './voices';
import { WavStreamReader } from './wav-stream';

export interface OpenAiSynthesizerOptions {
  /** Base URL: `{url}/v1/audio/speech` is called (a trailing /v1 is accepted too). */
  url: string;
  apiKey?: string;
  model: string;
  voice: string;
  /** Says a prompt the endpoint failed to make, at once (the local voice). */
  fallback: SpeechSynthesizer;
  /** Told why a prompt went to the fallback (for the log). */
  onFallback?: (err: Error) => void;
  /** No audio this long after the request, or between two pieces of it: the request is given up. */
  stallTimeoutMs?: number;
  /** The rate of `pcm` answers (OpenAI's: 24 kHz); a WAV answer carries its own. */
  pcmRate?: number;
}

/**
 * Any OpenAI-compatible speech endpoint (`POST {TTS_URL}/v1/audio/speech` with `model`, `voice`,
 * `input` and `response_format: "pcm"`: OpenAI, a Kokoro or Piper server speaking the same API...).
 * The answer is read as it streams in and resampled to 8 kHz piece by piece, so the first words play
 * while the rest is still being made. Raw 16-bit PCM at `pcmRate` is expected; a server that sends
 * a WAV instead is read from its header.
 *
 * Never silence: an error, a refused request or a stall (`stallTimeoutMs` without audio) hands
 * the prompt to `fallback` (the local voice), which then says it whole — from its start, also when
 * the endpoint failed halfway through. Finished prompts are kept like the local engines' (all of a
 * call's prompts are made while its phone rings, so most are played from memory).
 */
export class OpenAiSynthesizer implements SpeechSynthesizer, StreamingSynthesizer {
  private readonly cache = new PromptCache();

  constructor(private readonly options: OpenAiSynthesizerOptions) {}

  async synthesize(text: string, wanted?: SpeechVoice): Promise<Int16Array> {
    const voice = wanted?.voice ?? this.options.voice;
    try {
      return await this.cache.get(`${voice}\n${text}`, async () => joinPcm(await collect(this.request(text, voice, new AbortController().signal))));
    } catch (e) {
      return this.fallBack(text, wanted, e);
    }
  }

  async *stream(text: string, signal: AbortSignal, wanted?: SpeechVoice): AsyncGenerator<Int16Array> {
    const voice = wanted?.voice ?? this.options.voice;
    const key = `${voice}\n${text}`;
    const cached = this.cache.peek(key);
    if (cached) {
      const pcm = await cached.catch(() => null);
      if (pcm) {
        if (!signal.aborted) yield pcm;
        return;
      }
    }
    const parts: Int16Array[] = [];
    try {
      for await (const part of this.request(text, voice, signal)) {
        parts.push(part);
        yield part;
      }
      this.cache.set(key, Promise.resolve(joinPcm(parts)));
    } catch (e) {
      if (signal.aborted) return;
      const pcm = await this.fallBack(text, wanted, e);
      if (!signal.aborted) yield pcm;
    }
  }

  async close(): Promise<void> {
    await this.options.fallback.close();
  }

  /** The local voice says it in the call's language (the endpoint's voice name means nothing to it). */
  private fallBack(text: string, wanted: SpeechVoice | undefined, e: unknown): Promise<Int16Array> {
    this.options.onFallback?.(e instanceof Error ? e : new Error(String(e)));
    return this.options.fallback.synthesize(text, { language: wanted?.language ?? null });
  }

  /** The endpoint's audio as 8 kHz pieces; throws on a refusal, a stall or an empty answer. Aborting `signal` cancels the request. */
  private async *request(text: string, voice: string, signal: AbortSignal): AsyncGenerator<Int16Array> {
    const stallMs = this.options.stallTimeoutMs ?? 4000;
    const controller = new AbortController();
    let stalled = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        controller.abort();
      }, stallMs);
    };
    const cancel = () => controller.abort();
    signal.addEventListener('abort', cancel, { once: true });
    let resampler: StreamResampler | null = null;
    try {
      arm();
      const base = this.options.url.replace(/\/+$/, '').replace(/\/v1$/, '');
      const res = await fetch(`${base}/v1/audio/speech`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
        body: JSON.stringify({ model: this.options.model, voice, input: text, response_format: 'pcm' }),
        signal: controller.signal,
      });
      if (!res.ok || !res.body) {
        await res.body?.cancel().catch(() => undefined);
        throw new Error(`speech endpoint answered ${res.status}`);
      }
      const reader = new WavStreamReader(this.options.pcmRate ?? 24_000);
      let samples = 0;
      for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
        arm();
        const pcm = reader.push(bytes);
        if (!pcm) continue;
        resampler ??= await StreamResampler.open(reader.sampleRate, 8000);
        const out = resampler.push(pcm);
        samples += out.length;
        if (out.length) yield out;
      }
      if (resampler) {
        const tail = resampler.end();
        samples += tail.length;
        if (tail.length) yield tail;
      }
      if (samples === 0) throw new Error('speech endpoint sent no audio');
    } catch (e) {
      if (stalled) throw new Error(`speech endpoint sent no audio for ${stallMs} ms`);
      throw e;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', cancel);
      resampler?.close();
      // A consumer that stopped early (barge-in) leaves the response half read: cancel it.
      controller.abort();
    }
  }
}

async function collect(parts: AsyncIterable<Int16Array>): Promise<Int16Array[]> {
  const out: Int16Array[] = [];
  for await (const p of parts) out.push(p);
  return out;
}
