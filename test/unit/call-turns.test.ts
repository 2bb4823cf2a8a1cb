import { estimatedTurns } from '../../src/carriers/twilio/twilio-analyzer';
import { outcome } from '../../src/features/campaigns/campaign-outcomes';
import { normalizeTurns, summarizeLatency } from '../../src/features/calls/call-turns';
import type { CallTurn } from '../../src/features/calls/ports';

const agent = (start: number, total?: number): CallTurn => ({
  speaker: 'agent',
  text: 'Q',
  start_ms: start,
  end_ms: start + 500,
  interrupted: false,
  ...(total !== undefined ? { latency: { end_of_turn_ms: 300, recognition_ms: 100, decision_ms: 5, synthesis_ms: 0, total_ms: total } } : {}),
});

test('latency summary: nearest-rank p50/p95 of the agent turns measured; nulls when none', () => {
  expect(summarizeLatency([])).toEqual({ p50_ms: null, p95_ms: null, turns: 0 });
  expect(summarizeLatency([agent(0)])).toEqual({ p50_ms: null, p95_ms: null, turns: 0 });
  expect(summarizeLatency([agent(0, 700)])).toEqual({ p50_ms: 700, p95_ms: 700, turns: 1 });
  const totals = [900, 500, 600, 800, 700, 1200, 650, 550, 750, 1000];
  expect(summarizeLatency(totals.map((t, i) => agent(i * 1000, t)))).toEqual({ p50_ms: 700, p95_ms: 1200, turns: 10 });
});

test('turns as stored: only the documented fields, whole non-negative milliseconds, in order; latency only on agent turns', () => {
  const raw = [
    { speaker: 'callee', text: 'Yes.', start_ms: 2000.4, end_ms: 1500, interrupted: true, latency: { total_ms: 5 }, secret: 'x' },
    { ...agent(-20, 640.6), interrupted: true },
  ] as unknown as CallTurn[];
  expect(normalizeTurns(raw)).toEqual([
    { speaker: 'agent', text: 'Q', start_ms: 0, end_ms: 480, interrupted: true, latency: { end_of_turn_ms: 300, recognition_ms: 100, decision_ms: 5, synthesis_ms: 0, total_ms: 641 } },
    { speaker: 'callee', text: 'Yes.', start_ms: 2000, end_ms: 2000, interrupted: false },
  ]);
  expect(normalizeTurns(undefined)).toEqual([]);
});

test('Twilio turns: in order, as long as their words, a callee answer no earlier than Twilio heard it; no latency', () => {
  const turns = estimatedTurns([
    { speaker: 'agent', text: 'Hello, this is an automated assistant.' },
    { speaker: 'callee', text: 'Yes.', heardAtMs: 9000 },
    { speaker: 'agent', text: 'Goodbye.' },
  ]);
  expect(turns.map((t) => t.speaker)).toEqual(['agent', 'callee', 'agent']);
  expect(turns[1]!.end_ms).toBe(9000);
  for (let i = 1; i < turns.length; i++) expect(turns[i]!.start_ms).toBeGreaterThan(turns[i - 1]!.end_ms);
  expect(turns.some((t) => t.latency)).toBe(false);
});

test('campaign retries: callback_requested is retried per its policy (default an hour), wrong_number never', () => {
  const retry = { busy: { after_seconds: 1 }, no_answer: { after_seconds: 1 }, voicemail: { after_seconds: 1 }, carrier_error: { after_seconds: 1 }, max_attempts: 3 };
  expect(outcome('callback_requested', 1, retry, true)).toEqual({ status: 'pending', afterSeconds: 3600 });
  expect(outcome('callback_requested', 1, { ...retry, callback_requested: { after_seconds: 120 } }, true)).toEqual({ status: 'pending', afterSeconds: 120 });
  expect(outcome('callback_requested', 3, retry, true)).toEqual({ status: 'completed' });
  expect(outcome('wrong_number', 1, retry, true)).toEqual({ status: 'completed' });
});
