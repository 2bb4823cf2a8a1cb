import type { CallQuestion, Disposition } from '../../features/calls/ports';

/** What the call is about: the dialog's script. */
export interface AgentScript {
  task: string | null;
  questions: CallQuestion[];
  voicemailMessage: string | null;
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
}

/** What the dialog hears: the session turns audio, keys and the carrier's news into these. */
export type DialogEvent =
  | { type: 'utterance'; text: string | null; speechMs: number }
  | { type: 'digits'; digits: string }
  | { type: 'no_input' }
  /** The last `say` was played to its end. */
  | { type: 'spoken' }
  | { type: 'hangup' };

/** What the dialog asks the session to do next; one at a time. */
export type DialogAction = { type: 'say'; text: string } | ({ type: 'listen' } & ListenFor) | { type: 'end'; disposition: Disposition };

/**
 * The conversation's decisions, with no audio, no clock and no I/O: events in, the next action
 * out. It keeps the transcript and the answers, which stay valid whenever the call stops.
 */
export interface DialogPolicy {
  start(): DialogAction;
  handle(event: DialogEvent): DialogAction;
  readonly transcript: readonly string[];
  readonly answers: Readonly<Record<string, unknown>>;
}
