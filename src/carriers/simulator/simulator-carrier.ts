import type { CallAmd, CallAnalysis, CarrierAdapter, CarrierCall, CarrierReport, Disposition, Recording, ScheduledReport } from '../../features/calls/ports';
import { SimulatorAnalyzer } from './simulator-analyzer';
import { SeededRandom } from './seeded-random';

type Outcome = { status: 'completed' | 'failed'; disposition: Disposition; answered: boolean; rings: boolean };

/** docs/api.md, "The simulator": the outcome is chosen by the last four digits of the destination. */
export function simulatedOutcome(to: string): Outcome {
  switch (to.slice(-4)) {
    case '0001':
      return { status: 'failed', disposition: 'busy', answered: false, rings: true };
    case '0002':
      return { status: 'failed', disposition: 'no_answer', answered: false, rings: true };
    case '0003':
      return { status: 'failed', disposition: 'invalid_number', answered: false, rings: false };
    case '0004':
      return { status: 'completed', disposition: 'voicemail', answered: true, rings: true };
    case '0005':
      return { status: 'failed', disposition: 'carrier_error', answered: false, rings: true };
    case '0007':
      return { status: 'completed', disposition: 'wrong_number', answered: true, rings: true };
    case '0008':
      return { status: 'completed', disposition: 'callback_requested', answered: true, rings: true };
    default:
      return { status: 'completed', disposition: 'human', answered: true, rings: true };
  }
}

/** Simulated seconds of the call (deterministic per call id, capped by max_duration_seconds). */
export function simulatedTimeline(call: Pick<CarrierCall, 'id' | 'to' | 'maxDurationSeconds'>): { ringSeconds: number; talkSeconds: number } {
  const rnd = new SeededRandom(call.id);
  const outcome = simulatedOutcome(call.to);
  const ringSeconds = outcome.rings ? rnd.int(2, 8) : 0;
  const talk = outcome.disposition === 'voicemail' ? rnd.int(15, 40) : rnd.int(30, 240);
  return { ringSeconds, talkSeconds: outcome.answered ? Math.min(talk, call.maxDurationSeconds) : 0 };
}

/**
 * What machine detection decides on a simulated call (deterministic per call): a person's hello is
 * judged 0.8–2.2 s after the answer; a voicemail greeting 2.5–6 s after it (the real agent decides
 * at the end of the greeting).
 */
export function simulatedAmd(call: Pick<CarrierCall, 'id' | 'to'>): CallAmd {
  const rnd = new SeededRandom(`${call.id}:amd`);
  return simulatedOutcome(call.to).disposition === 'voicemail' ? { result: 'machine', ms: rnd.int(2500, 6000) } : { result: 'human', ms: rnd.int(800, 2200) };
}

/**
 * The built-in carrier, like a payment provider's test mode. Simulated time runs
 * SIMULATOR_SPEEDUP times faster than the wall clock (default 60: every call ends within ~5 s).
 */
export class SimulatorCarrier implements CarrierAdapter {
  readonly name = 'simulator';
  /** Nothing real is placed: a dial whose run died is simply dialed again. */
  readonly redialSafe = true;
  private readonly analyzer = new SimulatorAnalyzer();

  constructor(private readonly speedup: number) {}

  async dial(call: CarrierCall): Promise<{ carrierCallId: string; scheduled: ScheduledReport[] }> {
    const outcome = simulatedOutcome(call.to);
    const { ringSeconds, talkSeconds } = simulatedTimeline(call);
    const wall = (simSeconds: number) => Math.round((simSeconds * 1000) / this.speedup);
    const report = (r: Omit<CarrierReport, 'callId'>): CarrierReport => ({ callId: call.id, ...r });
    const scheduled: ScheduledReport[] = [];
    // The first report lands a moment after dialing, like a real carrier's first callback.
    const ringAt = wall(0.5);
    if (outcome.rings) scheduled.push({ afterMs: ringAt, report: report({ status: 'ringing' }) });
    const answerAt = ringAt + wall(ringSeconds);
    if (outcome.answered) {
      scheduled.push({ afterMs: answerAt, report: report({ status: 'in_progress' }) });
      scheduled.push({
        afterMs: answerAt + wall(talkSeconds),
        report: report({ status: outcome.status, disposition: outcome.disposition, durationSeconds: talkSeconds, amd: simulatedAmd(call) }),
      });
    } else {
      scheduled.push({
        afterMs: outcome.rings ? answerAt : ringAt,
        report: report({ status: outcome.status, disposition: outcome.disposition, durationSeconds: 0 }),
      });
    }
    return { carrierCallId: `sim_${call.id}`, scheduled };
  }

  // No hangUp: nothing to tear down, pending simulated reports are ignored once the call is final.

  analyze(call: CarrierCall): Promise<CallAnalysis> {
    return this.analyzer.analyze(call);
  }

  recording(call: CarrierCall): Promise<Recording | null> {
    return this.analyzer.recording(call);
  }
}
