import type { CallQuestion, Disposition } from '../../features/calls/ports';
import type { AgentTiming } from '../timing';
import { answerFromDigits, extractAnswer } from './answers';
import type { AgentScript, DialogAction, DialogEvent, DialogPolicy, ListenFor } from './dialog-policy';
import { GOODBYE, intro, reask } from './prompts';

/** How long the callee's hello may take to start, and to last, before we speak anyway. */
const GREETING_NO_INPUT_MS = 2500;
const GREETING_BEYOND_MACHINE_MS = 8000;

type State =
  | { at: 'greeting' }
  | { at: 'intro' }
  | { at: 'asking'; q: number; attempt: number }
  | { at: 'answer'; q: number; attempt: number }
  | { at: 'voicemail' }
  | { at: 'goodbye' }
  | { at: 'ended' };

/**
 * The scripted survey: listen for the callee's hello (a long greeting is an answering machine:
 * leave the voicemail message, if any, and end), say who is calling and the task, ask each
 * question, ask once more when the answer did not fit (or nothing came), say goodbye. A hang-up
 * ends it; an answer already being recognised when it came is still recorded.
 */
export class SurveyPolicy implements DialogPolicy {
  readonly transcript: string[] = [];
  readonly answers: Record<string, unknown> = {};
  private state: State = { at: 'greeting' };
  private hungUp = false;
  private machine = false;

  constructor(
    private readonly script: AgentScript,
    private readonly timing: AgentTiming,
  ) {
    for (const q of script.questions) this.answers[q.key] = null;
  }

  start(): DialogAction {
    return this.listen({ question: null, noInputMs: GREETING_NO_INPUT_MS, maxUtteranceMs: this.timing.machineGreetingMs + GREETING_BEYOND_MACHINE_MS, keypad: 'ends_turn' });
  }

  handle(event: DialogEvent): DialogAction {
    if (event.type === 'hangup') {
      this.hungUp = true;
      // A turn being recognised when the callee hung up is still recorded (see below).
      if (this.state.at !== 'greeting' && this.state.at !== 'answer') this.state = { at: 'ended' };
      return this.end();
    }
    const s = this.state;
    switch (s.at) {
      case 'greeting':
        return this.afterGreeting(event);
      case 'intro':
        return event.type === 'spoken' ? this.ask(0, 0) : this.finish();
      case 'asking':
        return event.type === 'spoken' ? this.listenForAnswer(s.q, s.attempt) : this.finish();
      case 'answer':
        return this.afterAnswer(s.q, s.attempt, event);
      case 'voicemail':
      case 'goodbye':
      case 'ended':
        return this.finish();
    }
  }

  private afterGreeting(event: DialogEvent): DialogAction {
    if (event.type === 'utterance') {
      if (event.speechMs >= this.timing.machineGreetingMs) {
        this.machine = true;
        this.transcript.push(`Callee: ${event.text ?? '[answering machine greeting]'}`);
        if (this.hungUp || !this.script.voicemailMessage) return this.finish();
        this.state = { at: 'voicemail' };
        return this.say(this.script.voicemailMessage);
      }
      this.transcript.push(`Callee: ${event.text ?? '[greeting]'}`);
    }
    if (this.hungUp) return this.finish();
    this.state = { at: 'intro' };
    return this.say(intro(this.script.task));
  }

  private afterAnswer(q: number, attempt: number, event: DialogEvent): DialogAction {
    const question = this.script.questions[q]!;
    let value: unknown = null;
    if (event.type === 'digits') {
      this.transcript.push(`Callee: [pressed ${event.digits}]`);
      value = answerFromDigits(question, event.digits);
    } else if (event.type === 'utterance') {
      this.transcript.push(`Callee: ${event.text ?? '[not understood]'}`);
      value = extractAnswer(question, event.text);
    }
    const answered = value !== null && value !== undefined;
    if (answered) this.answers[question.key] = value;
    if (this.hungUp) return this.finish();
    return answered || attempt > 0 ? this.ask(q + 1, 0) : this.ask(q, 1);
  }

  private ask(q: number, attempt: number): DialogAction {
    const question = this.script.questions[q];
    if (!question) {
      this.state = { at: 'goodbye' };
      return this.say(GOODBYE);
    }
    this.state = { at: 'asking', q, attempt };
    return this.say(attempt === 0 ? question.question : reask(question));
  }

  private listenForAnswer(q: number, attempt: number): DialogAction {
    const question: CallQuestion = this.script.questions[q]!;
    this.state = { at: 'answer', q, attempt };
    return this.listen({ question, noInputMs: this.timing.noInputMs, maxUtteranceMs: this.timing.maxUtteranceMs, keypad: question.type === 'number' ? 'number' : 'one_key' });
  }

  private say(text: string): DialogAction {
    this.transcript.push(`Agent: ${text}`);
    return { type: 'say', text };
  }

  private listen(l: ListenFor): DialogAction {
    return { type: 'listen', ...l };
  }

  private finish(): DialogAction {
    this.state = { at: 'ended' };
    return this.end();
  }

  private end(): DialogAction {
    const disposition: Disposition = this.machine ? 'voicemail' : 'human';
    return { type: 'end', disposition };
  }
}
