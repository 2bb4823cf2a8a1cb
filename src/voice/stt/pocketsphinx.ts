import type { Worker } from 'node:worker_threads';
import { startVoiceWorker, whenWorkerGone } from '../worker-thread';
import { isCompleteAnswer, type Expectation, type PartialRecognition, type Recognition, type RecognitionStream, type SpeechRecognizer, type StreamingRecognizer } from './recognizer';
import { DEFAULT_SPHINX_CONFIG, type SphinxConfig } from './sphinx-decoder';
import { DEFAULT_SECOND_OPINION_TYPES, marginType, secondModelConfig, withSecondOpinion, type SecondOpinionTypes } from './second-opinion';
import type { SphinxOutcome, SphinxReply, SphinxRequest, SphinxWorkerData } from './sphinx-worker';
import { combineWithNeural, doubted, type NeuralHearing, type NeuralOpinion } from './moonshine/neural-opinion';
import { joinPcm } from '../pcm';

export { sphinxAvailable as pocketsphinxAvailable } from './sphinx-decoder';

/** Below this confidence a recognised text is returned as not understood (chosen with `npm run bench:asr`). */
export const DEFAULT_MIN_CONFIDENCE = 0.5;

/**
 * Per question type, the verification margin (./verification.ts) at which a recognition is
 * given confidence 0.5, the threshold. First chosen on the corpus's tune set so that about 95 %
 * of the answers kept on one hearing are right (docs/voice.md, "Confidence"); since an unsure
 * number or option is read back rather than asked again, a wider margin costs a read-back, not
 * an answer, and the numbers' was raised (400 → 500) on the whole exchange (docs/voice.md,
 * "Fourth round"): fewer answers recorded wrong on the held-out voices, the same right. The
 * options' stays 100: at 400 or 700 a clear "Tuesday" of the SIP conversation tests is read back
 * too. Numbers need a wide margin: "five" and "nine", "thirty" and "thirty eight" are close for
 * this acoustic model; a yes or a no that beat every other reading at all is rarely wrong.
 * `choice`: the reply to "was that a yes or a no?" (measured: every reply that answered it was
 * heard well above it once "hello" left its grammar).
 * `ending`: an opt-out or a wrong number heard where a yes or a no was asked (../second-opinion.ts
 * marginType): held to an option's margin, where it is unsure the neural model must hear it too.
 */
export const MARGIN_AT_THRESHOLD: Record<'boolean' | 'choice' | 'number' | 'enum' | 'ending' | 'other', number> = { boolean: 0, choice: 0, number: 500, enum: 100, ending: 100, other: 100 };
/** How fast confidence grows with the margin around the threshold (score units). */
export const MARGIN_SCALE = 100;

/**
 * How sure the decoder is of a result, 0..1: the margin by which it beat the best path meaning
 * something else, against the question type's threshold (1 when nothing else was possible, 0
 * with no text).
 */
export function confidenceOf(r: Pick<SphinxOutcome, 'text' | 'margin'> | null, type: string = 'other', margins: Partial<typeof MARGIN_AT_THRESHOLD> = {}): number {
  if (!r || !r.text) return 0;
  if (r.margin === Infinity) return 1;
  const at = { ...MARGIN_AT_THRESHOLD, ...margins };
  const atThreshold = at[type as keyof typeof MARGIN_AT_THRESHOLD] ?? at.other;
  return 1 / (1 + Math.exp(-(r.margin - atThreshold) / MARGIN_SCALE));
}

/**
 * Offline recognition with PocketSphinx 5 compiled to WebAssembly (npm `soundswallower`, with
 * CMU's 8 kHz US English model in the package: no system package, no download), constrained by a
 * JSGF grammar of the question's answers and the usual non-answers (./grammar.ts). The decoders
 * live in one worker thread, loaded once; audio is decoded as it is pushed, so the result is
 * ready a few milliseconds after the utterance ends. Free-text questions are not recognised (null).
 */
export class PocketsphinxRecognizer implements SpeechRecognizer, StreamingRecognizer {
  readonly name = 'pocketsphinx' as const;
  private worker: Worker | undefined;
  private nextId = 1;
  private seq = 1;
  private readonly waiting = new Map<number, { resolve: (r: SphinxReply) => void; reject: (e: Error) => void }>();

  /**
   * `margins`: the threshold margins over MARGIN_AT_THRESHOLD's (the bench measures others with them).
   * `secondOpinion`: Debian's 16 kHz model heard alongside (./second-opinion.ts), used only when
   * that model is installed; `false` turns it off, `types` picks the question types it may make unsure.
   */
  constructor(
    private readonly options: {
      config?: SphinxConfig;
      minConfidence?: number;
      margins?: Partial<typeof MARGIN_AT_THRESHOLD>;
      secondOpinion?: false | { types?: SecondOpinionTypes; modelDir?: string };
      /** Moonshine asked about the answers heard unsure (./moonshine/neural-opinion.ts); none: PocketSphinx alone. */
      neural?: NeuralOpinion | null;
      /** How long an unsure answer waits for the neural opinion before it is taken as it is (default 2 s). */
      neuralDeadlineMs?: number;
      /** Told when the neural opinion failed or came too late (the answer then stays as PocketSphinx heard it). */
      onNeuralError?: (err: Error) => void;
    } = {},
  ) {}

  /** Whether the neural model hears the answers PocketSphinx is unsure of (and the confident ones it doubts: ./moonshine/neural-opinion.ts `doubted`). */
  get neuralOpinion(): boolean {
    return !!this.options.neural;
  }

  /** The second model's decoder settings when it is used (null: off, or not installed). */
  private secondConfig(): SphinxConfig | null {
    const o = this.options.secondOpinion;
    if (!o) return null;
    return secondModelConfig(o.modelDir);
  }

  /** The answer types the second opinion may make unsure. */
  private get secondTypes(): SecondOpinionTypes {
    return (this.options.secondOpinion && this.options.secondOpinion.types) || DEFAULT_SECOND_OPINION_TYPES;
  }

  /** Whether a second acoustic model hears the answers too (it is configured and installed). */
  get secondOpinion(): boolean {
    return !!this.secondConfig();
  }

  async recognize(pcm: Int16Array, expect: Expectation): Promise<string | null> {
    return (await this.hear(pcm, expect)).text;
  }

  async hear(pcm: Int16Array, expect: Expectation): Promise<Recognition> {
    if (pcm.length < 1600) return { text: null, confidence: 0 };
    const s = this.start(expect);
    for (let i = 0; i < pcm.length; i += 160) s.push(pcm.subarray(i, i + 160));
    return s.finish();
  }

  start(expect: Expectation): RecognitionStream {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const send = (m: SphinxRequest, transfer?: ArrayBuffer[]) => worker.postMessage(m, transfer);
    send({ op: 'start', id, ...expect });
    let open = true;
    const minConfidence = this.options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
    // The utterance is kept whole for the neural opinion, which hears it at once at the end.
    const neural = this.options.neural?.covers(expect) ? this.options.neural : null;
    const frames: Int16Array[] = [];
    return {
      push: (frame) => {
        if (!open || !frame.length) return;
        if (neural) frames.push(Int16Array.from(frame));
        const pcm = Int16Array.from(frame);
        send({ op: 'push', id, pcm }, [pcm.buffer as ArrayBuffer]);
      },
      partial: async (): Promise<PartialRecognition> => {
        if (!open) return { text: '', complete: false };
        const reply = await this.ask({ op: 'partial', id, seq: this.seq++ });
        const text = reply.op === 'partial' ? reply.text : '';
        return { text, complete: isCompleteAnswer(expect, text) };
      },
      finish: async (): Promise<Recognition> => {
        if (!open) return { text: null, confidence: 0 };
        open = false;
        // Where the neural model is asked about most utterances anyway, it hears this one beside
        // PocketSphinx's last steps (verification, the second model: 100–350 ms) instead of after them.
        const early = neural && expect.question && askedMostly(expect) ? this.neuralHearing(neural, frames, expect) : null;
        const reply = await this.ask({ op: 'finish', id, seq: this.seq++ });
        if (reply.op !== 'finish') return { text: null, confidence: 0 };
        if (reply.error) throw new Error(`speech recognition failed: ${reply.error}`);
        const text = reply.result?.text || null;
        const type = marginType(expect, text);
        const confidence = withSecondOpinion(confidenceOf(reply.result, type, this.options.margins), type, reply.result?.second?.agrees, this.secondTypes);
        const sure = text !== null && confidence >= minConfidence;
        const heard: Recognition = sure ? { text, confidence } : text ? { text: null, confidence, unsure: text } : { text: null, confidence };
        if (!neural || !expect.question || (sure && !doubted(expect.question, text, expect.confirming))) return heard;
        const hearing = await (early ?? this.neuralHearing(neural, frames, expect));
        if (hearing instanceof Error) this.options.onNeuralError?.(hearing);
        return combineWithNeural(expect.question, heard, hearing instanceof Error ? null : hearing, minConfidence, expect.confirming, expect.yesOrNo, expect.refused);
      },
      cancel: () => {
        if (!open) return;
        open = false;
        send({ op: 'cancel', id });
      },
    };
  }

  /**
   * The neural opinion on an utterance, or why there is none: it failed, or did not come within
   * the deadline (reported by the caller once the opinion is used: one heard early and not needed
   * is no error). The deadline counts from a loaded model: the first answer after a worker's start
   * may wait for the load (about a second; at most 30 s), not be judged by it.
   */
  private async neuralHearing(neural: NeuralOpinion, frames: Int16Array[], expect: Expectation): Promise<NeuralHearing | null | Error> {
    const deadlineMs = this.options.neuralDeadlineMs ?? 2000;
    try {
      await within(neural.warm(), 30_000, 'the neural model did not load within 30 s');
      return await within(neural.hear(joinPcm(frames), expect), deadlineMs, `the neural opinion took more than ${deadlineMs} ms`);
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
  }

  /**
   * Starts the worker and loads the model now (at the worker's start-up, and when a call rings),
   * so the first answer is not kept waiting for it; resolves once its decoders are loaded and warm.
   */
  async warm(): Promise<void> {
    // A neural model that cannot load leaves PocketSphinx alone at work (each answer reports it again).
    const neural = this.options.neural?.warm().catch((e: unknown) => this.options.onNeuralError?.(e instanceof Error ? e : new Error(String(e))));
    await Promise.all([this.ask({ op: 'ready', seq: this.seq++ }), neural]);
  }

  async close(): Promise<void> {
    await this.options.neural?.close();
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }

  private ask(m: SphinxRequest & { seq: number }): Promise<SphinxReply> {
    const worker = this.ensureWorker();
    // A worker is unref'd so that it never keeps a process alive, except while it owes an answer.
    worker.ref();
    return new Promise<SphinxReply>((resolve, reject) => {
      this.waiting.set(m.seq, { resolve, reject });
      worker.postMessage(m);
    }).finally(() => {
      if (!this.waiting.size) this.worker?.unref();
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const second = this.secondConfig();
    const workerData: SphinxWorkerData = { config: { ...DEFAULT_SPHINX_CONFIG, ...this.options.config }, ...(second ? { second, secondTypes: this.secondTypes } : {}) };
    const worker = startVoiceWorker(__dirname, 'sphinx-worker', workerData);
    worker.on('message', (r: SphinxReply) => {
      const w = this.waiting.get(r.seq);
      this.waiting.delete(r.seq);
      w?.resolve(r);
    });
    whenWorkerGone(worker, this.waiting, 'speech recognition stopped', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }
}

/** `work`'s result, or an error with `message` once `ms` have passed without one. */
async function within<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the neural model is asked about most utterances of this kind, so hearing it early is
 * seldom wasted: every yes/no question and reply to a read-back or to "was that a yes or a no?"
 * (a yes or a no is always put to it, `doubted`), and numbers (PocketSphinx was unsure of, or
 * doubted, 85 % of the tune set's). Options are left to wait: PocketSphinx is sure of three in four.
 */
function askedMostly(expect: Expectation): boolean {
  return !!expect.confirming || !!expect.yesOrNo || expect.question?.type === 'boolean' || expect.question?.type === 'number';
}
