import { isDeepStrictEqual } from 'node:util';
import type { Worker } from 'node:worker_threads';
import type { CallQuestion } from '../../../features/calls/ports';
import { startVoiceWorker, whenWorkerGone } from '../../worker-thread';
import type { Expectation, Recognition } from '../recognizer';
import { isWeakZero, readConfirmation, type ConfirmReply, type Confirming } from '../../dialog/confirmation';
import { detectIntent, endsForGood, endsTheCall, type IntentName } from '../../dialog/intents';
import { DISAGREED_CONFIDENCE, isNonAnswer, meaningOf } from '../second-opinion';
import { answersAsked } from './answer-paths';
import type { Reading } from './constrained-search';
import { moonshineModelFiles, type MoonshineFiles, type MoonshineVariant } from './model';
import type { NeuralReply, NeuralRequest } from './neural-worker';

/** What the neural model heard: the best answer (null: a non-answer) and how far ahead of the next it is (log-probability). */
export interface NeuralHearing {
  value: unknown;
  margin: number;
  readings: Reading[];
  /** The best reading is one of the call's intents: which, and how far ahead of every other reading. */
  intent?: { name: IntentName; margin: number };
}

/**
 * A second, neural opinion on the answers PocketSphinx is not sure of: Moonshine (./model.ts)
 * asked which of the question's answers the utterance holds (./constrained-search.ts). The two
 * models fail on different utterances (one a 2010 8 kHz acoustic model with a grammar, the other
 * a 2024 transformer trained on other speech), and where they agree the answer is right far more
 * often than either alone (docs/voice.md, "A neural second opinion").
 *
 * It is asked only when PocketSphinx was unsure, or sure of something it may have misheard (see
 * `doubted`: a non-answer where an answer was asked for, a bare "no" to a read-back, a zero heard
 * as "oh", a yes or a no): any other confident answer is recorded as before, and costs no time.
 *
 * The model lives in a worker thread of its own (./neural-worker.ts): loading it and spelling
 * the numbers' 10,000 phrases in its tokens take about a second of CPU, which on the main thread
 * held a call's SIP signalling past its retransmission timer (found by the SIPp tests: a 200 OK
 * sent again, an ACK twice).
 */
export class NeuralOpinion {
  private worker: Worker | undefined;
  private warmed: Promise<void> | undefined;
  private seq = 1;
  private readonly waiting = new Map<number, { resolve: (r: NeuralReply) => void; reject: (e: Error) => void }>();

  constructor(private readonly files: MoonshineFiles) {}

  /** The opinion when the model's package is installed (null: it is not). */
  static create(variant: MoonshineVariant = 'tiny'): NeuralOpinion | null {
    const files = moonshineModelFiles(variant);
    return files ? new NeuralOpinion(files) : null;
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
    const worker = startVoiceWorker(__dirname, 'neural-worker', this.files);
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
 * Whether an answer PocketSphinx heard with confidence is still put to the neural model: a bare
 * "no" or a non-answer in reply to a read-back (the correction, "no, seventy", may be what it
 * missed: "No, four." heard as "hold on"), a non-answer or an intent where an answer was asked
 * for ("Just the two of us." heard as "hold on", "Four, I think." as "call me back"), and a zero
 * heard as "oh" ("Four." as "oh people"), a yes or a no (see `otherYesOrNo`; in the reply to
 * "was that a yes or a no?" too), a yes to a read-back or the value read back said again (see
 * `deniedYes`), and an opt-out or a wrong number (see `answerOverEnding`). Any other confident
 * answer is left alone.
 */
export function doubted(question: CallQuestion, text: string, confirming?: Confirming): boolean {
  if (endsForGood(text)) return true;
  if (confirming) {
    const reply = readConfirmation(question, text);
    return reply === null || reply.kind === 'no' || reply.kind === 'yes' || sameValueAgain(reply, confirming);
  }
  return isNonAnswer(question, text) || isWeakZero(question, text) || question.type === 'boolean';
}

/** PocketSphinx's reading made unsure: `unsure` is what the agent reads back (or asks back as a yes or a no). */
const madeUnsure = (ps: Recognition, unsure: string): Recognition => ({ text: null, confidence: Math.min(ps.confidence, DISAGREED_CONFIDENCE), unsure });

/**
 * The combination rule, for an answer PocketSphinx was unsure of (its confidence below the
 * threshold, `unsure` what it most likely heard):
 * - the neural model hears the same answer: recorded, at the threshold's confidence;
 * - it hears another answer: that one is what the agent reads back for confirmation (on the
 *   held-out voices the neural reading was right about twice as often where the two differed),
 *   unless it is an unlikely number (below DOUBT_NON_ANSWER_SCORE) and PocketSphinx heard a
 *   number: then PocketSphinx's is read back ("Seven." of four voices read by the neural model as 100);
 * - it hears no answer (its paths hold the call's intents, "call me later", as non-answers): unchanged.
 * For an answer PocketSphinx was sure of but `doubted` (a non-answer where an answer was asked
 * for, a zero heard as "oh"), another likely answer the neural model hears is made unsure: read
 * back, or asked back as a yes or a no, never recorded.
 *
 * In a reply to a read-back ("I heard 17. Is that right?"):
 * - a correction the neural model hears ("no, seventy": a value other than the one read back or
 *   refused before, at most CORRECTION_MARGIN below its best reading, which is a bare "no" or a
 *   correction) is read back next, also where PocketSphinx was sure of a bare "no" or a
 *   non-answer: both models most often hear "No, seventy." as a bare "No.", and the neural one
 *   still ranks the right correction next (measured, docs/voice.md);
 * - its yes, YES_MARGIN ahead of its next reading, is taken where PocketSphinx heard something
 *   other than a "no" or an intent (a "Yes." heard by PocketSphinx as "fifteen"), or heard the
 *   callee ask for the read-back again ("what", "who are you") or a non-answer ("hold on":
 *   `askedBack`), sure or not;
 * - its clear bare no, where PocketSphinx was sure of a yes or of the value read back said again,
 *   is taken as the no (`deniedYes`);
 * - any other bare yes or no, or the value read back, leaves PocketSphinx's reading as it was.
 *
 * In the reply to "was that a yes or a no?" (`yesOrNo`: the question's yes or no heard unsure
 * once already, now asked for bare), its yes or no, YES_MARGIN ahead of its next reading, is
 * taken where PocketSphinx heard no yes or no: nothing, a non-answer, or a "who are you" or "say
 * that again" (sure or not). Measured on a fresh set of voices, three of seven said "No." there
 * and PocketSphinx heard nothing at all, and other voices' bare "No." came out as "who are you",
 * while the neural model heard "no" with no other reading near it (docs/voice.md, "Third round").
 * It is taken too where PocketSphinx heard the other one, sure: two holdout8 voices' bare "No."
 * came out of PocketSphinx as a sure "yup" every time, and the first hearing, asked back, had
 * been the neural model's clear no already (docs/voice.md, "Sixth round"). An intent that ends the call or hands it over is never taken as that yes or no (an opt-out or
 * a wrong number PocketSphinx was sure of stands; the others are left unsure, as before).
 *
 * Nothing else is recorded on the neural model's hearing alone except that yes, to a value read
 * back because it was heard (unsure) before.
 *
 * The intents: an opt-out or a wrong number PocketSphinx was sure of stands unless the model
 * clearly hears an answer instead (`answerOverEnding`: then that answer is asked or read back); an
 * opt-out stands only where the model's best reading is an opt-out too, else it is heard again
 * (on holdout9, "I do not mind." and "Let us go with Wednesday." came out, sure, as "please remove
 * my number" and "just don't call me": numbers suppressed for good; not for a wrong number, which
 * the model hears less well: 7 of 48 more were asked again, and none was heard falsely); an intent
 * PocketSphinx heard unsure is taken where the model clearly hears the same one (`sameIntent`),
 * except an opt-out, which stays unsure (the policy asks it back); a call-me-later PocketSphinx was
 * sure of is made unsure where the model's best reading is a plain non-answer
 * (`plainNonAnswerOverCallback`), so it is asked back before the call ends.
 */
export function combineWithNeural(question: CallQuestion, ps: Recognition, neural: NeuralHearing | null, minConfidence: number, confirming?: Confirming, yesOrNo = false, refused: readonly unknown[] = []): Recognition {
  if (ps.text && endsForGood(ps.text)) {
    const answer = neural ? answerOverEnding(neural, confirming) : null;
    if (answer !== null) return madeUnsure(ps, answer);
    // An opt-out PocketSphinx was sure of but the model did not hear best: heard again before the number is suppressed for good.
    return neural && detectIntent(ps.text) === 'opt_out' && neural.intent?.name !== 'opt_out' ? madeUnsure(ps, ps.text) : ps;
  }
  if (neural && ps.text && !confirming && !yesOrNo && plainNonAnswerOverCallback(ps.text, neural)) return madeUnsure(ps, ps.text);
  if (neural && ps.text && !confirming && nonAnswerOverYesOrNo(question, ps.text, neural)) return madeUnsure(ps, ps.text);
  if (neural && !ps.text && sameIntent(ps.unsure ?? null, neural) && detectIntent(ps.unsure!) !== 'opt_out') return { text: ps.unsure!, confidence: minConfidence };
  if (!neural || neural.value === null) return ps;
  if (ps.text && !doubted(question, ps.text, confirming)) return ps;
  // The value read back said again: only the model's clear bare no changes it (nothing else it hears is read back instead).
  if (ps.text && confirming && sameValueAgain(readConfirmation(question, ps.text), confirming)) return deniedYes(question, ps.text, neural, confirming) ? madeUnsure(ps, 'no') : ps;
  if (confirming) {
    const correction = correctionIn(neural, confirming);
    if (correction !== undefined) return madeUnsure(ps, `no, ${spoken(correction)}`);
  }
  if (yesOrNo && clearYesOrNo(neural) && (noChoiceIn(question, ps.text ?? ps.unsure ?? null) || (ps.text !== null && otherYesOrNo(question, ps.text, neural)))) return { text: neural.value ? 'yes' : 'no', confidence: minConfidence };
  if (confirming && clearYes(neural) && askedBack(question, ps.text ?? ps.unsure ?? null, confirming)) return { text: 'yes', confidence: Math.max(ps.confidence, minConfidence) };
  if (ps.text && confirming && deniedYes(question, ps.text, neural, confirming)) return madeUnsure(ps, 'no');
  if (ps.text && !confirming && otherYesOrNo(question, ps.text, neural)) return madeUnsure(ps, spoken(neural.value));
  if (ps.text) return !confirming && answerOverNonAnswer(question, ps.text, neural) ? madeUnsure(ps, spoken(neural.value)) : ps;
  const heard = meaningOf(question, ps.unsure ?? null, confirming);
  if (!confirming && refused.length) {
    const isRefused = (value: unknown): boolean => refused.some((r) => isDeepStrictEqual(r, value));
    if (isRefused(heard) || isRefused(neural.value)) {
      // None: PocketSphinx's reading stands (read back if it was not refused, else the question is given up).
      const next = nextReading(neural, isRefused);
      return next === undefined ? ps : { text: null, confidence: ps.confidence, unsure: spoken(next) };
    }
  }
  if (heard !== null && isDeepStrictEqual(heard, neural.value)) {
    // An ending whose words also read as the answer the model hears ("do not call me please" as a no): recorded as
    // neither, and left for the policy to ask back. Taken as heard, it ended a holdout7 call on "No, I can't make it."
    // as an opt-out (docs/voice.md, "Eleventh round").
    if (endsTheCall(ps.unsure ?? null)) return ps;
    return { text: ps.unsure!, confidence: Math.max(ps.confidence, minConfidence) };
  }
  if (confirming) {
    if (clearYes(neural) && heardSomethingElse(question, ps.unsure ?? null)) return { text: 'yes', confidence: Math.max(ps.confidence, minConfidence) };
    // A value the neural model hears here is the one read back or refused (a new one was a correction above).
    return ps;
  }
  // An unlikely neural reading of a number does not replace one PocketSphinx heard: "Seven." of four
  // voices was read by the neural model as 100 at -10 to -13, PocketSphinx's unsure "seven" right.
  // (Options are left alone: there its unlikely readings were right in two of the three it changed.)
  if (question.type === 'number' && typeof heard === 'number' && (neural.readings[0]?.score ?? 0) < DOUBT_NON_ANSWER_SCORE) return ps;
  return { text: null, confidence: ps.confidence, unsure: spoken(neural.value) };
}

/**
 * How far ahead of its next reading the neural model's yes to a read-back (or its yes or no to
 * "was that a yes or a no?") must be to count. The "Yes." it rescued had no other reading within
 * its beam (an infinite margin), nor had the bare "No."s; 3 keeps a yes it hardly preferred over
 * a "no" from recording the value read back.
 */
const YES_MARGIN = 3;

const clearYesOrNo = (neural: NeuralHearing): boolean => typeof neural.value === 'boolean' && neural.margin >= YES_MARGIN;
const clearYes = (neural: NeuralHearing): boolean => neural.value === true && neural.margin >= YES_MARGIN;

/**
 * A yes or a no PocketSphinx was sure of, where the neural model clearly hears the other one: it
 * is asked back ("was that a yes or a no?"), never recorded. Over the confident yes/no first
 * hearings of seven corpus sets (367), 19 were wrong; this catches 8 of them ("No, I won't." heard
 * as "absolutely I will", "No, I have another meeting." as "um okay please please") and asks back
 * 8 right ones ("Nah." the model hears as "Yeah.").
 */
function otherYesOrNo(question: CallQuestion, text: string, neural: NeuralHearing): boolean {
  if (question.type !== 'boolean' || !clearYesOrNo(neural)) return false;
  const said = meaningOf(question, text);
  return typeof said === 'boolean' && said !== neural.value;
}

/**
 * A yes or a no PocketSphinx was sure of (to the question, or to "was that a yes or a no?"), where
 * the neural model clearly hears no answer at all: a question, a filler, an intent ("Hang on, what
 * is this?", "Who did you say you were?" came out of PocketSphinx as a sure "yup" or "okay i
 * will" for some voices, its grammar holding no phrase that begins like them). It is asked back,
 * never recorded: a callee who meant the yes says it again, and one who asked something is not
 * recorded as agreeing. An opt-out or a wrong number PocketSphinx heard is not concerned (not a yes
 * or a no).
 */
function nonAnswerOverYesOrNo(question: CallQuestion, text: string, neural: NeuralHearing): boolean {
  if (question.type !== 'boolean' || neural.value !== null || neural.margin < YES_MARGIN) return false;
  return typeof meaningOf(question, text) === 'boolean';
}

/**
 * A yes to a read-back PocketSphinx was sure of, or the value read back said again (which the
 * policy takes as a yes), where the neural model clearly hears a no (a bare one: a correction it
 * hears was read back above): taken as the no, so the value read back is not recorded and the
 * question is asked again. Measured on holdout8, two voices' "No." came out of PocketSphinx as a
 * sure "yup", and the value read back (heard wrong the first time) was recorded; on holdout12 a
 * "No." to "I heard 2." came out as a sure "two" (docs/voice.md, "Eleventh round").
 */
function deniedYes(question: CallQuestion, text: string, neural: NeuralHearing, confirming: Confirming): boolean {
  if (!clearYesOrNo(neural) || neural.value !== false) return false;
  const reply = readConfirmation(question, text);
  return reply?.kind === 'yes' || sameValueAgain(reply, confirming);
}

/** A reply to a read-back that says the value read back again, with no "no" in it ("Two." to "I heard 2."). */
function sameValueAgain(reply: ConfirmReply | null, confirming: Confirming): boolean {
  return reply?.kind === 'value' && !reply.denied && isDeepStrictEqual(reply.value, confirming.value);
}

/**
 * An intent PocketSphinx heard unsure ("call me back later", its margin over the answers small),
 * where the neural model's best reading is the same intent, YES_MARGIN ahead of every other
 * reading (the answers, the other non-answers and intents): two models agree, and it is acted on.
 * Before, a callee who said "Do not call me again." in most of the tune and holdout voices was
 * heard so, unsure, every time they said it, and never let go (docs/voice.md, "Ninth round").
 * Not an opt-out, which the policy now asks back instead ("Sorry, did you ask us to stop calling
 * this number?"): on holdout7 both models heard "No, I can't make it." as "do not call me please",
 * and the number was suppressed for good (docs/voice.md, "Eleventh round").
 */
function sameIntent(unsure: string | null, neural: NeuralHearing): boolean {
  const intent = detectIntent(unsure);
  return intent !== null && neural.intent?.name === intent && neural.intent.margin >= YES_MARGIN;
}

/**
 * An opt-out or a wrong number PocketSphinx was sure of, where the neural model clearly hears an
 * answer instead: a likely one (DOUBT_NON_ANSWER_SCORE) at least YES_MARGIN ahead of its next
 * reading, which holds the intents too. Returns what the agent reads back or asks back ("no",
 * "no, thursday" to a read-back, "seven" to the question) in place of acting on the ending; null
 * leaves the ending as heard. On holdout10, "No chance, sorry." of two voices came out as a sure
 * "don't call me", and a read-back's "No, Thursday." as a sure "remove me": the number was
 * suppressed for good and the call ended, where the neural model heard the no. A callee who meant
 * it is asked once more and says it again; one who did not is not lost.
 */
function answerOverEnding(neural: NeuralHearing, confirming?: Confirming): string | null {
  const [best] = neural.readings;
  if (!best || best.value === null || best.score < DOUBT_NON_ANSWER_SCORE || neural.margin < YES_MARGIN) return null;
  if (!confirming || typeof best.value === 'boolean') return spoken(best.value);
  // To a read-back: a value other than the one read back is a correction; the one read back, a yes.
  return isDeepStrictEqual(best.value, confirming.value) ? 'yes' : `no, ${spoken(best.value)}`;
}

/**
 * A reading of the reply to a read-back that asks for it again: "what", "sorry what", "who are
 * you" (sure or not), or holds no reply at all: a non-answer ("hold on", "not sure"). A short
 * "Yes." of a voice PocketSphinx hears badly comes out as these: on holdout7 four read-backs of
 * right answers ("I heard Friday. Is that right?") were answered "Yes." and heard as "what", the
 * read-back was said again and heard again the same way until the agent gave the question up;
 * the neural model heard the yes.
 */
function askedBack(question: CallQuestion, reading: string | null, confirming: Confirming): boolean {
  const meaning = meaningOf(question, reading, confirming);
  // A non-answer: holdout9's "Yes." came out, sure, as "hold on" (twice, one voice).
  return meaning === 'intent:who' || meaning === 'intent:repeat' || (meaning === null && !!reading);
}

/** A reading of the reply to "was that a yes or a no?" that holds no choice: nothing, a non-answer, or a "who are you" or "say that again" (what a bare "No." was misheard as). */
function noChoiceIn(question: CallQuestion, reading: string | null): boolean {
  const meaning = meaningOf(question, reading);
  return meaning === null || meaning === 'intent:who' || meaning === 'intent:repeat';
}

/** PocketSphinx's unsure reading of a reply holds something, and neither a "no" nor an intent ("fifteen" for "Yes."). */
function heardSomethingElse(question: CallQuestion, unsure: string | null): boolean {
  return !!unsure?.trim() && !deniedIn(question, unsure) && detectIntent(unsure) === null;
}

/**
 * How likely (log-probability of its best spelling) the neural model's answer must be to doubt a
 * non-answer PocketSphinx was sure of, or to replace a number PocketSphinx was unsure of. Measured
 * on the corpus: answers misheard as "hold on" or "hello" ("Two hundred.", "Um, no.") mostly scored
 * above -7; fillers heard right ("Hmm, let me think.", "Hold on a second.") had their best answer
 * at -10 to -15, and so had the 100 it read in "Seven." where PocketSphinx heard "seven".
 */
const DOUBT_NON_ANSWER_SCORE = -10;

/**
 * A call-me-later PocketSphinx was sure of, where the model's best reading is a plain non-answer
 * (no intent): made unsure, so that the agent asks it back before the call ends instead of ending
 * it. On holdout9 "Any time is fine." was heard, sure, as "it's not a good time" and ended two
 * calls; the model heard a non-answer ("any time is fine" is one of a choice's no-preference
 * phrases since the twelfth round). Where the model hears an answer, `answerOverNonAnswer` reads
 * that back instead; where it hears the callback too, the call ends as before.
 */
function plainNonAnswerOverCallback(text: string, neural: NeuralHearing): boolean {
  return detectIntent(text) === 'callback' && neural.value === null && !neural.intent;
}

/**
 * A non-answer PocketSphinx heard with confidence ("hold on", "call me back"), or a zero it heard
 * as "oh", where the neural model's best reading is another answer, and a likely one (its paths
 * hold the non-answers and intents too).
 */
function answerOverNonAnswer(question: CallQuestion, text: string, neural: NeuralHearing): boolean {
  const [best] = neural.readings;
  if (!best || best.value === null || best.score < DOUBT_NON_ANSWER_SCORE) return false;
  return isNonAnswer(question, text) || (isWeakZero(question, text) && best.value !== 0);
}

/**
 * How far (log-probability) below the neural model's best reading (a bare "no", or a correction)
 * the best new correction may be and still be read back. Measured on the held-out voices: a "No,
 * seventy." misheard as a bare "No." had the right correction 1.2–3.4 below it; a bare "No." had
 * no correction within 12.9 of it.
 */
const CORRECTION_MARGIN = 6;

const refused = (confirming: Confirming, value: unknown): boolean => !!confirming.refused?.some((r) => isDeepStrictEqual(r, value));

/**
 * The question asked again after the callee refused what was read back, heard again as a value
 * they refused (by either model): the neural model's next reading that is an answer and was not
 * refused, at most CORRECTION_MARGIN below its best; undefined when there is none. A callee who
 * says the same words again is heard the same way again, so without it the question was given up;
 * the models' next readings hold the right value where they confused "fourteen" with "forty" or
 * "seventeen" with "seventy" (on the held-out sets 4 to 7, the right number was the neural
 * model's second reading for 32 of 287 numbers, its first for 172).
 */
function nextReading(neural: NeuralHearing, isRefused: (value: unknown) => boolean): unknown {
  const [best] = neural.readings;
  if (!best) return undefined;
  const found = neural.readings.find((r) => r.value !== null && typeof r.value !== 'boolean' && !isRefused(r.value) && r.score >= best.score - CORRECTION_MARGIN);
  return found?.value;
}

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
