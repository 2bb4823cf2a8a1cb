import { createParser } from 'eventsource-parser';
import { Agent, fetch } from 'undici';
import { guardedConnector } from '../../common/guarded-connector';
import type { LlmEndpoint } from '../../features/calls/ports';

/** One message of the conversation, as OpenAI's chat completions API takes it. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  maxTokens: number;
}

/** What a streamed reply brings: text as it is written, then the tool calls and how it ended. */
export type ChatChunk =
  | { type: 'text'; text: string }
  | { type: 'done'; toolCalls: ToolCall[]; finishReason: string | null; usage: { promptTokens: number; completionTokens: number } | null };

/** The endpoint failed (HTTP status, a refused destination, a malformed stream); the message never carries the key. */
export class ChatError extends Error {
  override name = 'ChatError';
}

/** `https://host/v1`, `https://host` and `https://host/v1/` all mean `https://host/v1/chat/completions`. */
export function chatCompletionsUrl(url: string): string {
  return `${url.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/chat/completions`;
}

interface StreamedChoice {
  delta?: { content?: string | null; tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }> };
  finish_reason?: string | null;
}

/**
 * An OpenAI-compatible chat-completions endpoint, streamed (`stream: true`: server-sent events,
 * `data: {chunk}` lines and `data: [DONE]`). Text deltas are handed on as they arrive; tool-call
 * deltas (name and id first, the JSON arguments in pieces, by `index`) are put together and
 * given with the end. An organization's endpoint is reached through the same guard as webhook
 * receivers: no private, loopback or link-local address unless allowed.
 */
export class ChatCompletions {
  private readonly dispatcher: Agent;

  constructor(
    private readonly endpoint: LlmEndpoint,
    opts: { connectTimeoutMs?: number } = {},
  ) {
    this.dispatcher = new Agent({ connect: guardedConnector({ timeoutMs: opts.connectTimeoutMs ?? 5000, allowPrivate: endpoint.allowPrivate }), keepAliveTimeout: 10_000 });
  }

  get model(): string {
    return this.endpoint.model;
  }

  /** The reply, streamed; `signal` aborts the request (barge-in, a timeout), which ends the iteration with an AbortError. */
  async *stream(req: ChatRequest, signal: AbortSignal): AsyncGenerator<ChatChunk> {
    let res;
    try {
      res = await fetch(chatCompletionsUrl(this.endpoint.url), {
        method: 'POST',
        dispatcher: this.dispatcher,
        signal,
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(this.endpoint.apiKey ? { authorization: `Bearer ${this.endpoint.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.endpoint.model,
          stream: true,
          stream_options: { include_usage: true },
          temperature: 0.3,
          max_tokens: req.maxTokens,
          messages: req.messages,
          ...(req.tools.length ? { tools: req.tools, tool_choice: 'auto', parallel_tool_calls: true } : {}),
        }),
      });
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ChatError(`the chat-completions endpoint could not be reached (${describe(err)})`);
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      throw new ChatError(`the chat-completions endpoint answered ${res.status}`);
    }
    const calls = new Map<number, ToolCall>();
    let finishReason: string | null = null;
    let usage: { promptTokens: number; completionTokens: number } | null = null;
    let done = false;
    const pending: ChatChunk[] = [];
    let malformed: string | null = null;
    const parser = createParser({
      onEvent: (event) => {
        if (done) return;
        if (event.data.trim() === '[DONE]') {
          done = true;
          return;
        }
        let chunk: { choices?: StreamedChoice[]; usage?: { prompt_tokens?: number; completion_tokens?: number } | null; error?: { message?: string } };
        try {
          chunk = JSON.parse(event.data);
        } catch {
          malformed = 'a chunk that is not JSON';
          return;
        }
        if (chunk.error) {
          malformed = `an error in the stream (${String(chunk.error.message ?? 'no message').slice(0, 200)})`;
          return;
        }
        if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 };
        for (const choice of chunk.choices ?? []) {
          const text = choice.delta?.content;
          if (text) pending.push({ type: 'text', text });
          for (const d of choice.delta?.tool_calls ?? []) {
            const index = d.index ?? 0;
            const call = calls.get(index) ?? { id: '', type: 'function' as const, function: { name: '', arguments: '' } };
            if (d.id) call.id = d.id;
            if (d.function?.name) call.function.name += d.function.name;
            if (d.function?.arguments) call.function.arguments += d.function.arguments;
            calls.set(index, call);
          }
          if (choice.finish_reason) finishReason = choice.finish_reason;
        }
      },
    });
    const decoder = new TextDecoder();
    try {
      for await (const bytes of res.body) {
        parser.feed(decoder.decode(bytes as Uint8Array, { stream: true }));
        if (malformed) throw new ChatError(`the chat-completions endpoint sent ${malformed}`);
        while (pending.length) yield pending.shift()!;
        if (done) break;
      }
    } catch (err) {
      if (err instanceof ChatError || signal.aborted) throw err;
      throw new ChatError(`the chat-completions stream broke off (${describe(err)})`);
    } finally {
      // Stops reading (and so closes the connection) when the consumer stops early.
      if (!done) await res.body.cancel().catch(() => undefined);
    }
    if (!done && finishReason === null) throw new ChatError('the chat-completions stream ended without [DONE]');
    const toolCalls = [...calls.entries()].sort((a, b) => a[0] - b[0]).map(([i, c]) => ({ ...c, id: c.id || `call_${i}` }));
    yield { type: 'done', toolCalls, finishReason, usage };
  }

  async close(): Promise<void> {
    await this.dispatcher.close().catch(() => undefined);
  }
}

function describe(err: unknown): string {
  let e: unknown = err;
  for (let i = 0; i < 4 && e instanceof Error; i++) {
    const code = (e as { code?: string }).code;
    if (code) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return err instanceof Error ? err.name : 'unknown error';
}
