import type { CallQuestion } from '../../features/calls/ports';

export interface AnswerExtractor {
  /** The answer to a free-text question as a short value, or null when the callee did not answer it. */
  extract(q: CallQuestion, said: string): Promise<string | null>;
}

/**
 * Any OpenAI-compatible chat-completions endpoint (`POST {LLM_URL}/v1/chat/completions`): reduces
 * what the callee said to the answer itself ("my name is Ada" → "Ada"). Only for free-text
 * questions; typed questions keep the rule-based parsers.
 */
export class LlmAnswerExtractor implements AnswerExtractor {
  constructor(private readonly options: { url: string; apiKey?: string; model: string; timeoutMs?: number }) {}

  async extract(q: CallQuestion, said: string): Promise<string | null> {
    const base = this.options.url.replace(/\/+$/, '').replace(/\/v1$/, '');
    const res = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
      body: JSON.stringify({
        model: this.options.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          {
            role: 'system',
            content: 'You extract answers from phone call transcripts. Reply with JSON {"answer": string|null}: the answer to the question, as short as possible, in the callee\'s words; null if the callee did not answer it.',
          },
          { role: 'user', content: `Question: ${q.question}\nCallee said: ${said}` },
        ],
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
    });
    if (!res.ok) throw new Error(`chat-completions endpoint answered ${res.status}`);
    const body = (await res.json()) as { choices?: Array<{ message?: { content?: string } }> };
    const parsed = JSON.parse(body.choices?.[0]?.message?.content ?? '{}') as { answer?: unknown };
    return typeof parsed.answer === 'string' && parsed.answer.trim() ? parsed.answer.trim() : null;
  }
}
