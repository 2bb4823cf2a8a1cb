import type { CallQuestion } from '../../features/calls/ports';
import { extractAnswer } from '../dialog/answers';
import type { ToolCall, ToolDefinition } from './chat-completions';
import { supportedBy } from './evidence';

/** Longest free-text answer kept. */
const MAX_TEXT_ANSWER = 500;
/** How far ahead a callback may be scheduled. */
const MAX_CALLBACK_AHEAD_MS = 30 * 86_400_000;

export const END_REASONS = ['done', 'wrong_number', 'not_interested', 'other'] as const;

/** The JSON Schema of one question's answer, as the model must give it. */
function valueSchema(q: CallQuestion): Record<string, unknown> {
  switch (q.type) {
    case 'boolean':
      return { type: 'boolean' };
    case 'number':
      return { type: 'number' };
    case 'enum':
      return { type: 'string', enum: q.options ?? [] };
    default:
      return { type: 'string', minLength: 1, maxLength: MAX_TEXT_ANSWER };
  }
}

/**
 * The tools offered to the model. `record_answer`'s schema follows each question: `key` is one of
 * the questions' keys, and for each key `value` has that question's type (its options for an
 * enum), so a typed answer is asked for as such; the same rules are checked again when the tool
 * is run (a model may ignore a schema).
 */
export function agentTools(questions: readonly CallQuestion[], opts: { transfer?: boolean } = {}): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  if (questions.length) {
    tools.push({
      type: 'function',
      function: {
        name: 'record_answer',
        description:
          "Record the callee's answer to one question, as soon as they gave it (also when given out of order; call it once per question answered). `evidence` must quote the callee's own words that give the answer. A refused answer comes back with the reason: ask the callee again.",
        parameters: {
          type: 'object',
          properties: {
            key: { type: 'string', enum: questions.map((q) => q.key), description: 'The question answered.' },
            value: { description: "The answer, of the question's type: " + questions.map((q) => `${q.key}: ${describeType(q)}`).join('; ') },
            evidence: { type: 'string', description: "The callee's words that give this answer, quoted." },
          },
          required: ['key', 'value', 'evidence'],
          additionalProperties: false,
          anyOf: questions.map((q) => ({ properties: { key: { const: q.key }, value: valueSchema(q) } })),
        },
      },
    });
  }
  tools.push(
    {
      type: 'function',
      function: {
        name: 'end_call',
        description: 'End the call after saying goodbye: every question is answered, the callee does not want to go on, or it is the wrong person.',
        parameters: { type: 'object', properties: { reason: { type: 'string', enum: [...END_REASONS] } }, required: ['reason'], additionalProperties: false },
      },
    },
    {
      type: 'function',
      function: {
        name: 'schedule_callback',
        description: 'The callee asked to be called back at a given time: schedule it (ISO 8601 date-time with an offset) and end the call politely.',
        parameters: { type: 'object', properties: { at: { type: 'string', format: 'date-time' } }, required: ['at'], additionalProperties: false },
      },
    },
    {
      type: 'function',
      function: {
        name: 'opt_out',
        description: 'The callee asked not to be called again: their number is never called again. End the call politely.',
        parameters: { type: 'object', properties: {}, additionalProperties: false },
      },
    },
  );
  if (opts.transfer) {
    tools.push({
      type: 'function',
      function: {
        name: 'transfer_call',
        description: 'The callee asks to speak to a person (a human, an agent, someone): tell them you are connecting them, then call this. The call is handed over.',
        parameters: { type: 'object', properties: {}, additionalProperties: false },
      },
    });
  }
  return tools;
}

function describeType(q: CallQuestion): string {
  if (q.type === 'enum') return `one of ${(q.options ?? []).map((o) => JSON.stringify(o)).join(', ')}`;
  if (q.type === 'boolean') return 'true or false';
  return q.type === 'number' ? 'a number' : 'short text';
}

/** How a tool call ends the call, if it does. */
export type CallEnding = { tool: 'end_call'; reason: (typeof END_REASONS)[number] } | { tool: 'opt_out' } | { tool: 'schedule_callback'; at: Date } | { tool: 'transfer_call'; why: string };

export interface ToolOutcome {
  /** What the model is told (as the tool message's JSON). */
  result: { ok: boolean } & Record<string, unknown>;
  /** An answer accepted: question key and value. */
  answer?: { key: string; value: unknown };
  ending?: CallEnding;
}

export interface ToolContext {
  questions: readonly CallQuestion[];
  /** Everything the callee was heard to say, one entry per utterance. */
  calleeSaid: readonly string[];
  now: Date;
  /** The call may be handed to a person when the callee asks (transfer_to with callee_asks). */
  canTransfer?: boolean;
}

const refuse = (error: string): ToolOutcome => ({ result: { ok: false, error } });

/** Runs one tool call of the model: checked, never trusted. */
export function runTool(call: ToolCall, ctx: ToolContext): ToolOutcome {
  let args: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(call.function.arguments || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return refuse('The arguments must be a JSON object.');
    args = parsed as Record<string, unknown>;
  } catch {
    return refuse('The arguments are not valid JSON.');
  }
  switch (call.function.name) {
    case 'record_answer':
      return recordAnswer(args, ctx);
    case 'end_call': {
      const reason = END_REASONS.find((r) => r === args.reason) ?? 'other';
      return { result: { ok: true }, ending: { tool: 'end_call', reason } };
    }
    case 'opt_out':
      return { result: { ok: true }, ending: { tool: 'opt_out' } };
    case 'transfer_call':
      if (!ctx.canTransfer) return refuse('This call cannot be handed to a person: tell the callee so and go on.');
      return { result: { ok: true }, ending: { tool: 'transfer_call', why: 'asked to speak to a person' } };
    case 'schedule_callback': {
      const at = typeof args.at === 'string' && /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(args.at) ? new Date(args.at) : null;
      if (!at || !Number.isFinite(at.getTime())) return refuse('`at` must be an ISO 8601 date-time with an offset, such as 2026-11-24T17:00:00-05:00.');
      if (at.getTime() <= ctx.now.getTime()) return refuse(`That time has passed (it is ${ctx.now.toISOString()} now). Ask the callee when to call back.`);
      if (at.getTime() > ctx.now.getTime() + MAX_CALLBACK_AHEAD_MS) return refuse('A callback can be scheduled at most 30 days ahead.');
      return { result: { ok: true, at: at.toISOString() }, ending: { tool: 'schedule_callback', at } };
    }
    default:
      return refuse(`There is no tool named ${JSON.stringify(call.function.name).slice(0, 80)}.`);
  }
}

/**
 * An answer is recorded only when it has the question's type (an enum's value one of its options)
 * and its evidence is something the callee was heard to say; a typed answer must also agree with
 * what those words say when they can be read offline ("three" is 3, not 4).
 */
function recordAnswer(args: Record<string, unknown>, ctx: ToolContext): ToolOutcome {
  const q = ctx.questions.find((x) => x.key === args.key);
  if (!q) return refuse(`\`key\` must be one of: ${ctx.questions.map((x) => x.key).join(', ')}.`);
  const evidence = typeof args.evidence === 'string' ? args.evidence.trim() : '';
  if (!evidence) return refuse("`evidence` must quote the callee's words that give the answer.");
  if (!supportedBy(evidence, ctx.calleeSaid)) {
    return refuse(`The callee was not heard saying "${evidence.slice(0, 200)}". Only record what the callee said; ask them the question again.`);
  }
  const value = typed(q, args.value);
  if (value === undefined) return refuse(`The answer to "${q.key}" must be ${describeType(q)}. Ask the callee again.`);
  const read = q.type === 'string' ? null : extractAnswer(q, evidence);
  if (read !== null && read !== undefined && read !== value) {
    return refuse(`The callee's words "${evidence.slice(0, 200)}" say ${JSON.stringify(read)}, not ${JSON.stringify(value)}. Ask the callee again.`);
  }
  return { result: { ok: true, key: q.key, value }, answer: { key: q.key, value } };
}

/** The value as the question's type, or undefined when it is not one. */
function typed(q: CallQuestion, v: unknown): unknown {
  switch (q.type) {
    case 'boolean':
      return typeof v === 'boolean' ? v : undefined;
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
    case 'enum': {
      if (typeof v !== 'string') return undefined;
      // The option as written in the question, whatever the model's capitals.
      return (q.options ?? []).find((o) => o.toLowerCase() === v.trim().toLowerCase());
    }
    default:
      return typeof v === 'string' && v.trim() && v.trim().length <= MAX_TEXT_ANSWER ? v.trim() : undefined;
  }
}
