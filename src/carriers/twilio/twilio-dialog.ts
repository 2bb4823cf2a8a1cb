import type { CallQuestion, CarrierCall, Disposition, HeardAnswer } from '../../features/calls/ports';
import { answerFromDigits, extractAnswer } from '../../voice/dialog/answers';
import { detectIntent, MAX_CLARIFICATIONS, parseCallbackTime } from '../../voice/dialog/intents';
import { CALLBACK_AT_GOODBYE, CALLBACK_GOODBYE, GOODBYE, inboundGreeting, MESSAGE_GOODBYE, opening, OPT_OUT_GOODBYE, TAKE_MESSAGE, TRANSFER_HOLD, whoIsCalling, WRONG_NUMBER_GOODBYE } from '../../voice/dialog/prompts';
import { onAnswer, onDigits, onRequest, transferWhenOf } from '../../voice/dialog/transfer-rules';

/** One <Gather>: question `q`, its attempt (1: the one retry), and how many clarifications this question had before it. */
export interface GatherKey {
  q: number;
  attempt: number;
  clarifications: number;
}

/** What the callee's words ended the call with, besides a plain `human`. */
export interface ConversationOutcome {
  disposition: Extract<Disposition, 'human' | 'wrong_number' | 'callback_requested'>;
  optOut: boolean;
  callbackAt: Date | null;
}

/** The agent's next move: a question in a <Gather> (with its prompt), or a last word and the hang-up. */
export type TwilioStep =
  | { kind: 'ask'; key: GatherKey; text: string; before?: string }
  /** Hand the call to its transfer_to (<Dial>), after the hold line. */
  | { kind: 'transfer'; text: string; before?: string }
  | { kind: 'end'; text: string; outcome: ConversationOutcome | null; before?: string };

/** What a <Gather> heard, and what it meant for the question. */
export interface HeardStep {
  next: TwilioStep;
  /** The typed answer (null: none, or an intent rather than an answer). */
  value: unknown;
}

export const reaskText = (q: CallQuestion): string => `Sorry, I did not catch that. ${q.question}${q.type === 'boolean' ? ' Please say yes or no.' : ''}`;

const promptOf = (q: CallQuestion, attempt: number) => (attempt === 0 ? q.question : reaskText(q));

/** Question `key.q` (`text` in place of its prompt), after `before`; goodbye once the questions have run out. */
function ask(call: CarrierCall, key: GatherKey, text?: string, before?: string): TwilioStep {
  const q = call.questions[key.q];
  const b = before ? { before } : {};
  if (!q) return { kind: 'end', text: GOODBYE, outcome: null, ...b };
  return { kind: 'ask', key, text: text ?? promptOf(q, key.attempt), ...b };
}

/**
 * The TwiML conversation as a pure function of what each <Gather> heard, so that the callbacks
 * (the next TwiML), the status callback (the disposition) and the analysis (transcript, answers,
 * opt-out, callback time) all read the same stored answers the same way. The callee's intents are
 * those of the SIP agent (voice/dialog/intents.ts), answered the same way: who is calling and the
 * question again, the question again, or a polite goodbye for opt-out, wrong number and call me
 * later.
 */
export const TwilioDialog = {
  /** The first <Gather>: the introduction and the first question (or goodbye when there is none). */
  first(call: CarrierCall): TwilioStep {
    // An inbound call opens with the organization's greeting (the caller called us).
    const greeting = call.direction === 'inbound' ? (call.greeting ?? inboundGreeting(call.callerName)) : null;
    return ask(call, { q: 0, attempt: 0, clarifications: 0 }, undefined, opening({ greeting, callerName: call.callerName, task: call.task }));
  },

  /** What follows what the <Gather> `key` heard (the first answer stored for it). */
  heard(call: CarrierCall, key: GatherKey, said: Pick<HeardAnswer, 'speech' | 'digits' | 'heardAt'> | null): HeardStep {
    const q = call.questions[key.q];
    if (!q) return { next: { kind: 'end', text: GOODBYE, outcome: null }, value: null };
    const speech = said?.speech?.trim() || null;
    const intent = speech ? detectIntent(speech) : null;
    const transfer = transferWhenOf(call);
    // Asking for a person, or the transfer key, hands the call over (the SIP agent's rules).
    if ((intent === 'person' && onRequest(transfer)) || (!speech && onDigits(transfer, said?.digits))) return { next: { kind: 'transfer', text: TRANSFER_HOLD }, value: null };
    if (intent === 'opt_out') return { next: { kind: 'end', text: OPT_OUT_GOODBYE, outcome: { disposition: 'human', optOut: true, callbackAt: null } }, value: null };
    if (intent === 'wrong_number') return { next: { kind: 'end', text: WRONG_NUMBER_GOODBYE, outcome: { disposition: 'wrong_number', optOut: false, callbackAt: null } }, value: null };
    if (intent === 'callback') {
      const callbackAt = parseCallbackTime(speech, said?.heardAt ?? new Date(), 'UTC');
      return { next: { kind: 'end', text: callbackAt ? CALLBACK_AT_GOODBYE : CALLBACK_GOODBYE, outcome: { disposition: 'callback_requested', optOut: false, callbackAt } }, value: null };
    }
    if ((intent === 'who' || intent === 'repeat') && key.clarifications < MAX_CLARIFICATIONS) {
      const again = { ...key, clarifications: key.clarifications + 1 };
      // Over the introduction (the first prompt) "say that again" hears who is calling again too.
      const first = key.q === 0 && key.attempt === 0 && key.clarifications === 0;
      const text = intent === 'who' || first ? whoIsCalling(call.callerName, call.task, q, call.direction === 'inbound') : promptOf(q, key.attempt);
      return { next: ask(call, again, text), value: null };
    }
    const value = intent ? null : speech ? extractAnswer(q, speech) : said?.digits ? answerFromDigits(q, said.digits) : null;
    const answered = value !== null && value !== undefined;
    if (answered && onAnswer(transfer, q.key, value)) return { next: { kind: 'transfer', text: TRANSFER_HOLD }, value };
    const next = !answered && key.attempt === 0 ? { ...key, attempt: 1 } : { q: key.q + 1, attempt: 0, clarifications: 0 };
    return { next: ask(call, next), value: answered ? value : null };
  },
};

export const sameKey = (a: GatherKey, b: Pick<HeardAnswer, 'questionIndex' | 'attempt' | 'clarifications'>): boolean =>
  a.q === b.questionIndex && a.attempt === b.attempt && a.clarifications === (b.clarifications ?? 0);

/** A call's conversation replayed from its stored <Gather> answers, up to the first one missing (the callee hung up) or the end. */
export interface ReplayedConversation {
  lines: Array<{ speaker: 'agent' | 'callee'; text: string; heardAt?: Date }>;
  answers: Record<string, unknown>;
  /** Set when the agent ended the call for what the callee said (null: the script ran out, or the call ended first). */
  outcome: ConversationOutcome | null;
}

/** The <Gather> that hears the message after a transfer nobody answered: the question index after the last. */
export const messageKey = (call: CarrierCall): GatherKey => ({ q: call.questions.length, attempt: 0, clarifications: 0 });

/** After the hold line: how the <Dial> went, then (nobody answered) the offer, the message and goodbye. */
function replayTransfer(call: CarrierCall, gathers: readonly HeardAnswer[], lines: ReplayedConversation['lines']): void {
  if (!call.transfer) return;
  lines.push({ speaker: 'agent', text: call.transfer.answered ? `[transferred to ${call.transferTo}: answered]` : `[transfer to ${call.transferTo} not answered]` });
  if (call.transfer.answered) return;
  lines.push({ speaker: 'agent', text: TAKE_MESSAGE });
  const m = gathers.find((g) => sameKey(messageKey(call), g));
  if (!m) return;
  if (m.speech?.trim()) lines.push({ speaker: 'callee', text: m.speech.trim(), ...(m.heardAt ? { heardAt: m.heardAt } : {}) });
  lines.push({ speaker: 'agent', text: MESSAGE_GOODBYE });
}

export function replayConversation(call: CarrierCall, gathers: readonly HeardAnswer[]): ReplayedConversation {
  const lines: ReplayedConversation['lines'] = [];
  const answers: Record<string, unknown> = Object.fromEntries(call.questions.map((q) => [q.key, null]));
  let step = TwilioDialog.first(call);
  // Each step moves on (a later question, attempt or clarification), so this ends; the bound is a guard.
  for (let i = 0; i <= gathers.length; i++) {
    if (step.before) lines.push({ speaker: 'agent', text: step.before });
    lines.push({ speaker: 'agent', text: step.text });
    if (step.kind === 'end') return { lines, answers, outcome: step.outcome };
    if (step.kind === 'transfer') {
      replayTransfer(call, gathers, lines);
      return { lines, answers, outcome: null };
    }
    const key = step.key;
    const g = gathers.find((x) => sameKey(key, x));
    if (!g) break;
    const heard = g.speech?.trim() || (g.digits ? `(pressed ${g.digits})` : '');
    if (heard) lines.push({ speaker: 'callee', text: heard, ...(g.heardAt ? { heardAt: g.heardAt } : {}) });
    const { next, value } = TwilioDialog.heard(call, key, g);
    const question = call.questions[key.q]!;
    if (value !== null && answers[question.key] === null) answers[question.key] = value;
    step = next;
  }
  return { lines, answers, outcome: null };
}
