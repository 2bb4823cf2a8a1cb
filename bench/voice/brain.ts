/**
 * What the bench's callee decides, frame by frame, and what it measures on the wire. No sockets and
 * no clock of its own: the transport (./sip-callee.ts) calls `heard(frame, t)` for every RTP frame
 * of the agent and `tick(t)` every 20 ms for the frame to send, with `t` from performance.now().
 * So a unit test drives it with synthetic frames and times.
 *
 * The callee listens with an energy detector (a frame is voiced when its RMS is above VOICED_RMS).
 * The agent's prompt is a stretch of voiced frames; it is over after PROMPT_END_MS of silence (the
 * longest pause inside one of the agent's prompts is about 380 ms, between sentences). The callee
 * then tells which prompt it was by its length in voiced frames, among the few the agent may say at
 * that point (the next question, the question asked again, who is calling, goodbye: the script's
 * `prompts`, measured from the agent's own synthesizer), and answers the question it was.
 *
 * A read-back of an unsure answer ("I heard 30. Is that right?") and "Sorry, was that a yes or a
 * no?" are told by their frames too (plan.ts synthesizes every read-back the agent can say). The
 * `person` callee replies as people do: "Yes." to a read-back of its answer, "No, <its answer>." to
 * another value, a bare "Yes." or "No." to the choice ("I'm not sure." when it gave no answer); the
 * `repeat` callee says its answer again to anything (a recording, or someone who does not follow).
 * Without them identified, both take such a prompt by its length, as the question asked again.
 *
 * On the prompt of `cutIn.question` it does not wait: CUT_IN_AFTER_MS into the agent's audio it
 * starts its cut-in utterance (the answer itself, or "sorry, who is this?"), and measures when the
 * agent's audio stops.
 *
 * Measures:
 * - turn latency: the callee's last voiced frame sent → the agent's first voiced frame received
 *   (only when the agent was silent when the callee finished: a reply, not a prompt going on);
 * - barge-in stop: the callee's first voiced frame of a cut-in sent → the agent's last audible frame
 *   received (its audio stopped after it), when the agent stopped (fell silent before the callee's cut-in ended, short of its
 *   prompt's length); `stopped: false` when it played on.
 */
import { rms } from '../../src/voice/pcm';

export const FRAME_SAMPLES = 160;
export const FRAME_MS = 20;
export const VOICED_RMS = 300;
/**
 * Any sound from the agent (its silence is digital zero): soft sounds (an "f", an "h", a word's
 * decay) are below VOICED_RMS, so its audio's end is found with this lower threshold.
 */
export const AUDIBLE_RMS = 60;
export const PROMPT_END_MS = 600;
export const CUT_IN_AFTER_MS = 600;
/** The agent counts as silent at the end of the callee's speech after this long without a voiced frame. */
const QUIET_AT_END_MS = 200;
/** A prompt heard to this share of its voiced frames was played to its end (not stopped). */
const PLAYED_SHARE = 0.85;
/** A cut-in's speech starts this many frames after the cut-in begins (its recorded lead is trimmed to it). */
const CUT_IN_LEAD_FRAMES = 1;
/** A runaway dialog (the agent asks again and again) ends the callee's answers. */
const MAX_UTTERANCES = 14;

export type Frame = Int16Array;


export const isVoiced = (pcm: Int16Array): boolean => rms(pcm) > VOICED_RMS;

/** Audio cut into 20 ms frames (the last one padded with silence). */
export function toFrames(pcm: Int16Array): Frame[] {
  const out: Frame[] = [];
  for (let i = 0; i < pcm.length; i += FRAME_SAMPLES) {
    const f = new Int16Array(FRAME_SAMPLES);
    f.set(pcm.subarray(i, Math.min(pcm.length, i + FRAME_SAMPLES)));
    out.push(f);
  }
  return out;
}

/** Voiced frames in audio as the wire carries it (callers pass µ-law round-tripped audio). */
export const voicedFrames = (pcm: Int16Array): number => toFrames(pcm).filter(isVoiced).length;

/** Voiced-frame lengths of what the agent may say on this call (see plan.ts). */
export interface PromptLengths {
  intro: number;
  /** Per question: the question, its second asking, and the reply to "who is this?" ending with it. */
  question: number[];
  reask: number[];
  who: number[];
  goodbye: number;
}

export interface BrainScript {
  prompts: PromptLengths;
  /**
   * Which prompt a received frame belongs to, when it can tell (the agent's prompts are synthesized
   * the same way every time, so most of their frames are unique: see plan.ts). Names: `intro`,
   * `question N`, `question N again`, `who is calling + question N`, `who is calling`, `goodbye`
   * (any goodbye). Without it, or for frames it does not know, prompts are told by their length.
   */
  identify?: (frame: Frame) => string | null;
  /** Per question, what the callee answers (20 ms frames). */
  answers: Frame[][];
  cutIn?: { question: number; kind: 'answer' | 'who'; utterance: Frame[] };
  /**
   * How it replies to a read-back and to "was that a yes or a no?" (see above); absent: with its
   * answer again, as the `repeat` callee.
   */
  replies?: {
    /** Per question: the value the callee's answer holds (null: none). */
    expected: unknown[];
    yes: Frame[];
    no: Frame[];
    notSure: Frame[];
    /** Per question: "No, <the answer>." (null when the answer holds no value). */
    correction: Array<Frame[] | null>;
  };
}

export interface WireTurn {
  /** What the callee had said: an answer after the prompt, or a cut-in. */
  kind: 'answer' | 'cut-in';
  question: number;
  lastVoicedSentAt: number;
  /** null: the agent was still talking when the callee finished, or never replied. */
  latencyMs: number | null;
}

export interface WireBargeIn {
  question: number;
  kind: 'answer' | 'who';
  firstVoicedSentAt: number | null;
  /** The agent fell silent during the cut-in, before its prompt's end. */
  stopped: boolean;
  /** First voiced frame of the cut-in sent → last audible frame of the agent received; null when not stopped. */
  stopMs: number | null;
  /** How the prompt went on: voiced frames heard of it, and of how many expected. */
  heardVoiced: number;
  expectedVoiced: number;
}

type Action = { kind: 'answer'; q: number } | { kind: 'readback'; q: number; value: string } | { kind: 'choice' } | { kind: 'wait' } | { kind: 'end' };
interface Candidate {
  name: string;
  voiced: number;
  action: Action;
}

type State =
  /** Waiting for a prompt to end; its candidates say what it may be. */
  | { at: 'listening'; candidates: Candidate[] }
  /** The agent talked on over a cut-in: its prompt (question q) is answered when it ends. */
  | { at: 'talked-over'; q: number }
  | { at: 'speaking'; kind: 'answer' | 'cut-in'; q: number }
  | { at: 'done' };

/** What the callee does after a prompt it identified by its frames. */
function actionFor(name: string): Action | null {
  const q = /^(?:who is calling \+ )?question (\d+)(?: again)?$/.exec(name);
  if (q) return { kind: 'answer', q: Number(q[1]) - 1 };
  const readback = /^read-back (\d+): (.*)$/.exec(name);
  if (readback) return { kind: 'readback', q: Number(readback[1]) - 1, value: readback[2]! };
  if (name === 'yes or no') return { kind: 'choice' };
  if (name === 'intro' || name === 'who is calling') return { kind: 'wait' };
  if (name === 'goodbye') return { kind: 'end' };
  return null;
}

export class CalleeBrain {
  private state: State;
  private readonly out: Frame[] = [];
  /** Index in `out` of the last voiced frame of what is being said (-1 when said). */
  private lastVoicedIndex = -1;
  private sentIndex = 0;
  /** The agent's current stretch of speech. */
  private stretch: { firstVoicedAt: number; voiced: number; lastName: string | null } | null = null;
  private lastAgentVoicedAt: number | null = null;
  private lastAgentAudibleAt: number | null = null;
  private cutInDone = false;
  private cutIn: WireBargeIn | null = null;
  private awaitingReply: WireTurn | null = null;
  private utterances = 0;
  /** The question the callee answered last (a "yes or no?" is about it). */
  private lastQuestion = 0;
  private readonly silence = new Int16Array(FRAME_SAMPLES);
  readonly turns: WireTurn[] = [];
  readonly bargeIns: WireBargeIn[] = [];
  readonly log: string[] = [];
  /** Set when the callee heard the agent's goodbye: the transport hangs up if the agent does not. */
  saidGoodbyeAt: number | null = null;

  constructor(private readonly script: BrainScript) {
    const p = script.prompts;
    this.state = {
      at: 'listening',
      candidates: [
        { name: 'intro', voiced: p.intro, action: { kind: 'wait' } },
        { name: 'intro + question 1', voiced: p.intro + p.question[0]!, action: { kind: 'answer', q: 0 } },
      ],
    };
  }

  get finished(): boolean {
    return this.state.at === 'done';
  }

  /** One RTP frame of the agent's audio, received at `t`. */
  heard(pcm: Frame, t: number): void {
    const level = rms(pcm);
    if (level > AUDIBLE_RMS) this.lastAgentAudibleAt = t;
    if (level <= VOICED_RMS) return;
    if (this.awaitingReply) {
      this.awaitingReply.latencyMs = t - this.awaitingReply.lastVoicedSentAt;
      this.log.push(`${this.awaitingReply.kind} q${this.awaitingReply.question + 1}: agent replied after ${Math.round(this.awaitingReply.latencyMs)} ms`);
      this.awaitingReply = null;
    }
    this.lastAgentVoicedAt = t;
    if (!this.stretch) this.stretch = { firstVoicedAt: t, voiced: 0, lastName: null };
    this.stretch.voiced++;
    const name = this.script.identify?.(pcm) ?? null;
    if (name) this.stretch.lastName = name;
    if (this.cutIn) this.cutIn.heardVoiced++;
    const plan = this.script.cutIn;
    if (plan && !this.cutInDone && this.state.at === 'listening' && t - this.stretch.firstVoicedAt >= CUT_IN_AFTER_MS) {
      // Only into the question itself (not into it asked again): known by its frames, else by what was expected.
      const target = `question ${plan.question + 1}`;
      const known = this.stretch.lastName;
      const next = known === null ? this.state.candidates.find((c) => c.name === target) : known === target ? { voiced: this.script.prompts.question[plan.question]! } : undefined;
      if (next) this.startCutIn(plan, next.voiced);
    }
  }

  /** The frame to send at `t` (every 20 ms). */
  tick(t: number): Frame {
    // The agent's prompt is over after a long enough silence.
    if (this.stretch && this.lastAgentVoicedAt !== null && t - this.lastAgentVoicedAt >= PROMPT_END_MS && this.state.at !== 'speaking') {
      const { voiced, lastName } = this.stretch;
      this.stretch = null;
      this.promptEnded(voiced, lastName, t);
    }
    const frame = this.out[this.sentIndex];
    if (!frame) return this.silence;
    const index = this.sentIndex++;
    if (this.cutIn && this.cutIn.firstVoicedSentAt === null && isVoiced(frame)) this.cutIn.firstVoicedSentAt = t;
    if (index === this.lastVoicedIndex) this.finishedSpeaking(t);
    if (this.sentIndex >= this.out.length) {
      this.out.length = 0;
      this.sentIndex = 0;
    }
    return frame;
  }

  private say(frames: Frame[], t: number | null): void {
    this.out.length = 0;
    this.sentIndex = 0;
    this.out.push(...frames);
    this.lastVoicedIndex = -1;
    for (let i = frames.length - 1; i >= 0; i--) {
      if (isVoiced(frames[i]!)) {
        this.lastVoicedIndex = i;
        break;
      }
    }
    this.utterances++;
    this.awaitingReply = null;
    if (this.lastVoicedIndex < 0 && t !== null) this.finishedSpeaking(t); // nothing voiced in it
  }

  private startCutIn(plan: NonNullable<BrainScript['cutIn']>, expected: number): void {
    this.cutInDone = true;
    const utterance = plan.kind === 'answer' ? this.script.answers[plan.question]! : plan.utterance;
    const firstVoiced = Math.max(0, utterance.findIndex(isVoiced));
    const frames = utterance.slice(Math.max(0, firstVoiced - CUT_IN_LEAD_FRAMES));
    this.cutIn = { question: plan.question, kind: plan.kind, firstVoicedSentAt: null, stopped: false, stopMs: null, heardVoiced: this.stretch?.voiced ?? 0, expectedVoiced: expected };
    this.log.push(`q${plan.question + 1}: cutting in (${plan.kind}) ${CUT_IN_AFTER_MS} ms into the prompt`);
    this.state = { at: 'speaking', kind: 'cut-in', q: plan.question };
    this.say(frames, null);
  }

  private finishedSpeaking(t: number): void {
    const speaking = this.state.at === 'speaking' ? this.state : null;
    if (!speaking) return;
    const agentQuiet = this.lastAgentVoicedAt === null || t - this.lastAgentVoicedAt >= QUIET_AT_END_MS;
    const turn: WireTurn = { kind: speaking.kind, question: speaking.q, lastVoicedSentAt: t, latencyMs: null };
    this.turns.push(turn);
    if (agentQuiet) this.awaitingReply = turn;
    const p = this.script.prompts;
    const q = speaking.q;
    if (speaking.kind === 'cut-in' && this.cutIn) {
      const c = this.cutIn;
      this.cutIn = null;
      c.stopped = agentQuiet && c.heardVoiced < PLAYED_SHARE * c.expectedVoiced && this.lastAgentVoicedAt !== null && c.firstVoicedSentAt !== null;
      c.stopMs = c.stopped ? Math.max(0, Math.max(this.lastAgentVoicedAt!, this.lastAgentAudibleAt ?? 0) - c.firstVoicedSentAt!) : null;
      this.bargeIns.push(c);
      this.log.push(
        c.stopped
          ? `q${q + 1}: the agent stopped ${Math.round(c.stopMs!)} ms after the cut-in's first voiced frame (${c.heardVoiced}/${c.expectedVoiced} voiced frames of the prompt)`
          : `q${q + 1}: the agent did not stop (${c.heardVoiced}/${c.expectedVoiced} voiced frames of the prompt${agentQuiet ? ', played to its end' : ', still talking'})`,
      );
      if (!agentQuiet) {
        // It talks on: its prompt goes on; answer when it ends.
        this.state = { at: 'talked-over', q };
        return;
      }
      // The agent is silent: what it heard decides what it says next.
      this.stretch = null;
      if (c.kind === 'who') {
        this.state = {
          at: 'listening',
          candidates: [
            { name: `who is calling + question ${q + 1}`, voiced: p.who[q]!, action: { kind: 'answer', q } },
            { name: `question ${q + 1} again`, voiced: p.reask[q]!, action: { kind: 'answer', q } },
            ...this.after(q),
          ],
        };
        return;
      }
    }
    this.state = { at: 'listening', candidates: [{ name: `question ${q + 1} again`, voiced: p.reask[q]!, action: { kind: 'answer', q } }, ...this.after(q)] };
  }

  /** What follows an answer to question q: the next question, or goodbye. */
  private after(q: number): Candidate[] {
    const p = this.script.prompts;
    return q + 1 < p.question.length
      ? [{ name: `question ${q + 2}`, voiced: p.question[q + 1]!, action: { kind: 'answer', q: q + 1 } }]
      : [{ name: 'goodbye', voiced: p.goodbye, action: { kind: 'end' } }];
  }

  private promptEnded(voiced: number, lastName: string | null, t: number): void {
    const s = this.state;
    if (s.at === 'done' || s.at === 'speaking') return;
    let action: Action;
    if (s.at === 'talked-over') {
      action = { kind: 'answer', q: s.q };
      this.log.push(`prompt of ${voiced} voiced frames ended (talked over): answering q${s.q + 1}`);
    } else if (lastName && actionFor(lastName)) {
      action = actionFor(lastName)!;
      this.log.push(`prompt of ${voiced} voiced frames ended: identified as "${lastName}" by its frames`);
      if (action.kind === 'wait') {
        this.state = { at: 'listening', candidates: [{ name: 'question 1', voiced: this.script.prompts.question[0]!, action: { kind: 'answer', q: 0 } }] };
        return;
      }
    } else {
      let best = s.candidates[0]!;
      for (const c of s.candidates) if (Math.abs(c.voiced - voiced) < Math.abs(best.voiced - voiced)) best = c;
      action = best.action;
      this.log.push(`prompt of ${voiced} voiced frames ended: heard as "${best.name}" (${best.voiced})`);
      if (action.kind === 'wait') {
        // The introduction alone: its question follows.
        this.state = { at: 'listening', candidates: [{ name: 'question 1', voiced: this.script.prompts.question[0]!, action: { kind: 'answer', q: 0 } }] };
        return;
      }
    }
    if (action.kind === 'end' || this.utterances >= MAX_UTTERANCES) {
      this.state = { at: 'done' };
      this.saidGoodbyeAt = t;
      return;
    }
    const q = action.kind === 'choice' ? this.lastQuestion : action.q;
    this.lastQuestion = q;
    this.state = { at: 'speaking', kind: 'answer', q };
    this.say(this.reply(action, q), t);
  }

  /** What the callee says to the prompt: its answer, or (a person) its reply to a read-back or to "yes or no?". */
  private reply(action: Action, q: number): Frame[] {
    const r = this.script.replies;
    if (!r || action.kind === 'answer') return this.script.answers[q]!;
    const expected = r.expected[q];
    if (action.kind === 'choice') {
      this.log.push(`q${q + 1}: "was that a yes or a no?" → ${expected === true ? 'yes' : expected === false ? 'no' : 'not sure'}`);
      return expected === true ? r.yes : expected === false ? r.no : r.notSure;
    }
    if (action.kind !== 'readback') return this.script.answers[q]!;
    const right = expected !== null && expected !== undefined && String(expected) === action.value;
    this.log.push(`q${q + 1}: read back "${action.value}" → ${right ? 'yes' : 'no'}`);
    return right ? r.yes : (r.correction[q] ?? r.no);
  }
}
