import type { AgentLogEntry, CallAmd, CallQuestion, Disposition, TransferWhen } from '../../features/calls/ports';
import type { Confirming } from './confirmation';

/** What the call is about: the dialog's script. */
export interface AgentScript {
  task: string | null;
  questions: CallQuestion[];
  voicemailMessage: string | null;
  /** Who the agent calls on behalf of: the call's caller name, else the organization's name. */
  callerName?: string | null;
  /** The callee's time zone, for a callback time said as a time of day ("after five"); UTC if unknown. */
  timeZone?: string | null;
  /** The number of the person on the line (for the hand-off summary): the callee, or an inbound call's caller. */
  callee?: string | null;
  /** When the call may be handed to a person (the call has a transfer target); absent: never. */
  transfer?: TransferWhen | null;
  /**
   * Inbound calls: the caller called us and waits to hear who answered, so the agent speaks first
   * (no listening for a hello, no answering-machine guess) and opens with this greeting.
   */
  greeting?: string | null;
}

/** What the agent should listen for next. */
export interface ListenFor {
  /** The question whose answer is expected (the recogniser's hint); null for any speech (the greeting). */
  question: CallQuestion | null;
  noInputMs: number;
  maxUtteranceMs: number;
  /**
   * `ends_turn`: a key ends the turn but is no answer (speech wins); `one_key`: the first key is the
   * answer; `number`: keys until # or a pause. Keys win over speech in the last two.
   */
  keypad: 'ends_turn' | 'one_key' | 'number';
  /** Whether the callee may say an intent here ("who is this", "call me later"): the recogniser expects them too. */
  intents: boolean;
  /** Phrases to find in free speech (the greeting: "leave a message", "say your name"): the recogniser decodes the utterance as a loop of them. */
  spotting?: readonly string[];
  /** The agent read back `value`, heard with low confidence ("I heard thirty. Is that right?"): a yes, a no or a correction is expected. */
  confirming?: Confirming;
  /** The agent asked back "was that a yes or a no?" (a yes/no heard with low confidence): a bare yes or no is expected. */
  yesOrNo?: boolean;
  /** The question asked again after the callee said no to a read-back: the values they refused, never what is read back. */
  refused?: readonly unknown[];
}

/** What the dialog hears: the session turns audio, keys and the carrier's news into these. */
export type DialogEvent =
  /**
   * `atMs`: when it was said (epoch ms; a callback time like "in an hour" counts from it).
   * `positionMs` (here and below): where the call was when the event was heard, in ms from the
   * answer (the recording's offset); `startMs`: where the speech started; `beep`: a voicemail
   * beep was heard while this turn was listened to.
   */
  /** `unsure`: with no `text`, what the recogniser heard below its confidence threshold (the agent may read it back to confirm it). */
  | { type: 'utterance'; text: string | null; unsure?: string; speechMs: number; atMs?: number; positionMs?: number; startMs?: number; beep?: boolean }
  | { type: 'digits'; digits: string; positionMs?: number }
  | { type: 'no_input'; positionMs?: number; beep?: boolean }
  /** The wait for an answering machine's beep is over (`await_beep`): `heard` the beep, or silence or the cap came first. */
  | { type: 'beep'; heard: boolean; positionMs?: number }
  /**
   * The last `say` is over: played to its end, or `interrupted` (the callee talked over it for
   * long enough; the session has stopped it and already listens to what the callee says).
   * After a `stream`, `heard` is the text the callee heard at least part of; after an
   * interrupted `say`, `playedMs` is how much of it played before it stopped.
   */
  | { type: 'spoken'; interrupted?: boolean; heard?: string; playedMs?: number }
  | { type: 'hangup' }
  /** The transfer the policy asked for is over: the person took the call, or not (`leg` says what happened, for the transcript). */
  | { type: 'transferred'; answered: boolean; leg: string };

/**
 * What the dialog asks the session to do next; one at a time. A `say` with `bargeIn` may be
 * talked over: the session listens for that while it plays, stops the prompt when the callee
 * speaks, reports `spoken` with `interrupted`, and the policy then answers with a `listen` of the
 * same kind (the utterance already under way is its turn). Without `bargeIn` (goodbyes, the
 * voicemail message) the prompt plays to its end.
 */
export type DialogAction =
  | { type: 'say'; text: string; bargeIn: ListenFor | null }
  /** Speech whose sentences arrive while it is spoken (a language model's reply): each is synthesized and played as soon as it is complete. */
  | { type: 'stream'; speech: SpeechStream; bargeIn: ListenFor | null }
  | ({ type: 'listen' } & ListenFor)
  /** Hand the call to the transfer target; `summary` is said to the person first (when the carrier dials them itself). */
  | { type: 'transfer'; summary: string }
  /**
   * An answering machine is talking: wait until its beep has ended (then it records), or until
   * `silenceMs` of silence after its last sound (a greeting without a beep), or `maxMs` at most.
   */
  | { type: 'await_beep'; silenceMs: number; maxMs: number }
  | { type: 'end'; disposition: Disposition };

/**
 * A reply being written while it is spoken. The session plays each sentence as soon as it comes
 * and reports `spoken` when the iteration ends; a barge-in (or a hang-up) calls `cancel()`, which
 * stops the producer (the model's HTTP stream is aborted) and ends the iteration.
 */
export interface SpeechStream {
  readonly sentences: AsyncIterable<string>;
  cancel(): void;
}

/**
 * The conversation's decisions: events in, the next action out, synchronously. The script
 * (SurveyPolicy) has no audio, clock or I/O; a model-driven policy (LlmDialogPolicy) does its I/O
 * inside the `stream` actions it returns, so the decision after a reply is again synchronous. It
 * keeps the transcript and the answers, which stay valid whenever the call stops.
 */
export interface DialogPolicy {
  start(): DialogAction;
  handle(event: DialogEvent): DialogAction;
  /**
   * What `handle(event)` would say, when that is known now and is not a prompt made ahead already
   * (the read-back of an answer heard unsure: "I heard 30. Is that right?"); null otherwise.
   * Changes nothing: the agent has the text synthesized while the callee's pause goes on.
   */
  anticipate?(event: DialogEvent): string | null;
  readonly transcript: readonly string[];
  readonly answers: Readonly<Record<string, unknown>>;
  /** The callee asked not to be called again. */
  readonly optOut: boolean;
  /** When the callee asked to be called back, if a time was said. */
  readonly callbackAt: Date | null;
  /** A model-driven policy's audit trail (instructions, requests, replies, tool calls and results); absent for the script. */
  readonly agentLog?: readonly AgentLogEntry[];
  /** What machine detection decided at the answer (null until it did). */
  readonly amd?: CallAmd | null;
}

/** A callee's utterance as the transcript and the turns show it: the text, an unsure hearing marked as such, or "[not understood]". */
export function calleeText(event: { text: string | null; unsure?: string }): string {
  if (event.text !== null) return event.text;
  return event.unsure ? `${event.unsure} [unsure]` : '[not understood]';
}
