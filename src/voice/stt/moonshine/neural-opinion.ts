import { isDeepStrictEqual } from 'node:util';
import type { Worker } from 'node:worker_threads';
import type { CallQuestion } from '../../../features/calls/ports';
import { startVoiceWorker, whenWorkerGone } from '../../worker-thread';
import type { Expectation, Recognition } from '../recognizer';
import { readConfirmation, type Confirming } from '../../dialog/confirmation';
import { DISAGREED_CONFIDENCE, isNonAnswer, isWeakZero, meaningOf } from '../second-opinion';
import { answersAsked } from './answer-paths';
import type { Reading } from './constrained-search';
import { moonshineModelDir } from './model';
import type { NeuralReply, NeuralRequest } from './neural-worker';

/** What the neural model heard: the best answer (null: a non-answer) and how far ahead of the next it is (log-probability). */
export interface NeuralHearing {
  value: unknown;
  margin: number;
  readings: Reading[];
}

/**
 * A second, neural opinion on the answers PocketSphinx is not sure of: Moonshine Tiny (./model.ts)
 * asked which of the question's answers the utterance holds (./constrained-search.ts). The two
 * models fail on different utterances (one a 2010 8 kHz acoustic model with a grammar, the other
 * a 2024 transformer trained on other speech), and where they agree the answer is right far more
 * often than either alone (docs/voice.md, "A neural second opinion").
 *
 * It is asked only when PocketSphinx was unsure: a confident answer is recorded as before, and
 * costs no time. The model lives in a worker thread of its own (./neural-worker.ts): loading it
 * and spelling the numbers' 10,000 phrases in its tokens take about a second of CPU, which on the
 * main thread held a call's SIP signalling past its retransmission timer (found by the SIPp
 * tests: a 200 OK sent again, an ACK twice).
 */
export class NeuralOpinion {
  private worker: Worker | undefined;
  private warmed: Promise<void> | undefined;
  private seq = 1;
  private readonly waiting = new Map<number, { resolve: (r: NeuralReply) => void; reject: (e: Error) => void }>();

  constructor(private readonly dir: string) {}

  /** The opinion when the model's package is installed (null: it is not). */
  static create(): NeuralOpinion | null {
    const dir = moonshineModelDir();
    return dir ? new NeuralOpinion(dir) : null;
  }

  /** Whether the model is asked about this expectation (a question's answer or a reply to its read-back; not a greeting or free text). */
  covers(expect: Expectation): boolean {
    return answersAsked(expect);
  }

  /**
   * Loads the model and builds the numbers' paths in the worker, so the first answer does not
   * wait for them; resolves at once when they are (a failed load is tried again next time).
   */
  warm(): Promise<void> {
    this.warmed ??= this.ask({ op: 'warm', seq: this.seq++ }).then(() => undefined);
    this.warmed.catch(() => (this.warmed = undefined));
    return this.warmed;
  }

  async hear(pcm: Int16Array, expect: Expectation): Promise<NeuralHearing | null> {
    if (!this.covers(expect)) return null;
    const audio = Int16Array.from(pcm);
    return (await this.ask({ op: 'hear', seq: this.seq++, pcm: audio, expect }, [audio.buffer as ArrayBuffer])).hearing ?? null;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.warmed = undefined;
    if (w) await w.terminate();
  }

  private async ask(m: NeuralRequest, transfer: ArrayBuffer[] = []): Promise<NeuralReply> {
    const worker = this.ensureWorker();
    // Unref'd like the recognizer's worker: it keeps no process alive, except while it owes an answer.
    worker.ref();
    try {
      const reply = await new Promise<NeuralReply>((resolve, reject) => {
        this.waiting.set(m.seq, { resolve, reject });
        worker.postMessage(m, transfer);
      });
      if (reply.error) throw new Error(`the neural opinion failed: ${reply.error}`);
      return reply;
    } finally {
      if (!this.waiting.size) this.worker?.unref();
    }
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startVoiceWorker(__dirname, 'neural-worker', { dir: this.dir });
    worker.on('message', (r: NeuralReply) => {
      const w = this.waiting.get(r.seq);
      this.waiting.delete(r.seq);
      w?.resolve(r);
    });
    whenWorkerGone(worker, this.waiting, 'the neural opinion stopped', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      // A new worker loads the model again.
      this.warmed = undefined;
    });
    this.worker = worker;
    return worker;
  }
}

/** How an answer is said back when the neural reading is read back ("I heard 34. Is that right?"). */
function spoken(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return String(value);
}

/** Whether PocketSphinx's unsure reading of a reply to a read-back holds a "no" ("nope", "no, twelve"). */
function deniedIn(question: CallQuestion, unsure: string | null): boolean {
  const r = readConfirmation(question, unsure);
  return r?.kind === 'no' || (r?.kind === 'value' && r.denied);
}

/**
 * The combination rule, for an answer PocketSphinx was unsure of (its confidence below the
 * threshold, `unsure` what it most likely heard):
 * - the neural model hears the same answer: recorded, at the threshold's confidence;
 * - it hears another answer: that one is what the agent reads back for confirmation (on the
 *   held-out voices the neural reading was right about twice as often where the two differed);
 * - it hears no answer (its paths hold the call's intents, "call me later", as non-answers): unchanged.
 * PocketSphinx sure of a non-answer or an intent where an answer was asked for ("hold on" for
 * "Just the two of us.", "call me back" for "Four, I think."), or of a zero it heard as "oh", and
 * the neural model hearing another answer: that answer is made unsure (read back, or asked back
 * as a yes or a no), never recorded.
 *
 * In a reply to a read-back ("I heard 17. Is that right?"):
 * - a correction the neural model hears ("no, seventy": a value other than the one read back or
 *   refused before, ranked at most CORRECTION_MARGIN below a bare "no") is read back next, also
 *   where PocketSphinx was sure of a bare "no" or a non-answer: both models most often hear "No, seventy." as a
 *   bare "No.", and the neural one still ranks the right correction next (measured, docs/voice.md);
 * - its yes is taken where PocketSphinx heard no "no" (a "Yes." heard by PocketSphinx as "fifteen");
 * - any other bare yes or no, or the value read back, leaves PocketSphinx's reading as it was.
 * A confident PocketSphinx answer (a value, a yes, a "no" with its correction) never reaches
 * here (see `doubted` in ../pocketsphinx.ts); nothing is ever recorded on the neural model's
 * hearing alone, except its yes to a read-back that PocketSphinx heard as no "no".
 */
export function combineWithNeural(question: CallQuestion, ps: Recognition, neural: NeuralHearing | null, minConfidence: number, confirming?: Confirming): Recognition {
  if (!neural || neural.value === null) return ps;
  if (confirming) {
    const correction = correctionIn(neural, confirming);
    if (correction !== undefined) return { text: null, confidence: Math.min(ps.confidence, DISAGREED_CONFIDENCE), unsure: `no, ${spoken(correction)}` };
  }
  if (ps.text) return !confirming && answerOverNonAnswer(question, ps.text, neural) ? { text: null, confidence: Math.min(ps.confidence, DISAGREED_CONFIDENCE), unsure: spoken(neural.value) } : ps;
  const heard = meaningOf(question, ps.unsure ?? null, confirming);
  if (heard !== null && isDeepStrictEqual(heard, neural.value)) return { text: ps.unsure!, confidence: Math.max(ps.confidence, minConfidence) };
  if (confirming) {
    if (neural.value === true && !deniedIn(question, ps.unsure ?? null)) return { text: 'yes', confidence: Math.max(ps.confidence, minConfidence) };
    if (typeof neural.value === 'boolean' || isDeepStrictEqual(neural.value, confirming.value) || refused(confirming, neural.value)) return ps;
  }
  return { text: null, confidence: ps.confidence, unsure: spoken(neural.value) };
}

/**
 * How likely (log-probability of its best spelling) the neural model's answer must be to doubt a
 * non-answer PocketSphinx was sure of. Measured on the corpus: answers misheard as "hold on" or
 * "hello" ("Two hundred.", "Um, no.") mostly scored above -7; fillers heard right ("Hmm, let me
 * think.", "Hold on a second.") had their best answer at -10 to -15.
 */
const DOUBT_NON_ANSWER_SCORE = -10;

/**
 * A non-answer PocketSphinx heard with confidence ("hold on", "call me back"), or a zero it heard
 * as "oh", where the neural model's best reading is another answer, and a likely one (its paths
 * hold the non-answers and intents too).
 */
function answerOverNonAnswer(question: CallQuestion, text: string, neural: NeuralHearing): boolean {
  if (neural.value === null || neural.readings[0]!.score < DOUBT_NON_ANSWER_SCORE) return false;
  return isNonAnswer(question, text) || (isWeakZero(question, text) && neural.value !== 0);
}

/**
 * How far (log-probability) below a bare "no" the best correction may be and still be read back.
 * Measured on the held-out voices: a "No, seventy." misheard as a bare "No." had the right
 * correction 1.2–3.4 below it; a bare "No." had no correction within 12.9 of it.
 */
const CORRECTION_MARGIN = 6;

const refused = (confirming: Confirming, value: unknown): boolean => !!confirming.refused?.some((r) => isDeepStrictEqual(r, value));

/**
 * The correction the neural model hears in a reply to a read-back ("no, seventy" to "I heard
 * seventeen"), when its best reading is a no or a correction: the best value other than the one
 * read back or refused before, within CORRECTION_MARGIN of the best reading; undefined when
 * there is none.
 */
function correctionIn(neural: NeuralHearing, confirming: Confirming): unknown {
  const isCorrection = (value: unknown): boolean => value !== null && typeof value !== 'boolean' && !isDeepStrictEqual(value, confirming.value);
  const isNew = (value: unknown): boolean => isCorrection(value) && !refused(confirming, value);
  const [best] = neural.readings;
  if (!best || (best.value !== false && !isCorrection(best.value))) return undefined;
  const found = neural.readings.find((r) => isNew(r.value));
  return found && found.score >= best.score - CORRECTION_MARGIN ? found.value : undefined;
}
