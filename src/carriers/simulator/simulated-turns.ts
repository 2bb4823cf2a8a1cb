import type { CallTurn } from '../../features/calls/ports';
import type { SeededRandom } from './seeded-random';

export interface Line {
  speaker: 'agent' | 'callee';
  text: string;
  /** The callee talks over this agent line after about this share of it. */
  cutAt?: number;
}

/** About 150 words a minute, and a little breath around each utterance. */
const speechMs = (text: string) => 300 + text.split(/\s+/).filter(Boolean).length * 380;

/**
 * Plausible timing for a simulated dialogue: each utterance as long as its words, callees
 * answering 300–900 ms after a prompt, and every agent line that follows the callee measured like
 * a live call's (end-of-turn wait, recognition, decision, synthesis, first audio). Offsets are
 * scaled into the recording when the dialogue would be longer than the call.
 */
export function simulatedTurns(lines: readonly Line[], rnd: SeededRandom, recordingMs: number): CallTurn[] {
  const turns: CallTurn[] = [];
  let t = rnd.int(200, 600);
  for (const [i, line] of lines.entries()) {
    const prev = lines[i - 1];
    const turn: CallTurn = { speaker: line.speaker, text: line.text, start_ms: t, end_ms: 0, interrupted: false };
    if (line.speaker === 'agent' && prev?.speaker === 'callee') {
      const end_of_turn_ms = rnd.int(220, 420);
      const recognition_ms = rnd.int(30, 160);
      const decision_ms = rnd.int(1, 15);
      const synthesis_ms = rnd.next() < 0.8 ? 0 : rnd.int(40, 180);
      const total_ms = end_of_turn_ms + recognition_ms + decision_ms + synthesis_ms + rnd.int(20, 60);
      turn.start_ms = t = turns[turns.length - 1]!.end_ms + total_ms;
      turn.latency = { end_of_turn_ms, recognition_ms, decision_ms, synthesis_ms, total_ms };
    }
    const full = speechMs(line.text);
    turn.end_ms = line.cutAt !== undefined ? t + Math.round(full * line.cutAt) : t + full;
    turn.interrupted = line.cutAt !== undefined;
    // The callee who cuts in starts a moment before the agent stops (the agent stops on hearing it).
    t = line.cutAt !== undefined ? turn.end_ms - rnd.int(150, 250) : turn.end_ms + (line.speaker === 'agent' ? rnd.int(300, 900) : 0);
    turns.push(turn);
  }
  const last = turns[turns.length - 1]?.end_ms ?? 0;
  if (recordingMs > 0 && last > recordingMs) {
    const k = recordingMs / last;
    for (const turn of turns) {
      turn.start_ms = Math.floor(turn.start_ms * k);
      turn.end_ms = Math.floor(turn.end_ms * k);
    }
  }
  return turns;
}
