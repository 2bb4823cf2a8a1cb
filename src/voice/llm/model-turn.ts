import type { AgentLogEntry } from '../../features/calls/ports';
import type { SpeechStream } from '../dialog/dialog-policy';
import type { CancelTimer, Clock } from '../turns/clock';
import type { ChatChunk, ChatMessage, ChatRequest, ToolCall, ToolDefinition } from './chat-completions';
import { SentenceSplitter } from './sentences';
import type { CallEnding, ToolOutcome } from './tools';

/** Said when the model has not written its first sentence in time, so the line is not silent. */
export const FILLER = 'One moment.';

/** The model's side of the conversation as a turn sees it (the policy). */
export interface TurnHost {
  readonly chat: { stream(req: ChatRequest, signal: AbortSignal): AsyncIterable<ChatChunk> };
  readonly clock: Clock;
  readonly history: ChatMessage[];
  readonly tools: ToolDefinition[];
  readonly limits: Pick<LlmLimits, 'fillerAfterMs' | 'firstSentenceTimeoutMs' | 'idleTimeoutMs' | 'maxReplyTokens' | 'maxToolRounds'>;
  log(entry: Omit<AgentLogEntry, 'at_ms'>): void;
  runTool(call: ToolCall): ToolOutcome;
  /** Tokens the reply cost (the endpoint's count, else an estimate). */
  spent(tokens: number): void;
  /** What to say when the model ends the call without a word of its own. */
  goodbyeFor(ending: CallEnding): string;
}

export interface LlmLimits {
  /** No sentence from the model this long after the agent started waiting for one: the filler is said. */
  fillerAfterMs: number;
  /** No sentence from the model this long after the agent started waiting: the reply fails (the script takes over). */
  firstSentenceTimeoutMs: number;
  /** Nothing more from the endpoint this long in the middle of a reply: the reply fails. */
  idleTimeoutMs: number;
  /** Model replies (turns) per call; past it the script finishes the call. */
  maxTurns: number;
  /** Tokens per call, prompts and replies together; past it the script finishes the call. */
  maxTokens: number;
  /** `max_tokens` of one request. */
  maxReplyTokens: number;
  /** Requests within one turn (tool results answered by the model). */
  maxToolRounds: number;
  /** How long the model may lead the conversation; past it the agent says goodbye. */
  maxCallMs: number;
}

export const DEFAULT_LLM_LIMITS: LlmLimits = {
  fillerAfterMs: 1000,
  firstSentenceTimeoutMs: 6000,
  idleTimeoutMs: 6000,
  maxTurns: 30,
  maxTokens: 60_000,
  maxReplyTokens: 300,
  maxToolRounds: 4,
  maxCallMs: 15 * 60_000,
};

/** Sentences handed from the model's stream to the session, in order; the session waits on it. */
class SentenceQueue implements AsyncIterable<string> {
  private readonly items: string[] = [];
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(private readonly onWait: () => void) {}

  push(sentence: string): void {
    if (this.closed) return;
    this.items.push(sentence);
    this.notify();
  }

  close(): void {
    this.closed = true;
    this.notify();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    for (;;) {
      const next = this.items.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.closed) return;
      this.onWait();
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }
}

/**
 * One reply of the model, spoken while it is written: requests the completion at once (so a reply
 * may be prepared while the agent still speaks), cuts the streamed text into sentences for the
 * session, runs the tool calls when a response is complete and, when they need an answer, asks
 * again (at most `maxToolRounds` requests). A terminal tool (end_call, opt_out, schedule_callback)
 * ends it. Guards: the filler when the first sentence is slow, a failure when it does not come at
 * all or the stream stalls; `cancel()` (barge-in, hang-up) aborts the HTTP request.
 */
export class ModelTurn implements SpeechStream {
  readonly sentences: SentenceQueue;
  status: 'running' | 'done' | 'failed' | 'cancelled' = 'running';
  failure: string | null = null;
  ending: CallEnding | null = null;
  /** Everything queued for speech, the filler included, in order. */
  readonly said: string[] = [];
  private modelSpoke = false;
  private waited = false;
  private readonly abort = new AbortController();
  private readonly timers: CancelTimer[] = [];
  private idle: CancelTimer | null = null;

  constructor(private readonly host: TurnHost) {
    this.sentences = new SentenceQueue(() => this.waiting());
    void this.run();
  }

  cancel(): void {
    if (this.status !== 'running') return;
    this.status = 'cancelled';
    this.stop();
  }

  private fail(reason: string): void {
    if (this.status !== 'running') return;
    this.status = 'failed';
    this.failure = reason;
    this.host.log({ kind: 'error', text: reason });
    this.stop();
  }

  private stop(): void {
    this.abort.abort();
    for (const cancel of this.timers.splice(0)) cancel();
    this.idle?.();
    this.sentences.close();
  }

  /** The session waits for a sentence: from the first wait on, the filler and the deadline run. */
  private waiting(): void {
    if (this.waited || this.modelSpoke || this.status !== 'running') return;
    this.waited = true;
    const { clock, limits } = this.host;
    this.timers.push(
      clock.setTimer(limits.fillerAfterMs, () => {
        if (this.modelSpoke || this.status !== 'running') return;
        this.host.log({ kind: 'filler', text: FILLER });
        this.speak(FILLER);
      }),
      clock.setTimer(limits.firstSentenceTimeoutMs, () => {
        if (!this.modelSpoke) this.fail(`no reply from the model within ${limits.firstSentenceTimeoutMs} ms`);
      }),
    );
  }

  private speak(sentence: string): void {
    this.said.push(sentence);
    this.sentences.push(sentence);
  }

  private heardFromEndpoint(): void {
    this.idle?.();
    this.idle = this.host.clock.setTimer(this.host.limits.idleTimeoutMs, () => this.fail(`the model's stream stalled for ${this.host.limits.idleTimeoutMs} ms`));
  }

  private async run(): Promise<void> {
    const { host } = this;
    try {
      for (let round = 0; round < host.limits.maxToolRounds && this.status === 'running'; round++) {
        host.log({ kind: 'request' });
        const splitter = new SentenceSplitter();
        let text = '';
        let end: Extract<ChatChunk, { type: 'done' }> | null = null;
        for await (const chunk of host.chat.stream({ messages: host.history, tools: host.tools, maxTokens: host.limits.maxReplyTokens }, this.abort.signal)) {
          if (this.status !== 'running') return;
          this.heardFromEndpoint();
          if (chunk.type === 'done') end = chunk;
          else {
            text += chunk.text;
            for (const s of splitter.push(chunk.text)) this.modelSentence(s);
          }
        }
        this.idle?.();
        if (this.status !== 'running') return;
        if (!end) throw new Error('the reply ended without its end');
        for (const s of splitter.flush()) this.modelSentence(s);
        host.spent(end.usage ? end.usage.promptTokens + end.usage.completionTokens : Math.ceil((JSON.stringify(host.history).length + text.length) / 4));
        host.log({ kind: 'reply', text, ...(end.finishReason ? { result: { finish_reason: end.finishReason } } : {}) });
        host.history.push({ role: 'assistant', content: text || null, ...(end.toolCalls.length ? { tool_calls: end.toolCalls } : {}) });
        if (!end.toolCalls.length) break;
        for (const call of end.toolCalls) {
          host.log({ kind: 'tool_call', name: call.function.name, call_id: call.id, arguments: parseArguments(call.function.arguments) });
          const out = host.runTool(call);
          host.log({ kind: 'tool_result', name: call.function.name, call_id: call.id, result: out.result });
          host.history.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(out.result) });
          if (out.ending) this.ending ??= out.ending;
        }
        if (this.ending) {
          if (!text.trim()) this.speak(host.goodbyeFor(this.ending));
          break;
        }
      }
      if (this.status === 'running') {
        this.status = 'done';
        this.stop();
      }
    } catch (err) {
      if (this.status === 'running') this.fail((err as Error).message || 'the model failed');
    }
  }

  private modelSentence(sentence: string): void {
    this.modelSpoke = true;
    this.speak(sentence);
  }
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return text.slice(0, 2000);
  }
}
