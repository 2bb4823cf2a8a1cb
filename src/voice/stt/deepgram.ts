import * as alawmulaw from 'alawmulaw';
import WebSocket from 'ws';
import { isCompleteAnswer, type Expectation, type PartialRecognition, type Recognition, type RecognitionStream, type SpeechRecognizer, type StreamingRecognizer } from './recognizer';

export interface DeepgramOptions {
  /** wss://api.deepgram.com, or a server speaking the same protocol (http(s) is read as ws(s)). */
  url: string;
  apiKey?: string;
  model: string;
  /** Silence (ms) after which the server marks a result `speech_final`. */
  endpointingMs: number;
  /** The connection must be up within this, or the utterance fails (not understood). */
  connectTimeoutMs?: number;
  /** After the end of the utterance, how long to wait for the last results. */
  finishTimeoutMs?: number;
}

/** One message of the live API (only what is read here). */
interface ResultsMessage {
  type: 'Results';
  is_final?: boolean;
  speech_final?: boolean;
  channel?: { alternatives?: Array<{ transcript?: string; confidence?: number }> };
}

/**
 * Streaming recognition with Deepgram's live API: one WebSocket per utterance
 * (`/v1/listen?encoding=mulaw&sample_rate=8000&channels=1&interim_results=true&endpointing=…`,
 * `Authorization: Token <key>`), opened when the callee starts speaking, fed the 20 ms frames as
 * µ-law while they speak, read for `Results` (interim ones are the partial hypothesis; `is_final`
 * ones are kept; `speech_final` marks the end of speech). At the end of the turn the text is
 * usually ready: the server marked the end of speech during the turn's closing silence. Otherwise
 * `{"type":"CloseStream"}` asks for the last results. A dropped connection keeps what was heard
 * before it (the agent asks again when that is no answer). Free text: answers of every type are
 * read from it, as with the OpenAI-compatible engine.
 */
export class DeepgramRecognizer implements SpeechRecognizer, StreamingRecognizer {
  readonly name = 'deepgram' as const;

  constructor(private readonly options: DeepgramOptions) {}

  start(expect: Expectation): RecognitionStream {
    return new DeepgramStream(this.options, expect);
  }

  async recognize(pcm: Int16Array, expect: Expectation): Promise<string | null> {
    if (pcm.length < 1600) return null;
    const stream = this.start(expect);
    for (let at = 0; at < pcm.length; at += 160) stream.push(pcm.subarray(at, at + 160));
    return (await stream.finish()).text;
  }
}

export function listenUrl(o: Pick<DeepgramOptions, 'url' | 'model' | 'endpointingMs'>): string {
  const base = o.url.replace(/^http/, 'ws').replace(/\/+$/, '').replace(/\/v1$/, '');
  const query = new URLSearchParams({
    model: o.model,
    encoding: 'mulaw',
    sample_rate: '8000',
    channels: '1',
    interim_results: 'true',
    endpointing: String(o.endpointingMs),
  });
  return `${base}/v1/listen?${query}`;
}

class DeepgramStream implements RecognitionStream {
  private readonly ws: WebSocket;
  private queued: Buffer[] = [];
  private readonly finals: string[] = [];
  private readonly confidences: number[] = [];
  private interim = '';
  private speechFinal = false;
  private ending = false;
  private closed = false;
  private error: Error | null = null;
  private readonly onClosed: Array<() => void> = [];

  constructor(
    private readonly options: DeepgramOptions,
    private readonly expect: Expectation,
  ) {
    this.ws = new WebSocket(listenUrl(options), {
      headers: options.apiKey ? { authorization: `Token ${options.apiKey}` } : {},
      handshakeTimeout: options.connectTimeoutMs ?? 5000,
    });
    this.ws.on('open', () => {
      for (const b of this.queued) this.ws.send(b);
      this.queued = [];
      if (this.ending) this.closeStream();
    });
    this.ws.on('message', (data, isBinary) => {
      if (!isBinary) this.read(String(data));
    });
    // The message names the status of a refused upgrade ("Unexpected server response: 401"), never the key.
    this.ws.on('error', (err) => (this.error ??= new Error(`speech recognition connection failed: ${err.message}`)));
    this.ws.on('close', (code, reason) => {
      this.closed = true;
      // CloseStream is answered with a normal close (1000); anything else lost the stream.
      if (code !== 1000) this.error ??= new Error(`speech recognition connection closed (${code}${reason.length ? `: ${String(reason).slice(0, 200)}` : ''})`);
      for (const wake of this.onClosed.splice(0)) wake();
    });
  }

  push(frame: Int16Array): void {
    if (this.ending || this.closed) return;
    const bytes = Buffer.from(alawmulaw.mulaw.encode(frame));
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(bytes);
    else if (this.ws.readyState === WebSocket.CONNECTING) this.queued.push(bytes);
  }

  async partial(): Promise<PartialRecognition> {
    const text = this.text();
    return { text, complete: isCompleteAnswer(this.expect, text) };
  }

  async finish(): Promise<Recognition> {
    if (this.ending) return this.result();
    this.ending = true;
    // The server marked the end of speech and nothing was heard since: the text is complete.
    if (this.speechFinal && !this.interim) {
      this.closeStream();
      return this.result();
    }
    if (this.ws.readyState === WebSocket.OPEN) this.closeStream();
    if (!this.closed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.finishTimeoutMs ?? 3000);
        this.onClosed.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (!this.closed) {
        this.error ??= new Error(`speech recognition sent no last result within ${this.options.finishTimeoutMs ?? 3000} ms`);
        this.ws.terminate();
      }
    }
    if (!this.text() && this.error) throw this.error;
    return this.result();
  }

  cancel(): void {
    if (this.closed) return;
    this.ending = true;
    if (this.ws.readyState === WebSocket.OPEN) this.closeStream();
    else this.ws.terminate();
  }

  private closeStream(): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.ws.send(JSON.stringify({ type: 'CloseStream' }));
  }

  private read(text: string): void {
    let m: ResultsMessage;
    try {
      m = JSON.parse(text) as ResultsMessage;
    } catch {
      return;
    }
    if (m.type !== 'Results') return;
    const alt = m.channel?.alternatives?.[0];
    const transcript = (alt?.transcript ?? '').trim();
    if (m.is_final) {
      if (transcript) {
        this.finals.push(transcript);
        this.confidences.push(typeof alt?.confidence === 'number' ? alt.confidence : 1);
      }
      this.interim = '';
      if (transcript || m.speech_final) this.speechFinal = m.speech_final === true;
    } else {
      this.interim = transcript;
      if (transcript) this.speechFinal = false;
    }
  }

  private text(): string {
    return [...this.finals, this.interim].filter(Boolean).join(' ').trim();
  }

  private result(): Recognition {
    const text = this.text();
    return { text: text || null, confidence: text ? Math.min(1, ...this.confidences) : 0 };
  }
}
