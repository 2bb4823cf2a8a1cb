import type { CallAmd, CallQuestion, Disposition } from '../../features/calls/ports';
import { GreetingPhase } from '../amd/greeting-phase';
import type { AgentTiming } from '../timing';
import { answerFromDigits, extractAnswer, parseBoolean } from './answers';
import { confirmable, confirmPrompt, readConfirmation, type ConfirmReply } from './confirmation';
import { calleeText, type AgentScript, type DialogAction, type DialogEvent, type DialogPolicy, type ListenFor } from './dialog-policy';
import { detectIntent, isEnding, MAX_CLARIFICATIONS, noLedOptOut, parseCallbackTime, type EndingIntent } from './intents';
import { CALLBACK_AT_GOODBYE, CALLBACK_GOODBYE, CHECK_REFUSED, ENDING_CHECK, GOODBYE, handoffSummary, MESSAGE_GOODBYE, opening, OPT_OUT_GOODBYE, reask, TAKE_MESSAGE, TRANSFER_HOLD, whoIsCalling, WRONG_NUMBER_GOODBYE, YES_OR_NO } from './prompts';
import { onAnswer, onDigits, onRequest, WHY } from './transfer-rules';

/** How long a message may be, and how long the callee may take to start it. */
const MESSAGE_MAX_MS = 30_000;
const MESSAGE_NO_INPUT_MS = 6000;
/**
 * The message is free text: a recogniser that hears open speech (STT_ENGINE=openai) writes it down;
 * the offline one cannot ("[not understood]"), and the message is then in the recording, at its turn.
 */
const MESSAGE_QUESTION: CallQuestion = { key: 'message', question: TAKE_MESSAGE, type: 'string' };

/** At most two read-backs per question of the first hearing and the corrections ("no, thirty eight"); the question asked again may have one more (readsBack). */
const MAX_CONFIRMATIONS = 2;

/**
 * A prompt talked over before this much of it played (the barge-in's own 200 ms included) may
 * not have been heard: the callee may still have been finishing what they said before it, which
 * is what happens when their turn ended at a pause inside it ("No, | thank you.": eSpeak NG
 * pauses 240–340 ms at a comma at 120–150 words a minute, more than the 300 ms quick end). What
 * they say then is heard as anywhere (an answer counts: a callee who knows the question may
 * answer as it starts; an intent is acted on), but when it holds neither, the prompt is said
 * again as it was, not as "sorry, I did not catch that", and not counted as an attempt.
 */
const STILL_TALKING_MS = 500;
/** How often a question's prompts are said again for that (a callee who talks on and on is answered as before). */
const MAX_SAID_AGAIN = 2;

/** Whether a prompt was talked over as it began (see STILL_TALKING_MS). */
const stillTalking = (event: DialogEvent): boolean => event.type === 'spoken' && !!event.interrupted && event.playedMs !== undefined && event.playedMs < STILL_TALKING_MS;

/** Low-confidence hearings of the question being asked: values heard, values read back and refused, read-backs said. */
interface Hearings {
  unsure: unknown[];
  rejected: unknown[];
  confirmations: number;
  /** Whether the question asked again (attempt 1) had its hearing read back (see readsBack). */
  readBackAgain: boolean;
}
const freshHearings = (): Hearings => ({ unsure: [], rejected: [], confirmations: 0, readBackAgain: false });

/**
 * An intent that ends the call, heard with doubt where question `q` was asked (attempt `attempt`;
 * after the introduction: the first question, not yet asked), and asked back (ENDING_CHECK):
 * `heard` is what was heard, for a callback's time.
 */
interface EndingCheck {
  intent: EndingIntent;
  q: number;
  attempt: number;
  heard: string;
  atMs?: number;
}

/** The check of `intent`, heard as `heard` in `event`, where question `q` was asked (attempt `attempt`). */
const endingCheck = (intent: EndingIntent, q: number, attempt: number, heard: string, event: { atMs?: number }): EndingCheck => ({ intent, q, attempt, heard, ...(event.atMs !== undefined ? { atMs: event.atMs } : {}) });

/** The reply to ENDING_CHECK is a yes or a no (a keypad 1 or 2), heard as one to a yes/no question. */
const checkQuestion = (intent: EndingIntent): CallQuestion => ({ key: 'ending_check', question: ENDING_CHECK[intent], type: 'boolean' });

type State =
  | { at: 'greeting' }
  | { at: 'intro'; text: string }
  /** The callee talked over the introduction: what they say is heard before the first question. */
  | { at: 'intro_reply' }
  | { at: 'asking'; q: number; attempt: number; text: string }
  /** `early`: the prompt was talked over as it began (`stillTalking`). */
  | { at: 'answer'; q: number; attempt: number; text: string; early?: boolean }
  /** Reading back `value`, heard with low confidence (`text`: "I heard thirty. Is that right?"), then listening for the reply. */
  | { at: 'confirming'; q: number; attempt: number; text: string; value: unknown }
  | { at: 'confirm'; q: number; attempt: number; text: string; value: unknown; early?: boolean }
  /** Asking whether an intent heard with doubt was meant (ENDING_CHECK), then listening for the yes or the no. */
  | { at: 'checking'; check: EndingCheck }
  | { at: 'check'; check: EndingCheck; early?: boolean }
  | { at: 'voicemail' }
  /** Saying the hold line, then handing over (`why`: for the summary). */
  | { at: 'holding'; why: string }
  | { at: 'transferring' }
  /** Nobody took the transfer: the agent offered to take a message and listens for it. */
  | { at: 'message_offer' }
  | { at: 'message' }
  | { at: 'goodbye' }
  | { at: 'ended' };

/**
 * The scripted survey: listen for the callee's hello and tell who answered (src/voice/amd: an
 * answering machine gets the voicemail message after its beep, a call-screening assistant is told
 * who calls and why), say who is calling and the task, ask each
 * question, ask once more when the answer did not fit (or nothing came), say goodbye. A hang-up
 * ends it; an answer already being recognised when it came is still recorded.
 *
 * The introduction and the questions may be talked over (barge-in): what the callee says then is
 * heard as the answer (or, over the introduction, before the first question). Besides answers the
 * callee may ask who is calling (the agent says so and asks again), ask for the prompt again, ask
 * not to be called (opt-out), say it is the wrong number, or ask to be called later: each of the
 * last three ends the call politely with its outcome.
 */
export class SurveyPolicy implements DialogPolicy {
  readonly transcript: string[] = [];
  readonly answers: Record<string, unknown> = {};
  optOut = false;
  callbackAt: Date | null = null;
  /** What the callee said after a transfer nobody answered (also a transcript line). */
  message: string | null = null;
  private state: State = { at: 'greeting' };
  private hungUp = false;
  private readonly greeting: GreetingPhase;
  private disposition: Disposition | null = null;
  private clarifications = 0;
  /** Prompts of the question being asked said again because the callee was still talking as they began (at most MAX_SAID_AGAIN). */
  private saidAgain = 0;
  /** What the question being asked was heard as with low confidence, and what the callee said was wrong: see onUnsure(). */
  private hearings: Hearings = freshHearings();
  /** The intents heard with doubt and asked back already for the question being asked (each once per question: see doubtfulEnding). */
  private checked = new Set<EndingIntent>();
  /** Whether the callee said no to the check of an opt-out for the question being asked (see afterAnswer). */
  private optOutRefused = false;

  constructor(
    private readonly script: AgentScript,
    private readonly timing: AgentTiming,
  ) {
    for (const q of script.questions) this.answers[q.key] = null;
    this.greeting = new GreetingPhase(script, timing, (line) => this.transcript.push(line));
  }

  /** What machine detection decided at the answer. */
  get amd(): CallAmd | null {
    return this.greeting.amd;
  }

  start(): DialogAction {
    // An inbound caller waits to hear who answered: the greeting comes at once (nothing to detect).
    if (this.script.greeting) return this.afterGreeting({ type: 'no_input' });
    const first = this.greeting.start();
    // The transfer key works from the greeting on ("press 0 at any time").
    return first.type === 'listen' ? { ...first, keypad: this.anyKeypad() } : first;
  }

  /** Where any key only ends the turn: with a transfer key, keys are heard there too ("press 0 at any time"). */
  private anyKeypad(): ListenFor['keypad'] {
    return this.script.transfer?.digit ? 'one_key' : 'ends_turn';
  }

  anticipate(event: DialogEvent): string | null {
    const s = this.state;
    if (event.type !== 'utterance' || event.text !== null || !event.unsure || this.hungUp || (s.at !== 'answer' && s.at !== 'confirm')) return null;
    const question = this.script.questions[s.q]!;
    if (s.at === 'answer') {
      const doubt = this.doubtfulEnding(event);
      if (doubt) return ENDING_CHECK[doubt];
      const value = extractAnswer(question, event.unsure);
      return value !== null && value !== undefined && this.readsBack(question, value, s.attempt) ? confirmPrompt(value) : null;
    }
    const reply = readConfirmation(question, event.unsure);
    return this.readsBackCorrection(s.value, reply) ? confirmPrompt(reply.value) : null;
  }

  /**
   * Whether an answer heard unsure is read back: a number or an option, never a value refused;
   * the first hearing's (once per question), and the hearing of the question asked again after
   * the callee refused what was read back (once): the recognizer then offers its next reading, not
   * the refused one (see `ListenFor.refused`). A correction's read-back counts apart
   * (readsBackCorrection), so a question has at most three.
   */
  private readsBack(question: CallQuestion, value: unknown, attempt: number): boolean {
    const h = this.hearings;
    if (!confirmable(question) || h.rejected.includes(value)) return false;
    return attempt === 0 ? h.confirmations === 0 : !h.readBackAgain;
  }

  /** Whether the correction in a reply to the read-back of `readBack` is read back in its turn (at most MAX_CONFIRMATIONS read-backs, never a value refused). */
  private readsBackCorrection(readBack: unknown, reply: ConfirmReply | null): reply is Extract<ConfirmReply, { kind: 'value' }> {
    const h = this.hearings;
    return reply?.kind === 'value' && reply.value !== readBack && !h.rejected.includes(reply.value) && h.confirmations < MAX_CONFIRMATIONS;
  }

  handle(event: DialogEvent): DialogAction {
    if (event.type === 'hangup') {
      this.hungUp = true;
      // A turn being recognised when the callee hung up is still recorded (see below).
      // So is the outcome of a transfer under way (a bridged call is the person's: transferred).
      const pending: ReadonlyArray<State['at']> = ['greeting', 'answer', 'confirm', 'check', 'intro_reply', 'message', 'transferring'];
      if (!pending.includes(this.state.at)) this.state = { at: 'ended' };
      return this.end();
    }
    if (event.type === 'spoken' && event.interrupted) this.markInterrupted();
    const s = this.state;
    switch (s.at) {
      case 'greeting':
        return this.afterGreeting(event);
      case 'intro':
        if (event.type !== 'spoken') return this.finish();
        if (event.interrupted) {
          this.state = { at: 'intro_reply' };
          return this.listen(this.introReply());
        }
        return this.ask(0, 0);
      case 'intro_reply':
        return this.afterIntroReply(event);
      case 'asking':
        return event.type === 'spoken' ? this.listenForAnswer(s.q, s.attempt, s.text, stillTalking(event)) : this.finish();
      case 'answer':
        return this.afterAnswer(s.q, s.attempt, s.text, event, s.early);
      case 'confirming':
        if (event.type !== 'spoken') return this.finish();
        this.state = { ...s, at: 'confirm', ...(stillTalking(event) ? { early: true } : {}) };
        return this.listen(this.confirmListen(this.script.questions[s.q]!, s.value));
      case 'confirm':
        return this.afterConfirm(s.q, s.attempt, s.text, s.value, event, s.early);
      case 'checking':
        if (event.type !== 'spoken') return this.finish();
        this.state = { at: 'check', check: s.check, ...(stillTalking(event) ? { early: true } : {}) };
        return this.listen(this.checkListen(s.check.intent));
      case 'check':
        return this.afterCheck(s.check, event, s.early);
      case 'holding':
        if (event.type !== 'spoken') return this.finish();
        this.state = { at: 'transferring' };
        return { type: 'transfer', summary: handoffSummary(this.script, s.why, this.answers) };
      case 'transferring':
        return this.afterTransfer(event);
      case 'message_offer':
        if (event.type !== 'spoken') return this.finish();
        this.state = { at: 'message' };
        return this.listen({ question: MESSAGE_QUESTION, noInputMs: MESSAGE_NO_INPUT_MS, maxUtteranceMs: MESSAGE_MAX_MS, keypad: 'ends_turn', intents: false });
      case 'message':
        if (event.type === 'utterance') {
          this.message = event.text ?? '[not understood]';
          this.transcript.push(`Callee: ${this.message}`);
        }
        if (this.hungUp) return this.finish();
        this.state = { at: 'goodbye' };
        return this.say(MESSAGE_GOODBYE, null);
      case 'voicemail':
      case 'goodbye':
      case 'ended':
        return this.finish();
    }
  }

  /**
   * Takes over after a transfer nobody answered (from a language model that handed the call):
   * the answers gathered so far are kept and the agent offers to take a message.
   */
  takeMessage(answers: Readonly<Record<string, unknown>>): DialogAction {
    for (const q of this.script.questions) {
      const value = answers[q.key];
      if (value !== null && value !== undefined) this.answers[q.key] = value;
    }
    this.state = { at: 'message_offer' };
    return this.say(TAKE_MESSAGE, null);
  }

  /** Hands the call over: the hold line first (it plays to its end), then the transfer. */
  private transfer(why: string): DialogAction {
    this.state = { at: 'holding', why };
    return this.say(TRANSFER_HOLD, null);
  }

  /** The person took the call (it is theirs now: the agent is done), or not: the agent offers to take a message. */
  private afterTransfer(event: DialogEvent): DialogAction {
    if (event.type !== 'transferred') return this.finish();
    this.transcript.push(`Agent: ${event.leg}`);
    if (event.answered) {
      this.disposition = 'transferred';
      return this.finish();
    }
    if (this.hungUp) return this.finish();
    this.state = { at: 'message_offer' };
    return this.say(TAKE_MESSAGE, null);
  }

  private afterGreeting(event: DialogEvent): DialogAction {
    // A key during the greeting is no answer; only the transfer key means something there.
    if (event.type === 'digits' && !this.hungUp && onDigits(this.script.transfer, event.digits)) {
      this.transcript.push(`Callee: [pressed ${event.digits}]`);
      return this.transfer(WHY.digit(event.digits));
    }
    const step = this.greeting.handle(event);
    if (this.hungUp || ('done' in step && step.done === 'end')) return this.finish();
    if ('action' in step) return step.action;
    const text = opening(this.script);
    this.state = { at: 'intro', text };
    return this.say(text, this.introReply());
  }

  /** What the callee said over the introduction: an intent is answered, anything else leads to the first question. */
  private afterIntroReply(event: DialogEvent): DialogAction {
    if (event.type === 'utterance') {
      this.transcript.push(`Callee: ${calleeText(event)}`);
      const intent = detectIntent(event.text);
      // An ending said with confidence counts even as the callee hung up (an opt-out must not be lost with the call).
      if (isEnding(intent)) return this.endFor(intent, event.text, event.atMs);
      if (this.hungUp) return this.finish();
      if (intent === 'who' || intent === 'repeat') return this.ask(0, 0, whoIsCalling(this.script.callerName, this.script.task, this.script.questions[0] ?? null, !!this.script.greeting));
      if (intent === 'person' && onRequest(this.script.transfer)) return this.transfer(WHY.asked);
      const doubt = this.doubtfulEnding(event);
      if (doubt && this.script.questions.length) return this.checkEnding(endingCheck(doubt, 0, 0, event.unsure!, event));
    } else if (event.type === 'digits') {
      this.transcript.push(`Callee: [pressed ${event.digits}]`);
      if (!this.hungUp && onDigits(this.script.transfer, event.digits)) return this.transfer(WHY.digit(event.digits));
    }
    if (this.hungUp) return this.finish();
    return this.ask(0, 0);
  }

  private afterAnswer(q: number, attempt: number, said: string, event: DialogEvent, early = false): DialogAction {
    const question = this.script.questions[q]!;
    let value: unknown = null;
    let unsure: unknown = null;
    if (event.type === 'digits') {
      this.transcript.push(`Callee: [pressed ${event.digits}]`);
      // The transfer key wins over a keypad answer ("0" is then never the answer to a number question).
      if (!this.hungUp && onDigits(this.script.transfer, event.digits)) return this.transfer(WHY.digit(event.digits));
      value = answerFromDigits(question, event.digits);
    } else if (event.type === 'utterance') {
      this.transcript.push(`Callee: ${calleeText(event)}`);
      const intent = detectIntent(event.text);
      if (intent && !this.hungUp) {
        if (intent === 'who' && this.clarifications < MAX_CLARIFICATIONS) {
          this.clarifications++;
          return this.ask(q, attempt, whoIsCalling(this.script.callerName, this.script.task, question, !!this.script.greeting));
        }
        if (intent === 'repeat' && this.clarifications < MAX_CLARIFICATIONS) {
          this.clarifications++;
          // Said again without the apology a refused check put before it.
          return this.ask(q, attempt, said.startsWith(`${CHECK_REFUSED} `) ? said.slice(CHECK_REFUSED.length + 1) : said);
        }
        if (intent === 'person' && onRequest(this.script.transfer)) return this.transfer(WHY.asked);
      }
      // An opt-out with a no before it is asked back first; one the callee said no to already is
      // read as the no it begins with (a refusal, "Nope, not this time.", heard again as "no don't
      // call me"): the answer to a yes/no question. Asked back without a clear no, it is no answer.
      const noLed = noLedOptOut(event.text);
      if (noLed && !this.hungUp && !this.checked.has('opt_out')) return this.checkEnding(endingCheck('opt_out', q, attempt, event.text!, event));
      // Said with confidence, even as the callee hung up: an opt-out must not be lost with the call.
      if (!noLed && isEnding(intent)) return this.endFor(intent, event.text, event.atMs);
      const doubt = this.doubtfulEnding(event);
      if (doubt) return this.checkEnding(endingCheck(doubt, q, attempt, event.unsure!, event));
      value = intent && !(noLed && this.optOutRefused) ? null : extractAnswer(question, event.text);
      if (!intent && event.text === null && event.unsure) unsure = extractAnswer(question, event.unsure);
      if (early && value === null && (unsure === null || unsure === undefined) && this.sayAgainOverTalk()) return this.ask(q, attempt, said);
    }
    if (value === null && unsure !== null && unsure !== undefined) return this.onUnsure(q, attempt, unsure);
    return this.record(q, attempt, value);
  }

  /** Records the answer (null: none) and goes on: the transfer its value asks for, the question again once, or the next one. */
  private record(q: number, attempt: number, value: unknown): DialogAction {
    const question = this.script.questions[q]!;
    const answered = value !== null && value !== undefined;
    if (answered) this.answers[question.key] = value;
    if (this.hungUp) return this.finish();
    if (answered && onAnswer(this.script.transfer, question.key, value)) return this.transfer(WHY.answer(question.key, value));
    return answered || attempt > 0 ? this.ask(this.nextOpen(q + 1), 0) : this.ask(q, 1);
  }

  /**
   * An answer heard below the confidence threshold is never recorded on one hearing: it is read
   * back ("I heard thirty. Is that right?") for the types that can be (numbers, options); a yes/no
   * is asked back as a choice ("Sorry, was that a yes or a no?"), whose reply is heard as an
   * answer to the question; after that the question is asked again. Two unsure hearings of the
   * question that agree are not enough either: measured, a callee who says it the same way again
   * is heard the same way again, right or wrong (docs/voice.md, "Answers heard with low confidence").
   */
  private onUnsure(q: number, attempt: number, value: unknown): DialogAction {
    const question = this.script.questions[q]!;
    const h = this.hearings;
    if (this.hungUp) return this.finish();
    h.unsure.push(value);
    if (h.confirmations === 0 && question.type === 'boolean') {
      h.confirmations++;
      return this.ask(q, attempt, YES_OR_NO);
    }
    if (this.readsBack(question, value, attempt)) return this.confirm(q, attempt, value);
    return this.record(q, attempt, null);
  }

  private confirm(q: number, attempt: number, value: unknown): DialogAction {
    this.hearings.confirmations++;
    if (attempt > 0) this.hearings.readBackAgain = true;
    const text = confirmPrompt(value);
    this.state = { at: 'confirming', q, attempt, text, value };
    return this.say(text, this.confirmListen(this.script.questions[q]!, value));
  }

  /**
   * The reply to a read-back: a yes heard with confidence records the value, and so does the same
   * value said again; a correction is read back once more (at most two read-backs per question;
   * past them, a correction is not recorded even when heard with confidence: measured, the number
   * after the no was misheard there as often as not, docs/voice.md "Fifth round"). Anything else (a no, an unsure yes,
   * nothing understood) asks the question again with the keypad offered, unless it was asked
   * again already, and the value read back is never recorded from a later hearing. Keys answer
   * the question itself.
   */
  private afterConfirm(q: number, attempt: number, said: string, value: unknown, event: DialogEvent, early = false): DialogAction {
    const question = this.script.questions[q]!;
    const h = this.hearings;
    if (event.type === 'digits') {
      this.transcript.push(`Callee: [pressed ${event.digits}]`);
      if (!this.hungUp && onDigits(this.script.transfer, event.digits)) return this.transfer(WHY.digit(event.digits));
      const typed = answerFromDigits(question, event.digits);
      return typed !== null ? this.record(q, attempt, typed) : this.afterNo(q, attempt);
    }
    if (event.type !== 'utterance') return this.hungUp ? this.finish() : this.afterNo(q, attempt);
    this.transcript.push(`Callee: ${calleeText(event)}`);
    const intent = detectIntent(event.text);
    if (intent && !this.hungUp) {
      if ((intent === 'who' || intent === 'repeat') && this.clarifications < MAX_CLARIFICATIONS) {
        this.clarifications++;
        this.state = { at: 'confirming', q, attempt, text: said, value };
        return this.say(intent === 'who' ? `${whoIsCalling(this.script.callerName, this.script.task, null, !!this.script.greeting)} ${said}` : said, this.confirmListen(question, value));
      }
      if (intent === 'person' && onRequest(this.script.transfer)) return this.transfer(WHY.asked);
    }
    if (isEnding(intent)) return this.endFor(intent, event.text, event.atMs);
    if (this.hungUp) {
      // Only a reply heard with confidence counts once the callee is gone.
      const sure = intent ? null : readConfirmation(question, event.text);
      return this.record(q, attempt, sure?.kind === 'yes' ? value : sure?.kind === 'value' && !sure.denied ? sure.value : null);
    }
    const sure = intent ? null : readConfirmation(question, event.text);
    const reply = sure ?? (event.text === null ? readConfirmation(question, event.unsure ?? null) : null);
    if (early && reply === null && this.sayAgainOverTalk()) {
      this.state = { at: 'confirming', q, attempt, text: said, value };
      return this.say(said, this.confirmListen(question, value));
    }
    if (reply?.kind === 'yes' && sure) return this.record(q, attempt, value);
    // The same value said again, heard with confidence: two hearings agree. Heard unsure, it is
    // not enough: measured, that was a "no, one hundred and five" heard as "I said one hundred and
    // nine" (and "no, four" as "zero people") more often than a value repeated (docs/voice.md).
    if (sure && reply?.kind === 'value' && reply.value === value && !reply.denied) return this.record(q, attempt, value);
    // Anything else leaves the value read back unconfirmed: it is never recorded from a later hearing.
    h.rejected.push(value);
    // A correction is read back too (a "no" is heard well, the number after it as badly as any).
    if (this.readsBackCorrection(value, reply)) return this.confirm(q, attempt, reply.value);
    return this.afterNo(q, attempt);
  }

  /** Not confirmed: the question again with the keypad offered (once per question), else no answer. */
  private afterNo(q: number, attempt: number): DialogAction {
    if (this.hungUp) return this.finish();
    return attempt > 0 ? this.record(q, attempt, null) : this.ask(q, 1);
  }

  private confirmListen(question: CallQuestion, value: unknown): ListenFor {
    const refused = this.hearings.rejected;
    return { ...this.listenFor(question), confirming: { value, ...(refused.length ? { refused: [...refused] } : {}) } };
  }

  /**
   * Takes the conversation over mid-call (from a language model that failed or ran out of its
   * allowance): the answers gathered so far are kept, and the first question without one is asked
   * (or goodbye said when none is left).
   */
  takeOver(answers: Readonly<Record<string, unknown>>): DialogAction {
    for (const q of this.script.questions) {
      const value = answers[q.key];
      if (value !== null && value !== undefined) this.answers[q.key] = value;
    }
    return this.ask(this.nextOpen(0), 0);
  }

  /** The first question from `from` on without an answer (past the last: the goodbye); answers may come out of order after a take-over. */
  private nextOpen(from: number): number {
    let q = from;
    while (q < this.script.questions.length && this.answers[this.script.questions[q]!.key] !== null) q++;
    return q;
  }

  /**
   * Opt-out, wrong number, call me later: the call's outcome and a polite goodbye (none once the
   * callee hung up). `said` (said at `atMs`) may hold a callback's time; else `saidBefore`.
   */
  private endFor(intent: EndingIntent, said: string | null, atMs?: number, saidBefore?: string): DialogAction {
    let goodbye: string;
    if (intent === 'opt_out') {
      this.optOut = true;
      goodbye = OPT_OUT_GOODBYE;
    } else if (intent === 'wrong_number') {
      this.disposition = 'wrong_number';
      goodbye = WRONG_NUMBER_GOODBYE;
    } else {
      this.disposition = 'callback_requested';
      const at = new Date(atMs ?? Date.now());
      const zone = this.script.timeZone ?? 'UTC';
      this.callbackAt = parseCallbackTime(said, at, zone) ?? parseCallbackTime(saidBefore ?? null, at, zone);
      goodbye = this.callbackAt ? CALLBACK_AT_GOODBYE : CALLBACK_GOODBYE;
    }
    if (this.hungUp) return this.finish();
    this.state = { at: 'goodbye' };
    return this.say(goodbye, null);
  }

  /**
   * An intent that ends the call, heard only with doubt (the recognizer's unsure reading): asked
   * back once per question, never acted on unasked and never dropped unasked. Before, it was
   * dropped and the question asked again, and a callee who said "Stop phoning me." heard the
   * question again and again (docs/voice.md, "Eleventh round"). Null when there is none, when the
   * callee hung up, or when this question had the check of that intent already (what is heard is
   * then taken as it was before: no answer).
   */
  private doubtfulEnding(event: DialogEvent): EndingIntent | null {
    if (event.type !== 'utterance' || event.text !== null || !event.unsure || this.hungUp) return null;
    const intent = detectIntent(event.unsure);
    return isEnding(intent) && !this.checked.has(intent) ? intent : null;
  }

  private checkEnding(check: EndingCheck): DialogAction {
    this.checked.add(check.intent);
    this.state = { at: 'checking', check };
    return this.say(ENDING_CHECK[check.intent], this.checkListen(check.intent));
  }

  /**
   * Listening for the reply to ENDING_CHECK: a yes or a no, as to a yes/no question, and the
   * endings with the words around them ("please, just stop calling me"). Not as the bare choice of
   * "was that a yes or a no?" (`yesOrNo`): its grammar has the endings bare, so a callee who says
   * their opt-out again, "Please stop calling me.", would not be heard saying it.
   */
  private checkListen(intent: EndingIntent): ListenFor {
    return this.listenFor(checkQuestion(intent));
  }

  /**
   * The reply to ENDING_CHECK: a yes heard with confidence (or the keypad's 1), an ending said
   * again with confidence, or the same ending said again (heard with doubt again), ends the call
   * on it; "who is this" and "say that again" are answered and the check asked again. Anything else (a no, a yes heard unsure, nothing) goes back to the
   * question, at the same attempt: after a no with CHECK_REFUSED before it.
   */
  private afterCheck(c: EndingCheck, event: DialogEvent, early = false): DialogAction {
    const text = ENDING_CHECK[c.intent];
    const again = (said: string): DialogAction => {
      this.state = { at: 'checking', check: c };
      return this.say(said, this.checkListen(c.intent));
    };
    if (event.type === 'digits') {
      this.transcript.push(`Callee: [pressed ${event.digits}]`);
      if (!this.hungUp && onDigits(this.script.transfer, event.digits)) return this.transfer(WHY.digit(event.digits));
      const pressed = answerFromDigits(checkQuestion(c.intent), event.digits);
      return pressed === true ? this.endFor(c.intent, c.heard, c.atMs) : this.afterCheckRefused(c, pressed === false);
    }
    if (event.type !== 'utterance') return this.afterCheckRefused(c, false);
    this.transcript.push(`Callee: ${calleeText(event)}`);
    const intent = detectIntent(event.text);
    if (intent && !this.hungUp) {
      if ((intent === 'who' || intent === 'repeat') && this.clarifications < MAX_CLARIFICATIONS) {
        this.clarifications++;
        return again(intent === 'who' ? `${whoIsCalling(this.script.callerName, this.script.task, null, !!this.script.greeting)} ${text}` : text);
      }
      if (intent === 'person' && onRequest(this.script.transfer)) return this.transfer(WHY.asked);
    }
    // An ending said again, heard with confidence: acted on (its own time for a callback, else the one first heard).
    if (isEnding(intent)) return this.endFor(intent, event.text, event.atMs, c.heard);
    // The same ending said again in reply, heard with doubt again ("Yes, stop calling me!"): asked whether they said it, the
    // callee said it again rather than no, and it counts. A callee who did not say it answers no, which is heard well; the
    // intent tool's callee that repeats its words to every prompt ended 81 of 120 opt-outs without this, 111 with it.
    if (event.text === null && detectIntent(event.unsure ?? null) === c.intent) return this.endFor(c.intent, event.unsure!, event.atMs, c.heard);
    const yes = intent ? null : parseBoolean(event.text ?? '');
    if (yes === true) return this.endFor(c.intent, c.heard, c.atMs);
    if (early && yes === null && this.sayAgainOverTalk()) return again(text);
    return this.afterCheckRefused(c, yes === false);
  }

  /** The ending asked back was not confirmed: the question again (after a no, with CHECK_REFUSED before it). */
  private afterCheckRefused(c: EndingCheck, saidNo: boolean): DialogAction {
    if (saidNo && c.intent === 'opt_out') this.optOutRefused = true;
    if (this.hungUp) return this.finish();
    const question = this.script.questions[c.q]!;
    return this.ask(c.q, c.attempt, saidNo ? `${CHECK_REFUSED} ${question.question}` : reask(question));
  }

  /** Says question `q` (or `text` in its place: the question said again, or who is calling). */
  private ask(q: number, attempt: number, text?: string): DialogAction {
    const question = this.script.questions[q];
    if (!question) {
      this.state = { at: 'goodbye' };
      return this.say(GOODBYE, null);
    }
    // Clarifications are counted per question; so are hearings.
    const at = this.state.at === 'check' ? this.state.check.q : this.state.at === 'answer' || this.state.at === 'confirm' ? this.state.q : null;
    if (at !== q) {
      this.clarifications = 0;
      this.saidAgain = 0;
      this.hearings = freshHearings();
      this.checked = new Set();
      this.optOutRefused = false;
    }
    const said = text ?? (attempt === 0 ? question.question : reask(question));
    this.state = { at: 'asking', q, attempt, text: said };
    return this.say(said, this.answerListen(question, said));
  }

  /** Whether a prompt talked over as it began is said again (not more than MAX_SAID_AGAIN times per question): never once the callee hung up. */
  private sayAgainOverTalk(): boolean {
    if (this.hungUp || this.saidAgain >= MAX_SAID_AGAIN) return false;
    this.saidAgain++;
    return true;
  }

  private listenForAnswer(q: number, attempt: number, text: string, early = false): DialogAction {
    this.state = { at: 'answer', q, attempt, text, ...(early ? { early } : {}) };
    return this.listen(this.answerListen(this.script.questions[q]!, text));
  }

  /** Listening for the answer to what was said (`said`): asked back as a choice (also when repeated after "say that again"), the reply is heard as one. */
  private answerListen(question: CallQuestion, said?: string): ListenFor {
    // Asked again after a read-back was refused: the refused values are never what is heard unsure (read back).
    const refused = this.hearings.rejected;
    return { ...this.listenFor(question), ...(said === YES_OR_NO ? { yesOrNo: true } : {}), ...(refused.length ? { refused: [...refused] } : {}) };
  }

  /** Listening for what the callee says to the question (its answer, a reply about it, an intent). */
  private listenFor(question: CallQuestion): ListenFor {
    return { question, noInputMs: this.timing.noInputMs, maxUtteranceMs: this.timing.maxUtteranceMs, keypad: question.type === 'number' ? 'number' : 'one_key', intents: true };
  }

  /** Listening after the introduction was talked over: any speech, intents expected. */
  private introReply(): ListenFor {
    return { question: null, noInputMs: this.timing.noInputMs, maxUtteranceMs: this.timing.maxUtteranceMs, keypad: this.anyKeypad(), intents: true };
  }

  private markInterrupted(): void {
    const last = this.transcript.length - 1;
    if (last >= 0 && this.transcript[last]!.startsWith('Agent: ')) this.transcript[last] += ' [interrupted]';
  }

  private say(text: string, bargeIn: ListenFor | null): DialogAction {
    this.transcript.push(`Agent: ${text}`);
    return { type: 'say', text, bargeIn };
  }

  private listen(l: ListenFor): DialogAction {
    return { type: 'listen', ...l };
  }

  private finish(): DialogAction {
    this.state = { at: 'ended' };
    return this.end();
  }

  private end(): DialogAction {
    const disposition: Disposition = this.greeting.machine ? 'voicemail' : (this.disposition ?? 'human');
    return { type: 'end', disposition };
  }
}
