import type { Tensor } from 'onnxruntime-node';
import type { IntentName } from '../../dialog/intents';
import type { AnswerPath, TokenTrie } from './answer-paths';
import { BOS, EOS, type MoonshineModel, type PastKeyValues } from './model';
import { pieceId } from './tokenizer';

/** One reading of the utterance: an answer (null: a non-answer; `intent` which one, when it is an intent) and the log-probability of its best spelling. */
export interface Reading {
  value: unknown;
  score: number;
  intent?: IntentName;
}

interface Hypothesis {
  path: number;
  /** The slot being spelled, or just finished when `node` is null (-1: none yet). */
  slot: number;
  node: TokenTrie | null;
  value: unknown;
  intent: IntentName | undefined;
  /** A comma was just written (no second one before the next phrase). */
  separated: boolean;
  /** Final punctuation was written: only the end may follow. */
  final: boolean;
  score: number;
  past: PastKeyValues;
  last: number;
}

type Move = { token: number; end: true; value: unknown; intent: IntentName | undefined } | { token: number; end: false; to: Partial<Hypothesis> };

/**
 * Beam search of the model's decoder restricted to the answer paths: at each step a hypothesis
 * may only go on with a token some phrase of its path allows (or a comma between phrases, or the
 * end once every slot left is optional). The model is thereby asked "which of these did the
 * callee say?" rather than "what was said?": free decoding of phone audio made "Thirty-four"
 * into "Talky, poor!", while the constrained one ranks the right answer first far more often
 * (docs/voice.md, "A neural second opinion"). Every finished path is kept; the best score per
 * distinct answer (and per intent, among the non-answers) is returned, best first.
 */
export async function searchAnswers(model: MoonshineModel, hidden: Tensor, paths: readonly AnswerPath[], options: { beam?: number; maxSteps?: number } = {}): Promise<Reading[]> {
  const beam = options.beam ?? 6;
  const maxSteps = options.maxSteps ?? 24;
  const comma = pieceId(',');
  const finals = ['.', '?', '!'].map(pieceId);

  const between = (slots: AnswerPath, h: Hypothesis): Move[] => {
    const moves: Move[] = [];
    for (let j = h.slot + 1; j < slots.length; j++) {
      for (const [token, child] of slots[j]!.trie.next) moves.push({ token, end: false, to: { slot: j, node: child, separated: false } });
      if (!slots[j]!.optional) break;
    }
    if (h.slot >= 0) {
      if (!h.separated) moves.push({ token: comma, end: false, to: { node: null, separated: true } });
      if (slots.slice(h.slot + 1).every((s) => s.optional)) {
        moves.push({ token: EOS, end: true, value: h.value, intent: h.intent });
        for (const token of finals) moves.push({ token, end: false, to: { node: null, final: true } });
      }
    }
    return moves;
  };
  const movesOf = (h: Hypothesis): Move[] => {
    if (h.final) return [{ token: EOS, end: true, value: h.value, intent: h.intent }];
    const slots = paths[h.path]!;
    if (!h.node) return between(slots, h);
    const moves: Move[] = [];
    for (const [token, child] of h.node.next) moves.push({ token, end: false, to: { node: child } });
    if (h.node.ends) {
      const answer = slots[h.slot]!.answer;
      const value = answer ? h.node.ends.value : h.value;
      const intent = answer ? h.node.ends.intent : h.intent;
      for (const m of between(slots, { ...h, node: null, value, intent })) moves.push(m.end ? m : { ...m, to: { value, intent, ...m.to } });
    }
    return moves;
  };

  const start = model.emptyPast();
  let hyps: Hypothesis[] = paths.map((_, path) => ({ path, slot: -1, node: null, value: null, intent: undefined, separated: true, final: false, score: 0, past: start, last: BOS }));
  const finished: Reading[] = [];
  for (let step = 0; step < maxSteps && hyps.length; step++) {
    const candidates: Hypothesis[] = [];
    // One decoder run per distinct history (every path shares the first), all in one batch.
    const distinct = new Map<PastKeyValues, Map<number, number>>();
    const items: Array<{ past: PastKeyValues; token: number }> = [];
    for (const h of hyps) {
      let byToken = distinct.get(h.past);
      if (!byToken) distinct.set(h.past, (byToken = new Map()));
      if (!byToken.has(h.last)) byToken.set(h.last, items.push({ past: h.past, token: h.last }) - 1);
    }
    const results = await model.steps(hidden, items, step === 0);
    for (const h of hyps) {
      const { logp, past } = results[distinct.get(h.past)!.get(h.last)!]!;
      for (const m of movesOf(h)) {
        const score = h.score + logp[m.token]!;
        if (m.end) finished.push({ value: m.value, score, ...(m.intent ? { intent: m.intent } : {}) });
        else candidates.push({ ...h, ...m.to, score, past, last: m.token });
      }
    }
    candidates.sort((a, b) => b.score - a.score);
    // Scores only fall: a hypothesis below the best finished reading can never beat it, and is
    // kept only while it is near enough (15) to be the runner-up that the margin is taken from.
    const best = finished.reduce((m, r) => Math.max(m, r.score), -Infinity);
    hyps = candidates.slice(0, beam).filter((c) => c.score > best - 15);
  }
  const byMeaning = new Map<string, Reading>();
  for (const r of finished) {
    const key = JSON.stringify([r.value ?? null, r.intent ?? null]);
    const seen = byMeaning.get(key);
    if (!seen || r.score > seen.score) byMeaning.set(key, r);
  }
  return [...byMeaning.values()].sort((a, b) => b.score - a.score);
}
