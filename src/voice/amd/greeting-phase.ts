import type { CallAmd, Disposition } from '../../features/calls/ports';
import type { AgentScript, DialogAction, DialogEvent, ListenFor } from '../dialog/dialog-policy';
import { screeningReply } from '../dialog/prompts';
import type { AgentTiming } from '../timing';
import { AMD_FEATURES, classifyGreeting, type GreetingUtterance } from './greeting-classifier';
import { GREETING_VOCABULARY, greetingCues, isScreeningHold } from './greeting-phrases';

/** How long the callee's hello may take to start before we speak anyway. */
export const GREETING_NO_INPUT_MS = 2500;
/** A greeting heard to its end is at most this much longer than a machine's long greeting. */
const GREETING_BEYOND_MACHINE_MS = 8000;
/** After a beep-less greeting, the silence after which the machine is surely recording. */
export const BEEP_SILENCE_MS = 1500;
/** The longest wait for a machine's beep (a long greeting still talking). */
export const BEEP_MAX_WAIT_MS = 30_000;
/** After our reply to a screening assistant: how long we wait for the person (or the assistant) to speak. */
export const SCREENING_WAIT_MS = 20_000;
/** Utterances of the assistant ("please stay on the line") waited through before giving up. */
const SCREENING_MAX_HOLDS = 3;

/** The greeting phase's next step: an action for the agent, or its outcome. */
export type GreetingStep = { action: DialogAction } | { done: 'converse' } | { done: 'end'; disposition: Disposition };

type State =
  | { at: 'hello' }
  | { at: 'more' }
  | { at: 'beep' }
  | { at: 'voicemail' }
  | { at: 'screen_reply' }
  | { at: 'screen_wait'; holds: number }
  | { at: 'done' };

/**
 * The start of an answered call: who answered? It listens to the greeting and classifies it
 * (./greeting-classifier.ts) as soon as it can. A person: the conversation starts (`converse`). An
 * answering machine: wait for its beep (or the silence after a greeting without one), then leave
 * `voicemail_message` (if any) and end as voicemail. A call-screening assistant ("say your name and
 * why you're calling"): say who calls and why, then wait for the person: when someone speaks the
 * conversation starts; if the assistant hands over to voicemail, as a machine; if nobody comes,
 * the call ends as voicemail. Nothing said at all: `unknown`, and the agent speaks first (as a
 * person who waits for the caller). The decision and when it came are `amd`.
 */
export class GreetingPhase {
  amd: CallAmd | null = null;
  private state: State = { at: 'hello' };
  private readonly heard: GreetingUtterance[] = [];
  private beep = false;
  /** A screened call that a person picked up: its disposition is the conversation's. */
  private pickedUp = false;

  constructor(
    private readonly script: AgentScript,
    private readonly timing: Pick<AgentTiming, 'machineGreetingMs' | 'maxUtteranceMs'>,
    /** Where the phase writes the transcript (the policy's). */
    private readonly note: (line: string) => void,
  ) {}

  get over(): boolean {
    return this.state.at === 'done';
  }

  /** Whether the call reached a machine (it ends as voicemail): a machine, or a screening nobody picked up from. */
  get machine(): boolean {
    return this.amd?.result === 'machine' || (this.amd?.result === 'screened' && !this.pickedUp);
  }

  start(): DialogAction {
    return { type: 'listen', ...this.greetingListen(GREETING_NO_INPUT_MS) };
  }

  /** The callee hung up: the phase is over (what was decided stays). */
  hangup(): void {
    this.state = { at: 'done' };
  }

  handle(event: DialogEvent): GreetingStep {
    const s = this.state;
    switch (s.at) {
      case 'hello':
      case 'more':
        return this.afterGreeting(event);
      case 'beep':
        if (event.type === 'beep' && event.heard) this.note('Callee: [beep]');
        return this.leaveMessage();
      case 'voicemail':
        return this.end('voicemail');
      case 'screen_reply':
        this.state = { at: 'screen_wait', holds: 0 };
        return { action: { type: 'listen', ...this.greetingListen(SCREENING_WAIT_MS) } };
      case 'screen_wait':
        return this.afterScreening(event, s.holds);
      case 'done':
        return this.end(this.machine ? 'voicemail' : 'human');
    }
  }

  private afterGreeting(event: DialogEvent): GreetingStep {
    const first = this.state.at === 'hello';
    if (event.type === 'utterance') {
      this.heard.push({ startMs: event.startMs ?? 0, endMs: event.positionMs ?? 0, speechMs: event.speechMs, text: event.text });
      if (event.beep) this.beep = true;
    } else if (event.type === 'no_input' && event.beep) this.beep = true;
    const verdict = classifyGreeting({ utterances: this.heard, beep: this.beep, key: event.type === 'digits', quietAfter: !first && event.type === 'no_input' });
    const at = 'positionMs' in event && event.positionMs !== undefined ? Math.round(event.positionMs) : null;
    if (verdict.result === 'more') {
      this.state = { at: 'more' };
      return { action: { type: 'listen', ...this.greetingListen(AMD_FEATURES.moreWaitMs) } };
    }
    this.amd = { result: verdict.result, ms: at };
    const text = this.heard.map((u) => u.text ?? '').join(' ').trim();
    if (verdict.result === 'machine') {
      if (this.heard.length) this.note(`Callee: ${text || '[answering machine greeting]'}`);
      if (!this.script.voicemailMessage) return this.end('voicemail');
      this.state = { at: 'beep' };
      return { action: { type: 'await_beep', silenceMs: BEEP_SILENCE_MS, maxMs: BEEP_MAX_WAIT_MS } };
    }
    if (verdict.result === 'screened') {
      this.note(`Callee: ${text || '[call screening]'}`);
      this.state = { at: 'screen_reply' };
      return { action: { type: 'say', text: this.say(screeningReply(this.script.callerName, this.script.task)), bargeIn: null } };
    }
    // A person, or nobody said anything: the conversation starts.
    if (this.heard.length) this.note(`Callee: ${text || '[greeting]'}`);
    this.state = { at: 'done' };
    return { done: 'converse' };
  }

  /** After our reply to a screening assistant: the person picked up, the assistant holds us, or it hands over to voicemail. */
  private afterScreening(event: DialogEvent, holds: number): GreetingStep {
    if (event.type === 'digits') {
      this.state = { at: 'done' };
      this.pickedUp = true;
      return { done: 'converse' };
    }
    if (event.type !== 'utterance') {
      // Nobody came: the screened call ends as voicemail (amd stays `screened`).
      return this.end('voicemail');
    }
    this.note(`Callee: ${event.text ?? '[not understood]'}`);
    const cues = greetingCues(event.text);
    if (cues.machine > 0) {
      // The assistant handed over to voicemail: a machine now, wait for its beep.
      if (!this.script.voicemailMessage) return this.end('voicemail');
      this.state = { at: 'beep' };
      return { action: { type: 'await_beep', silenceMs: BEEP_SILENCE_MS, maxMs: BEEP_MAX_WAIT_MS } };
    }
    if ((cues.screened > 0 || isScreeningHold(event.text)) && holds < SCREENING_MAX_HOLDS) {
      this.state = { at: 'screen_wait', holds: holds + 1 };
      return { action: { type: 'listen', ...this.greetingListen(SCREENING_WAIT_MS) } };
    }
    // Someone speaks who is not the assistant: the person picked up.
    this.state = { at: 'done' };
    this.pickedUp = true;
    return { done: 'converse' };
  }

  private leaveMessage(): GreetingStep {
    if (!this.script.voicemailMessage) return this.end('voicemail');
    this.state = { at: 'voicemail' };
    return { action: { type: 'say', text: this.say(this.script.voicemailMessage), bargeIn: null } };
  }

  private say(text: string): string {
    this.note(`Agent: ${text}`);
    return text;
  }

  private end(disposition: Disposition): GreetingStep {
    this.state = { at: 'done' };
    return { done: 'end', disposition };
  }

  private greetingListen(noInputMs: number): ListenFor {
    return { question: null, noInputMs, maxUtteranceMs: this.timing.machineGreetingMs + GREETING_BEYOND_MACHINE_MS, keypad: 'ends_turn', intents: false, spotting: GREETING_VOCABULARY };
  }
}
