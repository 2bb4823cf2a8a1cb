import type { AgentLogEntry, CallAmd, CallTurn, Disposition, TurnLatency } from '../../features/calls/ports';
import { BeepWatch } from '../amd/beep-watch';
import { calleeText, type DialogAction, type DialogEvent, type DialogPolicy, type ListenFor, type SpeechStream } from '../dialog/dialog-policy';
import { detectIntent, INTENT_PHRASES } from '../dialog/intents';
import { isCompleteAnswer, isStreaming, recognizeWhole, type Expectation, type Recognition, type RecognitionStream, type SpeechRecognizer } from '../stt/recognizer';
import { isStreamingSynthesizer, type SpeechSynthesizer } from '../tts/synthesizer';
import { DEFAULT_TIMING, type AgentTiming } from '../timing';
import { systemClock, type Clock } from '../turns/clock';
import type { TurnOptions } from '../turns/endpointer';
import { TurnListener, type OpenTurn, type Turn } from '../turns/turn-listener';
import type { VoiceActivityDetector } from '../vad/voice-activity-detector';
import type { AgentMedia, Playback } from './agent-media';
import { preparePrompt } from './prompt-player';

export interface AgentResult {
  disposition: Disposition;
  transcript: string[];
  answers: Record<string, unknown>;
  /** Every utterance of the call in order of its start, offsets in the recording. */
  turns: CallTurn[];
  /** The callee asked not to be called again: the number is suppressed. */
  optOut: boolean;
  /** When the callee asked to be called back (a time was said). */
  callbackAt: Date | null;
  /** A model-led conversation's audit trail. */
  agentLog?: AgentLogEntry[];
  /** Machine detection's decision at the answer; `unknown` when the call ended before one. */
  amd: CallAmd;
}

export interface VoiceAgentDeps {
  media: AgentMedia;
  policy: DialogPolicy;
  tts: SpeechSynthesizer;
  stt: SpeechRecognizer;
  vad: VoiceActivityDetector;
  /** The conversation's waits (end of turn, barge-in); DEFAULT_TIMING when not given. */
  timing?: Partial<Pick<AgentTiming, 'endSilenceMs' | 'quickEndSilenceMs' | 'bargeInMs'>>;
  clock?: Clock;
  /** A turn opens (for logs, metrics and tests). */
  onListen?: (l: ListenFor) => void;
  /**
   * Hands the call to a person (the carrier's transfer: REFER, or dialling the person and joining
   * the audio); resolves when it is over: answered (the call was theirs; a bridge resolves when it
   * ends) or not. `leg` describes it for the transcript and the turns. Absent: nobody to hand to.
   */
  transfer?: (summary: string) => Promise<TransferLeg>;
}

/** What became of a transfer, as the agent hears it. */
export interface TransferLeg {
  answered: boolean;
  /** One line for the transcript and the call's turns ("[transferred to +1…: answered]"). */
  leg: string;
}

/** How long a barge-in watch waits for speech: longer than any prompt (the prompt's end updates it). */
const WATCH_NO_INPUT_MS = 600_000;
/**
 * The pause after which what was heard is checked for a complete answer and, when it is one, its
 * recognition is finished (verification, second opinions) while the pause goes on to
 * `quickEndSilenceMs`, so that the reply is ready about when the turn ends. The recognizer is
 * given the pause's own frames again until it has heard as much silence as the quick end: cut
 * 120 ms after the voice, 6 % fewer answers of a corpus sample were heard right at first (numbers
 * lose most); padded so from 160 ms, as many as with 300 ms of real silence (see docs/voice.md,
 * "End of turn"). Speech after it undoes that (a new stream hears the utterance from its start).
 */
const RECOGNITION_LOOKAHEAD_MS = 160;
const INTENT_TEXTS = INTENT_PHRASES.map((p) => p.phrase);

/** Recognition of one utterance while it is spoken, whatever the engine. */
/** What the recogniser is told to expect when the policy listens for `l` (also what bench:asr's conversations use). */
export function expectationFor(l: ListenFor): Expectation {
  return { question: l.question, ...(l.intents ? { intents: INTENT_TEXTS } : {}), ...(l.spotting ? { spotting: l.spotting } : {}), ...(l.confirming ? { confirming: l.confirming } : {}), ...(l.yesOrNo ? { yesOrNo: true } : {}), ...(l.refused?.length ? { refused: l.refused } : {}) };
}

const NOTHING: Recognition = { text: null, confidence: 0 };

interface Hearing {
  push(frame: Int16Array, voiced: boolean): void;
  /** At a pause: the text so far when it is already a whole answer (or an intent), else null. */
  completeSoFar(audio: Int16Array): Promise<string | null>;
  /**
   * At a shorter pause (RECOGNITION_LOOKAHEAD_MS): when what was heard so far is already a whole
   * answer, its recognition is finished now and `complete` told, with what it will be; nothing for
   * an engine that does not stream (only what costs nothing more is tried here).
   */
  lookahead(complete: (heard: Promise<Recognition>) => void): void;
  /** The end of the utterance: the text, or the text heard below the confidence threshold (`unsure`). */
  finish(audio: Int16Array): Promise<Recognition>;
  cancel(): void;
}

/** What a callee's turn left for the measure of the agent's reply (positions in the recording). */
interface ReplyMarks {
  lastVoicedMs: number;
  endedMs: number;
  recognizedMs: number;
  decidedMs: number;
}

interface Watch {
  turn: OpenTurn;
  listen: ListenFor;
  hearing: Hearing | null;
}

/**
 * One call's conversation: wires the carrier's media to the stages and runs the dialog policy's
 * actions: `say` is synthesized and played, `listen` opens a turn (VAD + endpointing) whose audio
 * is recognised, and what was heard goes back to the policy as an event. `run` resolves when the
 * policy ends; the caller then hangs up. `abort()` (the callee hung up) ends it early with what was
 * gathered.
 *
 * Barge-in: while a prompt that may be talked over plays, the callee's channel is listened to;
 * speech lasting `bargeInMs` (or a key) stops the prompt at once, and that utterance, from its
 * first frames, is the next turn. Fast end of turn: the utterance is recognised while it is
 * spoken; at the first `quickEndSilenceMs` pause the turn ends if what was heard is already a
 * complete answer of the question's grammar (or an intent), else it waits for `endSilenceMs`; the
 * answer's recognition is finished from RECOGNITION_LOOKAHEAD_MS of that pause on.
 * Every utterance is kept as a `CallTurn`; agent turns that answer the callee carry their latency.
 */
export class VoiceAgent {
  private readonly listener: TurnListener;
  private readonly timing: Pick<AgentTiming, 'endSilenceMs' | 'quickEndSilenceMs' | 'bargeInMs'>;
  private aborted = false;
  private watch: Watch | null = null;
  private onBargeIn: (() => void) | null = null;
  private readonly turns: CallTurn[] = [];
  private reply: ReplyMarks | null = null;
  /** The callee's channel as an answering machine's (its beep), until a person is known to be there. */
  private readonly beeps: BeepWatch;

  constructor(private readonly deps: VoiceAgentDeps) {
    this.timing = { endSilenceMs: DEFAULT_TIMING.endSilenceMs, quickEndSilenceMs: DEFAULT_TIMING.quickEndSilenceMs, bargeInMs: DEFAULT_TIMING.bargeInMs, ...deps.timing };
    this.listener = new TurnListener(deps.vad, deps.clock ?? systemClock, () => deps.media.positionMs);
    this.beeps = new BeepWatch(deps.clock ?? systemClock);
    deps.media.onFrame = (frame) => {
      this.listener.frame(frame);
      // A beep ends the greeting being listened to: the machine records now, so it is decided now.
      if (this.beeps.frame(frame, deps.media.positionMs) && this.watch?.listen.spotting && this.watch.turn.speaking) this.watch.turn.endNow();
    };
    deps.media.onDtmf = (digit) => this.listener.key(digit);
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.deps.policy.handle({ type: 'hangup' });
    this.listener.abort();
    this.beeps.stop();
  }

  result(disposition: Disposition): AgentResult {
    const turns = [...this.turns].sort((a, b) => a.start_ms - b.start_ms);
    const log = this.deps.policy.agentLog;
    return {
      disposition,
      transcript: [...this.deps.policy.transcript],
      answers: { ...this.deps.policy.answers },
      turns,
      optOut: this.deps.policy.optOut,
      callbackAt: this.deps.policy.callbackAt,
      ...(log ? { agentLog: [...log] } : {}),
      amd: this.deps.policy.amd ?? { result: 'unknown', ms: null },
    };
  }

  async run(): Promise<Disposition> {
    let action: DialogAction = this.aborted ? this.deps.policy.handle({ type: 'hangup' }) : this.deps.policy.start();
    try {
      for (;;) {
        // A person is there: the channel need not be watched for a beep any longer.
        const amd = this.deps.policy.amd?.result;
        if (amd === 'human' || amd === 'unknown') this.beeps.stop();
        switch (action.type) {
          case 'end':
            return action.disposition;
          case 'transfer': {
            this.closeWatch();
            const startMs = this.deps.media.positionMs;
            const outcome: TransferLeg = this.deps.transfer
              ? await this.deps.transfer(action.summary).catch((err: unknown) => ({ answered: false, leg: `[transfer failed: ${(err as Error).message}]` }))
              : { answered: false, leg: '[transfer: no transfer target]' };
            // The transfer leg is one turn of the call: from the hand-off to its end (a bridge's whole length).
            this.turns.push({ speaker: 'agent', text: outcome.leg, start_ms: Math.round(startMs), end_ms: Math.round(this.deps.media.positionMs), interrupted: false });
            // Told even after a hang-up, so the transcript has the leg and a bridged call its disposition.
            action = this.deps.policy.handle({ type: 'transferred', ...outcome });
            if (this.aborted) action = this.deps.policy.handle({ type: 'hangup' });
            break;
          }
          case 'await_beep': {
            const { heard } = await this.beeps.wait(action.silenceMs, action.maxMs, this.deps.media.positionMs);
            action = this.deps.policy.handle(this.aborted ? { type: 'hangup' } : { type: 'beep', heard, positionMs: this.deps.media.positionMs });
            break;
          }
          case 'say': {
            const { interrupted, playedMs } = await this.say(action.text, action.bargeIn);
            action = this.aborted ? this.deps.policy.handle({ type: 'hangup' }) : this.deps.policy.handle(interrupted ? { type: 'spoken', interrupted: true, playedMs } : { type: 'spoken' });
            break;
          }
          case 'stream': {
            const { interrupted, heard } = await this.sayStream(action.speech, action.bargeIn);
            action = this.aborted ? this.deps.policy.handle({ type: 'hangup' }) : this.deps.policy.handle({ type: 'spoken', ...(interrupted ? { interrupted: true } : {}), heard });
            break;
          }
          case 'listen': {
            this.deps.onListen?.(action);
            const w = this.open(action, false);
            const turn = await w.turn.turn;
            this.watch = null;
            // A turn cut short by the hang-up is not heard; one being recognised still counts.
            if (this.aborted) {
              w.hearing?.cancel();
              action = this.deps.policy.handle({ type: 'hangup' });
              break;
            }
            // A hang-up while it is recognised: the policy (told by abort()) still records it.
            const event = await this.hear(turn, action, w.hearing);
            const recognizedMs = this.deps.media.positionMs;
            action = this.deps.policy.handle(event);
            this.noteCallee(turn, event);
            this.reply = turn.lastVoicedMs !== null && event.type === 'utterance' ? { lastVoicedMs: turn.lastVoicedMs, endedMs: turn.endedMs, recognizedMs, decidedMs: this.deps.media.positionMs } : null;
            break;
          }
        }
      }
    } finally {
      this.closeWatch();
    }
  }

  /** Plays a prompt; with `bargeIn`, listens meanwhile and stops it when the callee talks over it. Whether it was, and how much of it played. */
  private async say(text: string, bargeIn: ListenFor | null): Promise<{ interrupted: boolean; playedMs: number }> {
    // A streaming synthesizer is ready at its first audio; the rest plays as it arrives.
    const prompt = await preparePrompt(this.deps.tts, text);
    const synthesizedMs = this.deps.media.positionMs;
    if (this.aborted) {
      prompt.cancel();
      return { interrupted: false, playedMs: 0 };
    }
    // VOICE_BARGE_IN=0: prompts play to their end, as goodbyes always do.
    if (bargeIn && this.timing.bargeInMs > 0) this.open(bargeIn, true);
    else this.closeWatch();
    let interrupted = false;
    const playback: Playback = prompt.play(this.deps.media);
    this.onBargeIn = () => {
      interrupted = true;
      playback.stop();
    };
    // The callee was already talking (speech began as the last prompt ended): nothing is played over it.
    if (this.watch && (this.watch.turn.speaking || this.watchEnded)) this.onBargeIn();
    const { startMs, playedMs } = await playback.done;
    this.onBargeIn = null;
    this.noteAgent(text, startMs, startMs + playedMs, interrupted, null, synthesizedMs);
    return { interrupted, playedMs };
  }

  /**
   * Plays a reply whose sentences arrive while it is spoken: each is synthesized as soon as it
   * comes and queued behind the one playing, so the first sentence is heard while the rest is
   * still being written. A barge-in stops what plays and cancels the stream (the model's request
   * is aborted). One agent turn: the sentences the callee heard at least part of.
   */
  private async sayStream(speech: SpeechStream, bargeIn: ListenFor | null): Promise<{ interrupted: boolean; heard: string }> {
    if (this.aborted) {
      speech.cancel();
      return { interrupted: false, heard: '' };
    }
    if (bargeIn && this.timing.bargeInMs > 0) this.open(bargeIn, true);
    else this.closeWatch();
    let interrupted = false;
    const queued: Array<{ text: string; playback: Playback }> = [];
    this.onBargeIn = () => {
      if (interrupted) return;
      interrupted = true;
      speech.cancel();
      for (const q of queued) q.playback.stop();
    };
    if (this.watch && (this.watch.turn.speaking || this.watchEnded)) this.onBargeIn();
    let firstSentenceMs: number | null = null;
    let synthesizedMs: number | null = null;
    // Plays are queued in the order the sentences came, whatever order their synthesis ends in.
    let chain = Promise.resolve();
    for await (const sentence of speech.sentences) {
      if (interrupted || this.aborted) break;
      firstSentenceMs ??= this.deps.media.positionMs;
      // A streaming synthesizer is ready at its first audio; the next sentence is queued once this one's audio all is.
      const ready = preparePrompt(this.deps.tts, sentence).catch(() => null);
      chain = chain.then(async () => {
        const prompt = await ready;
        if (!prompt) return;
        if (interrupted || this.aborted) {
          prompt.cancel();
          return;
        }
        synthesizedMs ??= this.deps.media.positionMs;
        const playback = prompt.play(this.deps.media);
        queued.push({ text: sentence, playback });
        await playback.queued;
      });
    }
    if (this.aborted) speech.cancel();
    await chain;
    const played = await Promise.all(queued.map(async (q) => ({ text: q.text, ...(await q.playback.done) })));
    this.onBargeIn = null;
    const heard = played.filter((p) => p.playedMs > 0);
    if (heard.length) {
      const last = heard[heard.length - 1]!;
      this.noteAgent(heard.map((p) => p.text).join(' '), heard[0]!.startMs, last.startMs + last.playedMs, interrupted, firstSentenceMs, synthesizedMs ?? this.deps.media.positionMs);
    }
    return { interrupted, heard: heard.map((p) => p.text).join(' ') };
  }

  /**
   * An agent turn as heard; one that answers the callee carries its latency. `decidedMs`: when
   * what to say was known, if later than the policy's answer (a model's first sentence).
   */
  private noteAgent(text: string, startMs: number, endMs: number, interrupted: boolean, decidedMs: number | null, synthesizedMs: number): void {
    const turn: CallTurn = { speaker: 'agent', text, start_ms: Math.round(startMs), end_ms: Math.round(endMs), interrupted };
    const r = this.reply;
    this.reply = null;
    if (r) {
      const decided = Math.max(r.decidedMs, decidedMs ?? 0);
      const latency: TurnLatency = {
        end_of_turn_ms: r.endedMs - r.lastVoicedMs,
        recognition_ms: r.recognizedMs - r.endedMs,
        decision_ms: decided - r.recognizedMs,
        synthesis_ms: Math.max(0, synthesizedMs - decided),
        total_ms: startMs - r.lastVoicedMs,
      };
      turn.latency = Object.fromEntries(Object.entries(latency).map(([k, v]) => [k, Math.max(0, Math.round(v))])) as unknown as TurnLatency;
    }
    this.turns.push(turn);
  }

  private watchEnded = false;
  /** Turns whose pause check is in flight (one at a time). */
  private readonly checking = new Set<Watch>();

  /**
   * The turn for `l`: the one already open (a barge-in watch over the last prompt, perhaps with
   * speech under way) goes on with these options, else a new one opens.
   */
  private open(l: ListenFor, asWatch: boolean): Watch {
    const options = this.turnOptions(l, asWatch);
    if (this.watch) {
      // Ended already (a key during the prompt): its result is this turn's.
      if (!this.watchEnded) this.watch.turn.update(options);
      this.watch.listen = l;
      return this.watch;
    }
    const w: Watch = { listen: l, hearing: null, turn: undefined as unknown as OpenTurn };
    this.watchEnded = false;
    w.turn = this.listener.open(options, {
      onSpeechStart: () => {
        // What is expected is known now: the prompt being talked over says what it asks.
        w.hearing ??= this.hearing(this.expectation(w.listen));
        this.onBargeIn?.();
      },
      onSpeechFrame: (frame, voiced) => w.hearing?.push(frame, voiced),
      onPause: (pausedMs) => {
        if (pausedMs >= this.timing.quickEndSilenceMs) void this.checkPause(w);
        else
          w.hearing?.lookahead((heard) => {
            w.turn.endAtPause();
            void heard.then((r) => this.anticipate(r));
          });
      },
    });
    // A key during a prompt stops it too (it answers, or ends the turn).
    void w.turn.turn.then(() => {
      if (this.watch === w) {
        this.watchEnded = true;
        this.onBargeIn?.();
      }
    });
    this.watch = w;
    return w;
  }

  private expectation(l: ListenFor): Expectation {
    return expectationFor(l);
  }

  private closeWatch(): void {
    const w = this.watch;
    this.watch = null;
    if (!w) return;
    w.turn.cancel();
    w.hearing?.cancel();
  }

  private turnOptions(l: ListenFor, asWatch: boolean): TurnOptions {
    // An early end is for what has a grammar of its own: typed answers, and intents.
    const quick = l.intents || (l.question !== null && l.question.type !== 'string');
    return {
      noInputMs: asWatch ? WATCH_NO_INPUT_MS : l.noInputMs,
      maxUtteranceMs: l.maxUtteranceMs,
      endSilenceMs: this.timing.endSilenceMs,
      keypad: l.keypad === 'number' ? 'many' : 'one',
      ...(asWatch ? { speechStartMs: this.timing.bargeInMs } : {}),
      ...(quick && this.timing.quickEndSilenceMs < this.timing.endSilenceMs ? { pauseMs: this.timing.quickEndSilenceMs, lookaheadMs: Math.min(RECOGNITION_LOOKAHEAD_MS, this.timing.quickEndSilenceMs) } : {}),
    };
  }

  /** At the first short pause: end the turn now if what was heard is already a whole answer. */
  private async checkPause(w: Watch): Promise<void> {
    if (!w.hearing || this.checking.has(w)) return;
    this.checking.add(w);
    try {
      const text = await w.hearing.completeSoFar(this.listener.currentAudio());
      if (text !== null) w.turn.endAtPause();
    } finally {
      this.checking.delete(w);
    }
  }

  private isComplete(l: ListenFor, text: string): boolean {
    if (l.intents && detectIntent(text)) return true;
    return l.question !== null && isCompleteAnswer({ question: l.question, ...(l.confirming ? { confirming: l.confirming } : {}) }, text);
  }

  /** Recognition of the utterance starting now: streamed when the engine can, else decoded at the pause and at the end. */
  private hearing(expect: Expectation): Hearing {
    const stt = this.deps.stt;
    const listenFor = () => this.watch?.listen ?? { question: expect.question, intents: !!expect.intents, noInputMs: 0, maxUtteranceMs: 0, keypad: 'one_key' as const };
    // What a decoding heard, when it is a whole answer or an intent. An unsure hearing counts
    // too: it is as whole as a sure one (the agent reads it back), and waiting the long silence
    // after it only delayed that read-back (on a fresh set of voices, a third of the turns).
    const completeIn = (r: Recognition): string | null => {
      const heard = r.text ?? r.unsure ?? null;
      return heard && this.isComplete(listenFor(), heard) ? heard : null;
    };
    if (isStreaming(stt)) {
      // When the partial hypothesis is an answer at a pause, the stream is finished there and
      // then (its verification and opinions run while the pause goes on to the quick end): that
      // result stands if no speech followed; speech after it opens a new stream, fed the
      // utterance from its start. When the partial is not (yet) an answer at the quick end, the
      // utterance so far is decoded whole once (a partial path may lag on the last word); that
      // result stands if no speech followed.
      const open = (): RecognitionStream | null => {
        try {
          return stt.start(expect);
        } catch {
          return null;
        }
      };
      let stream = open();
      const frames: Int16Array[] = [];
      /** The frames since the voice last stopped (the pause so far). */
      let pause: Int16Array[] = [];
      let trial: { result: Promise<Recognition>; voicedSince: boolean } | null = null;
      let finished: { result: Promise<Recognition>; text: string } | null = null;
      const finishedText = () => finished?.text ?? null;
      let looking = false;
      return {
        push: (frame, voiced) => {
          frames.push(Int16Array.from(frame));
          if (voiced) pause = [];
          else pause.push(frames[frames.length - 1]!);
          if (finished && voiced) {
            finished = null;
            stream = open();
            for (const f of frames) stream?.push(f);
          } else stream?.push(frame);
          if (trial && voiced) trial.voicedSince = true;
        },
        lookahead: (complete) => {
          const s = stream;
          if (!s || finished || looking) return;
          looking = true;
          void s
            .partial()
            .then((p) => {
              if (s !== stream || finished || !this.isComplete(listenFor(), p.text)) return;
              for (const f of padPause(pause, this.timing.quickEndSilenceMs)) s.push(f);
              finished = { result: s.finish().catch(() => NOTHING), text: p.text };
              complete(finished.result);
            })
            .catch(() => undefined)
            .finally(() => (looking = false));
        },
        completeSoFar: async (audio) => {
          const p = !finished && stream ? await stream.partial().catch(() => null) : null;
          // Finished already, perhaps by a look-ahead while the partial was asked for.
          const done = finishedText();
          if (done !== null) return done;
          if (p && this.isComplete(listenFor(), p.text)) {
            finished = { result: stream!.finish().catch(() => NOTHING), text: p.text };
            return p.text;
          }
          if (trial && !trial.voicedSince) return null;
          trial = { result: recognizeWhole(stt, audio, expect).catch(() => NOTHING), voicedSince: false };
          return completeIn(await trial.result);
        },
        finish: async () => {
          if (finished) return finished.result;
          if (trial && !trial.voicedSince) {
            stream?.cancel();
            return trial.result;
          }
          return stream ? stream.finish().catch(() => NOTHING) : NOTHING;
        },
        cancel: () => stream?.cancel(),
      };
    }
    // A whole-utterance engine: decoded once at the first pause; that result stands if no speech followed.
    let decoded: { result: Promise<Recognition>; voicedSince: boolean } | null = null;
    const recognize = (audio: Int16Array) => recognizeWhole(stt, audio, expect).catch(() => NOTHING);
    return {
      push: (_frame, voiced) => {
        if (decoded && voiced) decoded.voicedSince = true;
      },
      lookahead: () => undefined,
      completeSoFar: async (audio) => {
        decoded ??= { result: recognize(audio), voicedSince: false };
        return completeIn(await decoded.result);
      },
      finish: (audio) => (decoded && !decoded.voicedSince ? decoded.result : recognize(audio)),
      cancel: () => undefined,
    };
  }

  /**
   * What was heard at a look-ahead, before the turn's end: the reply the policy would give to it,
   * when it knows one now (the read-back of an answer heard unsure), is synthesized while the
   * pause goes on, so that it is ready (kept by the synthesizer) when the policy says it. Not with
   * a streaming synthesizer, which keeps nothing.
   */
  private anticipate(heard: Recognition): void {
    if (heard.text !== null || !heard.unsure || this.aborted || isStreamingSynthesizer(this.deps.tts)) return;
    const text = this.deps.policy.anticipate?.({ type: 'utterance', text: null, unsure: heard.unsure, speechMs: 0 });
    if (text) void this.deps.tts.synthesize(text).catch(() => undefined);
  }

  /** A turn as the policy hears it: keys (when they answer), else recognised speech, else nothing. */
  private async hear(turn: Turn, l: ListenFor, hearing: Hearing | null): Promise<DialogEvent> {
    if (turn.digits && l.keypad !== 'ends_turn') {
      hearing?.cancel();
      return { type: 'digits', digits: turn.digits, positionMs: this.deps.media.positionMs };
    }
    if (!turn.audio) {
      hearing?.cancel();
      return { type: 'no_input', positionMs: this.deps.media.positionMs, ...(this.beeps.takeBeep() ? { beep: true } : {}) };
    }
    const h = hearing ?? this.hearing(this.expectation(l));
    let heard: Recognition;
    try {
      heard = await h.finish(turn.audio);
    } catch {
      heard = NOTHING;
    }
    const { text, unsure } = heard;
    const beep = this.beeps.takeBeep();
    return { type: 'utterance', text, ...(text === null && unsure ? { unsure } : {}), speechMs: turn.speechMs, atMs: (this.deps.clock ?? systemClock).now(), positionMs: this.deps.media.positionMs, ...(turn.speechStartMs !== null ? { startMs: turn.speechStartMs } : {}), ...(beep ? { beep } : {}) };
  }

  /** The callee's turn, as heard. */
  private noteCallee(turn: Turn, event: DialogEvent): void {
    if (event.type === 'utterance' && turn.speechStartMs !== null) {
      this.turns.push({ speaker: 'callee', text: calleeText(event), start_ms: Math.round(turn.speechStartMs), end_ms: Math.round(turn.lastVoicedMs ?? turn.endedMs), interrupted: false });
    } else if (event.type === 'digits') {
      this.turns.push({ speaker: 'callee', text: `[pressed ${event.digits}]`, start_ms: Math.round(turn.endedMs), end_ms: Math.round(turn.endedMs), interrupted: false });
    }
  }
}

/**
 * The pause's frames repeated until the pause so far and they last `untilMs`: the line's own
 * silence, for a recognizer finished before the pause is that long (RECOGNITION_LOOKAHEAD_MS).
 */
function padPause(pause: readonly Int16Array[], untilMs: number): Int16Array[] {
  const out: Int16Array[] = [];
  const have = pause.reduce((n, f) => n + f.length, 0) / 8;
  if (!pause.length || !have) return out;
  for (let ms = have, i = 0; ms < untilMs; i = (i + 1) % pause.length) {
    out.push(pause[i]!);
    ms += pause[i]!.length / 8;
  }
  return out;
}
