import type { CallLatencySummary, CallTurn, TurnLatency } from './ports';

/** Turns kept per call at most: a call is capped in length, a misbehaving carrier is not. */
export const MAX_TURNS = 2000;
/** Audit entries kept per call (the agent keeps fewer; a carrier's stored conversation is not trusted blindly). */
export const MAX_AGENT_LOG = 1000;
const MAX_TEXT = 4000;

const ms = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : 0);

function latencyOf(l: TurnLatency | undefined): TurnLatency | undefined {
  if (!l || typeof l !== 'object' || typeof l.total_ms !== 'number' || !Number.isFinite(l.total_ms)) return undefined;
  return {
    end_of_turn_ms: ms(l.end_of_turn_ms),
    recognition_ms: ms(l.recognition_ms),
    decision_ms: ms(l.decision_ms),
    synthesis_ms: ms(l.synthesis_ms),
    total_ms: ms(l.total_ms),
  };
}

/**
 * The turns as stored and returned: exactly the documented fields (whatever else a carrier's
 * objects carry stays out), whole non-negative milliseconds, end never before start, in order of start.
 */
export function normalizeTurns(turns: readonly CallTurn[] | undefined): CallTurn[] {
  return (turns ?? [])
    .slice(0, MAX_TURNS)
    .map((t) => {
      const start = ms(t.start_ms);
      const latency = t.speaker === 'agent' ? latencyOf(t.latency) : undefined;
      const turn: CallTurn = {
        speaker: t.speaker === 'agent' ? 'agent' : 'callee',
        text: String(t.text ?? '').slice(0, MAX_TEXT),
        start_ms: start,
        end_ms: Math.max(start, ms(t.end_ms)),
        interrupted: t.speaker === 'agent' && t.interrupted === true,
      };
      return latency ? { ...turn, latency } : turn;
    })
    .sort((a, b) => a.start_ms - b.start_ms);
}

/** Nearest-rank percentile (an observed value, never an interpolation) of sorted values. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

/** The agent turns' measured `latency.total_ms`, in order. */
export function measuredLatencies(turns: readonly CallTurn[]): number[] {
  return turns.flatMap((t) => (t.speaker === 'agent' && t.latency ? [t.latency.total_ms] : []));
}

/** p50/p95 of the agent turns' `latency.total_ms` (nulls when no turn was measured). */
export function summarizeLatency(turns: readonly CallTurn[]): CallLatencySummary {
  const totals = measuredLatencies(turns).sort((a, b) => a - b);
  return { p50_ms: percentile(totals, 50), p95_ms: percentile(totals, 95), turns: totals.length };
}
