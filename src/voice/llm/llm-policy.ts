import type { AgentLogEntry, CallAmd, CallQuestion, Disposition } from '../../features/calls/ports';
import { GreetingPhase } from '../amd/greeting-phase';
import { answerFromDigits, parseBoolean } from '../dialog/answers';
import { calleeText, type AgentScript, type DialogAction, type DialogEvent, type DialogPolicy, type ListenFor } from '../dialog/dialog-policy';
import { CALLBACK_AT_GOODBYE, GOODBYE, handoffSummary, opening, OPT_OUT_GOODBYE, TRANSFER_HOLD, WRONG_NUMBER_GOODBYE } from '../dialog/prompts';
import { onAnswer, onDigits, onRequest, WHY } from '../dialog/transfer-rules';
import { SurveyPolicy } from '../dialog/survey-policy';
import type { AgentTiming } from '../timing';
import type { Clock } from '../turns/clock';
import type { ChatMessage, ChatRequest, ChatChunk, ToolCall } from './chat-completions';
import { buildInstructions } from './instructions';
import { DEFAULT_LLM_LIMITS, ModelTurn, type LlmLimits, type TurnHost } from './model-turn';
import { agentTools, runTool, type CallEnding, type ToolOutcome } from './tools';

/** Silences in a row after which the agent gives up. */
const MAX_SILENT_TURNS = 3;
/** Audit entries kept per call, and characters per text in them. */
const MAX_LOG_ENTRIES = 1000;
const MAX_LOG_TEXT = 8000;

export interface LlmPolicyOptions {
  script: AgentScript;
  timing: AgentTiming;
  /** The chat-completions client (ChatCompletions in production). */
  chat: { stream(req: ChatRequest, signal: AbortSignal): AsyncIterable<ChatChunk> };
  clock: Clock;
  /** BCP 47. */
  language: string;
  instructions: string | null;
  limits?: Partial<LlmLimits>;
  /** Wall-clock time (the model is told the date; callbacks are checked against it). */
  now?: () => Date;
}

type State =
  | { at: 'greeting' }
  | { at: 'intro'; first: ModelTurn }
  | { at: 'reply'; turn: ModelTurn }
  | { at: 'listening' }
  /** Handed to the transfer target; the outcome comes as a `transferred` event. */
  | { at: 'transferring' }
  | { at: 'closing' }
  | { at: 'script'; script: SurveyPolicy }
  | { at: 'ended' };

/**
 * The conversation led by a language model (any OpenAI-compatible chat-completions endpoint,
 * streamed, with tools). The greeting and machine detection are the script's (src/voice/amd); then the
 * introduction is said (ready before the call) while the model prepares its first reply, and from
 * there each callee turn goes to the model and its reply is spoken sentence by sentence as it is
 * written (a `stream` action). Answers come only through `record_answer`, checked against the
 * question's type and what the callee said (tools.ts). The model ends the call with its tools
 * (end_call, opt_out, schedule_callback).
 *
 * Guardrails: the filler when a reply is slow to start; the script takes over, keeping the
 * answers, when the endpoint fails or times out, or when the call's turns or tokens run out; past
 * `maxCallMs` the agent says goodbye. Every request, reply, tool call and result is kept in
 * `agentLog` for audit.
 */
export class LlmDialogPolicy implements DialogPolicy, TurnHost {
  readonly history: ChatMessage[] = [];
  readonly tools;
  readonly limits: LlmLimits;
  readonly clock: Clock;
  readonly chat: LlmPolicyOptions['chat'];
  private readonly own: string[] = [];
  private readonly gathered: Record<string, unknown> = {};
  private readonly log_: AgentLogEntry[] = [];
  private readonly calleeSaid: string[] = [];
  /** What was heard below the recogniser's confidence threshold: evidence only once confirmed (see afterCallee). */
  private readonly unsureSaid: string[] = [];
  private readonly startedAt: number;
  private readonly now: () => Date;
  private state: State = { at: 'greeting' };
  private readonly greeting: GreetingPhase;
  private hungUp = false;
  private machine = false;
  private disposition: Disposition | null = null;
  private opted = false;
  private callback: Date | null = null;
  private turnsTaken = 0;
  /** The hold line is being said before a hand-over (why: for the summary). */
  private pendingTransfer: string | null = null;
  private tokens = 0;
  private silentTurns = 0;
  /** What the callee heard of the reply they cut into, told to the model with their next words. */
  private interruptedAfter: string | null = null;

  constructor(private readonly o: LlmPolicyOptions) {
    this.limits = { ...DEFAULT_LLM_LIMITS, ...o.limits };
    this.clock = o.clock;
    this.chat = o.chat;
    this.now = o.now ?? (() => new Date());
    this.startedAt = o.clock.now();
    this.tools = agentTools(o.script.questions, { transfer: onRequest(o.script.transfer) });
    for (const q of o.script.questions) this.gathered[q.key] = null;
    this.greeting = new GreetingPhase(o.script, o.timing, (line) => this.own.push(line));
  }

  /** What machine detection decided at the answer. */
  get amd(): CallAmd | null {
    return this.greeting.amd;
  }

  get transcript(): readonly string[] {
    return this.state.at === 'script' ? [...this.own, ...this.state.script.transcript] : this.own;
  }

  get answers(): Readonly<Record<string, unknown>> {
    return this.state.at === 'script' ? this.state.script.answers : this.gathered;
  }

  get optOut(): boolean {
    return this.opted || (this.state.at === 'script' && this.state.script.optOut);
  }

  get callbackAt(): Date | null {
    return this.state.at === 'script' ? this.state.script.callbackAt : this.callback;
  }

  get agentLog(): readonly AgentLogEntry[] {
    return this.log_;
  }

  start(): DialogAction {
    // An inbound caller waits to hear who answered: the greeting comes at once (nothing to detect).
    if (this.o.script.greeting) return this.afterGreeting({ type: 'no_input' });
    return this.greeting.start();
  }

  handle(event: DialogEvent): DialogAction {
    const s = this.state;
    if (s.at === 'script') return s.script.handle(event);
    if (event.type === 'hangup') {
      this.hungUp = true;
      // Hung up on while its greeting was being handled: a machine already decided stays one.
      if (s.at === 'greeting') this.machine = this.greeting.machine;
      if (s.at === 'reply') s.turn.cancel();
      if (s.at === 'intro') s.first.cancel();
      // A transfer under way still reports its outcome (a bridged call is the person's: transferred).
      if (s.at === 'transferring') return { type: 'end', disposition: 'human' };
      return this.finish();
    }
    switch (s.at) {
      case 'greeting':
        return this.afterGreeting(event);
      case 'intro':
        if (event.type !== 'spoken') return this.finish();
        this.own.push(`Agent: ${opening(this.o.script)}${event.interrupted ? ' [interrupted]' : ''}`);
        if (event.interrupted) {
          s.first.cancel();
          this.interruptedAfter = opening(this.o.script);
          this.state = { at: 'listening' };
          return this.listen(this.replyListen());
        }
        return this.speak(s.first);
      case 'reply':
        return event.type === 'spoken' ? this.afterReply(s.turn, event) : this.finish();
      case 'listening':
        return this.afterCallee(event);
      case 'transferring':
        return this.afterTransfer(event);
      case 'closing':
        if (this.pendingTransfer !== null && event.type === 'spoken') {
          const why = this.pendingTransfer;
          this.pendingTransfer = null;
          this.state = { at: 'transferring' };
          return { type: 'transfer', summary: handoffSummary(this.o.script, why, this.gathered) };
        }
        return this.finish();
      case 'ended':
        return this.finish();
    }
  }

  // ---- TurnHost: what a model turn uses ----

  log(entry: Omit<AgentLogEntry, 'at_ms'>): void {
    if (this.log_.length >= MAX_LOG_ENTRIES) return;
    const text = entry.text !== undefined ? { text: entry.text.slice(0, MAX_LOG_TEXT) } : {};
    this.log_.push({ at_ms: Math.max(0, Math.round(this.clock.now() - this.startedAt)), ...entry, ...text });
  }

  runTool(call: ToolCall): ToolOutcome {
    const out = runTool(call, { questions: this.o.script.questions, calleeSaid: this.calleeSaid, now: this.now(), canTransfer: onRequest(this.o.script.transfer) });
    if (out.answer) {
      this.gathered[out.answer.key] = out.answer.value;
      // The call's answer rule hands over whatever the model meant to do next.
      if (onAnswer(this.o.script.transfer, out.answer.key, out.answer.value)) return { ...out, ending: { tool: 'transfer_call', why: WHY.answer(out.answer.key, out.answer.value) } };
    }
    return out;
  }

  spent(tokens: number): void {
    this.tokens += tokens;
  }

  goodbyeFor(ending: CallEnding): string {
    if (ending.tool === 'opt_out') return OPT_OUT_GOODBYE;
    if (ending.tool === 'schedule_callback') return CALLBACK_AT_GOODBYE;
    if (ending.tool === 'transfer_call') return TRANSFER_HOLD;
    return ending.reason === 'wrong_number' ? WRONG_NUMBER_GOODBYE : GOODBYE;
  }

  // ---- the conversation ----

  private afterGreeting(event: DialogEvent): DialogAction {
    // Who answered (an answering machine gets its message after the beep; a screening assistant is told who calls): the script's way.
    const step = this.greeting.handle(event);
    if ('action' in step) return step.action;
    if (step.done === 'end') {
      this.machine = this.greeting.machine;
      return this.finish();
    }
    if (event.type === 'utterance' && event.text) this.calleeSaid.push(event.text);
    const instructions = buildInstructions({
      callerName: this.o.script.callerName ?? null,
      task: this.o.script.task,
      questions: this.o.script.questions,
      language: this.o.language,
      instructions: this.o.instructions,
      now: this.now(),
      timeZone: this.o.script.timeZone ?? null,
      canTransfer: onRequest(this.o.script.transfer),
      inbound: !!this.o.script.greeting,
    });
    this.log({ kind: 'instructions', text: instructions });
    this.history.push({ role: 'system', content: instructions });
    this.history.push({
      role: 'user',
      content: this.o.script.greeting ? '[The caller called us and is listening.]' : event.type === 'utterance' && event.text ? `[The callee picked up and said:] ${event.text}` : '[The callee picked up.]',
    });
    // The introduction is ready (synthesized while the phone rang): it is said while the model writes what follows.
    const text = opening(this.o.script);
    this.history.push({ role: 'assistant', content: text });
    this.history.push({ role: 'user', content: '[The callee is listening. Go on: ask the first question.]' });
    this.turnsTaken++;
    this.state = { at: 'intro', first: new ModelTurn(this) };
    return { type: 'say', text, bargeIn: this.replyListen() };
  }

  private afterCallee(event: DialogEvent): DialogAction {
    let said: string;
    if (event.type === 'utterance') {
      this.silentTurns = 0;
      this.own.push(`Callee: ${calleeText(event)}`);
      if (event.text) this.calleeSaid.push(event.text);
      // As in the script, an unsure hearing is never an answer on its own: it becomes evidence when
      // the callee says yes (heard with confidence) right after it was read back.
      const last = this.unsureSaid[this.unsureSaid.length - 1];
      if (event.text && last !== undefined && parseBoolean(event.text) === true) this.calleeSaid.push(last);
      this.unsureSaid.length = 0;
      if (!event.text && event.unsure) this.unsureSaid.push(event.unsure);
      said =
        event.text ??
        (event.unsure ? `[Heard with low confidence, perhaps: "${event.unsure}". Say back what you heard and ask whether it is right before recording it.]` : '[inaudible: nothing could be made out]');
    } else if (event.type === 'digits') {
      this.silentTurns = 0;
      this.own.push(`Callee: [pressed ${event.digits}]`);
      // The transfer key hands over at once, as in the script.
      if (onDigits(this.o.script.transfer, event.digits)) return this.handOver(WHY.digit(event.digits), true);
      said = `[The callee pressed ${event.digits} on the keypad.]`;
      // A key press answers the question being asked as the script reads it (1 = yes, n = the n-th option).
      const q = this.openQuestion();
      const value = q ? answerFromDigits(q, event.digits) : null;
      if (q && value !== null && value !== undefined) {
        this.gathered[q.key] = value;
        said += ` [Recorded as ${q.key} = ${JSON.stringify(value)}.]`;
        this.log({ kind: 'tool_result', name: 'keypad', result: { ok: true, key: q.key, value } });
      }
    } else if (event.type === 'no_input') {
      if (++this.silentTurns >= MAX_SILENT_TURNS) return this.close(GOODBYE);
      said = '[The callee said nothing.]';
    } else {
      return this.finish();
    }
    if (this.interruptedAfter !== null) {
      said = `[The callee interrupted you; they heard only: "${this.interruptedAfter}"] ${said}`;
      this.interruptedAfter = null;
    }
    this.history.push({ role: 'user', content: said });
    return this.nextReply();
  }

  /** The model's next reply, unless a limit says otherwise. */
  private nextReply(): DialogAction {
    if (this.clock.now() - this.startedAt >= this.limits.maxCallMs) {
      this.log({ kind: 'fallback', text: 'call time limit reached: goodbye' });
      return this.close(GOODBYE);
    }
    if (this.turnsTaken >= this.limits.maxTurns) return this.toScript(`turn limit (${this.limits.maxTurns}) reached`);
    if (this.tokens >= this.limits.maxTokens) return this.toScript(`token limit (${this.limits.maxTokens}) reached`);
    this.turnsTaken++;
    return this.speak(new ModelTurn(this));
  }

  private speak(turn: ModelTurn): DialogAction {
    this.state = { at: 'reply', turn };
    return { type: 'stream', speech: turn, bargeIn: this.replyListen() };
  }

  private afterReply(turn: ModelTurn, event: DialogEvent & { type: 'spoken' }): DialogAction {
    const heard = event.interrupted ? (event.heard ?? '') : turn.said.join(' ');
    if (heard) this.own.push(`Agent: ${heard}${event.interrupted ? ' [interrupted]' : ''}`);
    if (turn.ending) return this.endWith(turn.ending);
    if (turn.status === 'failed') return this.toScript(turn.failure ?? 'the model failed');
    if (!turn.said.length && !event.interrupted) return this.toScript('the model replied with nothing to say');
    if (event.interrupted) this.interruptedAfter = heard;
    this.state = { at: 'listening' };
    return this.listen(this.replyListen());
  }

  private endWith(ending: CallEnding): DialogAction {
    if (ending.tool === 'transfer_call') return this.handOver(ending.why, false);
    if (ending.tool === 'opt_out') this.opted = true;
    else if (ending.tool === 'schedule_callback') {
      this.disposition = 'callback_requested';
      this.callback = ending.at;
    } else if (ending.reason === 'wrong_number') this.disposition = 'wrong_number';
    return this.finish();
  }

  /**
   * Hands the call to its transfer target (the model's transfer_call, the transfer key, an answer
   * rule); the hold line is said first unless the model already said it its own way.
   */
  private handOver(why: string, sayHold: boolean): DialogAction {
    this.log({ kind: 'tool_result', name: 'transfer', result: { ok: true, why } });
    if (sayHold) {
      this.pendingTransfer = why;
      this.state = { at: 'closing' };
      return this.say(TRANSFER_HOLD);
    }
    this.state = { at: 'transferring' };
    return { type: 'transfer', summary: handoffSummary(this.o.script, why, this.gathered) };
  }

  /** The person took the call (the agent is done), or not: the script takes a message, keeping the answers. */
  private afterTransfer(event: DialogEvent): DialogAction {
    if (event.type !== 'transferred') return this.finish();
    this.own.push(`Agent: ${event.leg}`);
    if (event.answered) {
      this.disposition = 'transferred';
      return this.finish();
    }
    if (this.hungUp) return this.finish();
    const script = new SurveyPolicy(this.o.script, this.o.timing);
    this.state = { at: 'script', script };
    return script.takeMessage(this.gathered);
  }

  /** The script goes on from here: the answers so far are kept, the questions left are asked. */
  private toScript(reason: string): DialogAction {
    this.log({ kind: 'fallback', text: reason });
    const script = new SurveyPolicy(this.o.script, this.o.timing);
    this.state = { at: 'script', script };
    return script.takeOver(this.gathered);
  }

  /** The first question without an answer: the recogniser's hint and what a key press answers. */
  private openQuestion(): CallQuestion | null {
    return this.o.script.questions.find((q) => this.gathered[q.key] === null) ?? null;
  }

  private replyListen(): ListenFor {
    const question = this.openQuestion();
    return { question, noInputMs: this.o.timing.noInputMs, maxUtteranceMs: this.o.timing.maxUtteranceMs, keypad: question?.type === 'number' ? 'number' : question ? 'one_key' : 'ends_turn', intents: true };
  }

  private close(text: string): DialogAction {
    this.state = { at: 'closing' };
    return this.say(text);
  }

  private say(text: string): DialogAction {
    this.own.push(`Agent: ${text}`);
    return { type: 'say', text, bargeIn: null };
  }

  private listen(l: ListenFor): DialogAction {
    return { type: 'listen', ...l };
  }

  private finish(): DialogAction {
    this.state = { at: 'ended' };
    return { type: 'end', disposition: this.machine ? 'voicemail' : (this.disposition ?? 'human') };
  }
}
